import assert from "node:assert/strict";
import { parseInline, parseMarkdown } from "../../../mdsel/parse/markdown.ts";
import {
  blockPlainText,
  inlinePlainText,
  inlineWordCount,
  stripHtml,
} from "../../../mdsel/parse/plain_text.ts";
import { countWords } from "../../../mdsel/parse/words.ts";
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

/**
 * Tricky inputs and their counts (`countWords`, `inlineWordCount`) as the
 * engine gave them before inline content was counted as it is read (rather
 * than rewritten into a string, then counted): whitespace of every kind,
 * CJK, emoji, punctuation, code spans, escapes, entities, links, HTML.
 */
const COUNTS: readonly [string, number, number][] = [
  ["", 0, 0],
  [" ", 0, 0],
  ["\t\n\r\u000b\f", 0, 0],
  ["one", 1, 1],
  ["  one two\tthree\n", 3, 3],
  ["a\u00a0b", 2, 2],
  ["a\u3000b\u3000c", 3, 3],
  ["\ufeffa\u2028b\u2029c", 3, 3],
  ["a\u200bb", 1, 1],
  ["a\u0085b", 1, 1],
  ["\u4e2d\u6587\u6587\u672c \u6ca1\u6709 \u7a7a\u683c", 3, 3],
  ["\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3001\u53e5\u8aad\u70b9\u3002", 1, 1],
  ["\ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8", 2, 2],
  ["\u00e9 \u00e0 \u00fc \u00f1  ", 4, 4],
  ["emoji \u{1f600} \u{1f680}x", 3, 3],
  ["x\ue000y", 1, 1],
  ["a, b; c. d!", 4, 4],
  ["-- -- --", 3, 3],
  ["a -- b", 3, 3],
  ["(x) [y] {z}", 3, 3],
  ["`code span`", 2, 2],
  ["a`b`c", 1, 1],
  ["a `b c` d", 4, 4],
  ["`` a ` b ``", 5, 3],
  ["`unclosed", 1, 1],
  ["a ``` b", 3, 3],
  ["``", 1, 1],
  ["` `", 2, 0],
  ["\\*not emphasis\\*", 2, 2],
  ["a\\\nb", 2, 2],
  ["a \\ b", 3, 3],
  ["\\", 1, 1],
  ["a\\b", 1, 1],
  ["a&amp;b", 1, 1],
  ["a&nbsp;b", 1, 2],
  ["a&#32;b", 1, 2],
  ["a&#x3000;b", 1, 2],
  ["a&ensp;b &emsp;c", 2, 3],
  ["a &bogus; b", 3, 3],
  ["a & b", 3, 3],
  ["&#0;", 1, 1],
  ["&#x110000;", 1, 1],
  ["[link text](https://example.org/a b)", 3, 3],
  ["[^1] note", 2, 1],
  ["a [] b", 3, 2],
  ["![](img.png) alt", 2, 1],
  ["a <b>bold</b> c", 3, 3],
  ["a <!-- x --> b", 5, 2],
  ["`<b>` and <i>x</i>", 3, 3],
  ["\\[not a link](x)", 3, 3],
  ["](`a b`)", 2, 2],
  ["`[^x]` y", 2, 2],
  ["&lt;b&gt; c", 2, 2],
  ["const x = 1;\nfunction f() {\n  return x;\n}\n", 10, 10],
  ["npm install --save-dev x@1.2.3", 4, 4],
  ["`tar -xvf {{archive.tar}}`", 3, 3],
  ["- List files recursively:", 4, 4],
  ["> More information: <https://example.org/tar>.", 4, 4],
];

Deno.test("countWords and inlineWordCount: the counts of the engine before", () => {
  for (const [text, words, inlineWords] of COUNTS) {
    assert.equal(countWords(text), words, JSON.stringify(text));
    assert.equal(inlineWordCount(text), inlineWords, JSON.stringify(text));
  }
});

Deno.test("inlineWordCount: counted as read or rewritten first, the same count", () => {
  // An HTML tag after a space takes the rewriting path and adds no word.
  const pieces = [
    "a",
    "b",
    " ",
    "\n",
    "\t",
    "`",
    "``",
    "\\",
    "\\\n",
    "\\*",
    "&",
    "&amp;",
    "&nbsp;",
    "&#32;",
    "&#x3000;",
    "&ensp;",
    "&bogus",
    ";",
    "\u3000",
    "\u00a0",
    "\u4e2d",
    "\u00e9",
    "\uE000",
    "\uFEFF",
    "\u2028",
    "\u200b",
    "\u{1f600}",
    "-",
    "*",
    "(",
    ")",
    "!",
  ];
  const rng = seededRng(37);
  for (let round = 0; round < 20_000; round++) {
    let content = "";
    for (let i = rng.int(0, 16); i > 0; i--) content += pieces[rng.int(0, pieces.length - 1)];
    assert.equal(
      inlineWordCount(content),
      inlineWordCount(`${content} <b></b>`),
      JSON.stringify(content),
    );
  }
});
