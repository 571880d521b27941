import assert from "node:assert/strict";
import {
  indexDocument,
  makePreview,
  renderWithinBudget,
  summarize,
} from "../../../mdsel/commands/index_command.ts";
import { indexJson, indexText } from "../../../mdsel/commands/output.ts";
import { doc, NESTED } from "../_docs.ts";

Deno.test("indexDocument describes the root, headings and top-level blocks", () => {
  const index = indexDocument(doc(NESTED), 2000);
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

Deno.test("section_truncated says when select would page the section", () => {
  const index = indexDocument(doc("# A\n\none two three\n\n# B\n\nfour\n"), 3);
  assert.deepEqual(index.headings.map((h) => h.section_truncated), [true, false]);
});

Deno.test("root is null only when the file starts with a heading", () => {
  assert.equal(indexDocument(doc("# A\n"), 2000).root, null);
  assert.equal(indexDocument(doc("---\nx: 1\n---\n# A\n"), 2000).root, null);
  assert.equal(indexDocument(doc(""), 2000).root?.children_count, 0);
});

Deno.test("makePreview collapses whitespace and cuts at 80 characters", () => {
  assert.deepEqual(makePreview(" a\n\tb "), { text: "a b", truncated: false });
  const long = "é".repeat(100);
  assert.deepEqual(makePreview(long), { text: "é".repeat(80) + "...", truncated: true });
  assert.deepEqual(makePreview("😀".repeat(80)), { text: "😀".repeat(80), truncated: false });
});

function manyHeadings(): string {
  const parts: string[] = [];
  for (let i = 0; i < 40; i++) {
    parts.push(`# Chapter ${i}`, "", "## Part", "", "### Detail", "", "text", "");
  }
  return parts.join("\n");
}

Deno.test("the index budget leaves out the deepest levels first", () => {
  const full = indexDocument(doc(manyHeadings()), 2000);
  const summary = summarize([full]);
  const render = (docs: typeof full[]) => indexJson(docs, summary, [], [], 1);
  const unlimited = render([full]).length;
  const { output, docs, omitted, maxDepth } = renderWithinBudget([full], unlimited - 1, render);
  assert.ok(output.length <= unlimited - 1);
  assert.equal(maxDepth, 2);
  assert.equal(omitted, 40);
  assert.equal(docs[0].headings_omitted, 40);
  assert.equal(docs[0].max_depth, 2);
  assert.ok(docs[0].headings.every((h) => h.depth <= 2));
  // Indexes stay those of the file.
  assert.equal(docs[0].headings[3].selector, "d::heading:h2[1]");
  // Nothing left out when it fits.
  assert.equal(renderWithinBudget([full], unlimited, render).omitted, 0);
});

Deno.test("when even the h1 headings do not fit, the list is cut", () => {
  const full = indexDocument(doc(manyHeadings()), 2000);
  const summary = summarize([full]);
  const render = (docs: typeof full[]) => indexJson(docs, summary, [], [], 1);
  const budget = 3000;
  const { output, docs, maxDepth } = renderWithinBudget([full], budget, render);
  assert.ok(output.length <= budget, `${output.length}`);
  assert.equal(maxDepth, 1);
  assert.ok(docs[0].headings.length > 0 && docs[0].headings.length < 40);
  assert.equal(docs[0].headings_omitted, 120 - docs[0].headings.length);
  // One more heading would not have fit.
  const kept = docs[0].headings.length;
  const more = {
    ...docs[0],
    headings: full.headings.filter((h) => h.depth === 1).slice(0, kept + 1),
  };
  assert.ok(render([more]).length > budget);
});

Deno.test("the text index ends with a line saying what the budget left out", () => {
  const full = indexDocument(doc(manyHeadings()), 2000);
  const limit = { depth: 1, omitted: 80 };
  const text = indexText(
    [{ ...full, headings: full.headings.filter((h) => h.depth === 1) }],
    [],
    false,
    limit,
  );
  assert.ok(text.startsWith("h1.0 Chapter 0\nh1.1 Chapter 1\n"));
  assert.ok(
    text.endsWith(
      "[index limited to h1-h1: 80 deeper headings omitted; select a section to list its subsections]\n",
    ),
  );
});
