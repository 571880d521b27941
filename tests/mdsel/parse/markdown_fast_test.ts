// The fast read of Markdown that a search through the server ranks from: on each construct
// below, on random documents of tricky lines and on every file of the corpus, its search data is
// markdown-it's parse's; what it cannot be sure of, it leaves to that parse.
import assert from "node:assert/strict";
import type { MdDocument } from "../../../mdsel/parse/document.ts";
import { fastMarkdownDocument } from "../../../mdsel/parse/markdown_fast.ts";
import { parseDocument } from "../../../mdsel/parse/markdown_nodes.ts";
import { searchData } from "../../../mdsel/search/data.ts";
import { ensureCorpus } from "../../_corpus.ts";

/** Search data as plain data; a section's node index is the reader's own. */
function plainData(doc: MdDocument): unknown {
  const data = searchData(doc);
  const sections = data.sections.map(({ node: _node, ...section }) => section);
  return { ...data, sections, terms: [...data.terms] };
}

function headings(doc: MdDocument): string[] {
  return doc.top.nodes.filter((node) => node.kind === "heading").map((node) =>
    `h${node.depth} ${node.startLine} ${node.text}`
  );
}

function assertAgrees(text: string, label = JSON.stringify(text)): boolean {
  const fast = fastMarkdownDocument(text, "d", "d.md");
  if (fast === undefined) return false;
  const exact = parseDocument(text, "d", "d.md");
  assert.deepEqual(headings(fast), headings(exact), label);
  assert.deepEqual(plainData(fast), plainData(exact), label);
  return true;
}

const AGREES: [string, string][] = [
  ["headings and text", "Intro.\n\n# Guide\n\nText.\n\n## Install ##\n\nRun it.\n"],
  ["front matter", "---\ntitle: 'Guide'\n---\n\n# Guide\n\nText.\n"],
  ["a fence holding heading lines", "# A\n\n```sh\n# not a heading\n```\n\n## B\n"],
  ["a tilde fence closed by a longer run", "~~~\n# no\n~~~~\n# Yes\n"],
  ["an unclosed fence", "# A\n\n```\n# no\n\ntext\n"],
  ["a list item's fence", "1. Run:\n\n   ```sh\n   # comment\n   ```\n\n# After\n"],
  ["an HTML block holding a heading line", "<div>\n# not a heading\n</div>\n\n# Real\n"],
  ["an HTML comment over lines", "<!--\n# hidden\n-->\n# Shown\n"],
  [
    "a tag line is a block, tags and text a paragraph",
    '<a id="x">\n# no\n\n<a id="y"></a>\n# Yes\n',
  ],
  ["a heading's inline markup and id", "# `fetch()` *options* {#opts}\n\n## A [link](/x)\n"],
  ["not headings", "#hashtag\n####### seven\n\\# escaped\n    # indented code\n"],
  ["an empty heading and a closing run", "#\n\n## Title #\n\n### x#\n"],
  ["a heading interrupts a paragraph, a list, a quote", "text\n# A\n- item\n# B\n> q\n# C\n"],
  ["a thematic break after a heading", "# A\n---\ntext\n\n---\n"],
  ["CRLF line ends", "# A\r\n\r\ntext\r\n## B\r\n"],
];

for (const [name, text] of AGREES) {
  Deno.test(`markdown fast: ${name}, as markdown-it reads it`, () => {
    assert.ok(assertAgrees(text), "read fast");
  });
}

Deno.test("markdown fast: what the scan cannot be sure of is left to the parse", () => {
  const unsure: [string, string][] = [
    ["a setext heading", "Title\n=====\n"],
    ["a setext underline after a list item", "- item\n---\n"],
    ["an indented heading", "  # maybe a list item's\n"],
    ["a tag line after what may be text", "text\n<span>\n# A\n"],
    ["a line left of an indented fence", "- a\n  ```\nfoo\n  ```\n# x\n"],
    ["a heading in an indented fence, at column 0", "- a\n  ```\n# x\n  ```\n"],
    ["a heading that may name a definition", "# [ref]\n\n[ref]: /url\n"],
    ["an HTML block ending otherwise, after what may be text", "text\n<span>\n<script>\n\n# A\n"],
    ["a NUL character", "# A\0\n"],
  ];
  for (const [name, text] of unsure) {
    assert.equal(fastMarkdownDocument(text, "d", "d.md"), undefined, name);
  }
});

// Lines whose reading depends on what comes before: headings, fences, HTML, lists, quotes.
const PIECES = [
  "# Title",
  "## Sub ##",
  "### x\\#",
  "  # indented",
  "\t# tab",
  "    # code",
  "#nohash",
  "# ",
  "text line",
  "- item",
  "  - nested",
  "1. one",
  "   cont",
  "> quote",
  "> # quoted",
  "",
  "",
  "",
  "```",
  "```js",
  "  ```",
  "    ```",
  "~~~",
  "````",
  "``` `x`",
  "- ```",
  "  ~~~~",
  "      ```",
  "<div>",
  "</div>",
  "<!-- c",
  "-->",
  "<!-- one -->",
  "<span>x</span>",
  "<script>",
  "</script>",
  "<img src=x>",
  '<a id="x"></a>',
  '<a id="y">',
  "</a>",
  "  <div>",
  "<?php",
  "?>",
  "<pre>",
  "</pre>",
  "<![CDATA[",
  "]]>",
  "<x-y>",
  "---",
  "===",
  "  ---",
  "***",
  "-",
  "| a | b |",
  "|---|---|",
  "[ref]: /url",
  "[^1]: note",
  "# [ref]",
  "# `code` *em*",
  "# Title {#id}",
  "+++",
  "title: x",
  "text <div>",
  "10. ten",
];

Deno.test("markdown fast: random documents of tricky lines read as markdown-it reads them", () => {
  // mulberry32: the same documents every run.
  let seed = 46;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let read = 0;
  const documents = 6000;
  for (let i = 0; i < documents; i++) {
    const lines = Array.from(
      { length: 1 + Math.floor(random() * 16) },
      () => PIECES[Math.floor(random() * PIECES.length)],
    );
    if (assertAgrees(lines.join("\n") + "\n")) read++;
  }
  // Most are read fast, so that the agreement above says something.
  assert.ok(read > documents / 3, `${read} of ${documents} read fast`);
});

Deno.test("markdown fast: every file of the corpus reads as markdown-it reads it", async () => {
  const files = (await ensureCorpus()).filter((path) => path.endsWith(".md"));
  assert.ok(files.length > 200, `${files.length} files`);
  let read = 0;
  for (const path of files) {
    const text = (await Deno.readTextFile(path)).replace(/^\uFEFF/, "");
    if (assertAgrees(text, path)) read++;
  }
  // Left to the parse: rare.
  assert.ok(read >= files.length * 0.95, `${read} of ${files.length} read fast`);
});
