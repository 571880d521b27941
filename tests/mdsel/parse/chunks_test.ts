import assert from "node:assert/strict";
import { chunkStarts, runsToEnd } from "../../../mdsel/parse/chunks.ts";
import { parseDocument } from "../../../mdsel/parse/markdown_nodes.ts";
import { parseMarkdown } from "../../../mdsel/parse/markdown.ts";
import { splitLines } from "../../../mdsel/parse/source_lines.ts";
import { modelOf } from "../_docs.ts";
import { generateDocument, seededRng } from "../_generate.ts";

/** A filler section of about 200 characters. */
function section(i: number): string {
  return `## Section ${i}\n\nSome words for section ${i}, to give it a size.\n\n`;
}

/** Everything the model says about a document parsed in pieces of `chunkChars`. */
function model(text: string, chunkChars: number) {
  return modelOf(parseDocument(text, "d", "d.md", chunkChars));
}

/** Tricky blocks around the cut points: each hides a `# heading` line after a blank line. */
const TRICKY = [
  "```sh\n# install\n\n# a comment, no heading\n```\n\n",
  "~~~~\n# in tildes\n\n# still code\n~~~\n\n# code too: the closer was too short\n~~~~\n\n",
  "<!--\n\n# a commented-out heading\n\n-->\n\n",
  "<pre>\n\n# preformatted\n</pre>\n\n",
  "- item\n  ```\n\n# H\n\n  ```\n\n# inside the fence the last line opened\n```\n\n",
  "> quoted\n\n# After the quote\n\n> [^1]: note\n\n",
  "Uses [the ref][later] before it is defined.\n\n# Heading with [a ref][later]\n\n",
  "---\n\n# Not front matter\n\n",
  "<div>\n# in the div, no blank line before\n</div>\n\n",
];

Deno.test("a document parsed in pieces is the document parsed whole", () => {
  for (const lineBreak of ["\n", "\r\n"]) {
    const parts = ["---\ntitle: x\n---\n\nIntro text.\n\n> a quote at the root\n\n"];
    for (let i = 0; i < 120; i++) {
      parts.push(section(i));
      if (i % 4 === 0) parts.push(TRICKY[(i / 4) % TRICKY.length]);
    }
    parts.push("[later]: https://example.com\n");
    const text = parts.join("").replaceAll("\n", lineBreak);
    const whole = model(text, Infinity);
    for (const chunkChars of [64, 500, 2_000]) {
      assert.deepEqual(
        model(text, chunkChars),
        whole,
        `pieces of ${chunkChars}, ${lineBreak === "\n" ? "LF" : "CRLF"}`,
      );
    }
  }
});

Deno.test("generated documents parse the same in pieces", () => {
  for (let seed = 1; seed <= 40; seed++) {
    const { text } = generateDocument(seededRng(seed));
    assert.deepEqual(model(text, 100), model(text, Infinity), `seed ${seed}`);
  }
});

Deno.test("chunkStarts cuts before headings after a blank line, never inside code or comments", () => {
  const text = [
    "# A",
    "",
    "text",
    "", // 0-3
    "```",
    "",
    "# in code",
    "```",
    "", // 4-8
    "<!--",
    "",
    "# commented",
    "-->",
    "", // 9-13
    "# B",
    "no blank before:",
    "# C",
    "", // 14-17
    "  # indented",
    "",
    "# D", // 18-20
  ].join("\n");
  const lines = splitLines(text);
  assert.deepEqual(chunkStarts(lines, 0, 1), [0, 14, 20]);
  // Each piece at least as big as asked, the last one too.
  assert.deepEqual(chunkStarts(lines, 0, 40), [0, 14]);
  // Nothing before `from` (front matter) and nothing for a small text.
  assert.deepEqual(chunkStarts(lines, 15, 1), [0, 20]);
  assert.deepEqual(chunkStarts(lines, 0, 1_000), [0]);
});

Deno.test("chunkStarts: a fence opens with three, no backtick in a backtick fence's info, and closes with as many or more, then spaces", () => {
  const cuts = (body: string) => chunkStarts(splitLines(`# A\n\n${body}\n\n# B\n`), 0, 1);
  assert.deepEqual(cuts("``` a`b\n\n# not code"), [0, 4, 6]);
  assert.deepEqual(cuts("~~~~ js\n\n# code\n~~~~~  "), [0, 7]);
  assert.deepEqual(cuts("~~~\n\n# code\n~~ \n\n# code"), [0]);
});

Deno.test("runsToEnd: a fence or HTML block that reaches the end of the piece", () => {
  assert.equal(runsToEnd(parseMarkdown("```\ncode\n\n"), 3), true);
  assert.equal(runsToEnd(parseMarkdown("```\ncode\n```\n\n"), 4), false);
  assert.equal(runsToEnd(parseMarkdown("<div>\n\n"), 2), false);
  assert.equal(runsToEnd(parseMarkdown("- a\n  ```\n\n"), 3), false);
});

Deno.test("splitLines agrees with a character-by-character split on every mix of breaks", () => {
  const reference = (text: string) => {
    const starts = [0];
    const ends: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10 || code === 13) {
        ends.push(i);
        if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    ends.push(text.length);
    return { starts, ends };
  };
  const rng = seededRng(7);
  const alphabet = ["a", " ", "\n", "\r", "\r\n", "\n\r", "\r\r", "\n\n"];
  for (let k = 0; k < 5_000; k++) {
    let text = "";
    for (let i = rng.int(0, 10); i > 0; i--) text += alphabet[rng.int(0, alphabet.length - 1)];
    const { starts, ends } = splitLines(text);
    assert.deepEqual({ starts, ends }, reference(text), JSON.stringify(text));
  }
});
