/**
 * The parts of the token benchmark that need no server: what Claude Code's
 * Read and a `grep -n` return for a file, the parsing of `mdsel`'s text
 * outline (index and select), and the drill that reaches a target section
 * through `mdsel_select` calls. Sizes are in characters.
 *
 * @module
 */

/** What the benchmark charges for a tool call itself (name, arguments, framing), in characters. */
export const CALL_CHARS = 400;
/** The most lines one Read call returns. */
export const READ_MAX_LINES = 2000;
/** Read cuts longer lines to this many characters. */
export const READ_MAX_LINE_CHARS = 2000;
/** The engine's default page size in words: a section within it is answered whole. */
export const PAGE_WORDS = 2000;
/** The engine's default page size in characters. */
export const PAGE_CHARS = 16000;

/**
 * What calls cost an agent: each call's result plus {@linkcode CALL_CHARS} for the call itself.
 *
 * @param calls The calls.
 * @returns Characters.
 *
 * @example
 * ```ts
 * import { callsCost } from "./_tokens.ts";
 * console.log(callsCost([{ call: "Read", chars: 100 }, { call: "grep", chars: 20 }])); // 920
 * ```
 */
export function callsCost(calls: readonly Call[]): number {
  return calls.reduce((sum, call) => sum + call.chars + CALL_CHARS, 0);
}

/**
 * The `MDSEL_*` variables of this process, to pass on to the server under test.
 *
 * @returns Name to value.
 */
export function mdselVariables(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => name.startsWith("MDSEL_")),
  );
}

/**
 * Splits a file into lines as `cat -n` numbers them: a final newline ends the
 * last line rather than starting an empty one.
 *
 * @param text The file's text.
 * @returns Its lines, without line ends.
 */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * What one Read call returns: each line prefixed with its number as `cat -n`
 * prints it (right-aligned to width 6, then a tab), long lines cut.
 *
 * @param lines The file's lines.
 * @param offset The first line, 1-based.
 * @param limit How many lines at most ({@linkcode READ_MAX_LINES} at most).
 * @returns The call's text.
 *
 * @example
 * ```ts
 * import { readOutput } from "./_tokens.ts";
 * console.log(JSON.stringify(readOutput(["# A", "", "text"], 2, 2))); // "     2\t\n     3\ttext"
 * ```
 */
export function readOutput(lines: readonly string[], offset: number, limit: number): string {
  const end = Math.min(lines.length, offset - 1 + Math.min(limit, READ_MAX_LINES));
  const out: string[] = [];
  for (let n = offset; n <= end; n++) {
    out.push(`${String(n).padStart(6)}\t${lines[n - 1].slice(0, READ_MAX_LINE_CHARS)}`);
  }
  return out.join("\n");
}

/** One simulated tool call and what it returned. */
export interface Call {
  /** The call as an agent would write it, for the report. */
  readonly call: string;
  /** Characters of its result. */
  readonly chars: number;
}

/**
 * The Read calls that return lines `first`..`last` (as many calls as the
 * 2,000-line limit needs).
 *
 * @param lines The file's lines.
 * @param first The first line, 1-based.
 * @param last The last line, inclusive.
 * @returns The calls.
 */
export function readCalls(lines: readonly string[], first: number, last: number): Call[] {
  const calls: Call[] = [];
  for (let offset = first; offset <= last; offset += READ_MAX_LINES) {
    const limit = Math.min(READ_MAX_LINES, last - offset + 1);
    calls.push({
      call: `Read offset=${offset} limit=${limit}`,
      chars: readOutput(lines, offset, limit).length,
    });
  }
  return calls;
}

/** A line `grep -n '^#'` finds. */
export interface GrepHit {
  /** 1-based line number. */
  readonly line: number;
  /** The number of leading `#`: the heading level the agent assumes. */
  readonly level: number;
  /** The line. */
  readonly text: string;
}

/**
 * The lines that look like ATX headings to a grep: `#` to `######` then
 * whitespace at the start of a line, also inside code blocks (a shell
 * comment in a fence is a hit, as it is for grep).
 *
 * @param lines The file's lines.
 * @returns The hits in line order.
 */
export function grepHeadings(lines: readonly string[]): GrepHit[] {
  const hits: GrepHit[] = [];
  lines.forEach((text, i) => {
    const match = /^(#{1,6})\s/.exec(text);
    if (match) hits.push({ line: i + 1, level: match[1].length, text });
  });
  return hits;
}

/**
 * What the grep call returns: `N:line` per hit.
 *
 * @param hits The hits.
 * @returns The call's text.
 */
export function grepOutput(hits: readonly GrepHit[]): string {
  return hits.map((hit) => `${hit.line}:${hit.text}`).join("\n");
}

/**
 * The line ranges an agent reads to get a section after a grep: from the
 * heading to the line before the next hit of the same or a shallower level
 * (or the end of the file). When that stops inside the section (a `# comment`
 * in a code block looked like a heading), the agent sees the cut and reads the
 * rest in one more call, up to the next hit past the section: a skilled agent
 * tells a comment in an open fence from a heading.
 *
 * @param hits The grep hits.
 * @param heading The section's heading line (a hit).
 * @param sectionEnd The section's real last line.
 * @param lastLine The file's last line.
 * @returns The ranges read, `[first, last]` inclusive: one, or two after a false cut.
 *
 * @example
 * ```ts
 * import { grepHeadings, grepSectionRanges } from "./_tokens.ts";
 * const lines = ["# A", "~~~sh", "# comment", "~~~", "# B", "text"];
 * console.log(grepSectionRanges(grepHeadings(lines), 1, 4, 6)); // [ [ 1, 2 ], [ 3, 4 ] ]
 * ```
 */
export function grepSectionRanges(
  hits: readonly GrepHit[],
  heading: number,
  sectionEnd: number,
  lastLine: number,
): [number, number][] {
  const hit = hits.find((hit) => hit.line === heading);
  if (!hit) throw new Error(`line ${heading} is not a grep hit`);
  const endBefore = (after: number) => {
    const next = hits.find((other) => other.line > after && other.level <= hit.level);
    return next ? next.line - 1 : lastLine;
  };
  const last = endBefore(heading);
  if (last >= sectionEnd) return [[heading, last]];
  return [[heading, last], [last + 1, endBefore(sectionEnd)]];
}

/**
 * What `grep -rni <word>` prints over a folder's files: `path:line:text` per
 * line holding the word, in any case, paths relative to the folder.
 *
 * @param files Each file's path and lines.
 * @param root The folder.
 * @param word The word, lower-cased.
 * @returns The call.
 *
 * @example
 * ```ts
 * import { grepWord } from "./_tokens.ts";
 * const files = new Map([["/d/a.md", ["# Abort", "no", "abort it"]]]);
 * console.log(grepWord(files, "/d", "abort").chars); // 22 ("a.md:1:# Abort\na.md:3:abort it".length)
 * ```
 */
export function grepWord(
  files: ReadonlyMap<string, readonly string[]>,
  root: string,
  word: string,
): Call {
  const out: string[] = [];
  const prefix = root.endsWith("/") ? root : `${root}/`;
  for (const [path, lines] of files) {
    const name = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    lines.forEach((line, i) => {
      if (line.toLowerCase().includes(word)) out.push(`${name}:${i + 1}:${line}`);
    });
  }
  return { call: `grep -rni '${word}' (${out.length} lines)`, chars: out.join("\n").length };
}

const RESULT = /^ ?((?:\S+::)?(?:h[1-6]\.\d+|intro))(?:\s|$)/;

/**
 * The selectors of a search answer's results, in the order shown: the first
 * word of each result line (`h2.3`, `intro`, or `ns::h2.3` when several files
 * were searched, then indented by one space under their file's line);
 * snippet lines are indented further and skipped.
 *
 * @param text What the search returned.
 * @returns The selectors.
 *
 * @example
 * ```ts
 * import { searchResultLabels } from "./_tokens.ts";
 * const text = "search: 2 sections match\na.md\n a::h2.1 A > Abort\n   Use a signal\nb.md\n b::intro B [800 words]";
 * console.log(searchResultLabels(text)); // [ "a::h2.1", "b::intro" ]
 * ```
 */
export function searchResultLabels(text: string): string[] {
  return text.split("\n").flatMap((line) => RESULT.exec(line)?.[1] ?? []);
}

/**
 * The result whose exact source a search answer carries (its best, when the
 * first line says `its source follows`): an agent that read it there selects
 * the next result, not that one again.
 *
 * @param text What the search returned.
 * @returns Its selector, or `undefined` when the answer carries no source.
 *
 * @example
 * ```ts
 * import { shownSource } from "./_tokens.ts";
 * const text = "search: the best 2 of 9 matching sections; the first's source follows\na.md\n a::h2.1 Abort\n## Abort\nb.md\n b::intro B";
 * console.log(shownSource(text)); // "a::h2.1"
 * ```
 */
export function shownSource(text: string): string | undefined {
  const first = text.slice(0, text.indexOf("\n") >>> 0);
  return first.endsWith("source follows") ? searchResultLabels(text)[0] : undefined;
}

/** One heading line of an outline. */
export interface OutlineEntry {
  /** Short selector, `h2.3`. */
  readonly selector: string;
  /** Heading depth, 1-6. */
  readonly depth: number;
  /** The heading's text as printed. */
  readonly text: string;
  /** The section's words, when the line shows them. */
  readonly words?: number;
  /** Subsections folded away under this heading, when the line says so. */
  readonly hiddenSubsections?: number;
  /** The section's first and last line, when the line shows them (`index --lines`: `L54-2668`). */
  readonly lines?: readonly [number, number];
}

/** One document of an index. */
export interface OutlineDocument {
  /** From the header line `<namespace> <path> [W words]`, when there is one. */
  readonly namespace?: string;
  /** The path as the header line echoes it. */
  readonly path?: string;
  /** The document's words, when the header shows them. */
  readonly words?: number;
  /** Words before the first heading (`root [N words]`), when shown. */
  readonly rootWords?: number;
  /** The heading lines. */
  readonly entries: OutlineEntry[];
  /** Block counts from the line after `---`. */
  readonly counts: Record<string, number>;
}

/** A parsed text index. */
export interface Outline {
  /** The documents, in order. */
  readonly documents: OutlineDocument[];
  /** Every heading line of every document. */
  readonly entries: OutlineEntry[];
  /** From `[outline limited to h1-hD: N deeper headings not shown; ...]`. */
  readonly limited?: { readonly maxDepth: number; readonly hidden: number };
  /** From `[outline cut after hD.i: N more headings not shown; ...]` (even the shallowest levels did not fit). */
  readonly cut?: { readonly after: string; readonly hidden: number };
}

const ENTRY = /^ *h([1-6])\.(\d+)(?: (.*))?$/;
const SIZE = / \[(\d+) words?(?:, \+(\d+) subsections?)?\]$/;
const LINES = / L(\d+)-(\d+)$/;
const ROOT = /^root(?: \[(\d+) words?\])?$/;
const COUNTS = /^(?:[a-z]+:\d+)(?: [a-z]+:\d+)*$/;
const LIMITED = /^\[outline limited to h1-h([1-6]): (\d+) deeper headings? not shown\b.*\]$/;
const CUT = /^\[outline cut after (h[1-6]\.\d+): (\d+) more headings? not shown\b.*\]$/;
const HEADER = /^(\S+) (.+?)(?: \[(\d+) words?\])?$/;
const DRILL = /^\[(\S+?)(?: (.*?))?: (\d+) words? in (\d+) subsections?; .*?(\S+\?page=\d+)\b.*\]$/;
const PAGE = /^\[page (\d+) of (\d+)(?:, next: (.+))?\]$/;

/**
 * Parses one heading line of an outline: `' ' * (depth - 1) + 'h<depth>.<i> <text>'`,
 * optionally followed by the section's lines (` L54-2668`, with `--lines`)
 * and by ` [N words]` or ` [N words, +K subsections]`. The indentation is not
 * checked, so an outline printed with other indentation still parses.
 *
 * @param line One line.
 * @returns The entry, or `undefined` when the line is not a heading line.
 *
 * @example
 * ```ts
 * import { parseOutlineEntry } from "./_tokens.ts";
 * console.log(parseOutlineEntry("  h3.0 Class: FileHandle [8120 words, +24 subsections]"));
 * // { selector: "h3.0", depth: 3, text: "Class: FileHandle", words: 8120, hiddenSubsections: 24 }
 * ```
 */
export function parseOutlineEntry(line: string): OutlineEntry | undefined {
  const match = ENTRY.exec(line);
  if (!match) return undefined;
  const depth = Number(match[1]);
  const selector = `h${depth}.${match[2]}`;
  let text = match[3] ?? "";
  const size = SIZE.exec(text);
  if (size) text = text.slice(0, size.index);
  const range = LINES.exec(text);
  if (range) text = text.slice(0, range.index);
  return {
    selector,
    depth,
    text,
    ...(size ? { words: Number(size[1]) } : {}),
    ...(size?.[2] !== undefined ? { hiddenSubsections: Number(size[2]) } : {}),
    ...(range ? { lines: [Number(range[1]), Number(range[2])] as const } : {}),
  };
}

/**
 * The lines an agent reads after the guard's outline: the target's range when
 * the outline lists it, else its nearest listed ancestor's (which holds it).
 *
 * @param outline The guard's outline, parsed.
 * @param target The section's selector and its ancestors' (nearest first).
 * @returns The first and last line, or `undefined` when neither is listed with lines.
 *
 * @example
 * ```ts
 * import { guardedRange, parseOutline } from "./_tokens.ts";
 * const outline = parseOutline("h1.0 Fs L1-90\n h2.0 Promises L3-60 [900 words, +4 subsections]");
 * console.log(guardedRange(outline, { selector: "h3.2", ancestors: ["h2.0", "h1.0"] })); // [3, 60]
 * ```
 */
export function guardedRange(
  outline: Outline,
  target: { readonly selector: string; readonly ancestors: readonly string[] },
): readonly [number, number] | undefined {
  for (const selector of [target.selector, ...target.ancestors]) {
    const entry = outline.entries.find((candidate) => candidate.selector === selector);
    if (entry?.lines !== undefined) return entry.lines;
  }
  return undefined;
}

/**
 * Parses the text index of `mdsel index` (or an outline within a select
 * answer): today's form (heading lines, `---`, counts; a header line only when
 * several files are indexed) and the spec's (a header with the document's
 * words, `root [N words]`, sizes and folded headings, a closing
 * `[outline limited to ...]` line, and `[outline cut after ...]` when even the
 * shallowest levels did not fit).
 *
 * @param text The index text.
 * @returns The documents and their heading lines.
 *
 * @example
 * ```ts
 * import { parseOutline } from "./_tokens.ts";
 * const outline = parseOutline("readme readme.md [61 words]\nroot [9 words]\nh1.0 Title\n h2.0 Install\n---\npara:2");
 * console.log(outline.documents[0].words, outline.entries.map((e) => e.selector)); // 61 [ "h1.0", "h2.0" ]
 * ```
 */
export function parseOutline(text: string): Outline {
  const documents: OutlineDocument[] = [];
  let limited: Outline["limited"];
  let cut: Outline["cut"];
  let current:
    | {
      -readonly [K in keyof OutlineDocument]: OutlineDocument[K];
    }
    | undefined;
  // A document ends with its counts line (or `---`); what follows opens the next one.
  let closed = true;
  const open = () => {
    current = { entries: [], counts: {} };
    documents.push(current);
    closed = false;
    return current;
  };
  for (const line of splitLines(text)) {
    if (line.trim() === "") continue;
    const entry = parseOutlineEntry(line);
    if (entry) {
      (closed || !current ? open() : current).entries.push(entry);
      continue;
    }
    const limit = LIMITED.exec(line);
    if (limit) {
      limited = { maxDepth: Number(limit[1]), hidden: Number(limit[2]) };
      continue;
    }
    const cutLine = CUT.exec(line);
    if (cutLine) {
      cut = { after: cutLine[1], hidden: Number(cutLine[2]) };
      continue;
    }
    const root = ROOT.exec(line);
    if (root) {
      const doc = closed || !current ? open() : current;
      if (root[1] !== undefined) doc.rootWords = Number(root[1]);
      continue;
    }
    if (line === "---") {
      closed = true;
      continue;
    }
    if (closed && current && COUNTS.test(line) && Object.keys(current.counts).length === 0) {
      for (const pair of line.split(" ")) {
        const [kind, count] = pair.split(":");
        current.counts[kind] = Number(count);
      }
      continue;
    }
    const header = HEADER.exec(line);
    if (header && !line.startsWith("[")) {
      const doc = open();
      doc.namespace = header[1];
      doc.path = header[2];
      if (header[3] !== undefined) doc.words = Number(header[3]);
    }
    // Anything else (a warning, a new kind of line) is not the outline's business.
  }
  return {
    documents,
    entries: documents.flatMap((doc) => doc.entries),
    ...(limited ? { limited } : {}),
    ...(cut ? { cut } : {}),
  };
}

/** A select answer that lists a big section's subsections instead of its content. */
export interface OutlineAnswer {
  readonly kind: "outline";
  /** The section's introduction (its heading and the blocks before its first subsection). */
  readonly intro: string;
  /** The subsection lines. */
  readonly entries: OutlineEntry[];
  /** From the last line: the section selected, its words and subsections, and its page selector. */
  readonly section: {
    readonly selector: string;
    readonly text: string;
    readonly words: number;
    readonly subsections: number;
    readonly pages: string;
  };
}

/** A select answer with content, maybe one page of it. */
export interface ContentAnswer {
  readonly kind: "content";
  /** The content, without the page line. */
  readonly content: string;
  /** From `[page P of N, next: <selector>]`, when paged. */
  readonly page?: { readonly page: number; readonly total: number; readonly next?: string };
}

/**
 * Parses the text of one `mdsel select` match: either content (maybe a page,
 * ending with `[page 1 of 3, next: <selector>]`) or, for a section bigger
 * than a page with subsections, its introduction, an outline of its
 * subsections and a last line such as
 * `[h2.0 Installation: 21 words in 1 subsection; select one, or h2.0?page=1 to read the section in pages]`.
 *
 * @param text What the select returned.
 * @returns The answer.
 *
 * @example
 * ```ts
 * import { parseSelectAnswer } from "./_tokens.ts";
 * const answer = parseSelectAnswer("## A\n\nintro\n\n  h3.0 B\n[h2.0 A: 30 words in 1 subsection; select one, or h2.0?page=1 to read the section in pages]");
 * console.log(answer.kind === "outline" && answer.entries[0].selector); // h3.0
 * ```
 */
export function parseSelectAnswer(text: string): OutlineAnswer | ContentAnswer {
  const lines = text.replace(/\s+$/, "").split("\n");
  const last = lines[lines.length - 1] ?? "";
  const drill = DRILL.exec(last);
  if (drill) {
    let i = lines.length - 2;
    // The outline may close with its own budget line before the drill line.
    while (i >= 0 && LIMITED.test(lines[i])) i--;
    const entries: OutlineEntry[] = [];
    for (; i >= 0; i--) {
      const entry = parseOutlineEntry(lines[i]);
      if (!entry) break;
      entries.unshift(entry);
    }
    return {
      kind: "outline",
      intro: lines.slice(0, i + 1).join("\n").replace(/\s+$/, ""),
      entries,
      section: {
        selector: drill[1],
        text: drill[2] ?? "",
        words: Number(drill[3]),
        subsections: Number(drill[4]),
        pages: drill[5],
      },
    };
  }
  const page = PAGE.exec(last);
  if (!page) return { kind: "content", content: text };
  return {
    kind: "content",
    content: lines.slice(0, -1).join("\n"),
    page: {
      page: Number(page[1]),
      total: Number(page[2]),
      ...(page[3] !== undefined ? { next: page[3] } : {}),
    },
  };
}

/** The section a question is about. */
export interface DrillTarget {
  /** Its short selector, `h3.4`. */
  readonly selector: string;
  /** Its ancestors' short selectors, nearest first. */
  readonly ancestors: readonly string[];
  /** Its exact source (the file's lines from its heading to its end). */
  readonly source: string;
  /**
   * Whether the target's own outline answer (a section bigger than a page)
   * answers the question, as the spec means it to; otherwise it is read on
   * in pages until its source is all there.
   */
  readonly outlineAnswers?: boolean;
}

/** How a drill went. */
export interface DrillResult {
  /** The select calls made, in order. */
  readonly calls: Call[];
  /**
   * How many answers were the outline of a section under `sizeWords` words
   * (one the index folded): each took a second call to read what it held.
   */
  readonly smallOutlines: number;
  /** Whether the last answer held the target. */
  readonly ok: boolean;
  /** Why not, when not. */
  readonly failure?: string;
}

/** Runs one `mdsel_select` and returns its text. */
export type SelectFn = (selector: string) => Promise<{ text: string; isError: boolean }>;

/**
 * Reaches a target section the way an agent reading only the text outlines
 * would: select the target when an outline seen so far shows it, otherwise
 * its nearest ancestor an outline shows (a folded section answers with an
 * outline of its subsections, which is searched in turn); content that does
 * not hold the target yet is read on page by page. The target counts as
 * reached when the content read from one selection contains its source
 * (whitespace aside: pages split between nodes).
 *
 * @param target The section.
 * @param indexText What `mdsel_index` returned for the file.
 * @param select Runs a select.
 * @param maxSteps The most select calls before giving up.
 * @param sizeWords `MDSEL_SIZE_WORDS`: an outline answer of a smaller section is counted.
 * @returns The calls and whether the target was reached.
 */
export async function drill(
  target: DrillTarget,
  indexText: string,
  select: SelectFn,
  maxSteps = 6,
  sizeWords = 500,
): Promise<DrillResult> {
  const seen = new Set(parseOutline(indexText).entries.map((entry) => entry.selector));
  const selected = new Set<string>();
  const calls: Call[] = [];
  const wanted = _squash(target.source);
  let pending: string | undefined;
  let read = "";
  let smallOutlines = 0;
  const fail = (failure: string): DrillResult => ({ calls, smallOutlines, ok: false, failure });
  while (calls.length < maxSteps) {
    let selector = pending;
    if (selector === undefined) {
      selector = [target.selector, ...target.ancestors].find((s) => seen.has(s));
      if (selector === undefined) return fail("no outline shows the target or an ancestor");
      if (selected.has(selector)) return fail(`${selector} again: its answer did not lead on`);
      read = "";
    }
    selected.add(selector);
    const result = await select(selector);
    calls.push({ call: `mdsel_select ${selector}`, chars: result.text.length });
    if (result.isError) return fail(`${selector}: ${result.text.split("\n")[0]}`);
    const answer = parseSelectAnswer(result.text);
    pending = undefined;
    if (answer.kind === "outline") {
      if (answer.section.words < sizeWords) smallOutlines++;
      for (const entry of answer.entries) seen.add(entry.selector);
      if (selector === target.selector) {
        if (target.outlineAnswers) return { calls, smallOutlines, ok: true };
        // The target itself too big for a page: read it in pages.
        pending = answer.section.pages;
      }
      continue;
    }
    read += `\n${answer.content}`;
    if (_squash(read).includes(wanted)) return { calls, smallOutlines, ok: true };
    pending = answer.page?.next;
    if (pending === undefined) return fail(`${selector}: content without the target`);
  }
  return fail(`not reached in ${maxSteps} selects`);
}

/**
 * Whether a tool's answer holds a section's source, whitespace aside (pages
 * split between nodes).
 *
 * @param answer What the tool returned.
 * @param source The section's exact source.
 * @returns Whether it is all there.
 *
 * @example
 * ```ts
 * import { holdsSource } from "./_tokens.ts";
 * console.log(holdsSource("## A\n\ntext\n[page 1 of 1]", "## A\ntext")); // true
 * ```
 */
export function holdsSource(answer: string, source: string): boolean {
  return _squash(answer).includes(_squash(source));
}

function _squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The value below which `q` of the sorted values lie (nearest rank).
 *
 * @param values Any numbers.
 * @param q The quantile, 0-1.
 * @returns The value; `NaN` for no values.
 */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (q === 0.5 && sorted.length % 2 === 0) {
    return (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
