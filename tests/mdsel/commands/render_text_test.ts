import assert from "node:assert/strict";
import { indexDocument } from "../../../mdsel/commands/index_command.ts";
import type { TextBudget } from "../../../mdsel/commands/index_outline.ts";
import { indexText, selectText } from "../../../mdsel/commands/render_text.ts";
import { selectInWorkspace } from "../../../mdsel/commands/select_command.ts";
import { parseSelector } from "../../../mdsel/query/selector.ts";
import { doc, workspace } from "../_docs.ts";

const PAGE = { words: 2000, chars: 16000 };
const BUDGET: TextBudget = { sizeWords: 500, maxChars: 40000, indexMaxChars: 40000, full: false };

/** A chapter of `n` sections with `words` words of text each. */
function chapters(count: number, sections: number, words: number): string {
  const parts: string[] = [];
  for (let c = 0; c < count; c++) {
    parts.push(`## Chapter ${c}`, "");
    for (let s = 0; s < sections; s++) {
      parts.push(`### Section ${c}.${s}`, "", Array(words).fill("word").join(" "), "");
    }
  }
  return parts.join("\n");
}

function indexOf(text: string, namespace = "d") {
  const parsed = doc(text, namespace);
  return { doc: parsed, index: indexDocument(parsed, PAGE) };
}

Deno.test("a small document is listed whole, sizes from MDSEL_SIZE_WORDS", () => {
  const text = indexText([indexOf(chapters(2, 2, 300))], [], BUDGET);
  assert.deepEqual(text.split("\n"), [
    "d d.md [1212 words]",
    " h2.0 Chapter 0 [606 words]",
    "  h3.0 Section 0.0",
    "  h3.1 Section 0.1",
    " h2.1 Chapter 1 [606 words]",
    "  h3.2 Section 1.0",
    "  h3.3 Section 1.1",
    "---",
    "para:4",
    "",
  ]);
});

Deno.test("--lines: the intro and every heading give their line range, in the same budget", () => {
  const item = indexOf(`Intro.\n\n${chapters(2, 1, 300)}`);
  assert.deepEqual(indexText([item], [], { ...BUDGET, lines: true }).split("\n").slice(0, 6), [
    "d d.md [609 words]",
    "intro L1-1 [1 words]",
    " h2.0 Chapter 0 L3-7",
    "  h3.0 Section 0.0 L5-7",
    " h2.1 Chapter 1 L9-13",
    "  h3.1 Section 1.0 L11-13",
  ]);
  // A folded heading keeps its range; the outline still fits 5% of the text.
  const big = indexOf(`# Manual\n\n${chapters(60, 8, 30)}`);
  const text = indexText([big], [], { ...BUDGET, lines: true });
  assert.ok(text.length <= Math.max(2000, big.doc.lines.text.length * 0.05), `${text.length}`);
  assert.equal(text.split("\n")[2], " h2.0 Chapter 0 L3-35 [258 words, +8 subsections]");
});

Deno.test("a big document folds deep levels into its sections, within 5% of its size", () => {
  // 60 chapters of 8 sections: ~1,600 characters of text per chapter, the full
  // outline far over 5% of it, the h2 lines alone well within.
  const item = indexOf(`# Manual\n\n${chapters(60, 8, 30)}`);
  const text = indexText([item], [], BUDGET);
  const lines = text.trimEnd().split("\n");
  assert.ok(text.length <= Math.max(2000, item.doc.lines.text.length * 0.05), `${text.length}`);
  assert.equal(lines[1], "h1.0 Manual [15481 words]");
  assert.equal(lines[2], " h2.0 Chapter 0 [258 words, +8 subsections]");
  assert.equal(lines.filter((line) => line.startsWith("  h3.")).length, 0);
  assert.equal(
    lines.at(-1),
    "[outline limited to h1-h2: 480 deeper headings not shown; select a section to list its subsections]",
  );
  // --full lists them all.
  const full = indexText([item], [], { ...BUDGET, full: true });
  assert.equal(full.split("\n").filter((line) => line.startsWith("  h3.")).length, 480);
});

Deno.test("many documents fold into their header lines to stay within the result budget", () => {
  const items = Array.from({ length: 12 }, (_, i) => indexOf(chapters(40, 2, 10), `doc${i}`));
  const budget = { ...BUDGET, maxChars: 4000 };
  const text = indexText(items, [], budget);
  assert.ok(text.length <= 4000, `${text.length}`);
  const folded = text.split("\n").filter((line) =>
    /^doc\d+ doc\d+\.md \[\d+ words, \+120 headings\]$/.test(line)
  );
  assert.ok(folded.length > 0, text);
  // Every document still appears, folded or not.
  for (let i = 0; i < 12; i++) assert.match(text, new RegExp(`^doc${i} doc${i}\\.md \\[`, "m"));
});

Deno.test("an outline that cannot fit even two levels is cut, and says where", () => {
  const item = indexOf(chapters(400, 1, 1));
  const text = indexText([item], [], { ...BUDGET, maxChars: 3000 });
  assert.ok(text.length <= 3000, `${text.length}`);
  assert.match(
    text,
    /\n\[outline cut after h\d\.\d+: \d+ more headings not shown; select them by number, e\.g\. h\d\.\d+\]\n$/,
  );
});

Deno.test("a fan-out past the result budget prints what fits and names the rest", () => {
  const parsed = doc(chapters(30, 1, 300));
  const outcome = selectInWorkspace(parseSelector("h2"), workspace(parsed));
  const text = selectText(outcome, 10_000);
  assert.ok(text.length <= 10_000, `${text.length}`);
  const shown = text.split("\n").filter((line) => /^d::heading:h2\[\d+\]:$/.test(line)).length;
  assert.ok(shown >= 1 && shown < 30, `${shown}`);
  assert.equal(
    text.trimEnd().split("\n").at(-1),
    `[${30 - shown} more matches not shown: ` +
      Array.from({ length: Math.min(10, 30 - shown) }, (_, k) => `d::heading:h2[${shown + k}]`)
        .join(", ") +
      (30 - shown > 10 ? ", ..." : "") + "; select them one at a time]",
  );
  // Without a budget everything is printed.
  assert.equal(
    selectText(outcome).split("\n").filter((l) => /^d::heading:h2\[\d+\]:$/.test(l)).length,
    30,
  );
});
