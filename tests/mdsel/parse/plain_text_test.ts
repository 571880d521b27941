import assert from "node:assert/strict";
import { parseInline } from "../../../mdsel/parse/markdown.ts";
import { inlinePlainText } from "../../../mdsel/parse/plain_text.ts";
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
