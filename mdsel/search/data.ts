/**
 * What search reads of one document: per section, the terms of its heading, path, body and MDX
 * attributes, and their counts. Plain English words are also kept by stem (`~redirect`).
 *
 * @module
 */
import { stemmer } from "stemmer";
import { type MdDocument, proseSource } from "../parse/document.ts";
import { sliceLines } from "../parse/source_lines.ts";
import { searchTokens, tokenTerms } from "./text.ts";
import { type FileTerms, fileTermsOf } from "./file_words.ts";
import { grown } from "./grown.ts";

const _FIELDS = ["heading", "path", "body", "jsx"] as const;
/** How many fields a section has. */
export const FIELD_COUNT = _FIELDS.length;
/** The index of the body field, whose terms carry their positions. */
export const BODY = 2;
/** The index of the JSX field: the text of an MDX section's tags' attributes. */
export const JSX = 3;

/** One section a search can find. */
export interface SearchSection {
  /** Its heading's index in the document's top-level nodes, or -1 for the intro. */
  readonly node: number;
  /** The heading's depth (1-6), 0 for the intro. */
  readonly depth: number;
  /** The heading's text (the document's title for the intro). */
  readonly heading: string;
  /** The index of the nearest section above of lesser depth, or -1. */
  readonly parent: number;
  /** First line, 1-based. */
  readonly startLine: number;
  /** Last line, 1-based. */
  readonly endLine: number;
}

/** What search reads of one document. */
export interface SearchData {
  /** `title:` in its front matter, else `""`. */
  readonly title: string;
  readonly sections: readonly SearchSection[];
  /**
   * Each term's places: `[section, field, count, (count positions in the body,) section, ...]`.
   */
  readonly terms: ReadonlyMap<string, readonly number[]>;
  /** Distinct terms of each section's field, at `section * FIELD_COUNT + field`. */
  readonly lengths: readonly number[];
  /** Its file's name and folder as words; absent, the ranking reads them from the path. */
  readonly file?: FileTerms;
}

/**
 * Every term of a document and its places, flat, as {@linkcode searchData} lends them to its
 * `all`: term `t` (in the order first seen) is `names[t]`, its places (as in
 * {@linkcode SearchData.terms}) run from `places[starts[t]]` to `places[starts[t + 1]]`. A stem
 * term's places are left out unless the query keeps it. Valid only during the call.
 */
export interface AllTerms {
  readonly count: number;
  readonly names: readonly string[];
  /** Each term's number: the same term, the same number, while `generation` stays the same. */
  readonly ids: Int32Array;
  readonly generation: number;
  readonly starts: Int32Array;
  readonly places: Int32Array;
}

/** A term as kept across calls, and what one call has seen of it. */
class _Term {
  /** The call that last saw it. */
  call = 0;
  /** The field it was last seen in (a serial number). */
  field = 0;
  /** Its index among the call's terms, or -1 when the call has no use for it. */
  slot = -1;
  /** Whether the call gathers its places. */
  logged = false;
  /** Whether the call notes its stem term. */
  stemmed = false;
  /** The serial number of the last `keep` that judged it, and what it said. */
  judgedBy = 0;
  kept = false;
  readonly isStem: boolean;
  /** Its number: how many terms were kept before it (none are let go but all at once). */
  readonly id = _terms.size;

  constructor(readonly text: string, readonly stem: _Term | undefined) {
    this.isStem = text.startsWith(STEM);
  }
}

/**
 * A call's occurrences, `_LOGGED` numbers each: the term's slot (doubled, plus 1 for its first in
 * the field), the section, the field, the position; flat buffers reused, to make no garbage.
 */
const _LOGGED = 4;
let _log = new Int32Array(_LOGGED * 4096);
/** Per slot: how many places, then where the next one goes; and where its count stands. */
let _sizes = new Int32Array(1024);
let _countAt = new Int32Array(1024);
let _starts = new Int32Array(1024);
let _ids = new Int32Array(1024);
let _places = new Int32Array(8192);
/** A buffer grown past this for one big document is let go after it. */
const _KEPT_BUFFER = 1 << 20;

const _terms = new Map<string, _Term>();
/** The tokens read so far, with their terms: no prototype, quicker than a map. */
let _tokens: Record<string, _Term[] | undefined> = Object.create(null);
let _tokenCount = 0;
const _MAX_TOKENS = 200_000;

let _calls = 0;
/** Moves when the terms are let go, and their numbers start again. */
let _generation = 0;
let _fields = 0;
/** A serial number per `keep`: a search asks the same `keep` about the same terms. */
const _keeps = new WeakMap<(term: string) => boolean, number>();
let _lastKeep = 0;

/** A token's terms, kept; cut from a copy, since a slice of a text would keep it alive. */
function _tokenTerms(token: string): _Term[] {
  const own = [...token].join("");
  const terms = tokenTerms(own).map(_term);
  _tokens[own] = terms;
  _tokenCount++;
  return terms;
}

function _term(text: string): _Term {
  let term = _terms.get(text);
  if (term === undefined) {
    const stem = stemTerm(text);
    term = new _Term(text, stem === undefined ? undefined : _term(stem));
    _terms.set(text, term);
  }
  return term;
}

/** The prefix of a stem term: no term of a text starts with it. */
export const STEM = "~";

const _PLAIN = /^[a-z]{3,}$/;
const _stems = new Map<string, string>();

/**
 * The stem term of a plain English word (`~redirect` for `redirects`), else `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stemTerm } from "./data.ts";
 * assert.equal(stemTerm("redirecting"), "~redirect");
 * ```
 */
export function stemTerm(term: string): string | undefined {
  if (!_PLAIN.test(term)) return undefined;
  let stem = _stems.get(term);
  if (stem === undefined) {
    stem = STEM + stemmer(term);
    if (_stems.size > 100_000) _stems.clear();
    _stems.set(term, stem);
  }
  return stem;
}

/**
 * The search data of a document.
 *
 * @param keep Which terms to keep (all when absent); every token still counts towards its
 *   field's length.
 * @param all Lent every term of the document (those `keep` drops too), before it returns.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { searchData } from "./data.ts";
 * const doc = parseDocument("# Guide\n\n## Redirects\n\nRedirect a page.\n", "g", "g.md");
 * // Section 1's heading (field 0) once, its body (field 2) once, at position 0.
 * assert.deepEqual(searchData(doc).terms.get("~redirect"), [1, 0, 1, 1, 2, 1, 0]);
 * ```
 */
export function searchData(
  doc: MdDocument,
  keep?: (term: string) => boolean,
  all?: (terms: AllTerms) => void,
): SearchData {
  const title = documentTitle(doc);
  const sections: SearchSection[] = [];
  const lengths: number[] = [];
  const { nodes, sectionEnds } = doc.top;
  if (_tokenCount > _MAX_TOKENS || _terms.size > _MAX_TOKENS) {
    _tokens = Object.create(null);
    _tokenCount = 0;
    _terms.clear();
    _generation++;
  }
  const call = ++_calls;
  let judge = keep === undefined ? 0 : _keeps.get(keep);
  if (judge === undefined) _keeps.set(keep!, judge = ++_lastKeep);
  const kept = (term: _Term): boolean => {
    if (keep === undefined) return true;
    if (term.judgedBy !== judge) {
      term.judgedBy = judge;
      term.kept = keep(term.text);
    }
    return term.kept;
  };
  const lending = all !== undefined;
  // The terms with a slot, in the order first seen.
  const noted: _Term[] = [];
  let logged = 0;
  // A term's first sight in the document, and its stem's.
  const visit = (term: _Term) => {
    term.call = call;
    const keeps = kept(term);
    term.slot = keeps || lending ? noted.push(term) - 1 : -1;
    term.logged = keeps || (lending && !term.isStem);
    if (term.slot >= _sizes.length) _sizes = grown(_sizes);
    if (term.slot >= 0) _sizes[term.slot] = 0;
    const stem = term.stem;
    term.stemmed = stem !== undefined && (lending || kept(stem));
    if (term.stemmed && stem!.call !== call) visit(stem!);
  };
  // Notes an occurrence; whether it is the term's first in the field.
  const note = (term: _Term, section: number, field: number, at: number): boolean => {
    const first = term.field !== _fields;
    if (first) term.field = _fields;
    if (term.logged) {
      const slot = term.slot;
      _sizes[slot] += (first ? 3 : 0) + (field === BODY ? 1 : 0);
      if (logged + _LOGGED > _log.length) _log = grown(_log);
      const log = _log;
      log[logged] = 2 * slot + (first ? 1 : 0);
      log[logged + 1] = section;
      log[logged + 2] = field;
      log[logged + 3] = at;
      logged += _LOGGED;
    }
    return first;
  };
  const add = (text: string, section: number, field: number) => {
    _fields++;
    let distinct = 0;
    let at = 0;
    for (const token of searchTokens(text)) {
      const tokenTerms = _tokens[token] ?? _tokenTerms(token);
      for (let i = 0; i < tokenTerms.length; i++, at++) {
        const term = tokenTerms[i];
        if (term.call !== call) visit(term);
        if (note(term, section, field, at)) distinct++;
        if (term.stemmed) note(term.stem!, section, field, at);
      }
    }
    // A stem term adds nothing to the length.
    lengths[section * FIELD_COUNT + field] = distinct;
  };
  const push = (section: SearchSection, path: string, from: number, to: number): number => {
    const at = sections.push(section) - 1;
    add(section.heading, at, 0);
    add(path, at, 1);
    add(to > from ? sectionText(doc, from, to) : "", at, 2);
    add(to > from ? sectionJsxText(doc, from, to) : "", at, JSX);
    return at;
  };
  const path: { depth: number; text: string; section: number }[] = [];
  let first = 0;
  while (first < nodes.length && nodes[first].kind !== "heading") first++;
  if (first > 0) {
    const startLine = nodes[0].startLine + 1;
    const endLine = nodes[first - 1].endLine + 1;
    push({ node: -1, depth: 0, heading: title, parent: -1, startLine, endLine }, "", 0, first);
  }
  for (let i = first; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.kind !== "heading") continue;
    while (path.length > 0 && path[path.length - 1].depth >= node.depth) path.pop();
    let own = i + 1;
    while (own < sectionEnds[i] && nodes[own].kind !== "heading") own++;
    const { depth, text: heading } = node;
    const parent = path.length > 0 ? path[path.length - 1].section : -1;
    const startLine = node.startLine + 1;
    const endLine = nodes[sectionEnds[i] - 1].endLine + 1;
    const section = { node: i, depth, heading, parent, startLine, endLine };
    const at = push(section, [title, ...path.map((entry) => entry.text)].join(" "), i + 1, own);
    path.push({ depth, text: heading, section: at });
  }
  const terms = _gather(noted, logged, all, kept);
  return { title, sections, terms, lengths, file: fileTermsOf(doc.filePath) };
}

/** Lays the logged occurrences out by term, lends them to `all`, and maps the kept terms. */
function _gather(
  noted: readonly _Term[],
  logged: number,
  all: ((terms: AllTerms) => void) | undefined,
  kept: (term: _Term) => boolean,
): Map<string, number[]> {
  const count = noted.length;
  if (count + 1 > _starts.length) _starts = new Int32Array(2 * (count + 1));
  if (count > _countAt.length) _countAt = new Int32Array(2 * count);
  const starts = _starts;
  const sizes = _sizes;
  let total = 0;
  for (let t = 0; t < count; t++) {
    starts[t] = total;
    total += sizes[t];
    sizes[t] = starts[t];
  }
  starts[count] = total;
  if (total > _places.length) _places = new Int32Array(2 * total);
  const places = _places;
  const log = _log;
  const countAt = _countAt;
  for (let i = 0; i < logged; i += _LOGGED) {
    const slot = log[i] >> 1;
    let at = sizes[slot];
    if ((log[i] & 1) === 1) {
      places[at] = log[i + 1];
      places[at + 1] = log[i + 2];
      places[at + 2] = 0;
      countAt[slot] = at + 2;
      at += 3;
    }
    places[countAt[slot]]++;
    if (log[i + 2] === BODY) places[at++] = log[i + 3];
    sizes[slot] = at;
  }
  if (all !== undefined) {
    if (count > _ids.length) _ids = new Int32Array(2 * count);
    for (let t = 0; t < count; t++) _ids[t] = noted[t].id;
    const names = noted.map((term) => term.text);
    all({ count, names, ids: _ids, generation: _generation, starts, places });
  }
  const terms = new Map<string, number[]>();
  for (let t = 0; t < count; t++) {
    if (!kept(noted[t])) continue;
    const list: number[] = [];
    for (let i = starts[t]; i < starts[t + 1]; i++) list.push(places[i]);
    terms.set(noted[t].text, list);
  }
  if (_log.length > _KEPT_BUFFER) _log = new Int32Array(_LOGGED * 4096);
  if (_places.length > _KEPT_BUFFER) _places = new Int32Array(8192);
  return terms;
}

/**
 * The `title:` of a document's front matter (YAML or TOML), or `""`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { documentTitle } from "./data.ts";
 * assert.equal(documentTitle(parseDocument("---\ntitle: 'Redirects'\n---\n\nText.\n", "r", "r.md")), "Redirects");
 * ```
 */
export function documentTitle(doc: MdDocument): string {
  if (doc.frontMatterLines === 0) return "";
  const front = sliceLines(doc.lines, 0, doc.frontMatterLines - 1);
  const match = /^title\s*[:=][ \t]*(["']?)(.*?)\1[ \t]*$/m.exec(front);
  return match?.[2] ?? "";
}

/** A link's destination and title; never scans past a `(` it cannot close (quadratic). */
const LINK_DESTINATION = /\]\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*(?:\s+"[^"]*")?\)/g;
/** A reference definition, its label on one line (across lines it would scan to the end). */
const REFERENCE_DEFINITION = /^[ \t]*\[[^\]\n]+\]:\s*\S+.*$/gm;

/**
 * The source of top-level nodes `from` to `to` (exclusive) as search reads it: MDX's ESM and
 * JSX lines and link destinations left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { sectionText } from "./data.ts";
 * const doc = parseDocument("See [the guide](https://x.dev/guide).\n", "d", "d.md");
 * assert.equal(sectionText(doc, 0, 1), "See [the guide].");
 * ```
 */
export function sectionText(doc: MdDocument, from: number, to: number): string {
  const { nodes } = doc.top;
  let text = proseSource(doc, nodes[from].startLine, nodes[to - 1].endLine);
  // Most texts hold neither: `includes` is quicker than the pattern.
  if (text.includes("](")) text = text.replace(LINK_DESTINATION, "]");
  if (text.includes("]:")) text = text.replace(REFERENCE_DEFINITION, "");
  return text;
}

/**
 * The attributes' text of the JSX tags among top-level nodes `from` to `to` (exclusive) of an
 * MDX document, one value per line; `""` in Markdown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMdxDocument } from "../parse/mdx.ts";
 * import { sectionJsxText } from "./data.ts";
 * const { doc } = parseMdxDocument('Text.\n\n<Callout title="Heads up" />\n', "d", "d.mdx");
 * assert.equal(sectionJsxText(doc, 0, 2), "Heads up\n");
 * ```
 */
export function sectionJsxText(doc: MdDocument, from: number, to: number): string {
  if (doc.syntax !== "mdx") return "";
  const { nodes } = doc.top;
  let text = "";
  for (let i = from; i < to; i++) {
    if (nodes[i].kind === "jsx" && nodes[i].text !== "") text += `${nodes[i].text}\n`;
  }
  return text;
}
