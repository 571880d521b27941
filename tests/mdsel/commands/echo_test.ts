import assert from "node:assert/strict";
import { echoValue, errorSelector, MAX_ECHO } from "../../../mdsel/commands/echo.ts";

/** The part of a selector a syntax error at `column` echoes. */
function selectorWindow(selector: string, column: number) {
  const message = `Unexpected character at column ${column}`;
  const { text, column: at } = errorSelector({ type: "INVALID_SELECTOR", message, selector });
  assert.ok(at !== undefined);
  return { text, column: at };
}

Deno.test("echoValue keeps short selectors whole and cuts long ones, never inside a pair", () => {
  const exact = "x".repeat(MAX_ECHO);
  assert.equal(echoValue(exact), exact);
  assert.equal(echoValue(exact + "y"), exact + "...");
  const emoji = "x".repeat(MAX_ECHO - 1) + "😀".repeat(10);
  const clipped = echoValue(emoji);
  assert.ok(clipped.isWellFormed(), clipped);
  assert.equal(clipped, "x".repeat(MAX_ECHO - 1) + "...");
});

Deno.test("a syntax error's window keeps the column inside, wherever it is", () => {
  const chars = Array.from({ length: 5_000 }, (_, i) => String.fromCharCode(97 + (i % 26)));
  const long = chars.join("");
  for (const column of [1, 2, 100, 101, 2_500, 4_900, 4_999, 5_000, 5_001]) {
    const { text, column: at } = selectorWindow(long, column);
    assert.ok(text.length <= MAX_ECHO + 6, `${column}: ${text.length}`);
    // Past the end (an error at the end of the selector): just after the last character.
    if (column <= long.length) assert.equal(text[at - 1], long[column - 1], `column ${column}`);
    else assert.equal(at, text.length + 1, `column ${column}`);
    assert.equal(text.startsWith("..."), column > MAX_ECHO / 2 + 1, `column ${column}`);
    assert.equal(text.endsWith("..."), column <= long.length - MAX_ECHO / 2, `column ${column}`);
  }
  // Columns count code points: a window after emoji still points at the right one.
  const emoji = "😀".repeat(1_000) + "!" + "😀".repeat(1_000);
  const { text, column } = selectorWindow(emoji, 1_001);
  assert.equal(Array.from(text)[column - 1], "!");
  assert.ok(text.isWellFormed());
});

Deno.test("errorSelector: a syntax error's window, anything else cut", () => {
  const selector = "h1.0/".repeat(10_000) + "h1.x";
  const syntax = errorSelector({
    type: "INVALID_SELECTOR",
    message: `Expected an index but found 'x' at column ${selector.length}`,
    selector,
  });
  assert.equal(syntax.text.at(-1), "x");
  assert.equal(syntax.text[syntax.column! - 1], "x");
  const other = errorSelector({ type: "SELECTOR_NOT_FOUND", message: "at column 9", selector });
  assert.deepEqual(other, { text: echoValue(selector) });
});
