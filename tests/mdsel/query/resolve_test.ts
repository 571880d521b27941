import assert from "node:assert/strict";
import { parseSelector } from "../../../mdsel/query/selector.ts";
import { selectInWorkspace, type SelectOutcome } from "../../../mdsel/commands/select_command.ts";
import { doc, NESTED, workspace } from "../_docs.ts";

function select(selector: string, ...texts: [string, string][]): SelectOutcome {
  const docs = texts.length === 0 ? [doc(NESTED)] : texts.map(([ns, text]) => doc(text, ns));
  return selectInWorkspace(parseSelector(selector), workspace(...docs));
}

function matches(outcome: SelectOutcome) {
  return outcome.answers.map((answer) => answer.match);
}

function selectors(selector: string): string[] {
  const outcome = select(selector);
  assert.deepEqual(outcome.unresolved, [], selector);
  return matches(outcome).map((match) => match.selector);
}

function reason(selector: string): string {
  const outcome = select(selector);
  assert.equal(outcome.answers.length, 0, selector);
  return outcome.unresolved[0].reason;
}

// Each row: selector, the canonical selectors of its matches in order.
const RESOLVED: [string, string[]][] = [
  ["h1", ["d::heading:h1[0]", "d::heading:h1[1]"]],
  ["h2/code.0", ["d::heading:h2[0]/block:code[0]", "d::heading:h2[1]/block:code[0]"]],
  ["h1.0/code", ["d::heading:h1[0]/block:code[0]", "d::heading:h1[0]/block:code[1]"]],
  ["h2.0-5", ["d::heading:h2[0]", "d::heading:h2[1]"]],
  ["h2[1,0]", ["d::heading:h2[1]", "d::heading:h2[0]"]],
  ["h2[0,0-1]", ["d::heading:h2[0]", "d::heading:h2[1]"]],
  ["section[1]", ["d::section[1]"]],
  ["section[3]", ["d::section[3]"]],
  ["h1.0/section[1]", ["d::heading:h1[0]/section[1]"]],
  ["h1.0/h2.1/h3.0", ["d::heading:h1[0]/heading:h2[1]/heading:h3[0]"]],
  ["h2/table.0", ["d::heading:h2[1]/block:table[0]"]],
  ["root", ["d::root"]],
  ["root/h1.1", ["d::heading:h1[1]"]],
  ["intro", ["d::intro"]],
  ["INTRO[3]", ["d::intro"]],
  ["intro/para.0", ["d::intro/block:paragraph[0]"]],
  ["quote.0/para.0", ["d::block:blockquote[0]/block:paragraph[0]"]],
  ["quote.0/h2.0", ["d::block:blockquote[0]/heading:h2[0]"]],
  ["quote.0/h2.0/quote", ["d::block:blockquote[0]/heading:h2[0]/block:blockquote[0]"]],
  ["D::H1.1", ["d::heading:h1[1]"]],
];

Deno.test("resolution fans out, keeps index order and drops duplicates", () => {
  for (const [selector, expected] of RESOLVED) {
    assert.deepEqual(selectors(selector), expected, selector);
  }
  // Every section reached twice through nested sections is listed once.
  const all = selectors("section/section");
  assert.equal(new Set(all.map((s) => matches(select(s))[0].start_line)).size, all.length);
});

Deno.test("a section's children are the flat list of nodes after its heading", () => {
  const [a1, a2] = matches(select("h1.0/code"));
  assert.equal(a1.content, "```js\none\n```");
  assert.equal(a2.content, "```py\ntwo\n```");
  const [section] = matches(select("section[1]"));
  assert.equal(section.start_line, 7);
  assert.equal(section.end_line, 24);
  assert.equal(matches(select("h1.0/section[1]"))[0].content.split("\n")[0], "## A2");
});

Deno.test("a heading inside a list or blockquote opens no top-level section", () => {
  assert.equal(matches(select("h1")).length, 2);
  assert.equal(
    reason("h1.2"),
    "d has h1.0-h1.1, no h1.2",
  );
});

Deno.test("blockquote children start at their own first character", () => {
  assert.equal(matches(select("quote.0/para.0"))[0].content, "quote para");
  assert.equal(matches(select("quote.0/quote.0"))[0].content, "> inner quote");
  assert.equal(
    matches(select("quote.0/code.0"))[0].content,
    "```\n> quoted code\n> ```",
  );
  const [section] = matches(select("quote.0/h2.0"));
  assert.equal(
    section.content,
    "## quoted heading\n>\n> > inner quote\n>\n> ```\n> quoted code\n> ```",
  );
  assert.deepEqual(
    section.children_available.map((child) => child.selector),
    [
      "d::block:blockquote[0]/heading:h2[0]/block:blockquote[0]",
      "d::block:blockquote[0]/heading:h2[0]/block:code[0]",
    ],
  );
  assert.equal(matches(select("quote.0"))[0].content.split("\n")[0], "> quote para");
});

Deno.test("root selects the whole file and lists the blocks before the first heading", () => {
  const [root] = matches(select("root"));
  assert.equal(root.type, "root");
  assert.equal(root.start_line, 1);
  assert.equal(root.end_line, 46);
  assert.ok(root.content.startsWith("Intro.\n\n# A"));
  assert.ok(root.content.endsWith("three\n```"));
  assert.deepEqual(root.children_available, [
    { selector: "d::block:paragraph[0]", type: "paragraph", preview: "Intro.", word_count: 1 },
  ]);
});

Deno.test("intro selects the text before the first heading, front matter aside, and nothing else", () => {
  const [intro] = matches(select("intro"));
  assert.deepEqual([intro.type, intro.content, intro.start_line, intro.end_line], [
    "intro",
    "Intro.",
    1,
    1,
  ]);
  const front = "---\ntitle: T\n---\n\nFirst.\n\n```sh\nx\n```\n\n# H\n\nBody.\n";
  const [page] = matches(select("intro", ["p", front]));
  assert.deepEqual([page.content, page.start_line, page.end_line], [
    "First.\n\n```sh\nx\n```",
    5,
    9,
  ]);
  assert.deepEqual(page.children_available.map((child) => child.selector), [
    "p::intro/block:paragraph[0]",
    "p::intro/block:code[0]",
  ]);
  assert.equal(matches(select("intro/code.0", ["p", front]))[0].content, "```sh\nx\n```");
  // No intro, and why: a heading first (front matter aside), front matter alone, nothing at all.
  for (
    const [text, why] of [
      ["---\na: 1\n---\n# H\n", "it starts with a heading (root selects the whole file)"],
      ["---\na: 1\n---\n", "it holds only front matter"],
      ["\n\n", "it is empty"],
    ]
  ) {
    assert.equal(select("intro", ["h", text]).unresolved[0].reason, `No intro in h: ${why}`);
  }
  assert.equal(select("intro/h1.0", ["p", front]).unresolved[0].reason, "No h1 in intro");
});

Deno.test("a section's children are its blocks, then its direct subsections", () => {
  const [a] = matches(select("h1.0"));
  assert.deepEqual(a.children_available.map((child) => [child.selector, child.word_count]), [
    ["d::heading:h1[0]/block:paragraph[0]", 2],
    ["d::heading:h2[0]", 18],
    ["d::heading:h2[1]", 9],
  ]);
  // In a blockquote, a subsection is named below the quote.
  const [quoted] = matches(select("quote.0"));
  assert.deepEqual(quoted.children_available.map((child) => child.selector), [
    "d::block:blockquote[0]/block:paragraph[0]",
    "d::block:blockquote[0]/heading:h2[0]",
  ]);
  // Every listed child resolves to itself.
  for (const child of [...a.children_available, ...quoted.children_available]) {
    assert.equal(matches(select(child.selector))[0].selector, child.selector);
  }
});

Deno.test("leaf blocks have no children", () => {
  const [paragraph] = matches(select("para.0"));
  assert.deepEqual(paragraph.children_available, []);
  assert.equal(reason("para.0/code"), "No code in para.0");
});

// Each row: selector, the exact reason it is unresolved.
const REASONS: [string, string][] = [
  // In the outline's short form, the valid range first (#18).
  ["h2.5", "d has h2.0-h2.1, no h2.5"],
  ["h1.1/table", "No table in h1.1"],
  ["h6", "No h6 in d"],
  ["h1.0/h2.0/h3", "No h3 in h1.0/h2.0"],
  ["section[9]", "d has section.0-section.4, no section.9"],
  ["quote.0/table", "No table in quote.0"],
  ["h1.1/code.7", "h1.1 has h1.1/code.0 only, no h1.1/code.7"],
  ["h2.0?page=2", "Page 2 out of range (only 1 page(s) in d::heading:h2[0])"],
];

Deno.test("unresolved selectors carry a specific reason", () => {
  for (const [selector, expected] of REASONS) assert.equal(reason(selector), expected, selector);
});

Deno.test("unresolved selectors suggest close existing selectors", () => {
  const [entry] = select("h2.5").unresolved;
  assert.equal(entry.selector, "heading:h2[5]");
  // The last one that exists, and no lookalikes of the number.
  assert.deepEqual(entry.suggestions, ["d::heading:h2[1]"]);
  assert.deepEqual(entry.text, { selector: "h2.5", suggestions: ["h2.1"] });
  const [nested] = select("h2.1/table.3").unresolved;
  assert.equal(nested.suggestions[0], "d::heading:h2[1]/block:table[0]");
  // Nothing is similar enough: no suggestions rather than noise.
  const far = select("table.0/table.0/table.0/table.0", ["x", "# A\n"]).unresolved[0];
  assert.deepEqual(far.suggestions, []);
});

Deno.test("several files: argument order, namespaces, joined reasons", () => {
  const files: [string, string][] = [["readme", "# R\n\n## R2\n"], ["guide", "# G\n"]];
  assert.deepEqual(matches(select("h1.0", ...files)).map((m) => m.selector), [
    "readme::heading:h1[0]",
    "guide::heading:h1[0]",
  ]);
  assert.deepEqual(matches(select("guide::h1", ...files)).map((m) => m.selector), [
    "guide::heading:h1[0]",
  ]);
  assert.deepEqual(matches(select("h2", ...files)).map((m) => m.selector), [
    "readme::heading:h2[0]",
  ]);
  const missing = select("h2.3", ...files).unresolved[0];
  assert.equal(
    missing.reason,
    "readme has h2.0 only, no h2.3; No h2 in guide",
  );
  const unknown = select("gude::h1.0", ...files).unresolved[0];
  assert.equal(unknown.reason, "Namespace 'gude' not found. Available namespaces: readme, guide");
  assert.deepEqual(unknown.suggestions, ["guide::heading:h1[0]"]);
  assert.equal(unknown.selector, "gude::heading:h1[0]");
  assert.deepEqual(unknown.text, { selector: "gude::h1.0", suggestions: ["guide::h1.0"] });
});
