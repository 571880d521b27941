import assert from "node:assert/strict";
import { countWords, WordCount } from "../../../mdsel/parse/words.ts";
import { seededRng } from "../_generate.ts";

Deno.test("countWords: JavaScript's whitespace separates words, other invisible characters do not", () => {
  assert.equal(countWords(""), 0);
  assert.equal(countWords("\uFEFF\u00a0a\u3000b\u2028c "), 3);
  assert.equal(countWords("\t\n\r\u000b\f\u1680\u2000\u200a\u2029\u202f\u205f"), 0);
  // A zero-width space, a next-line and a private-use character are no whitespace.
  assert.equal(countWords("a\u200bb \u0085 \ue000"), 3);
});

Deno.test("WordCount: a text cut into pieces anywhere counts as the text", () => {
  const pieces = ["a", "b", " ", "\n", "\u3000", "\u00a0", "\u{1f600}", "é", "-"];
  const rng = seededRng(5);
  for (let round = 0; round < 2_000; round++) {
    let text = "";
    for (let i = rng.int(0, 20); i > 0; i--) text += pieces[rng.int(0, pieces.length - 1)];
    const words = new WordCount();
    let at = 0;
    while (at < text.length) {
      const next = Math.min(text.length, at + rng.int(0, 4));
      words.add(text, at, next);
      at = next;
    }
    assert.equal(words.count, countWords(text), JSON.stringify(text));
    assert.equal(words.inWord, /\S$/.test(text) ? 1 : 0, JSON.stringify(text));
  }
});

Deno.test("WordCount: word() and space() go on from the text added", () => {
  const words = new WordCount();
  words.add("one tw");
  words.word();
  assert.equal(words.count, 2);
  words.space();
  words.word();
  words.add("rd four");
  assert.equal(words.count, 4);
});
