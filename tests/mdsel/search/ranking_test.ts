// The ranking model's signals (`RANKING` in mdsel/search/ranking.ts), each on a small fixture that
// ranks otherwise without it.
import assert from "node:assert/strict";
import { searchDocuments } from "../../../mdsel/search/search.ts";
import { RANKING, type Ranking, withRanking } from "../../../mdsel/search/ranking.ts";
import type { MdDocument } from "../../../mdsel/parse/document.ts";
import { parseDocument } from "../../../mdsel/parse/markdown_nodes.ts";

/** The heading of the first hit of a query. */
function first(docs: readonly MdDocument[], query: string, ranking: Ranking = RANKING): string {
  return withRanking(ranking, () => searchDocuments(docs, query, 10)).hits[0].headingPath.at(-1)!;
}

Deno.test("an identifier held only by its parts counts for less than the identifier as written", () => {
  const docs = [
    parseDocument(
      "# Coverage\n\n## Lcov files\n\nThe test runner writes coverage per test.\n",
      "coverage",
      "coverage.md",
    ),
    parseDocument(
      [
        "# Config",
        "",
        "## test.coverageDir",
        "",
        "The folder of coverage reports, lcov files among them.",
        "",
        "## test.timeout",
        "",
        "How long a test may run.",
        "",
      ].join("\n"),
      "config",
      "config.md",
    ),
    parseDocument("# Other\n\nNothing here about tests.\n", "other", "other.md"),
  ];
  // "Lcov files" holds `test.coverageDir` only as `test` and `coverage`.
  assert.equal(first(docs, "test.coverageDir lcov"), "test.coverageDir");
  assert.equal(first(docs, "test.coverageDir lcov", { ...RANKING, aside: 1 }), "Lcov files");
});

Deno.test("for a few keywords, the section read as one text lifts a short section holding every word; not for a question", () => {
  const fill =
    "The client sends the request again when the server answers with an error it may recover from.";
  const docs = [
    parseDocument(
      [
        "# Client",
        "",
        "## Waiting",
        "",
        `A retry waits a backoff with jitter. Each retry doubles its backoff. ${fill} ${fill}`,
        "",
      ].join("\n"),
      "client",
      "client.md",
    ),
    parseDocument(
      [
        "# Settings",
        "",
        "## Options",
        "",
        "The share of the retry backoff drawn at random: its jitter.",
        "",
        "## Logging",
        "",
        "Where logs go.",
        "",
      ].join("\n"),
      "settings",
      "settings.md",
    ),
    ...["Install", "Logging", "Proxies", "Cookies", "Streams"].map((name, i) =>
      parseDocument(
        `# ${name}\n\n${name} of the client: how the client handles ${name.toLowerCase()} when it sends a request to a server and reads the answer.\n`,
        `n${i}`,
        `n${i}.md`,
      )
    ),
  ];
  // "Options" is short and holds the three words once; "Waiting" holds them in a denser passage.
  assert.equal(first(docs, "retry backoff jitter"), "Options");
  assert.equal(first(docs, "retry backoff jitter", { ...RANKING, whole: 0 }), "Waiting");
  // A question's answer is a passage: asked as one, the denser passage comes first.
  assert.equal(first(docs, "how does the retry backoff jitter work?"), "Waiting");
});

// The caller's words after the question (#45): evidence, never required, never louder than the question.
const CALLER_DOCS = [
  parseDocument(
    [
      "# Requests",
      "",
      "## Cancel a request",
      "",
      "A request can be cancelled before its response arrives: the client stops waiting.",
      "",
      "## Timeouts",
      "",
      "A request that takes too long is cancelled: pass an AbortController signal, then abort()",
      "cancels the request.",
      "",
      "## Streams",
      "",
      "A stream signal tells its reader to abort: signal, abort, AbortController.",
      "",
    ].join("\n"),
    "requests",
    "requests.md",
  ),
  parseDocument("# Other\n\nNothing here about the client.\n", "other", "other.md"),
];

/** The headings of a query's hits, best first. */
function ranked(query: string): (string | undefined)[] {
  return searchDocuments(CALLER_DOCS, query).hits.map((hit) => hit.headingPath.at(-1));
}

Deno.test("the caller's words after the question lift the section that uses them", () => {
  const asked = "how do I cancel a request?";
  // "Timeouts" stands nearer the best, by its share of the best score.
  const share = (query: string) => {
    const { hits } = searchDocuments(CALLER_DOCS, query);
    const timeouts = hits.find((hit) => hit.headingPath.at(-1) === "Timeouts");
    return (timeouts?.score ?? 0) / hits[0].score;
  };
  assert.ok(share(`${asked} AbortController signal abort`) > share(asked) + 0.05);
  assert.deepEqual(ranked(`${asked} AbortController signal abort`).slice(0, 2), [
    "Cancel a request",
    "Timeouts",
  ]);
});

Deno.test("the caller's words do not outvote the question", () => {
  // "Streams" holds every word of the caller's and none of the question's.
  const hits = ranked("how do I cancel a request? signal abort AbortController");
  assert.equal(hits[0], "Cancel a request");
  assert.ok(!hits.includes("Streams") || hits.indexOf("Streams") > 1, hits.join(", "));
});

Deno.test("the caller's words make up for the question's words a section lacks, and cost the rest nothing", () => {
  const docs = [
    parseDocument(
      "# Passing props\n\nA parent component passes props to a child: `<Avatar size={40} />`. The child reads its props as `function Avatar({ size })`.\n",
      "props",
      "props.md",
    ),
    parseDocument(
      "# State\n\nState is data a component keeps between renders; a child cannot change its parent's state.\n",
      "state",
      "state.md",
    ),
    parseDocument(
      "# Context\n\nContext lets a parent share data with every component below it without passing it down each level.\n",
      "context",
      "context.md",
    ),
    parseDocument("# Other\n\nNothing here.\n", "other", "other.md"),
  ];
  const asked = "how do I send data from a parent to a child component?";
  const scores = (query: string) =>
    new Map(searchDocuments(docs, query).hits.map((hit) => [hit.headingPath.at(-1), hit.score]));
  const alone = scores(asked);
  const helped = scores(`${asked} props prop`);
  // "State" holds more of the question's words; "props" names what "Passing props" lacks.
  assert.ok(alone.get("State")! > alone.get("Passing props")!);
  assert.ok(helped.get("Passing props")! > helped.get("State")!);
  assert.equal(helped.get("State"), alone.get("State"));
});

Deno.test("a word of the caller's that the docs never use changes nothing", () => {
  const asked = "how do I cancel a request?";
  const plain = searchDocuments(CALLER_DOCS, asked).hits;
  const guessed = searchDocuments(CALLER_DOCS, `${asked} cancelTokenSource zzqx`).hits;
  assert.deepEqual(guessed, plain);
});

Deno.test("the caller's words are found as written and by stem, not by typo or prefix", () => {
  const docs = [
    parseDocument("# A\n\n## Retry\n\nThe client retries a request.\n", "a", "a.md"),
    parseDocument("# B\n\n## Request\n\nA request has a retrial count.\n", "b", "b.md"),
  ];
  // `retr` begins `retries` and `retrial`; as a caller's word it reaches neither.
  const loose = searchDocuments(docs, "request retr").hits.length;
  const hinted = searchDocuments(docs, "request? retr").hits;
  assert.equal(loose, 2);
  assert.deepEqual(hinted, searchDocuments(docs, "request").hits);
});

Deno.test("a caller's word that asks about changes does not lift upgrade notes; the question's does", () => {
  const docs = [
    parseDocument(
      "# Server\n\n## Listen\n\nThe server listens on a port you choose.\n",
      "server",
      "server.md",
    ),
    parseDocument(
      "# Migrating to v2\n\n## Port option\n\nThe port option of the server is now `listen.port`: set the port there.\n",
      "migrate",
      "migrate.md",
    ),
  ];
  assert.equal(first(docs, "how do I set the server port?"), "Listen");
  assert.equal(first(docs, "how do I set the server port upgrade"), "Port option");
  assert.equal(first(docs, "how do I set the server port? upgrade"), "Listen");
});
