// Where an MDX text needs MDX's parser: one case per rule of `mdxSegments` (chunks.ts).
import assert from "node:assert/strict";
import { mdxSegments } from "../../../mdsel/parse/chunks.ts";
import { splitLines } from "../../../mdsel/parse/source_lines.ts";

/** The text's segments as `[first line, mdx]`. */
function segments(text: string): [number, boolean][] {
  return mdxSegments(splitLines(text), 0).map((segment) => [segment.first, segment.mdx]);
}

const CASES: [string, string, [number, boolean][]][] = [
  ["plain Markdown", "# A\n\ntext\n\n> quote\n", [[0, false], [2, false], [4, false]]],
  ["a JSX tag line", "# A\n\n<Box>\ntext\n</Box>\n", [[0, false], [2, true]]],
  ["an expression line", "# A\n\n{1 + 1}\n", [[0, false], [2, true]]],
  ["a text expression", "Some {value} here.\n", [[0, true]]],
  ["`<` and `{` in code spans only", "Use `<Box>` and `{a}` here.\n", [[0, false]]],
  ["an unclosed code span: the next lines count whole", "a `b\n<c> d`\n", [[0, true]]],
  ["an escaped backtick", "a \\`<b>\\`\n", [[0, true]]],
  ["ESM at column 0", "import X from 'x'\n\n# A\n", [[0, true], [2, false]]],
  ["import in prose", "Important: import it.\n", [[0, false]]],
  ["an indented heading (MDX has no indented code)", "text\n\n    # A\n", [[0, true]]],
  ["indented prose", "- a\n\n      more words\n", [[0, false]]],
  ["an indented list marker after a quote", ">     - a\n", [[0, true]]],
  ["no cut before a list item after a blank line", "- a\n\n- b\n", [[0, false]]],
  ["no cut before an indented line", "text\n\n  more\n", [[0, false]]],
  [
    "a column-0 fence's content is exempt",
    "```jsx\n<Box>{a}</Box>\n\n# comment\n```\n\nText.\n",
    [[0, false], [6, false]],
  ],
  ["but not an indented closer", "```\ncode\n    ```\n", [[0, true]]],
  [
    "an indented fence's content counts",
    "- a\n  ```\n  <b>\n  ```\n",
    [[0, true]],
  ],
];

for (const [name, text, expected] of CASES) {
  Deno.test(`mdxSegments: ${name}`, () => {
    assert.deepEqual(segments(text), expected);
  });
}

Deno.test("mdxSegments: segments cover the text from the first line given", () => {
  const text = "---\ntitle: x\n---\n\n# A\n\n<B />\n";
  const lines = splitLines(text);
  const found = mdxSegments(lines, 3);
  assert.equal(found[0].first, 3);
  assert.equal(found[found.length - 1].last, lines.starts.length);
  for (let i = 1; i < found.length; i++) assert.equal(found[i].first, found[i - 1].last);
});
