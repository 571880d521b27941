import assert from "node:assert/strict";
import {
  type DocumentIndex,
  indexDocument,
  summarize,
} from "../../../mdsel/commands/index_command.ts";
import { clipLine } from "../../../mdsel/commands/outline.ts";
import { indexJsonWithin } from "../../../mdsel/commands/render_json.ts";
import { doc, NESTED } from "../_docs.ts";

const PAGE = { words: 2000, chars: 16000 };

/** A preview as the index makes it (`content_preview`, `truncated`). */
const makePreview = (text: string) => clipLine(text, 80);

Deno.test("indexDocument describes the root, headings and top-level blocks", () => {
  const index = indexDocument(doc(NESTED), PAGE);
  assert.deepEqual(index.root, {
    selector: "d::root",
    type: "root",
    content_preview: "Intro.",
    truncated: false,
    children_count: 1,
    word_count: 1,
  });
  assert.deepEqual(index.headings.map((h) => [h.selector, h.start_line, h.end_line]), [
    ["d::heading:h1[0]", 3, 38],
    ["d::heading:h2[0]", 7, 24],
    ["d::heading:h2[1]", 26, 38],
    ["d::heading:h3[0]", 36, 38],
    ["d::heading:h1[1]", 40, 46],
  ]);
  assert.deepEqual(index.blocks, {
    paragraphs: 4,
    code_blocks: 3,
    lists: 1,
    tables: 1,
    blockquotes: 1,
  });
  // Words: the heading's own, then the whole section.
  const [a, a1, a2, a2x, b] = index.headings;
  assert.equal(a2x.section_word_count, 1 + 2);
  assert.equal(a2.section_word_count, 1 + 4 + 1 + a2x.section_word_count);
  assert.equal(a.section_word_count, 1 + 2 + a1.section_word_count + a2.section_word_count);
  assert.equal(b.section_word_count, 1 + 2 + 1);
  assert.deepEqual(summarize([index]), {
    total_documents: 1,
    total_nodes: 1 + 5 + 10,
    total_selectors: 16,
  });
});

Deno.test("section_truncated says when select would not return the section whole", () => {
  const text = "# A\n\none two three\n\n# B\n\nfour\n";
  const byWords = indexDocument(doc(text), { words: 3, chars: 16000 });
  assert.deepEqual(byWords.headings.map((h) => h.section_truncated), [true, false]);
  // "# A\n\none two three" is 18 characters, "# B\n\nfour" 9.
  const byChars = indexDocument(doc(text), { words: 2000, chars: 10 });
  assert.deepEqual(byChars.headings.map((h) => h.section_truncated), [true, false]);
});

Deno.test("root is null only when the file starts with a heading", () => {
  assert.equal(indexDocument(doc("# A\n"), PAGE).root, null);
  assert.equal(indexDocument(doc("---\nx: 1\n---\n# A\n"), PAGE).root, null);
  assert.equal(indexDocument(doc(""), PAGE).root?.children_count, 0);
});

Deno.test("makePreview collapses whitespace and cuts at 80 characters", () => {
  assert.deepEqual(makePreview(" a\n\tb "), { text: "a b", truncated: false });
  const long = "é".repeat(100);
  assert.deepEqual(makePreview(long), { text: "é".repeat(80) + "...", truncated: true });
  assert.deepEqual(makePreview("😀".repeat(80)), { text: "😀".repeat(80), truncated: false });
});

Deno.test("makePreview reads only the start of the text, the same preview as of all of it", () => {
  // What the preview is: all the text, whitespace collapsed, cut at 80 characters.
  const whole = (text: string) => {
    const chars = Array.from(text.replace(/\s+/g, " ").trim());
    return chars.length <= 80
      ? { text: chars.join(""), truncated: false }
      : { text: chars.slice(0, 80).join("") + "...", truncated: true };
  };
  const texts = [
    " ".repeat(10_000) + "a",
    "a" + " \n".repeat(10_000) + "b",
    "😀".repeat(81),
    "x".repeat(100_000),
    "ab ".repeat(26) + "ab",
    "ab ".repeat(26) + "ab  \n",
    "ab ".repeat(26) + "abc",
    "ab ".repeat(26) + "a b",
    "😀 ".repeat(40),
    "😀 ".repeat(41),
    "a".repeat(79) + "😀",
    "a".repeat(80) + "😀",
    "é".repeat(161) + " x",
  ];
  for (const text of texts) {
    assert.deepEqual(makePreview(text), whole(text), JSON.stringify(text.slice(0, 20)));
  }
});

Deno.test("makePreview of 100 MB of text runs in a small heap", async () => {
  // A heading or paragraph of megabytes on one line: collapsing and splitting all of it
  // into characters for 80 of them took gigabytes.
  const module = new URL("../../../mdsel/commands/outline.ts", import.meta.url).href;
  const code = `const { clipLine } = await import(${JSON.stringify(module)});\n` +
    `console.log(clipLine("word ".repeat(20_000_000), 80).text.length);`;
  // No lockfile: the suite's other processes may be writing it at the same time.
  const { code: exit, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--no-lock", "--v8-flags=--max-old-space-size=128", code],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(exit, 0, new TextDecoder().decode(stderr).slice(-2000));
  assert.equal(new TextDecoder().decode(stdout), "83\n");
});

function manyHeadings(): string {
  const parts: string[] = [];
  for (let i = 0; i < 40; i++) {
    parts.push(`# Chapter ${i}`, "", "## Part", "", "### Detail", "", "text", "");
  }
  return parts.join("\n");
}

function jsonRender(summaryOf: DocumentIndex[]) {
  const summary = summarize(summaryOf);
  return (docs: DocumentIndex[]) =>
    indexJsonWithin(docs, summary, [], [], summaryOf.length, Infinity);
}

/** The documents the JSON index of `docs` lists within `maxChars`. */
function limitIndex(docs: DocumentIndex[], maxChars: number): DocumentIndex[] {
  const json = indexJsonWithin(docs, summarize(docs), [], [], docs.length, maxChars);
  assert.ok(json.length <= maxChars, `${json.length} > ${maxChars}`);
  return JSON.parse(json).data.documents;
}

Deno.test("the JSON index budget leaves out the deepest levels first", () => {
  const full = indexDocument(doc(manyHeadings()), PAGE);
  const render = jsonRender([full]);
  const unlimited = render([full]).length;
  const [limited] = limitIndex([full], unlimited - 1);
  assert.ok(render([limited]).length <= unlimited - 1);
  assert.equal(limited.headings_omitted, 40);
  assert.equal(limited.max_depth, 2);
  assert.ok(limited.headings.every((h) => h.depth <= 2));
  // Indexes stay those of the file.
  assert.equal(limited.headings[3].selector, "d::heading:h2[1]");
  // Nothing left out when it fits.
  assert.deepEqual(limitIndex([full], unlimited), [full]);
});

Deno.test("when even the two shallowest levels do not fit, the list is cut", () => {
  const full = indexDocument(doc(manyHeadings()), PAGE);
  const render = jsonRender([full]);
  const budget = 3000;
  const [limited] = limitIndex([full], budget);
  assert.ok(render([limited]).length <= budget, `${render([limited]).length}`);
  const kept = limited.headings.length;
  assert.ok(kept > 1 && kept < 80);
  assert.equal(limited.headings_omitted, 120 - kept);
  const twoLevels = full.headings.filter((h) => h.depth <= 2);
  assert.deepEqual(limited.headings, twoLevels.slice(0, kept));
  // One more heading would not have fit.
  const more = { ...limited, headings: twoLevels.slice(0, kept + 1) };
  assert.ok(render([more]).length > budget);
});

Deno.test("the JSON budget never leaves a document without its two shallowest levels", () => {
  // The first document starts at h1, the others at h2 and h3: a budget that
  // drops levels across documents must not empty the second and third.
  const deep = indexDocument(doc(manyHeadings(), "deep"), PAGE);
  const h2 = indexDocument(doc("## One\n\n### a\n\n#### i\n\n## Two\n", "h2doc"), PAGE);
  const h3 = indexDocument(doc("### Only\n\n##### x\n\n###### y\n", "h3doc"), PAGE);
  const all = [deep, h2, h3];
  const render = jsonRender(all);
  const budget = render(all).length - 2500;
  const limited = limitIndex(all, budget);
  assert.ok(render(limited).length <= budget);
  assert.deepEqual(limited[0].headings, deep.headings.filter((h) => h.depth <= 2));
  assert.deepEqual(limited[1].headings.map((h) => h.text), ["One", "a", "Two"]);
  assert.deepEqual(limited[2].headings.map((h) => h.text), ["Only", "x"]);
});

Deno.test("cut documents each keep the same number of first headings", () => {
  const many = (ns: string) => indexDocument(doc(manyHeadings(), ns), PAGE);
  const all = [many("a"), many("b"), many("c")];
  const render = jsonRender(all);
  const limited = limitIndex(all, 6000);
  assert.ok(render(limited).length <= 6000);
  const counts = limited.map((d) => d.headings.length);
  assert.ok(counts[0] > 0);
  assert.deepEqual(counts, [counts[0], counts[0], counts[0]]);
});
