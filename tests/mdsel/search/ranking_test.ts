// The ranking model's signals (`RANKING` in mdsel/search/rank.ts), each on a small fixture that
// ranks otherwise without it.
import assert from "node:assert/strict";
import { searchDocuments } from "../../../mdsel/search/search.ts";
import { RANKING, type Ranking } from "../../../mdsel/search/rank.ts";
import { type MdDocument, parseDocument } from "../../../mdsel/parse/document.ts";

/** The heading of the first hit of a query. */
function first(docs: readonly MdDocument[], query: string, ranking: Ranking = RANKING): string {
  return searchDocuments(docs, query, 10, ranking).hits[0].headingPath.at(-1)!;
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
  assert.equal(first(docs, "test.coverageDir lcov", { ...RANKING, partHeld: 1 }), "Lcov files");
});

Deno.test("a keyword query weighs the section read as one text more than a question does", () => {
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
  assert.equal(
    first(docs, "retry backoff jitter", { ...RANKING, keywordFuse: RANKING.fuse }),
    "Waiting",
  );
});
