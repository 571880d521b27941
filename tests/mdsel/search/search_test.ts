import assert from "node:assert/strict";
import { fc } from "../../_fast_check.ts";
import { formatPath } from "../../../mdsel/query/selector_format.ts";
import { searchDocuments } from "../../../mdsel/search/search.ts";
import { searchData } from "../../../mdsel/search/data.ts";
import {
  reachedTerms,
  SWAP_WEIGHT,
  termMatcher,
  termSpecs,
  withinOneEdit,
} from "../../../mdsel/search/match.ts";
import { MAX_QUERY_CHARS, parseQuery, QueryError } from "../../../mdsel/search/query.ts";
import { searchTerms } from "../../../mdsel/search/text.ts";
import { TermPlaces } from "../../../mdsel/search/term_places.ts";
import { MAX_HITS, MIN_SHARE_OF_BEST } from "../../../mdsel/search/limits.ts";
import type { MdDocument } from "../../../mdsel/parse/document.ts";
import { parseDocument } from "../../../mdsel/parse/markdown_nodes.ts";
import { parseMdxDocument } from "../../../mdsel/parse/mdx.ts";
import { doc } from "../_docs.ts";
import { mdsel, withTempDir } from "../_cli.ts";

const DOCS = [
  doc(
    [
      "Welcome to the toolkit, a preamble about installation.",
      "",
      "# Toolkit",
      "",
      "## Install",
      "",
      "Run the installer with npm.",
      "",
      "## Requests",
      "",
      "Send requests with the client.",
      "",
      "### Cancel",
      "",
      "Use an AbortController to stop a request early.",
      "",
      "### Retries",
      "",
      "Set maxRetries on the client to retry failed requests.",
    ].join("\n"),
    "toolkit",
  ),
  doc("# Other\n\nNothing about cancelling here, only installation notes.\n", "other"),
];

function best(query: string, count = 1): string[] {
  return searchDocuments(DOCS, query).hits.slice(0, count).map((hit) =>
    formatPath(hit.target.doc.namespace, hit.target.path)
  );
}

Deno.test("search terms: lower-cased words, identifiers split into their parts too", () => {
  assert.deepEqual(searchTerms("maxRetries snake_case v8Engine"), [
    "maxretries",
    "max",
    "retries",
    "snake_case",
    "snake",
    "case",
    "v8engine",
    "engine",
  ]);
});

Deno.test("search ranks the section whose own text holds the words", () => {
  assert.deepEqual(best("AbortController stop"), ["toolkit::heading:h3[0]"]);
  // A section's own text stops at its first subsection: the words of "Cancel"
  // do not make "Requests" a hit for them.
  const hits = searchDocuments(DOCS, "AbortController").hits;
  assert.deepEqual(hits.map((hit) => hit.headingPath), [["Toolkit", "Requests", "Cancel"]]);
  // identifiers: a part finds the whole.
  assert.deepEqual(best("retries"), ["toolkit::heading:h3[1]"]);
});

Deno.test("heading text weighs more than body text", () => {
  // "Install" is a heading in one file, a word of body text in the other two places.
  assert.deepEqual(best("install"), ["toolkit::heading:h2[0]"]);
});

Deno.test("one typo per word and word prefixes still find the section", () => {
  assert.deepEqual(best("abortcontroler"), ["toolkit::heading:h3[0]"]);
  assert.deepEqual(best("retr"), ["toolkit::heading:h3[1]"]);
});

Deno.test("the text before the first heading is a result of its own", () => {
  const [hit] = searchDocuments(DOCS, "welcome preamble").hits;
  assert.equal(hit.target.kind, "intro");
  assert.deepEqual(hit.headingPath, []);
});

Deno.test("stop-words are not searched; a query of only stop-words, or far too long, is refused", () => {
  assert.deepEqual(searchDocuments(DOCS, "how do I cancel a request?").terms, [
    "cancel",
    "request",
  ]);
  // Each word once, however often the query repeats it.
  assert.deepEqual(searchDocuments(DOCS, "a.b a.b cancel A.B request cancel").terms, [
    "a.b",
    "cancel",
    "request",
  ]);
  assert.throws(() => searchDocuments(DOCS, "how is it"), QueryError);
  assert.throws(() => searchDocuments(DOCS, "   "), QueryError);
  assert.throws(() => searchDocuments(DOCS, "x ".repeat(MAX_QUERY_CHARS)), /too long/);
});

Deno.test("two swapped letters are a typo too, weighing less than the word as written", () => {
  // react-router 8.5.1's docs: "reavlidation" found nothing before.
  const docs = [
    doc("# Revalidation\n\nSkipping revalidation can leave the UI out of sync.\n", "revalidation"),
    doc("# Trail\n\nA trail of breadcrumbs.\n\n# Trial\n\nA trial run.\n", "words"),
  ];
  const first = (query: string) => searchDocuments(docs, query).hits[0]?.headingPath.at(-1);
  const table: [string, string][] = [
    ["reavlidation", "Revalidation"],
    ["revalidtaion", "Revalidation"],
    ["trial", "Trial"],
    ["trail", "Trail"],
  ];
  for (const [query, heading] of table) assert.equal(first(query), heading, query);
  const trial = searchDocuments(docs, "trial").hits;
  assert.ok(trial[0].score > trial[1].score * 2, JSON.stringify(trial.map((hit) => hit.score)));
  // Identifiers, short words, common words and the query's own words give no swaps.
  const swaps = (query: string) =>
    termSpecs(parseQuery(query)).filter((spec) => spec.weight === SWAP_WEIGHT);
  assert.deepEqual(swaps("fs.readfile tab form"), []);
  const long = Array.from({ length: 45 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}xyz`);
  assert.ok(swaps(long.join(" ").replace(/\d/g, "")).length <= 200);
});

Deno.test("a version is found with or without its v, and one digit off is another version", () => {
  // The shape of react-router 8.5.1's CHANGELOG.md: most headings have a v, some not.
  const changelog = doc(
    ["# react-router", "## v7.14.2", "Fix a.", "## v7.14.1", "Fix b.", "## 7.14.0", "Add c."]
      .join("\n\n") + "\n",
    "changelog",
  );
  const first = (query: string) => searchDocuments([changelog], query).hits[0].headingPath.at(-1);
  const table: [string, string][] = [
    ["v7.14.0", "7.14.0"],
    ["7.14.0", "7.14.0"],
    ["v7.14.1", "v7.14.1"],
    ["7.14.2 fixes", "v7.14.2"],
  ];
  for (const [query, heading] of table) assert.equal(first(query), heading, query);
  // No typo allowance between versions: 7.14.9 does not reach 7.14.0.
  const reach = termMatcher(termSpecs(parseQuery("7.14.9")));
  assert.deepEqual(["7.14.0", "v7.14.9", "7.14.9"].map((term) => reach(term).length > 0), [
    false,
    false,
    true,
  ]);
});

Deno.test("a snippet is the section's own text around the hit, on one line", () => {
  const [hit] = searchDocuments(DOCS, "AbortController").hits;
  assert.equal(hit.snippet, "Use an AbortController to stop a request early.");
  assert.equal(hit.words, 9);
  assert.deepEqual([hit.startLine, hit.endLine], [13, 15]);
});

Deno.test("a snippet leaves out fence lines and table rules", () => {
  const fenced = doc(
    "# Use\n\n```sh\nnpm run build\n```\n\n| flag | does |\n| :--- | ---: |\n| -w | watch |\n",
    "use",
  );
  assert.equal(
    searchDocuments([fenced], "build").hits[0].snippet,
    "npm run build | flag | does | | -w | watch |",
  );
});

Deno.test("a snippet holds its hit when the text around it has few spaces (Chinese, HTML tags)", () => {
  // mand-mobile 2.7.0, components/dialog/README.md: a row of Chinese between two far spaces.
  const table = doc(
    [
      "#### DialogBtnOptions Props",
      "",
      "|属性 | 说明 | 类型 | 默认值|",
      "|----|-----|------|------|",
      "|text|按钮文案|String|-|",
      "|handler|点击回调|Function(btn: DialogBtnOptions)|-|",
      "|warning|警示按钮|Boolean|`false`|",
      '|disabled <sup class="version-after">2.4.0+</sup>|禁用按钮|Boolean|`false`|',
      '|loading <sup class="version-after">2.4.0+</sup>|加载中按钮|Boolean|`false`|',
      "|icon|按钮图标|String|-|",
      "|iconSvg|按钮svg图标|Boolean|`false`|",
      "",
    ].join("\n"),
    "readme",
  );
  for (const query of ["按钮 禁用", "禁用", "加载中", "svg图标"]) {
    const { snippet } = searchDocuments([table], query).hits[0];
    const wanted = query.split(" ").at(-1)!;
    assert.ok(snippet.includes(wanted), `${query}: ${snippet}`);
  }
});

Deno.test("a snippet holds an identifier with digits, not the words a prefix or typo of it reaches", () => {
  // A tester's files: the words `abc` begins or one edit away (`abc5`, `abc38`) crowded out the hit.
  const words = Array.from({ length: 40 }, (_, i) => `abc${i} text`).join(" ");
  const list = Array.from({ length: 600 }, (_, i) => `- item${i} entry`).join("\n");
  const rows = Array.from({ length: 1000 }, (_, i) => `| r${i} | ${2 * i} |`).join("\n");
  const table = `| row | value |\n| --- | --- |\n${rows}`;
  const cases: [string, string, string][] = [
    [words, "abc39", "abc39"],
    [words, "abc20", "abc20"],
    [list, "item599", "item599"],
    [list, "item300", "item300 "],
    [table, "r999", "r999"],
    [table, "1998", "1998"],
    [table, "r500 1000", "r500 | 1000"],
  ];
  for (const [body, query, wanted] of cases) {
    const { snippet } = searchDocuments([doc(`# T\n\n${body}\n`)], query).hits[0];
    assert.ok(snippet.includes(wanted), `${query}: ${snippet}`);
  }
});

Deno.test("a snippet leaves out HTML and JSX tags and comments, unless the hit is in one", () => {
  // The shape of mand-mobile 2.7.0's props tables and of MDX pages.
  const page = doc(
    [
      "# Props",
      "",
      '|disabled <sup class="version-after">2.4.0+</sup>|whether the button is disabled|',
      "",
      '<!-- internal note --><Tabs><Tab title="npm">Install the package with npm.</Tab></Tabs>',
      "",
    ].join("\n"),
    "props",
  );
  assert.equal(
    searchDocuments([page], "disabled button").hits[0].snippet,
    "|disabled 2.4.0+ |whether the button is disabled| Install the package...",
  );
  assert.ok(searchDocuments([page], "version-after").hits[0].snippet.includes("<sup"));
});

Deno.test("hits scoring under a quarter of the best are left out; flat scores keep up to ten", () => {
  const sections = (count: number, text: (i: number) => string) =>
    doc(Array.from({ length: count }, (_, i) => `## S${i}\n\n${text(i)}\n`).join("\n"), "d");
  // One section holds all three rare words; the others only share a common one.
  const distinct = sections(12, (i) => (i === 5 ? "zebra quokka common" : "common words"));
  const { hits, matched } = searchDocuments([distinct], "zebra quokka common");
  assert.equal(matched, 12);
  assert.deepEqual(hits.map((hit) => hit.headingPath.at(-1)), ["S5"]);
  assert.ok(hits.every((hit) => hit.score >= hits[0].score * MIN_SHARE_OF_BEST));
  const flat = sections(12, (i) => `common words ${"filler ".repeat(i)}`);
  assert.equal(searchDocuments([flat], "common").hits.length, MAX_HITS);
});

Deno.test("deriving only the terms a query reaches ranks as the whole search data does", () => {
  const words = ["abort", "aborted", "abbort", "signal", "signals", "request", "requests"]
    .concat(["the", "a", "timeout", "timeouts", "retry", "retries", "client", "clients"]);
  const queries = ["abort signal", "abbort", "requst timeout", "ret", "client", "signals"];
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.constantFrom(...words), { maxLength: 40 }), {
        minLength: 1,
        maxLength: 12,
      }),
      fc.constantFrom(...queries),
      (bodies, query) => {
        const docs = bodies.map((body, i) =>
          doc(
            `# Part ${i}\n\n${body.join(" ")}\n\n## More\n\n${body.slice(3).join(" ")}\n`,
            `d${i}`,
          )
        );
        const whole = {
          dataFor: (all: readonly MdDocument[]) => {
            const data = all.map((d) => searchData(d));
            return { data, places: TermPlaces.of(data) };
          },
        };
        const ranked = (full: boolean) =>
          searchDocuments(docs, query, 100, full ? whole : undefined)
            .hits.map((hit) => [formatPath(hit.target.doc.namespace, hit.target.path), hit.score]);
        assert.deepEqual(ranked(false), ranked(true));
      },
    ),
  );
});

Deno.test("term matcher: every term it reaches is one reachedTerms names, begins with or is a typo of", () => {
  const letters = fc.constantFrom(..."abcdeorst~.");
  const word = fc.array(letters, { minLength: 1, maxLength: 9 }).map((chars) => chars.join(""));
  // Terms near the query's words: longer, one or two letters changed, added or taken out.
  const change = fc.tuple(fc.nat(3), fc.nat(9), letters);
  const near = (words: string[]) =>
    fc.array(fc.tuple(fc.nat(words.length - 1), fc.array(change, { maxLength: 2 })), {
      maxLength: 30,
    }).map((picks) =>
      picks.map(([at, changes]) =>
        changes.reduce((term, [kind, i, letter]) => {
          const k = i % (term.length + 1);
          if (kind === 0) return term + letter.repeat(i % 4);
          if (kind === 1) return term.slice(0, k) + letter + term.slice(k + 1);
          if (kind === 2) return term.slice(0, k) + letter + term.slice(k);
          return term.slice(0, k) + term.slice(k + 1);
        }, words[at])
      )
    );
  fc.assert(
    fc.property(
      fc.array(word, { minLength: 1, maxLength: 3 }).chain((query) =>
        fc.tuple(fc.constant(query), near(query))
      ),
      ([query, terms]) => {
        let specs;
        try {
          specs = termSpecs(parseQuery(query.join(" ")));
        } catch (error) {
          if (error instanceof QueryError) return;
          throw error;
        }
        const match = termMatcher(specs);
        const { exact, prefixes, typos } = reachedTerms(specs);
        for (const term of terms) {
          if (match(term).length === 0) continue;
          assert.ok(
            exact.includes(term) || prefixes.some((prefix) => term.startsWith(prefix)) ||
              typos.some((typo) => withinOneEdit(term, typo)),
            `${term} reached by ${query.join(" ")}`,
          );
        }
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("term matcher: a word matched only as itself costs nothing per document term", () => {
  // A query of 400 Chinese characters is 399 bigrams, matched only exactly: each distinct
  // term of a 9 MB Chinese document was compared with all of them (18.5 s, then 8.8 s).
  const query = Array.from({ length: 400 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join("");
  const specs = termSpecs(parseQuery(query));
  let reads = 0;
  const counted = new Proxy(specs, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  const reach = termMatcher(counted);
  const atStart = reads;
  const terms = Array.from(
    { length: 1_000 },
    (_, i) => String.fromCodePoint(0x5000 + i, 0x6000 + i),
  );
  assert.deepEqual(terms.filter((term) => reach(term).length > 0), []);
  assert.equal(reads - atStart, 0);
  assert.equal(reach(String.fromCodePoint(0x4e07, 0x4e08)).length, 1);
});

Deno.test("term matcher: the same word, a word the term begins, one edit away, another form", () => {
  const reach = termMatcher(termSpecs(parseQuery("abort req redirects")));
  const kept = ["abort", "aborted", "abbort", "abrt", "abora", "req", "request", "~redirect"]
    .filter((term) => reach(term).length > 0);
  assert.deepEqual(kept, [
    "abort",
    "aborted",
    "abbort",
    "abrt",
    "abora",
    "req",
    "request",
    "~redirect",
  ]);
  // Two edits, a word that only ends with the query, a short word's typo, a stop-word,
  // and a stem term by a typo (only the stem itself reaches it).
  for (const term of ["unabort", "rek", "the", "~abortz"]) {
    assert.deepEqual(reach(term), [], term);
  }
});

Deno.test("a word's other forms are found by its stem, below the word as written", () => {
  const docs = [
    doc("# Redirects\n\nSend the browser elsewhere.\n\n# Other\n\nNothing here.\n", "guide"),
    doc("# Redirect\n\nThe redirect function.\n", "api"),
  ];
  const { hits } = searchDocuments(docs, "redirecting");
  assert.deepEqual(hits.map((hit) => hit.headingPath.at(-1)), ["Redirect", "Redirects"]);
  // An identifier is matched as written, never by a stem.
  assert.equal(searchDocuments(docs, "fs.redirecting").matched, 0);
});

Deno.test("a verb and its particle are found written as one, in its other forms: timed out finds Timeouts", () => {
  const docs = [
    doc(
      "# Dates and times\n\nSet the time of a test.\n\n# Timeouts\n\nA test fails past 5000 ms.\n",
      "t",
    ),
    doc("# Setup\n\nInstall it.\n\n# Set values\n\nSet a value.\n\n# Logins\n\nUsers.\n", "s"),
  ];
  const first = (query: string) => searchDocuments(docs, query).hits[0].headingPath.at(-1);
  assert.equal(first("test timed out after 5000ms"), "Timeouts");
  assert.equal(first("how do I set up"), "Setup");
  assert.equal(first("logged in users"), "Logins");
});

Deno.test("two words written as one are found: shut down finds shutdown", () => {
  const docs = [doc("# Shutdown\n\nClose the server.\n\n# Startup\n\nListen.\n", "server")];
  assert.equal(
    searchDocuments(docs, "how do I shut down the server").hits[0].headingPath[0],
    "Shutdown",
  );
});

Deno.test("upgrade notes rank below the topic they mention, unless the query asks about changes", () => {
  const docs = [
    doc(
      "# Environment variables\n\n## Reading them\n\nRead them from import.meta.env in your code.\n",
      "env",
    ),
    doc(
      "# Upgrade to v5\n\n## Changed: import.meta.env values are always inlined\n\nimport.meta.env is inlined.\n",
      "upgrade-guide",
    ),
  ];
  assert.equal(searchDocuments(docs, "import.meta.env").hits[0].target.doc.namespace, "env");
  assert.equal(
    searchDocuments(docs, "import.meta.env upgrade").hits[0].target.doc.namespace,
    "upgrade-guide",
  );
});

Deno.test("a changelog entry keeps its score for a word of the query only changes hold", () => {
  const docs = [
    doc(
      "# Security\n\n## Reporting\n\nReport a vulnerability by email; we start fixing it.\n",
      "security",
    ),
    doc(
      "# Changelog\n\n## v2.1.0\n\nThanks to @mrclayman for reporting and fixing the parser.\n",
      "changelog",
    ),
  ];
  // Only the changelog holds `mrclayman`: no topic holds it to rank above the entry.
  assert.equal(
    searchDocuments(docs, "reporting mrclayman fixing").hits[0].target.doc.namespace,
    "changelog",
  );
  // Every word held by a topic too: the topic first, as before.
  assert.equal(
    searchDocuments(docs, "reporting fixing").hits[0].target.doc.namespace,
    "security",
  );
});

Deno.test("docs of a superseded version rank below the current ones, unless the query asks for them", () => {
  const current =
    "# Suspend & Resume\n\n## Identifying suspended steps\n\nA workflow whose run is suspended waits for resume().\n";
  const legacy =
    "# Suspend & Resume\n\n## Storage\n\nA suspended workflow is stored until resume().\n";
  const cases: [string, string][] = [
    ["workflows-legacy/suspend-and-resume.md", "# Suspend & Resume"], // its folder
    ["reference/legacyWorkflows/suspend.md", "# Suspend & Resume"], // camelCase
    ["old/suspend.md", "# Suspend & Resume Workflows (Legacy)"], // its title
  ];
  for (const [path, title] of cases) {
    const docs = [
      parseDocument(current, "now", "workflows/suspend-and-resume.md"),
      parseDocument(legacy.replace("# Suspend & Resume", title), "old", path),
    ];
    assert.equal(
      searchDocuments(docs, "workflow stuck suspended").hits[0].target.doc.namespace,
      "now",
      path,
    );
    assert.equal(
      searchDocuments(docs, "legacy workflow suspended storage").hits[0].target.doc.namespace,
      "old",
      path,
    );
  }
  // A legacy section of a current page ranks below its siblings.
  const page = doc(
    "# Decorators\n\n## Legacy decorators\n\nEnable decorators with a flag.\n\n## Stage 3 decorators\n\nDecorators work without a flag.\n",
  );
  assert.equal(
    searchDocuments([page], "decorators flag").hits[0].headingPath.at(-1),
    "Stage 3 decorators",
  );
  // An option named with the word is today's option: `legacy-peer-deps` scores as any name would.
  const config = (name: string) =>
    doc(
      `# Config\n\n## \`${name}\`\n\nIgnore peer dependency conflicts.\n\n## \`strict-peer-deps\`\n\nFail on peer dependency conflicts.\n`,
    );
  const scores = (name: string) =>
    searchDocuments([config(name)], "ignore peer dependency conflicts").hits.map((hit) =>
      `${hit.headingPath.at(-1)} ${hit.score.toFixed(6)}`
    );
  assert.deepEqual(
    scores("legacy-peer-deps"),
    scores("loose-peer-deps").map((line) => line.replace("loose", "legacy")),
  );
  // A word that only holds the letters is not a mark: "legacyish" is not legacy.
  const plain = parseDocument(
    "# Legacyish\n\nSuspended workflow storage.\n",
    "plain",
    "legacyish.md",
  );
  assert.equal(
    searchDocuments([plain, parseDocument(current, "now", "a.md")], "suspended workflow storage")
      .hits[0].target.doc.namespace,
    "plain",
  );
});

Deno.test("upgrading to anything but a version is a how-to, not upgrade notes", () => {
  const docs = [
    doc(
      "# Releases\n\n## Builds\n\nEvery commit builds a release, and canary is one of its channels.\n",
      "releases",
    ),
    doc(
      "# Upgrade Bun\n\n## Upgrade to canary builds\n\nCanary builds are released on every commit.\n",
      "upgrade",
    ),
  ];
  const best = searchDocuments(docs, "canary builds commit").hits[0];
  assert.deepEqual(best.headingPath, ["Upgrade Bun", "Upgrade to canary builds"]);
});

Deno.test("migrating from another tool is a how-to; migrating from a version is upgrade notes", () => {
  const page = (title: string, path: string) =>
    parseDocument(
      `# ${title}\n\n## Matchers\n\nMost expect matchers work as they did, and snapshots too.\n`,
      "guide",
      path,
    );
  const topic = parseDocument(
    "# Writing tests\n\n## Assertions\n\nUse expect with matchers; snapshots are stored next to the file.\n",
    "tests",
    "test/writing-tests.md",
  );
  const first = (title: string, path: string) =>
    searchDocuments([topic, page(title, path)], "expect matchers snapshots").hits[0].target.doc
      .namespace;
  assert.equal(
    first("Migrate from Jest to Bun's test runner", "guides/migrate-from-jest.md"),
    "guide",
  );
  assert.equal(first("Migrating from v1 to v2", "guides/migrating-from-v1-to-v2.md"), "tests");
  assert.equal(first("Migration guide", "guides/migration.md"), "tests");
});

Deno.test("a long list that mentions each word once, far apart, loses to the section about them", () => {
  const list = Array.from({ length: 300 }, (_, i) => `- plugin-${i}: does thing ${i}`);
  list[10] = "- graceful: close connections";
  list[200] = "- shutdown-hooks: run on shutdown";
  const docs = [
    doc(`# Ecosystem\n\n${list.join("\n")}\n`, "ecosystem"),
    doc("# Server\n\n## Shutdown\n\nClose the server gracefully: connections end.\n", "server"),
  ];
  assert.equal(searchDocuments(docs, "graceful shutdown").hits[0].headingPath.at(-1), "Shutdown");
});

Deno.test("a section holding every word ranks above those with a single word in their heading", () => {
  const docs = [
    doc(
      [
        "# Guide",
        "## Template",
        "Render a page.",
        "## Literal",
        "A literal.",
        "## Users",
        "Users.",
        "## Queries",
        "Write queries as a template literal of SQL: it keeps users safe from injection.",
      ].join("\n\n"),
      "guide",
    ),
  ];
  const { hits } = searchDocuments(docs, "literal users template");
  assert.deepEqual(hits.map((hit) => hit.headingPath.at(-1)), ["Queries"]);
});

Deno.test("a quoted phrase ranks sections holding it above sections holding its words apart", () => {
  const docs = [
    doc(
      [
        "## Collections",
        "",
        "Content of collections, collections of content, content and collections.",
        "",
        "## Schemas",
        "",
        "Define content collections with a schema.",
      ].join("\n"),
      "docs",
    ),
  ];
  const loose = searchDocuments(docs, "content collections").hits;
  assert.equal(loose[0].headingPath.at(-1), "Collections");
  for (const phrase of ['"content collections"', "`content collections`"]) {
    const hits = searchDocuments(docs, phrase).hits;
    assert.equal(hits[0].headingPath.at(-1), "Schemas", phrase);
  }
});

Deno.test("identifiers match as written as well as by their parts", () => {
  const docs = [
    doc(
      [
        "## Environment",
        "",
        "Read variables with import.meta.env, not meta tags.",
        "",
        "## Imports",
        "",
        "An import of meta data from the env file.",
      ].join("\n"),
      "docs",
    ),
  ];
  const hits = searchDocuments(docs, "import.meta.env").hits;
  assert.equal(hits[0].headingPath.at(-1), "Environment");
  // The parts alone still find both.
  assert.equal(searchDocuments(docs, "import meta env").matched, 2);
});

Deno.test("an MDX table's parameters are found by a query naming an identifier, not by everyday words", () => {
  const reference = parseMdxDocument(
    [
      "# `streamText()`",
      "",
      "Streams text from a language model.",
      "",
      "## Parameters",
      "",
      "<PropertiesTable",
      "  content={[",
      '    { name: "model", type: "LanguageModel", description: "The language model to use." },',
      '    { name: "onChunk", type: "(event) => void", description: "Called for each chunk of the stream." },',
      '    { name: "onFinish", type: "(event) => void", description: "Called when the stream of chunks ends." },',
      "  ]}",
      "/>",
      "",
      "## Returns",
      "",
      "A result whose text streams.",
    ].join("\n"),
    "stream-text",
    "stream-text.mdx",
  ).doc;
  const guide = doc(
    [
      "# Streaming",
      "",
      "## Show text as it arrives",
      "",
      "Render each chunk of the stream as it comes, one by one.",
    ].join("\n"),
    "streaming",
  );
  const docs = [reference, guide];
  const top = (query: string) => {
    const hit = searchDocuments(docs, query).hits[0];
    return `${hit.target.doc.namespace} ${hit.headingPath.at(-1)}`;
  };
  // The parameter stands only in the table: the section holding it comes first.
  assert.equal(top("streamText onChunk"), "stream-text Parameters");
  assert.equal(top("`onFinish`"), "stream-text Parameters");
  // Everyday words find the guide: the table's descriptions are not read for them.
  assert.equal(top("chunk of the stream"), "streaming Show text as it arrives");
  assert.ok(
    !searchDocuments(docs, "language model to use").hits.some((hit) =>
      hit.headingPath.at(-1) === "Parameters"
    ),
  );
});

Deno.test("a command-line flag names an identifier: a flag listed only in a ParamField is found", () => {
  const cli = parseMdxDocument(
    [
      "# bun add",
      "",
      "## Network & Registry",
      "",
      '<ParamField path="--cafile" type="string">',
      "  Path to a certificate file",
      "</ParamField>",
    ].join("\n"),
    "add",
    "add.mdx",
  ).doc;
  assert.equal(
    searchDocuments([cli], "--cafile").hits[0]?.headingPath.at(-1),
    "Network & Registry",
  );
  assert.equal(searchDocuments([cli], "-cafile").hits[0]?.headingPath.at(-1), "Network & Registry");
  // A dash inside a word is no flag: `built-in` reads the prose only.
  assert.equal(parseQuery("a built-in cafile").identifier, false);
  assert.equal(parseQuery("bun add --cafile").identifier, true);
});

Deno.test("documents and queries are normalised alike: NFC, zero-width characters dropped", () => {
  const docs = [doc("## CV\n\nMy re\u0301sume\u0301, a zero\u200Bwidth word.\n", "cv")];
  assert.equal(searchDocuments(docs, "résumé").hits.length, 1);
  assert.equal(searchDocuments(docs, "re\u0301sume\u0301").hits.length, 1);
  assert.equal(searchDocuments(docs, "zerowidth").hits.length, 1);
  assert.equal(
    searchDocuments(docs, "zero\u200Bwidth").hits[0].snippet,
    "My résumé, a zerowidth word.",
  );
});

Deno.test("Chinese and Japanese words are found inside runs written without spaces", () => {
  const docs = [
    doc("## 東京\n\n東京タワーについて書きます。\n\n## 大阪\n\n大阪城です。\n", "ja"),
    doc("## 事件\n\n按钮点击事件\n\n## 样式\n\n按钮样式\n", "zh"),
  ];
  for (const query of ["東京", "タワー", "東京タワー"]) {
    assert.deepEqual(searchDocuments(docs, query).hits[0].headingPath, ["東京"], query);
  }
  assert.deepEqual(searchDocuments(docs, "点击事件").hits[0].headingPath, ["事件"]);
  // The run as written ranks above its characters apart.
  assert.deepEqual(searchDocuments(docs, "按钮样式").hits[0].headingPath, ["样式"]);
});

Deno.test("a document's title heads its sections, and is its preamble's heading", () => {
  const docs = [
    doc("---\ntitle: Convert an ArrayBuffer\n---\n\nUse Uint8Array.\n", "convert"),
    doc("---\ntitle: 'SQLite'\n---\n\nIntro.\n\n## Transactions\n\nBegin and commit.\n", "sqlite"),
    doc("## Transactions\n\nBegin and commit in Postgres.\n", "sql"),
  ];
  assert.equal(searchDocuments(docs, "arraybuffer").hits[0].target.doc.namespace, "convert");
  const [first] = searchDocuments(docs, "sqlite transactions").hits;
  assert.equal(first.target.doc.namespace, "sqlite");
  assert.deepEqual(first.headingPath, ["Transactions"]);
});

Deno.test("link destinations and reference definitions are no words to find", () => {
  const docs = [
    doc(
      [
        "# Links",
        'See [the guide](https://zebra.example/guide "Zebra title").',
        "And [Foo](https://en.wikipedia.org/wiki/Foo_(giraffe)) too.",
        "[ref]: https://okapi.example/ref",
        "[multi]:",
        "  https://tapir.example/x",
      ].join("\n\n"),
    ),
  ];
  for (const word of ["zebra", "giraffe", "okapi", "tapir"]) {
    assert.equal(searchDocuments(docs, word).matched, 0, word);
  }
  assert.equal(searchDocuments(docs, "guide").matched, 1);
});

Deno.test("hostile text in a section is searched in about linear time", async () => {
  // Each of these made the search of a file of 1 MB or less run for minutes: a regex scanned
  // to the end from each line or `](`, or the snippet compared every word a prefix reached
  // with every other at each place it stands.
  const cases: [string, string, string][] = [
    ["unclosed destinations", "](".repeat(300_000), "fetch"],
    ["unclosed destinations with text", "](a".repeat(300_000), "fetch"],
    ["lines opening a label", "[x\n".repeat(200_000), "fetch"],
    ["blank lines of spaces", "   \n".repeat(300_000), "fetch"],
    [
      "20,000 words one prefix reaches",
      Array.from({ length: 20_000 }, (_, i) => `abc${i}`).join(" "),
      "abc",
    ],
    ["a line of unclosed comments", "<!--".repeat(250_000), "fetch"],
    [
      "60,000 tags among the words a prefix reaches",
      Array.from({ length: 60_000 }, (_, i) => `abc${i} <b>`).join(" "),
      "abc",
    ],
  ];
  const files = Object.fromEntries(
    cases.map(([name, body], i) => [`f${i}.md`, `# ${name}\n\nfetch\n\n${body}\nfetch\n`]),
  );
  await withTempDir(files, async (dir) => {
    for (const [i, [name, , query]] of cases.entries()) {
      const result = await mdsel(["select", query, `${dir}/f${i}.md`], { timeoutMs: 30_000 });
      assert.equal(result.code, 0, `${name}: ${result.stdout}${result.stderr}`);
      assert.match(result.stdout, /^search: 1 section matches/, name);
    }
  });
});

Deno.test("a section that defines a 'what is' question's concept ranks above its mentions", () => {
  const reference = parseDocument(
    "# `Agent` interface\n\nThe `Agent` interface is a contract for agents. An agent in the SDK " +
      "streams; every agent here, agent after agent, implements it for the SDK.\n",
    "agent",
    "reference/agent.md",
  );
  const guide = parseDocument(
    "# Overview\n\nAgents are models that call tools in a loop until a task is done.\n\n" +
      "## Tools\n\nTools extend what a model can do.\n",
    "overview",
    "agents/overview.md",
  );
  const first = (query: string) => searchDocuments([reference, guide], query).hits[0].headingPath;
  assert.deepEqual(first("what is an agent in the SDK"), ["Overview"]);
  // Not a 'what is' question: the mentions rank as they score.
  assert.deepEqual(first("agent in the SDK"), ["Agent interface"]);
  // An upgrade note's "The hook is now ..." defines nothing of today, and neither does
  // "is now" anywhere: the topic's page stays first.
  const hooks = parseDocument(
    "# Hooks\n\nUse hooks to listen to events of the lifecycle, for logging.\n",
    "hooks",
    "hooks.md",
  );
  const upgrade = parseDocument(
    "# Migration guide v3\n\n## Changed hooks behavior\n\nThe hook is a function now called " +
      "asynchronously. Hooks are now inherited by plugins.\n",
    "migration-guide-v3",
    "migration-guide-v3.md",
  );
  const topic = (query: string) => searchDocuments([upgrade, hooks], query).hits[0].headingPath;
  assert.deepEqual(topic("what are hooks"), ["Hooks"]);
  const changed = parseDocument(
    "# Plugins\n\n## Encapsulation\n\nA hook is now inherited by every plugin registered after it.\n",
    "plugins",
    "plugins.md",
  );
  assert.deepEqual(
    searchDocuments([changed, hooks], "what is a hook").hits[0].headingPath,
    ["Hooks"],
  );
});
