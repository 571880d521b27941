/**
 * Markdown document generators shared by the property tests and the engine
 * benchmark.
 *
 * {@linkcode generateDocument} builds a random document from an {@linkcode Rng}
 * and, beside its text, a model of what the document holds: the top-level
 * nodes with their kinds, heading depths and texts, word counts (as the
 * spec's plain text has them), and the lines they take. The model is computed
 * while writing, independently of the engine, so tests can compare the engine
 * against it. The generator only writes constructs whose reading is fixed by
 * CommonMark/GFM (blocks are separated by blank lines, adjacent lists use
 * different markers, indented code never follows a list), so the model is
 * exact.
 *
 * {@linkcode smallDocument}, {@linkcode apiReference} and
 * {@linkcode changelog} build the benchmark's three inputs.
 *
 * @module
 */

/** A source of random integers. */
export interface Rng {
  /**
   * A random integer.
   *
   * @param min Smallest value.
   * @param max Largest value (inclusive).
   * @returns An integer in `[min, max]`.
   */
  int(min: number, max: number): number;
}

/**
 * A small, fast, seeded generator (mulberry32).
 *
 * @param seed Any 32-bit integer.
 * @returns The generator.
 */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

/** The node kinds of the document model (mirrors the spec's §2). */
export type ModelKind =
  | "heading"
  | "paragraph"
  | "code"
  | "list"
  | "table"
  | "blockquote"
  | "html"
  | "thematic_break"
  | "definition"
  | "footnote_definition";

/** The block kinds a selector can name. */
export const SELECTABLE_BLOCKS: readonly ModelKind[] = [
  "paragraph",
  "code",
  "list",
  "table",
  "blockquote",
];

/** One node of the model. Lines and columns are 0-based. */
export interface ModelNode {
  /** What the node is. */
  kind: ModelKind;
  /** Heading depth 1-6; 0 for other nodes. */
  depth: number;
  /** A heading's plain text, words separated by single spaces; "" otherwise. */
  text: string;
  /** Words of the node's plain text. */
  words: number;
  /** First line of the node. */
  startLine: number;
  /** Column (UTF-16 offset) of the node's first character on its first line. */
  startColumn: number;
  /** Last non-blank line of the node. */
  endLine: number;
  /** A blockquote's child nodes. */
  children: ModelNode[];
}

/** A generated document and its model. */
export interface GeneratedDoc {
  /** The file's bytes, as text (may start with a BOM). */
  file: string;
  /** The text after the BOM, which every line and column refers to. */
  text: string;
  /** The lines of `text`, without their line breaks. */
  lines: string[];
  /** Offset in `text` of each line's first character. */
  lineStarts: number[];
  /** How many lines of front matter `text` starts with. */
  frontMatterLines: number;
  /** The top-level nodes. */
  nodes: ModelNode[];
}

/** Limits of {@linkcode generateDocument}. */
export interface GenerateOptions {
  /** Most top-level blocks (default 24). */
  maxBlocks?: number;
}

// ---------------------------------------------------------------- helpers

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(0, items.length - 1)];
}

function chance(rng: Rng, percent: number): boolean {
  return rng.int(0, 99) < percent;
}

function weighted<T>(rng: Rng, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.int(0, total - 1);
  for (const [value, weight] of table) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return table[table.length - 1][0];
}

/** Words of a text: maximal runs of non-whitespace (the spec's definition). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== "").length;
}

const WORDS = [
  "alpha",
  "beta",
  "gamma",
  "delta",
  "lorem",
  "ipsum",
  "parser",
  "token",
  "select",
  "index",
  "config",
  "value",
  "x1",
  "v2",
  "über",
  "naïve",
  "日本語",
  "🦕",
  "co-op",
  "e.g.",
  "it's",
];

function word(rng: Rng): string {
  return pick(rng, WORDS);
}

function words(rng: Rng, min: number, max: number): string[] {
  return Array.from({ length: rng.int(min, max) }, () => word(rng));
}

/** A piece of inline Markdown and the plain text a reader sees. */
interface Inline {
  source: string;
  plain: string;
}

const PLAIN = (text: string): Inline => ({ source: text, plain: text });

/**
 * One inline fragment. `heading` restricts it to markup whose plain text has
 * no surprises in a heading (no footnote references).
 */
function fragment(rng: Rng, footnotes: Set<string>, heading: boolean): Inline {
  const kind = weighted(rng, [
    ["plain", 40],
    ["strong", 5],
    ["em", 5],
    ["code", 6],
    ["codeSpaced", heading ? 0 : 2],
    ["codeHtml", heading ? 0 : 2],
    ["link", 5],
    ["linkTitle", 3],
    ["linkAngle", 1],
    ["emptyLink", 1],
    ["image", 2],
    ["span", 3],
    ["br", heading ? 0 : 1],
    ["comment", 1],
    ["footnoteGlued", heading ? 0 : 2],
    ["footnoteAlone", heading ? 0 : 1],
    ["strike", 2],
    ["autolink", 2],
    ["escaped", 2],
    ["entity", 1],
    ["nbspGlued", heading ? 0 : 2],
    ["nbspAlone", heading ? 0 : 1],
  ]);
  const w = word(rng);
  const ws = words(rng, 1, 3).join(" ");
  switch (kind) {
    case "strong":
      return { source: `**${ws}**`, plain: ws };
    case "em":
      return { source: chance(rng, 50) ? `*${w}*` : `_${w}_`, plain: w };
    case "code":
      return { source: `\`${ws}\``, plain: ws };
    case "codeSpaced":
      // A space inside each backtick: the spaces are stripped, the run of
      // backticks is no word.
      return chance(rng, 50)
        ? { source: `\` ${w} \``, plain: w }
        : { source: "`` ` ``", plain: "`" };
    case "codeHtml":
      return { source: `\`${w} <b> ${w}\``, plain: `${w} <b> ${w}` };
    case "link":
      return { source: `[${ws}](https://example.com/${w.length})`, plain: ws };
    case "linkTitle":
      return { source: `[${ws}](https://example.com/p "Title ${w}")`, plain: ws };
    case "linkAngle":
      return { source: `[${w}](<docs/a b.md>)`, plain: w };
    case "emptyLink":
      return { source: "[](https://example.com)", plain: "" };
    case "image":
      return { source: `![${ws}](img/${w.length}.png)`, plain: ws };
    case "span":
      return { source: `<span class="k">${w}</span>`, plain: w };
    case "br":
      return { source: "<br>", plain: "" };
    case "comment":
      return { source: `<!-- ${ws} -->`, plain: "" };
    case "footnoteGlued": {
      const label = `n${rng.int(1, 3)}`;
      footnotes.add(label);
      return { source: `${w}[^${label}]`, plain: w };
    }
    case "footnoteAlone": {
      const label = `n${rng.int(1, 3)}`;
      footnotes.add(label);
      return { source: `[^${label}]`, plain: "" };
    }
    case "strike":
      return { source: `~~${ws}~~`, plain: ws };
    case "autolink":
      return {
        source: `<https://example.com/${w.length}>`,
        plain: `https://example.com/${w.length}`,
      };
    case "escaped":
      return { source: `${w}\\*`, plain: `${w}*` };
    case "entity":
      return { source: `&amp;${w}`, plain: `&${w}` };
    case "nbspGlued":
      return { source: `${w}&nbsp;${w}`, plain: `${w}\u00a0${w}` };
    case "nbspAlone":
      return { source: "&nbsp;", plain: "\u00a0" };
    default:
      return PLAIN(w);
  }
}

/** A line of inline Markdown: always starts with a plain word. */
function inlineLine(rng: Rng, footnotes: Set<string>, max: number, heading = false): Inline {
  const parts: Inline[] = [PLAIN(word(rng))];
  const count = rng.int(0, max - 1);
  for (let i = 0; i < count; i++) parts.push(fragment(rng, footnotes, heading));
  return {
    source: parts.map((part) => part.source).join(" "),
    plain: parts.map((part) => part.plain).join(" "),
  };
}

// ----------------------------------------------------------------- blocks

/** A block's lines and its node, with lines relative to the block. */
interface Block {
  lines: string[];
  node: ModelNode;
  /** A fenced code block left open (it runs to the end of the file). */
  open?: boolean;
}

function leaf(kind: ModelKind, lines: string[], words: number, startColumn = 0): Block {
  return {
    lines,
    node: {
      kind,
      depth: 0,
      text: "",
      words,
      startLine: 0,
      startColumn,
      endLine: lastContentLine(lines),
      children: [],
    },
  };
}

function lastContentLine(lines: string[]): number {
  let line = lines.length - 1;
  while (line > 0 && lines[line].trim() === "") line--;
  return line;
}

function shift(node: ModelNode, lines: number, columns: number): void {
  node.startLine += lines;
  node.endLine += lines;
  node.startColumn += columns;
  for (const child of node.children) shift(child, lines, columns);
}

/** What the previous sibling constrains about the next block. */
interface Context {
  /** Footnote labels referenced so far. */
  footnotes: Set<string>;
  /** How many blockquotes enclose the blocks. */
  quoteDepth: number;
  /** The previous sibling's kind, if any. */
  previous?: ModelKind;
  /** The marker family of the previous sibling when it was a list. */
  previousListFamily?: string;
  /** Whether this is the first line of the file. */
  atFileStart: boolean;
  /** Whether indented code may follow. */
  previousIndentedCode: boolean;
}

function indent(rng: Rng, context: Context, max = 3): string {
  // After a list, an indented line would continue the list's last item.
  if (context.previous === "list" || context.previous === "footnote_definition") return "";
  return " ".repeat(chance(rng, 75) ? 0 : rng.int(1, max));
}

function paragraph(rng: Rng, context: Context): Block {
  const count = rng.int(1, 3);
  const lines: string[] = [];
  let words = 0;
  for (let i = 0; i < count; i++) {
    const line = inlineLine(rng, context.footnotes, 8);
    words += countWords(line.plain);
    let source = (i === 0 ? indent(rng, context) : " ".repeat(rng.int(0, 2))) + line.source;
    if (i < count - 1) {
      // Hard breaks: two spaces, a glued backslash, or a backslash alone.
      const ending = weighted(rng, [["", 70], ["  ", 10], ["\\", 10], [" \\", 10]]);
      source += ending;
    } else if (chance(rng, 10)) {
      source += "   ";
    }
    lines.push(source);
  }
  return leaf("paragraph", lines, words);
}

function atxHeading(rng: Rng, context: Context, depth: number): Block {
  const hashes = "#".repeat(depth);
  let line: Inline;
  if (chance(rng, 4)) line = { source: "", plain: "" };
  else if (chance(rng, 5)) {
    // A long heading, for preview truncation.
    const parts = words(rng, 16, 24);
    line = PLAIN(parts.join(" "));
  } else line = inlineLine(rng, context.footnotes, 5, true);
  const closing = chance(rng, 25) ? " " + "#".repeat(rng.int(1, 8)) : "";
  const trailing = chance(rng, 10) ? "  " : "";
  const body = line.source === "" ? "" : " " + line.source;
  const source = indent(rng, context) + hashes + body + closing + trailing;
  const block = leaf("heading", [source], countWords(line.plain));
  block.node.depth = depth;
  block.node.text = line.plain;
  return block;
}

function setextHeading(rng: Rng, context: Context, depth: 1 | 2): Block {
  const count = chance(rng, 15) ? 2 : 1;
  const texts: Inline[] = [];
  for (let i = 0; i < count; i++) texts.push(inlineLine(rng, context.footnotes, 4, true));
  const underline = (depth === 1 ? "=" : "-").repeat(rng.int(3, 12));
  const lines = [
    indent(rng, context) + texts[0].source,
    ...texts.slice(1).map((text) => text.source),
    " ".repeat(rng.int(0, 3)) + underline + (chance(rng, 10) ? "  " : ""),
  ];
  const plain = texts.map((text) => text.plain).join(" ");
  const block = leaf("heading", lines, countWords(plain));
  block.node.depth = depth;
  block.node.text = plain;
  return block;
}

const CODE_LINES = [
  "# not a heading",
  "- not a list",
  "> not a quote",
  "",
  "    indented inside",
  "| not | a table |",
  "<div>not html</div>",
  "const x = compute(1, 2);",
];

function fencedCode(rng: Rng, context: Context, mayStayOpen: boolean): Block {
  const char = chance(rng, 70) ? "`" : "~";
  const length = rng.int(3, 4);
  const fence = char.repeat(length);
  const info = pick(rng, ["", "", "js", "ts title=demo", "sh"]);
  const fenceIndent = indent(rng, context);
  const lines = [fenceIndent + fence + info];
  let words = 0;
  const count = rng.int(0, 4);
  for (let i = 0; i < count; i++) {
    let line = chance(rng, 50) ? words_line(rng) : pick(rng, CODE_LINES);
    if (line === "" && (i === 0 || i === count - 1)) line = word(rng);
    if (chance(rng, 10) && (char === "~" || length === 4)) line = "```";
    words += countWords(line);
    lines.push(line);
  }
  if (mayStayOpen && chance(rng, 20)) return { ...leaf("code", lines, words), open: true };
  lines.push(" ".repeat(rng.int(0, 3)) + char.repeat(rng.int(length, length + 2)));
  return leaf("code", lines, words);
}

function words_line(rng: Rng): string {
  return words(rng, 1, 6).join(" ");
}

function indentedCode(rng: Rng): Block {
  const count = rng.int(1, 3);
  const lines: string[] = [];
  let words = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i < count - 1 && chance(rng, 30)) {
      lines.push("");
      continue;
    }
    const text = words_line(rng);
    words += countWords(text);
    lines.push(" ".repeat(rng.int(4, 6)) + text);
  }
  return leaf("code", lines, words);
}

const LIST_FAMILIES = ["-", "*", "+", ".", ")"];

function list(rng: Rng, context: Context, family: string, level: number): Block {
  const lines: string[] = [];
  let words = 0;
  const count = rng.int(1, 4);
  const loose = chance(rng, 25);
  const ordered = family === "." || family === ")";
  // A nested list interrupts its item's paragraph, which only a list
  // starting at 1 can do.
  let number = ordered ? (level > 1 ? 1 : pick(rng, [1, 1, 1, 3, 9, 10])) : 0;
  const inner: Context = { ...context, previous: undefined, previousListFamily: undefined };
  for (let i = 0; i < count; i++) {
    if (i > 0 && loose) lines.push(chance(rng, 80) ? "" : "  ");
    const marker = ordered ? `${number++}${family}` : family;
    const pad = " ".repeat(marker.length + 1);
    if (!ordered && i > 0 && loose && chance(rng, 5)) {
      lines.push(marker); // an empty item (after a blank line, or it would be a setext underline)
      continue;
    }
    let text: Inline;
    if (chance(rng, 6)) {
      const heading = atxHeading(rng, { ...inner, previous: "list" }, rng.int(1, 6));
      text = { source: heading.lines[0], plain: heading.node.text };
    } else {
      text = inlineLine(rng, context.footnotes, 5);
      if (!ordered && chance(rng, 15)) text.source = pick(rng, ["[ ] ", "[x] "]) + text.source;
    }
    words += countWords(text.plain);
    lines.push(`${marker} ${text.source}`);
    if (chance(rng, 15)) {
      // A continuation paragraph (makes the list loose).
      const more = words_line(rng);
      words += countWords(more);
      lines.push("", pad + more);
    }
    if (chance(rng, 10)) {
      const code = fencedCode(rng, { ...inner, previous: "list" }, false);
      words += code.node.words;
      lines.push(...code.lines.map((line) => (line === "" ? "" : pad + line)));
    }
    if (level < 3 && chance(rng, 25)) {
      const nested = list(rng, inner, pick(rng, LIST_FAMILIES), level + 1);
      words += nested.node.words;
      lines.push(...nested.lines.map((line) => (line === "" ? "" : pad + line)));
    }
  }
  return leaf("list", lines, words);
}

function table(rng: Rng, context: Context): Block {
  const columns = rng.int(1, 4);
  const pipes = columns === 1 || chance(rng, 75);
  let words = 0;
  const cell = (allowEmpty: boolean) => {
    if (allowEmpty && pipes && chance(rng, 10)) return "";
    const text = inlineLine(rng, context.footnotes, 2, true);
    words += countWords(text.plain);
    return text.source;
  };
  const row = (cells: string[]) => pipes ? `| ${cells.join(" | ")} |` : cells.join(" | ");
  const header = row(Array.from({ length: columns }, () => cell(false)));
  const align = row(
    Array.from({ length: columns }, () => pick(rng, ["---", ":---", "---:", ":-:", "------"])),
  );
  const lines = [indent(rng, context) + header, align];
  const rows = rng.int(0, 3);
  for (let i = 0; i < rows; i++) lines.push(row(Array.from({ length: columns }, () => cell(true))));
  return leaf("table", lines, words);
}

function htmlBlock(rng: Rng, context: Context): Block {
  const w = words_line(rng);
  const start = indent(rng, context);
  switch (rng.int(0, 5)) {
    case 0:
      return leaf("html", [start + "<div>", w, "</div>"], countWords(w));
    case 1:
      return leaf("html", [start + `<div class="note">${w}</div>`], countWords(w));
    case 2:
      return leaf("html", [start + `<!-- ${w} -->`], 0);
    case 3:
      return leaf("html", [start + "<!--", w, "-->"], 0);
    case 4:
      return leaf("html", [start + "<pre>", w, "</pre>"], countWords(w));
    default:
      return leaf("html", [start + "<my-widget>", w, "</my-widget>"], countWords(w));
  }
}

function thematicBreak(rng: Rng, context: Context): Block {
  const forms = ["***", "___", "- - -", "* * *", "_____", "---"];
  // A `---` on the file's first line would open front matter.
  const form = pick(rng, context.atFileStart ? forms.slice(0, -1) : forms);
  return leaf("thematic_break", [indent(rng, context) + form], 0);
}

function definition(rng: Rng, context: Context): Block {
  const label = pick(rng, ["ref", "Docs Home", "x1"]);
  const title = chance(rng, 50) ? ` "Title ${word(rng)}"` : "";
  return leaf(
    "definition",
    [`${indent(rng, context)}[${label}]: https://example.com/r${title}`],
    0,
  );
}

function footnoteDefinition(rng: Rng, label: string): Block {
  const text = inlineLine(rng, new Set(), 4, true);
  return leaf("footnote_definition", [`[^${label}]: ${text.source}`], countWords(text.plain));
}

function blockquote(rng: Rng, context: Context): Block {
  const lead = indent(rng, context, 2);
  const prefix = lead + "> ";
  const inner: Context = {
    footnotes: context.footnotes,
    quoteDepth: context.quoteDepth + 1,
    atFileStart: false,
    previousIndentedCode: false,
  };
  const children = blockSequence(rng, inner, rng.int(1, 3), false);
  const lines: string[] = [];
  const nodes: ModelNode[] = [];
  let words = 0;
  for (const child of children) {
    if (lines.length > 0) lines.push(lead + (chance(rng, 70) ? ">" : "> "));
    shift(child.node, lines.length, prefix.length);
    nodes.push(child.node);
    words += child.node.words;
    lines.push(...child.lines.map((line) => (line === "" ? lead + ">" : prefix + line)));
  }
  const block = leaf("blockquote", lines, words);
  block.node.children = nodes;
  return block;
}

/** Generates one block that may follow the context's previous sibling. */
function block(rng: Rng, context: Context, last: boolean): Block {
  const nested = context.quoteDepth > 0;
  const kind = weighted(rng, [
    ["heading", 22],
    ["setext", 4],
    ["paragraph", 24],
    ["code", 10],
    [
      "indented",
      nested || context.previous === "list" || context.previousIndentedCode ||
        context.previous === "footnote_definition"
        ? 0
        : 3,
    ],
    ["list", 12],
    ["table", 5],
    ["blockquote", context.quoteDepth < 3 ? 7 : 0],
    ["html", 4],
    ["hr", 3],
    ["definition", nested ? 0 : 2],
  ]);
  switch (kind) {
    case "heading":
      return atxHeading(rng, context, rng.int(1, 6));
    case "setext":
      return setextHeading(rng, context, chance(rng, 50) ? 1 : 2);
    case "paragraph":
      return paragraph(rng, context);
    case "code":
      return fencedCode(rng, context, last && !nested);
    case "indented":
      return indentedCode(rng);
    case "list": {
      // Adjacent lists of one marker family would merge into one list.
      const families = LIST_FAMILIES.filter((family) => family !== context.previousListFamily);
      return list(rng, context, pick(rng, families), 1);
    }
    case "table":
      return table(rng, context);
    case "blockquote":
      return blockquote(rng, context);
    case "html":
      return htmlBlock(rng, context);
    case "hr":
      return thematicBreak(rng, context);
    default:
      return definition(rng, context);
  }
}

function blockSequence(rng: Rng, context: Context, count: number, topLevel: boolean): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < count; i++) {
    const next = block(rng, context, topLevel && i === count - 1);
    blocks.push(next);
    context.previous = next.node.kind;
    context.previousListFamily = next.node.kind === "list"
      ? LIST_FAMILIES.find((family) => _listFamily(next.lines[0]) === family)
      : undefined;
    context.previousIndentedCode = next.node.kind === "code" && next.lines[0].startsWith("    ");
    context.atFileStart = false;
  }
  return blocks;
}

function _listFamily(firstLine: string): string | undefined {
  const match = /^\s*(?:([-*+])|\d+([.)]))/.exec(firstLine);
  return match?.[1] ?? match?.[2];
}

const FRONT_MATTER = [
  ["---", "title: Generated", "tags: [a, b]", "---"],
  ["---", "title: Dots", "..."],
  ["+++", 'title = "toml"', "+++"],
];

/**
 * A random Markdown document and its model.
 *
 * @param rng Where randomness comes from.
 * @param options Size limits.
 * @returns The document.
 */
export function generateDocument(rng: Rng, options: GenerateOptions = {}): GeneratedDoc {
  const maxBlocks = options.maxBlocks ?? 24;
  const lines: string[] = [];
  let frontMatterLines = 0;
  if (chance(rng, 15)) {
    lines.push(...pick(rng, FRONT_MATTER));
    frontMatterLines = lines.length;
  }
  if (chance(rng, 10)) lines.push("");
  const context: Context = {
    footnotes: new Set(),
    quoteDepth: 0,
    atFileStart: lines.length === 0,
    previousIndentedCode: false,
  };
  const count = chance(rng, 5) ? 0 : rng.int(1, maxBlocks);
  const blocks = blockSequence(rng, context, count, true);
  // Every footnote referenced is defined, so references are markup.
  const openFence = blocks.length > 0 && blocks[blocks.length - 1].open === true;
  for (const label of [...context.footnotes].sort()) {
    const definition = footnoteDefinition(rng, label);
    if (openFence) blocks.splice(blocks.length - 1, 0, definition);
    else blocks.push(definition);
  }
  const nodes: ModelNode[] = [];
  for (const next of blocks) {
    if (lines.length > 0) {
      const blanks = rng.int(1, 3);
      for (let i = 0; i < blanks; i++) lines.push(pick(rng, ["", "", "", " ", "  ", "\t"]));
    }
    shift(next.node, lines.length, 0);
    nodes.push(next.node);
    lines.push(...next.lines);
  }
  const ending = pick(rng, ["", "\n", "\n", "\n", "\n\n", "\n  \n"]);
  const breaks = weighted(rng, [["\n", 70], ["\r\n", 18], ["\r", 4], ["mixed", 8]]);
  let text = "";
  const lineStarts: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    lineStarts.push(text.length);
    text += lines[i];
    if (i < lines.length - 1) {
      text += breaks === "mixed" ? pick(rng, ["\n", "\r\n"]) : breaks;
    }
  }
  text += breaks === "mixed" || breaks === "\n" ? ending : ending.replaceAll("\n", breaks);
  const bom = chance(rng, 5) ? "\uFEFF" : "";
  return { file: bom + text, text, lines, lineStarts, frontMatterLines, nodes };
}

/**
 * The exact source of lines `first..last` (0-based, inclusive) of a
 * generated document, from column `column` of the first line, trailing
 * whitespace removed: what `select` must return for a node.
 *
 * @param doc The document.
 * @param first First line.
 * @param last Last line.
 * @param column Where on the first line to start.
 * @returns The source text.
 */
export function sourceOf(doc: GeneratedDoc, first: number, last: number, column = 0): string {
  const { lineStarts, lines, text } = doc;
  return text.slice(lineStarts[first] + column, lineStarts[last] + lines[last].length).trimEnd();
}

// ------------------------------------------------------- benchmark inputs

/**
 * A ~500-byte README: a title, an intro, install and usage sections.
 *
 * @returns The document text.
 */
export function smallDocument(): string {
  return [
    "# mdsel demo",
    "",
    "A tiny document for start-up timing, with a paragraph and two sections.",
    "",
    "## Install",
    "",
    "```sh",
    "deno install -g -n mdsel --allow-read jsr:@x/mdsel-claude/mdsel",
    "```",
    "",
    "## Usage",
    "",
    "Run `mdsel index README.md`, then select a section:",
    "",
    "- `mdsel select h2.0 README.md`",
    "- `mdsel select h2.1/code.0 README.md`",
    "",
    "| option | meaning |",
    "| ------ | ------- |",
    "| --json | JSON output |",
    "",
    "> Selectors are 0-based.",
    "",
    "## License",
    "",
    "MIT. See the LICENSE file for the full text and the list of authors.",
    "",
  ].join("\n");
}

const API_WORDS = [
  "the",
  "a",
  "of",
  "to",
  "returns",
  "value",
  "when",
  "is",
  "options",
  "request",
  "response",
  "client",
  "server",
  "stream",
  "buffer",
  "timeout",
  "error",
  "handler",
  "configured",
  "default",
  "called",
  "resolved",
  "promise",
  "instance",
  "property",
  "method",
  "argument",
  "optional",
  "string",
  "number",
];

function sentence(rng: Rng, min: number, max: number): string {
  const parts = Array.from({ length: rng.int(min, max) }, () => pick(rng, API_WORDS));
  parts[0] = parts[0][0].toUpperCase() + parts[0].slice(1);
  if (chance(rng, 30)) parts[rng.int(0, parts.length - 1)] = "`" + pick(rng, API_WORDS) + "()`";
  return parts.join(" ") + ".";
}

function prose(rng: Rng, sentences: number): string {
  const lines: string[] = [];
  let line = "";
  for (let i = 0; i < sentences; i++) {
    const next = sentence(rng, 8, 16);
    if (line.length + next.length > 100) {
      lines.push(line);
      line = next;
    } else line = line === "" ? next : `${line} ${next}`;
  }
  lines.push(line);
  return lines.join("\n");
}

/**
 * An API reference: modules (h1), classes (h2) and members (h3), each member
 * with a description, a parameter table, an example and a returns line.
 *
 * @param rng Where randomness comes from.
 * @param bytes Roughly how long to make it.
 * @returns The document text.
 */
export function apiReference(rng: Rng, bytes: number): string {
  const parts: string[] = ["# API reference", "", prose(rng, 4), ""];
  let size = parts.join("\n").length;
  let module = 0;
  let cls = 0;
  while (size < bytes) {
    const section: string[] = [];
    if (cls % 6 === 0) section.push(`# Module \`net${module++}\``, "", prose(rng, 3), "");
    const name = `Client${cls++}`;
    section.push(`## Class ${name}`, "", prose(rng, 4), "");
    const members = rng.int(3, 5);
    for (let m = 0; m < members && size < bytes; m++) {
      const member = `${pick(rng, ["get", "set", "open", "close", "send", "read"])}${m}`;
      section.push(
        `### ${name}.${member}(options)`,
        "",
        prose(rng, rng.int(5, 8)),
        "",
        "| Parameter | Type | Description |",
        "| --------- | ---- | ----------- |",
        ...Array.from(
          { length: rng.int(2, 4) },
          (_, i) => `| \`arg${i}\` | \`${pick(rng, API_WORDS)}\` | ${sentence(rng, 6, 12)} |`,
        ),
        "",
        "```ts",
        `const client = new ${name}({ timeout: ${rng.int(1, 99) * 100} });`,
        `const result = await client.${member}({ retries: ${rng.int(1, 5)} });`,
        'console.log(result.status, result.headers.get("content-type"));',
        "```",
        "",
        `Returns: ${sentence(rng, 6, 14)}`,
        "",
      );
    }
    const text = section.join("\n");
    parts.push(text);
    size += text.length + 1;
  }
  return parts.join("\n");
}

const CHANGE_KINDS = ["Added", "Changed", "Fixed", "Removed", "Security"];

/**
 * A changelog: one h2 per release, h3 per kind of change, bullet lists of
 * entries with links to pull requests.
 *
 * @param rng Where randomness comes from.
 * @param bytes Roughly how long to make it.
 * @returns The document text.
 */
export function changelog(rng: Rng, bytes: number): string {
  const parts: string[] = [
    "# Changelog",
    "",
    "All notable changes to this project are documented in this file.",
    "",
  ];
  let size = parts.join("\n").length;
  let major = 9;
  let minor = 99;
  let pr = 20000;
  while (size < bytes) {
    const section: string[] = [
      `## [${major}.${minor}.0] - 20${10 + (minor % 15)}-0${1 + (minor % 9)}-1${minor % 10}`,
      "",
    ];
    if (--minor < 0) {
      minor = 99;
      major--;
    }
    for (const kind of CHANGE_KINDS) {
      if (chance(rng, 35)) continue;
      section.push(`### ${kind}`, "");
      const entries = rng.int(2, 8);
      for (let i = 0; i < entries; i++) {
        const n = pr--;
        section.push(
          `- ${sentence(rng, 6, 18)} ([#${n}](https://github.com/example/project/pull/${n}))`,
        );
      }
      section.push("");
    }
    const text = section.join("\n");
    parts.push(text);
    size += text.length + 1;
  }
  return parts.join("\n");
}

/**
 * A big reference with many small sections: an h1 per part, then h2, h3 and
 * h4 headings, each with a sentence or two, some with a list or a code
 * block, about `bytes / headings` characters per section (the shape of a
 * 20 MB file with 94,000 headings).
 *
 * @param rng Where randomness comes from.
 * @param bytes Roughly how long to make it.
 * @param headings Roughly how many headings to write.
 * @returns The document text.
 */
export function manyHeadings(rng: Rng, bytes: number, headings: number): string {
  const perSection = bytes / headings;
  const parts: string[] = [];
  let size = 0;
  let count = 0;
  while (size < bytes) {
    const depth = count % 400 === 0 ? 1 : count % 20 === 0 ? 2 : rng.int(3, 4);
    const section = [`${"#".repeat(depth)} ${sentence(rng, 2, 5)} \`${pick(rng, API_WORDS)}\``, ""];
    let length = section[0].length + 2;
    while (length < perSection - 40) {
      const block = chance(rng, 15)
        ? ["```js", `const value = ${pick(rng, API_WORDS)}(${rng.int(1, 99)});`, "```"].join("\n")
        : chance(rng, 15)
        ? `- ${sentence(rng, 3, 8)}\n- ${sentence(rng, 3, 8)}`
        : sentence(rng, 6, 16);
      section.push(block, "");
      length += block.length + 2;
    }
    const text = section.join("\n");
    parts.push(text);
    size += text.length + 1;
    count++;
  }
  return parts.join("\n");
}
