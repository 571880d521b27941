import assert from "node:assert/strict";
import {
  fitDepths,
  foldedDepths,
  outlineBudget,
  outlineEntries,
  outlineLines,
} from "../../../mdsel/commands/outline.ts";
import { doc } from "../_docs.ts";

// h1 > h2 > (h3 > h4), h2 > h3: every level present.
const TREE = [
  "# A",
  "",
  "a",
  "",
  "## B",
  "",
  "### C",
  "",
  "#### D",
  "",
  "d d d",
  "",
  "## E",
  "",
  "### F",
  "",
].join("\n");

function entriesOf(text: string) {
  const parsed = doc(text);
  const list = parsed.top;
  return outlineEntries(
    list,
    0,
    list.nodes.length,
    (i) => `h${list.nodes[i].depth}.${list.ordinals[i]}`,
  );
}

Deno.test("outline entries: each heading with its section's words", () => {
  const entries = entriesOf(TREE);
  assert.deepEqual(entries.map((e) => [e.label, e.depth, e.text, e.words]), [
    ["h1.0", 1, "A", 10],
    ["h2.0", 2, "B", 6],
    ["h3.0", 3, "C", 5],
    ["h4.0", 4, "D", 4],
    ["h2.1", 2, "E", 2],
    ["h3.1", 3, "F", 1],
  ]);
});

Deno.test("outline lines: indentation, size from the threshold, folds say what they hide", () => {
  const entries = entriesOf(TREE);
  assert.deepEqual(outlineLines(entries, 6, { sizeWords: 500 }), [
    "h1.0 A",
    " h2.0 B",
    "  h3.0 C",
    "   h4.0 D",
    " h2.1 E",
    "  h3.1 F",
  ]);
  // Each hidden heading is counted once, on its nearest shown ancestor.
  assert.deepEqual(outlineLines(entries, 2, { sizeWords: 5 }), [
    "h1.0 A [10 words]",
    " h2.0 B [6 words, +2 subsections]",
    " h2.1 E [2 words, +1 subsections]",
  ]);
  assert.deepEqual(outlineLines(entries, 1, { sizeWords: 500 }), [
    "h1.0 A [10 words, +5 subsections]",
  ]);
  // An empty heading (`##`) is its selector alone, with no space after it.
  const empty = { depth: 2, label: "h2.0", text: "", words: 600 };
  assert.deepEqual(
    outlineLines([empty, { ...empty, words: 1, label: "h2.1" }], 2, { sizeWords: 500 }),
    [
      " h2.0 [600 words]",
      " h2.1",
    ],
  );
  // The spec's example line.
  const fileHandle = { depth: 3, label: "h3.0", text: "Class: FileHandle", words: 8120 };
  const hidden = Array.from(
    { length: 24 },
    (_, i) => ({ ...fileHandle, depth: 4, label: `h4.${i}` }),
  );
  assert.deepEqual(outlineLines([fileHandle, ...hidden], 3, { sizeWords: 500 }), [
    "  h3.0 Class: FileHandle [8120 words, +24 subsections]",
  ]);
});

Deno.test("folding keeps the two shallowest levels present, whatever they are", () => {
  // The last limits folding tries are the floors.
  const floor = (entries: { depth: number }[]) => [...foldedDepths([entries])].at(-1)![0];
  assert.equal(floor(entriesOf(TREE)), 2);
  assert.equal(floor(entriesOf("## a\n#### b\n###### c\n")), 4);
  assert.equal(floor(entriesOf("### only\n")), 3);
  assert.equal(floor([]), 1);
});

Deno.test("foldedDepths: the deepest level first, one fewer a time, down to every floor", () => {
  const tree = entriesOf(TREE);
  const deep = entriesOf("### x\n\n#### y\n\n##### z\n\n###### w\n");
  assert.deepEqual([...foldedDepths([tree, deep])], [[6, 6], [5, 5], [4, 4], [3, 4], [2, 4]]);
  // Already at the floor, or no headings at all: one try.
  assert.deepEqual([...foldedDepths([entriesOf("# a\n\n## b\n")])], [[2]]);
  assert.deepEqual([...foldedDepths([[]])], [[1]]);
  assert.deepEqual([...foldedDepths([])], [[]]);
});

/** h1 > 2 h2 > 3 h3 each > 3 h4 each, with long titles: folding saves. */
function bushy(): string {
  const lines = ["# Book"];
  for (let b = 0; b < 2; b++) {
    lines.push(`## Part ${b} with a fairly long title`);
    for (let c = 0; c < 3; c++) {
      lines.push(`### Chapter ${b}.${c} with a fairly long title`);
      for (let d = 0; d < 3; d++) lines.push(`#### Section ${b}.${c}.${d} with a long title`);
    }
  }
  return lines.join("\n\n") + "\n";
}

Deno.test("fitDepths folds the deepest level first and never below the floor", () => {
  const entries = entriesOf(bushy());
  const style = { sizeWords: 500 };
  const size = (limit: number) =>
    outlineLines(entries, limit, style).reduce((sum, line) => sum + line.length + 1, 0);
  assert.ok(size(4) > size(3) && size(3) > size(2));
  assert.deepEqual(fitDepths([{ entries, fixedChars: 0 }], size(4), style).limits, [4]);
  assert.deepEqual(fitDepths([{ entries, fixedChars: 0 }], size(4) - 1, style).limits, [3]);
  assert.deepEqual(fitDepths([{ entries, fixedChars: 0 }], size(3) - 1, style).limits, [2]);
  // Too small for anything: the floor (two levels), never h1 alone.
  assert.deepEqual(fitDepths([{ entries, fixedChars: 0 }], 1, style).limits, [2]);
  // Several outlines share one limit, each above its own floor.
  const deep = entriesOf("### x\n\n#### y\n\n##### z\n\n###### w\n");
  const shared = fitDepths(
    [{ entries, fixedChars: 10 }, { entries: deep, fixedChars: 10 }],
    1,
    style,
  );
  assert.deepEqual(shared.limits, [2, 4]);
  // When folding makes nothing fit, the smallest outline wins.
  const small = entriesOf(TREE);
  const fallback = fitDepths([{ entries: small, fixedChars: 0 }], 1, style);
  const sizes = [2, 3, 4].map((limit) =>
    outlineLines(small, limit, style).reduce((sum, line) => sum + line.length + 1, 0)
  );
  assert.equal(fallback.chars, Math.min(...sizes));
});

Deno.test("outlineBudget: 5% of the input, at least 2,000, at most the cap", () => {
  assert.equal(outlineBudget(0, 40_000), 2000);
  assert.equal(outlineBudget(100_000, 40_000), 5000);
  assert.equal(outlineBudget(10_000_000, 40_000), 40_000);
  assert.equal(outlineBudget(100_000, 1000), 1000);
});
