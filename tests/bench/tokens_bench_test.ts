import assert from "node:assert/strict";
import { parseDocument } from "../../mdsel/parse/markdown_nodes.ts";
import { searchWorkspace } from "../../mdsel/commands/search_command.ts";
import { selectText } from "../../mdsel/commands/render_text.ts";
import {
  CALL_CHARS,
  drill,
  type DrillTarget,
  grepHeadings,
  grepOutput,
  grepSectionRanges,
  grepWord,
  guardedRange,
  parseOutline,
  parseOutlineEntry,
  parseSelectAnswer,
  quantile,
  readCalls,
  readOutput,
  searchResultLabels,
  type SelectFn,
  shownSource,
  splitLines,
} from "../../bench/_tokens.ts";

const README = splitLines(
  await Deno.readTextFile(new URL("../mdsel/fixtures/examples/readme.md.txt", import.meta.url)),
);
const lines = (first: number, last: number) => README.slice(first - 1, last).join("\n");

// The spec's examples (examples.md), as the engine prints them.
const INDEX_SPEC = `readme readme.md [61 words]
root [9 words]
h1.0 Project Title
 h2.0 Installation
  h3.0 Requirements
 h2.1 Usage
  h3.1 Advanced
---
code:2 para:5 list:1 table:1 quote:1`;
const INDEX_FOLDED = `readme readme.md [61 words]
root [9 words]
h1.0 Project Title [52 words]
 h2.0 Installation [21 words, +1 subsections]
 h2.1 Usage [10 words, +1 subsections]
---
code:2 para:5 list:1 table:1 quote:1
[outline limited to h1-h2: 2 deeper headings not shown; select a section to list its subsections]`;
const INDEX_TODAY_TWO_FILES = `readme readme.md
h1.0 Project Title
 h2.0 Installation
  h3.0 Requirements
 h2.1 Usage
  h3.1 Advanced
---
code:2 para:5 list:1 table:1 quote:1
guide guide.md
h1.0 Guide
 h2.0 Setup
---
para:2`;
const DRILL_LINE =
  "[h2.0 Installation: 21 words in 1 subsection; select one, or h2.0?page=1 to read the section in pages]";
const OUTLINE_H2_0 = `${lines(7, 17)}\n\n  h3.0 Requirements\n${DRILL_LINE}`;

Deno.test("parseOutlineEntry reads selector, depth, text and the optional size", () => {
  assert.deepEqual(parseOutlineEntry("h1.0 Project Title"), {
    selector: "h1.0",
    depth: 1,
    text: "Project Title",
  });
  assert.deepEqual(parseOutlineEntry(" h2.1 Usage [10 words]"), {
    selector: "h2.1",
    depth: 2,
    text: "Usage",
    words: 10,
  });
  assert.deepEqual(parseOutlineEntry("  h3.0 Class: FileHandle [8120 words, +24 subsections]"), {
    selector: "h3.0",
    depth: 3,
    text: "Class: FileHandle",
    words: 8120,
    hiddenSubsections: 24,
  });
  assert.deepEqual(parseOutlineEntry(" h2.3 Links [docs] [1 subsection]"), {
    selector: "h2.3",
    depth: 2,
    text: "Links [docs] [1 subsection]",
  });
  assert.deepEqual(parseOutlineEntry("h4.12"), { selector: "h4.12", depth: 4, text: "" });
  // index --lines, as the guard prints it.
  assert.deepEqual(
    parseOutlineEntry(" h2.3 Promises API L124-1835 [6035 words, +58 subsections]"),
    {
      selector: "h2.3",
      depth: 2,
      text: "Promises API",
      words: 6035,
      hiddenSubsections: 58,
      lines: [124, 1835],
    },
  );
  assert.deepEqual(parseOutlineEntry(" h2.0 Promise example L37-64"), {
    selector: "h2.0",
    depth: 2,
    text: "Promise example",
    lines: [37, 64],
  });
  for (const line of ["---", "root [9 words]", "code:2 para:5", "readme readme.md", "h7.0 x"]) {
    assert.equal(parseOutlineEntry(line), undefined, line);
  }
});

Deno.test("parseOutline reads the spec's index: header words, root, headings, counts", () => {
  const outline = parseOutline(INDEX_SPEC);
  assert.equal(outline.documents.length, 1);
  const [doc] = outline.documents;
  assert.equal(doc.namespace, "readme");
  assert.equal(doc.path, "readme.md");
  assert.equal(doc.words, 61);
  assert.equal(doc.rootWords, 9);
  assert.deepEqual(doc.counts, { code: 2, para: 5, list: 1, table: 1, quote: 1 });
  assert.deepEqual(
    outline.entries.map((e) => [e.selector, e.depth, e.text]),
    [
      ["h1.0", 1, "Project Title"],
      ["h2.0", 2, "Installation"],
      ["h3.0", 3, "Requirements"],
      ["h2.1", 2, "Usage"],
      ["h3.1", 3, "Advanced"],
    ],
  );
  assert.equal(outline.limited, undefined);
});

Deno.test("parseOutline reads a folded index: sizes, hidden subsections, the limit line", () => {
  const outline = parseOutline(INDEX_FOLDED);
  assert.deepEqual(outline.entries, [
    { selector: "h1.0", depth: 1, text: "Project Title", words: 52 },
    { selector: "h2.0", depth: 2, text: "Installation", words: 21, hiddenSubsections: 1 },
    { selector: "h2.1", depth: 2, text: "Usage", words: 10, hiddenSubsections: 1 },
  ]);
  assert.deepEqual(outline.limited, { maxDepth: 2, hidden: 2 });
  assert.equal(outline.cut, undefined);
  assert.equal(outline.documents.length, 1);
  // Even the two shallowest levels did not fit: the outline is cut.
  const cut = parseOutline(
    "changelog CHANGELOG.md [9102 words]\nh1.0 Changelog [5169 words]\n h2.0 v1.21.0\n---\nlist:228\n" +
      "[outline cut after h2.0: 85 more headings not shown; select them by number, e.g. h2.1]\n" +
      "[outline limited to h1-h2: 171 deeper headings not shown; select a section to list its subsections]",
  );
  assert.deepEqual(cut.entries.map((e) => e.selector), ["h1.0", "h2.0"]);
  assert.deepEqual(cut.cut, { after: "h2.0", hidden: 85 });
  assert.deepEqual(cut.limited, { maxDepth: 2, hidden: 171 });
  assert.deepEqual(cut.documents[0].counts, { list: 228 });
});

Deno.test("parseOutline reads today's index: no header for one file, bare headers for several", () => {
  const one = parseOutline(INDEX_SPEC.split("\n").slice(2).join("\n"));
  assert.equal(one.documents.length, 1);
  assert.equal(one.documents[0].namespace, undefined);
  assert.equal(one.entries.length, 5);
  const two = parseOutline(INDEX_TODAY_TWO_FILES);
  assert.deepEqual(
    two.documents.map((d) => [d.namespace, d.path, d.words, d.entries.length, d.counts]),
    [
      ["readme", "readme.md", undefined, 5, { code: 2, para: 5, list: 1, table: 1, quote: 1 }],
      ["guide", "guide.md", undefined, 2, { para: 2 }],
    ],
  );
  // Indentation is not relied on: an outline listing only h3 and h4 starts indented.
  assert.deepEqual(
    parseOutline("  h3.0 Description\n   h4.0 Flags\n").entries.map((e) => e.selector),
    ["h3.0", "h4.0"],
  );
});

Deno.test("parseSelectAnswer: a big section answers with its introduction and outline", () => {
  const answer = parseSelectAnswer(OUTLINE_H2_0);
  assert.equal(answer.kind, "outline");
  if (answer.kind !== "outline") return;
  assert.equal(answer.intro, lines(7, 17));
  assert.deepEqual(answer.entries, [{ selector: "h3.0", depth: 3, text: "Requirements" }]);
  assert.deepEqual(answer.section, {
    selector: "h2.0",
    text: "Installation",
    words: 21,
    subsections: 1,
    pages: "h2.0?page=1",
  });
  // Folded further, with a heading text holding a colon.
  const folded = parseSelectAnswer(
    "## API\n\n h3.0 Class: Foo [900 words, +3 subsections]\n h3.1 Bar\n" +
      "[outline limited to h1-h3: 3 deeper headings not shown; select a section to list its subsections]\n" +
      "[h2.5 Synchronous API: 41233 words in 48 subsections; select one, or h2.5?page=1 to read the section in pages]",
  );
  assert.equal(folded.kind, "outline");
  if (folded.kind !== "outline") return;
  assert.equal(folded.intro, "## API");
  assert.deepEqual(folded.entries.map((e) => [e.selector, e.hiddenSubsections]), [
    ["h3.0", 3],
    ["h3.1", undefined],
  ]);
  assert.deepEqual(folded.section, {
    selector: "h2.5",
    text: "Synchronous API",
    words: 41233,
    subsections: 48,
    pages: "h2.5?page=1",
  });
});

Deno.test("parseSelectAnswer: content, whole or one page of it", () => {
  assert.deepEqual(parseSelectAnswer(lines(19, 25)), { kind: "content", content: lines(19, 25) });
  assert.deepEqual(
    parseSelectAnswer(`${lines(7, 13)}\n[page 1 of 3, next: readme::heading:h2[0]?page=2]`),
    {
      kind: "content",
      content: lines(7, 13),
      page: { page: 1, total: 3, next: "readme::heading:h2[0]?page=2" },
    },
  );
  assert.deepEqual(parseSelectAnswer(`${lines(21, 25)}\n[page 3 of 3]`), {
    kind: "content",
    content: lines(21, 25),
    page: { page: 3, total: 3 },
  });
});

Deno.test("readOutput numbers lines as cat -n does, at most 2000 per call, long lines cut", () => {
  assert.deepEqual(splitLines("a\nb\n"), ["a", "b"]);
  assert.deepEqual(splitLines("a\r\nb"), ["a", "b"]);
  assert.equal(readOutput(["# A", "", "text"], 1, 3), "     1\t# A\n     2\t\n     3\ttext");
  const long = Array.from({ length: 4500 }, (_, i) => (i === 2 ? "x".repeat(2500) : `line ${i}`));
  assert.equal(readOutput(long, 3, 1), `     3\t${"x".repeat(2000)}`);
  const calls = readCalls(long, 1, long.length);
  assert.deepEqual(calls.map((c) => c.call), [
    "Read offset=1 limit=2000",
    "Read offset=2001 limit=2000",
    "Read offset=4001 limit=500",
  ]);
  assert.equal(calls[2].chars, readOutput(long, 4001, 500).length);
  assert.equal(readOutput(long, 4001, 500).split("\n")[0], "  4001\tline 4000");
});

Deno.test("grep finds '#' lines, code comments included; a section read reads on after a false cut", () => {
  const doc = [
    "# A", //        1
    "", //           2
    "## A1", //      3
    "```sh", //      4
    "# comment", //  5
    "```", //        6
    "#nospace", //   7
    "## A2", //      8
    "", //           9
    "# B", //       10
    "text", //      11
  ];
  const hits = grepHeadings(doc);
  assert.deepEqual(hits.map((h) => [h.line, h.level]), [[1, 1], [3, 2], [5, 1], [8, 2], [10, 1]]);
  assert.equal(grepOutput(hits).split("\n")[2], "5:# comment");
  assert.deepEqual(grepSectionRanges(hits, 8, 8, 11), [[8, 9]]);
  assert.deepEqual(grepSectionRanges(hits, 10, 11, 11), [[10, 11]]);
  // A1 (lines 3-7) is cut at the comment, then read on to the line before A2.
  assert.deepEqual(grepSectionRanges(hits, 3, 7, 11), [[3, 4], [5, 7]]);
  // A (lines 1-9) likewise, then on to the line before B.
  assert.deepEqual(grepSectionRanges(hits, 1, 9, 11), [[1, 4], [5, 9]]);
  assert.throws(() => grepSectionRanges(hits, 2, 2, 11));
});

/** A fake server: answers by selector, records the calls. */
function fakeSelect(answers: Record<string, string>): SelectFn & { asked: string[] } {
  const asked: string[] = [];
  const select = (selector: string) => {
    asked.push(selector);
    const text = answers[selector];
    return Promise.resolve(
      text === undefined ? { text: `not found: ${selector}\nNo match`, isError: true } : {
        text,
        isError: false,
      },
    );
  };
  return Object.assign(select, { asked });
}

const REQUIREMENTS: DrillTarget = {
  selector: "h3.0",
  ancestors: ["h2.0", "h1.0"],
  source: lines(19, 25),
};

Deno.test("drill: a visible target is selected at once", async () => {
  const select = fakeSelect({ "h3.0": lines(19, 25) });
  const result = await drill(REQUIREMENTS, INDEX_SPEC, select);
  assert.deepEqual(result, {
    calls: [{ call: "mdsel_select h3.0", chars: lines(19, 25).length }],
    ok: true,
    smallOutlines: 0,
  });
  assert.ok(CALL_CHARS > 0);
});

Deno.test("drill: a folded target is reached through its ancestor's outline", async () => {
  const select = fakeSelect({ "h2.0": OUTLINE_H2_0, "h3.0": lines(19, 25) });
  const result = await drill(REQUIREMENTS, INDEX_FOLDED, select);
  assert.ok(result.ok, result.failure);
  assert.deepEqual(select.asked, ["h2.0", "h3.0"]);
  assert.deepEqual(result.calls.map((c) => c.chars), [OUTLINE_H2_0.length, lines(19, 25).length]);
  // The ancestor was small (21 words): its outline answer cost the second call.
  assert.equal(result.smallOutlines, 1);
  assert.equal((await drill(REQUIREMENTS, INDEX_FOLDED, select, 6, 20)).smallOutlines, 0);
});

Deno.test("drill: an ancestor that fits a page answers with the target inside", async () => {
  const select = fakeSelect({ "h2.0": lines(7, 25) });
  const result = await drill(REQUIREMENTS, INDEX_FOLDED, select);
  assert.ok(result.ok);
  assert.deepEqual(select.asked, ["h2.0"]);
});

Deno.test("drill: paged content is read on until the target is whole", async () => {
  const usage: DrillTarget = { selector: "h2.1", ancestors: ["h1.0"], source: lines(27, 37) };
  const select = fakeSelect({
    "h2.1": `${lines(27, 29)}\n[page 1 of 2, next: readme::heading:h2[1]?page=2]`,
    "readme::heading:h2[1]?page=2": `${lines(31, 37)}\n[page 2 of 2]`,
  });
  const result = await drill(usage, INDEX_SPEC, select);
  assert.ok(result.ok, result.failure);
  assert.deepEqual(select.asked, ["h2.1", "readme::heading:h2[1]?page=2"]);
});

Deno.test("drill: a target too big for a page is read in pages after its outline", async () => {
  const installation: DrillTarget = { selector: "h2.0", ancestors: ["h1.0"], source: lines(7, 25) };
  const select = fakeSelect({
    "h2.0": OUTLINE_H2_0,
    "h2.0?page=1": `${lines(7, 13)}\n[page 1 of 2, next: readme::heading:h2[0]?page=2]`,
    "readme::heading:h2[0]?page=2": `${lines(15, 25)}\n[page 2 of 2]`,
  });
  const result = await drill(installation, INDEX_SPEC, select);
  assert.ok(result.ok, result.failure);
  assert.deepEqual(select.asked, ["h2.0", "h2.0?page=1", "readme::heading:h2[0]?page=2"]);
});

Deno.test("drill: when the outline answers the question, a big target's outline is its answer", async () => {
  const installation: DrillTarget = {
    selector: "h2.0",
    ancestors: ["h1.0"],
    source: lines(7, 25),
    outlineAnswers: true,
  };
  const select = fakeSelect({ "h2.0": OUTLINE_H2_0 });
  const result = await drill(installation, INDEX_SPEC, select);
  assert.ok(result.ok, result.failure);
  assert.deepEqual(select.asked, ["h2.0"]);
});

Deno.test("drill: failures are reported, not looped on", async () => {
  // No line of the index leads to the target.
  let result = await drill(REQUIREMENTS, "h1.5 Other\n---", fakeSelect({}));
  assert.deepEqual(result, {
    calls: [],
    ok: false,
    smallOutlines: 0,
    failure: "no outline shows the target or an ancestor",
  });
  // The ancestor's outline does not list the target.
  const noTarget = OUTLINE_H2_0.replace("  h3.0 Requirements\n", "");
  result = await drill(REQUIREMENTS, INDEX_FOLDED, fakeSelect({ "h2.0": noTarget }));
  assert.equal(result.ok, false);
  assert.match(result.failure!, /^h2\.0 again/);
  // An error answer.
  result = await drill(REQUIREMENTS, INDEX_SPEC, fakeSelect({}));
  assert.equal(result.failure, "h3.0: not found: h3.0");
  // Content that never holds the target, page after page.
  const endless = fakeSelect({});
  const forever: SelectFn = (selector) => {
    endless.asked.push(selector);
    return Promise.resolve({ text: "other\n[page 1 of 9, next: h3.0?page=2]", isError: false });
  };
  result = await drill(REQUIREMENTS, INDEX_SPEC, forever, 4);
  assert.equal(result.calls.length, 4);
  assert.equal(result.failure, "not reached in 4 selects");
  // Content without the target and without a next page.
  result = await drill(REQUIREMENTS, INDEX_SPEC, fakeSelect({ "h3.0": lines(27, 29) }));
  assert.equal(result.failure, "h3.0: content without the target");
});

Deno.test("quantile: the median averages the middle pair; p90 is the nearest rank", () => {
  assert.equal(quantile([3, 1, 2], 0.5), 2);
  assert.equal(quantile([4, 1, 3, 2], 0.5), 2.5);
  assert.equal(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9), 9);
  assert.equal(quantile([5], 0.9), 5);
  assert.ok(Number.isNaN(quantile([], 0.5)));
});

Deno.test("grepWord prints path:line:text for each line holding the word in any case", () => {
  const files = new Map([
    ["/docs/a.md", ["# Abort", "nothing", "Call abort() to stop"]],
    ["/docs/sub/b.md", ["ABORTED"]],
    ["/docs/c.md", ["no hit"]],
  ]);
  const call = grepWord(files, "/docs", "abort");
  assert.equal(
    call.chars,
    "a.md:1:# Abort\na.md:3:Call abort() to stop\nsub/b.md:1:ABORTED".length,
  );
  assert.match(call.call, /3 lines/);
  assert.equal(grepWord(files, "/docs/", "zebra").chars, 0);
});

Deno.test("searchResultLabels reads the result lines of a search, with or without namespaces", () => {
  const one = "search: 2 sections match\nh2.0 T > A\n  snippet h3.1\nintro [800 words]\n";
  assert.deepEqual(searchResultLabels(one), ["h2.0", "intro"]);
  // Several files: results grouped under their file's path, indented by one.
  const several =
    "search: the best 2 of 9 matching sections\ndocs/a.md\n a::h3.12 T > A [800 words]\n" +
    "   ...text h2.1...\nguide/migration-guide.md\n migration_guide::h5.0 ... > B\n";
  assert.deepEqual(searchResultLabels(several), ["a::h3.12", "migration_guide::h5.0"]);
  assert.deepEqual(searchResultLabels("search: no section matches\n!x\nNo section holds"), []);
});

Deno.test("shownSource names the result whose source the engine's search answer carries", () => {
  const text = (markdown: string, query: string) => {
    const doc = parseDocument(markdown, "g", "g.md");
    return selectText(searchWorkspace(query, null, { docs: [doc], errors: [], warnings: [] }));
  };
  // The best stands out and is small: its source follows, and the agent read it there.
  const standsOut = text(
    "# Guide\n\n## Abort\n\nUse an AbortSignal.\n\n## Other\n\nText.\n",
    "abort",
  );
  assert.match(standsOut, /## Abort\n\nUse an AbortSignal\./);
  assert.equal(shownSource(standsOut), "h2.0");
  // Two short sections alike: the first's source follows all the same.
  const alike = text("# G\n\n## A\n\nabort one\n\n## B\n\nabort two\n", "abort");
  assert.equal(shownSource(alike), "h2.0");
  // Two long sections alike: results with snippets, no source.
  const long = (word: string) => `abort ${Array(250).fill(word).join(" ")}`;
  const flat = text(`# G\n\n## A\n\n${long("here")}\n\n## B\n\n${long("there")}\n`, "abort");
  assert.deepEqual(searchResultLabels(flat), ["h2.0", "h2.1"]);
  assert.equal(shownSource(flat), undefined);
  assert.equal(shownSource("search: no section matches"), undefined);
});

Deno.test("guardedRange: the target's lines, else its nearest listed ancestor's, else none", () => {
  const outline = parseOutline(
    [
      "Not read: /d/fs.md is a big Markdown file (90 lines, 900 words, about 1,000 tokens).",
      "h1.0 File system L1-90 [900 words]",
      " h2.0 Promises L3-60 [700 words, +2 subsections]",
      " h2.1 Notes L62-90",
      "- Read with offset: 1 reads it anyway, in pages past about 25,000 tokens.",
    ].join("\n"),
  );
  assert.deepEqual(guardedRange(outline, { selector: "h2.1", ancestors: ["h1.0"] }), [62, 90]);
  assert.deepEqual(guardedRange(outline, { selector: "h3.1", ancestors: ["h2.0", "h1.0"] }), [
    3,
    60,
  ]);
  assert.equal(guardedRange(outline, { selector: "h2.9", ancestors: [] }), undefined);
  assert.equal(
    guardedRange(parseOutline("h1.0 No lines"), { selector: "h1.0", ancestors: [] }),
    undefined,
  );
});
