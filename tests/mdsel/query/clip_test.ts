import assert from "node:assert/strict";
import { clipText } from "../../../mdsel/query/clip.ts";

Deno.test("clipText: whole up to max, else the first max characters and ...", () => {
  assert.equal(clipText("", 0), "");
  assert.equal(clipText("abc", 3), "abc");
  assert.equal(clipText("abcd", 3), "abc...");
  assert.equal(clipText("x".repeat(1000), 60), `${"x".repeat(60)}...`);
});

Deno.test("clipText: code units never cut a surrogate pair, code points count an emoji once", () => {
  const emoji = "\u{1f600}";
  // In code units the pair straddles the cut: it goes whole or not at all.
  assert.equal(clipText(`ab${emoji}`, 3), "ab...");
  assert.equal(clipText(`a${emoji}b`, 3), `a${emoji}...`);
  assert.equal(clipText(emoji.repeat(40), 60).length, 60 + 3);
  // As code points: 40 emoji are 80 code units but fewer than 60 characters, and stay whole.
  assert.equal(clipText(emoji.repeat(40), 60, { codePoints: true }), emoji.repeat(40));
  assert.equal(clipText(emoji.repeat(61), 60, { codePoints: true }), `${emoji.repeat(60)}...`);
});
