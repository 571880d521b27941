import assert from "node:assert/strict";
import { parseInline, parseMarkdown } from "../../../mdsel/parse/markdown.ts";
import { blockPlainText, inlinePlainText } from "../../../mdsel/parse/plain_text.ts";
import { seededRng } from "../_generate.ts";

Deno.test("inlinePlainText: content without inline markup is its own text, as a parse says", () => {
  // The text of a parse, as inlinePlainText reads it (the shortcut skips it).
  const parsed = (content: string) =>
    parseInline(content).map((token) =>
      token.type === "text" || token.type === "code_inline"
        ? token.content
        : token.type === "softbreak" || token.type === "hardbreak"
        ? "\n"
        : `<${token.type}>`
    ).join("");
  const rng = seededRng(11);
  const plain = [..."ab Z09\t#$%+-:=>@{}^'\"()|/.,;?é😀\u00a0\u3000"];
  const markup = [..."*_`[]!<&\\~\n"];
  for (let k = 0; k < 5_000; k++) {
    let content = "";
    for (let i = rng.int(0, 14); i > 0; i--) content += plain[rng.int(0, plain.length - 1)];
    assert.equal(inlinePlainText(content), parsed(content), JSON.stringify(content));
    // With markup the parse decides.
    const marked = content + markup[rng.int(0, markup.length - 1)] + content;
    assert.equal(
      inlinePlainText(marked),
      parsed(marked).replace(/<[a-z_]+>/g, ""),
      JSON.stringify(marked),
    );
  }
});

Deno.test("blockPlainText under a limit parses only the start of a huge paragraph", () => {
  // A preview needs 320 characters: a paragraph of megabytes on one line was parsed whole.
  const tokens = parseMarkdown("*a* [b](https://c.d) ".repeat(50_000) + "\n");
  const text = blockPlainText(tokens, 0, tokens.length, 320);
  assert.ok(text.startsWith("a b a b "));
  assert.ok(text.length < 320 * 16, `${text.length} characters`);
  // Never half a surrogate pair where it cuts.
  const astral = parseMarkdown("*😀* " + "😀".repeat(100_000) + "\n");
  const cut = blockPlainText(astral, 0, astral.length, 100);
  assert.ok(!/[\uD800-\uDBFF]$/.test(cut.trimEnd()), "a lone high surrogate at the end");
});
