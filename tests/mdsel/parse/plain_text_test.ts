import assert from "node:assert/strict";
import { parseInline, parseMarkdown } from "../../../mdsel/parse/markdown.ts";
import {
  blockPlainText,
  inlinePlainText,
  inlineWordCount,
  stripHtml,
} from "../../../mdsel/parse/plain_text.ts";
import { fc } from "../../_fast_check.ts";
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

Deno.test("stripHtml replaces tags and comments as the one regex did", () => {
  const regex = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--[\s\S]*?-->/g;
  const pieces = [
    "<",
    ">",
    "!",
    "-",
    "--",
    "/",
    " ",
    "\n",
    "a",
    "b1",
    "<!--",
    "-->",
    "<a>",
    "</b>",
    "<br/>",
    "<!-->",
  ];
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
      const text = parts.join("");
      assert.equal(stripHtml(text, " "), text.replace(regex, " "));
      assert.equal(stripHtml(text, ""), text.replace(regex, ""));
    }),
    { numRuns: 5_000 },
  );
});

Deno.test("hostile inline text is counted in linear time", async () => {
  // Each took minutes: a regex looked for the end from each `<!--` or `](<` of a line.
  const cases: [string, number][] = [
    ['"fetch " + "<!--".repeat(250_000)', 2],
    ['"fetch " + "](<".repeat(300_000)', 2],
  ];
  const module = new URL("../../../mdsel/parse/plain_text.ts", import.meta.url).href;
  for (const [content, words] of cases) {
    const code = `const { inlineWordCount } = await import(${JSON.stringify(module)});\n` +
      `console.log(inlineWordCount(${content}));`;
    const { code: exit, stdout } = await new Deno.Command(Deno.execPath(), {
      args: ["eval", code],
      stdout: "piped",
      stderr: "null",
      signal: AbortSignal.timeout(30_000),
    }).output();
    assert.equal(exit, 0, content);
    assert.equal(new TextDecoder().decode(stdout), `${words}\n`, content);
  }
  assert.equal(inlineWordCount("a <!-- b --> c](<d>)"), 2);
});
