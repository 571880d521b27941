/**
 * The selector grammar: {@linkcode parseSelector} reads it, the `format*` functions write it.
 *
 * ```text
 * selector := [ns "::"] segment ("/" segment)* ["?" param ("&" param)*]
 * segment  := type [index]        index := "." list | "[" list "]"
 * list     := item ("," item)*     item  := N | N "-" M   (0-based, inclusive)
 * param    := full=true | page=N | head=N | tail=N
 * ```
 *
 * Names match case-insensitively and whitespace between tokens is ignored;
 * `root` and `intro` stand only first and take no index.
 *
 * @module
 */
import type { BlockKind } from "../parse/document.ts";
import { clipText } from "./clip.ts";
import { similarity } from "./suggest.ts";

/** What a segment names. */
export type SegmentType =
  | { readonly kind: "root" }
  | { readonly kind: "intro" }
  | { readonly kind: "section" }
  | { readonly kind: "heading"; readonly depth: number }
  | { readonly kind: "block"; readonly block: BlockKind };

/** An index item: `first..last`, 0-based, inclusive. */
export interface IndexRange {
  readonly first: number;
  readonly last: number;
}

/** One `/`-separated step of a selector. */
export interface Segment {
  readonly type: SegmentType;
  /** The indexes it keeps, or `null` for every match. */
  readonly indexes: readonly IndexRange[] | null;
}

/** The query parameters of a selector (`page` is 1-based; `head`, `tail`: lines kept). */
export interface SelectorParams {
  readonly full: boolean;
  readonly page?: number;
  readonly head?: number;
  readonly tail?: number;
}

/** A parsed selector. */
export interface Selector {
  /** The namespace, lower-cased, or `null` to search every file. */
  readonly namespace: string | null;
  readonly segments: readonly Segment[];
  readonly params: SelectorParams;
  /** The query string in canonical form (`?page=2`), or `""`. */
  readonly query: string;
}

/** The error codes of selector syntax errors. */
export type SelectorErrorCode =
  | "EMPTY_SELECTOR"
  | "INVALID_SYNTAX"
  | "INVALID_HEADING_LEVEL"
  | "INVALID_BLOCK_TYPE"
  | "INVALID_INDEX"
  | "UNCLOSED_BRACKET"
  | "MALFORMED_QUERY";

/** A misspelt type name (its UTF-16 offset and length) and the one it most likely means. */
export interface TypeFix {
  readonly offset: number;
  readonly length: number;
  readonly replacement: string;
}

/** A selector that does not follow the grammar, with where the problem is. */
export class SelectorSyntaxError extends SyntaxError {
  readonly code: SelectorErrorCode;
  /** 1-based column (in characters) where the problem was found. */
  readonly column: number;
  readonly selector: string;
  /** Set when the problem is a misspelt type name. */
  readonly fix?: TypeFix;

  constructor(
    code: SelectorErrorCode,
    message: string,
    selector: string,
    column: number,
    fix?: TypeFix,
  ) {
    super(message);
    this.name = "SelectorSyntaxError";
    this.code = code;
    this.column = column;
    this.selector = selector;
    if (fix !== undefined) this.fix = fix;
  }
}

const TYPE_HINT = "use h1-h6, code, para, list, table, quote, intro, root or section";
const BLOCK_HINT = "use paragraph, code, list, table or blockquote";
const HEADING_HINT = "use heading:h1 to heading:h6";
const PARAM_HINT = "use full=true, page=N, head=N or tail=N";
const SHOWN = 40; // characters of a selector a message repeats
const NAMESPACE = /^[a-z_][a-z0-9_-]*$/;

const SHORT_BLOCKS: Readonly<Record<string, BlockKind>> = {
  para: "paragraph",
  paragraph: "paragraph",
  code: "code",
  list: "list",
  table: "table",
  quote: "blockquote",
  blockquote: "blockquote",
};

const BLOCK_NAMES: readonly BlockKind[] = ["paragraph", "code", "list", "table", "blockquote"];

/** The type names that stand alone, and the prefixes of long ones (`heading:h2`). */
const PLAIN_TYPES: readonly string[] = ["root", "intro", "section", ...Object.keys(SHORT_BLOCKS)];
const PREFIXES: readonly string[] = ["heading", "block"];

/** The words of the grammar: type names, prefixes, query parameters and `true`. */
export const SELECTOR_WORDS: ReadonlySet<string> = new Set(
  [...PLAIN_TYPES, ...PREFIXES, ...BLOCK_NAMES, "full", "page", "head", "tail", "true"],
);
const MAX_TYPE_LENGTH = 20; // longer words are no misspelt type name
const MIN_TYPE_SIMILARITY = 0.6;

/**
 * Parses a selector.
 *
 * @throws {SelectorSyntaxError} When the selector breaks the grammar.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSelector } from "./selector.ts";
 * assert.equal(parseSelector("README::h2.0-1/code[0]?head=5").namespace, "readme");
 * ```
 */
export function parseSelector(input: string): Selector {
  return new _Parser(input).parse();
}

/**
 * Whether a segment type takes an index: not `root` nor `intro`, one per document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { takesIndex } from "./selector.ts";
 * assert.equal(takesIndex({ kind: "intro" }), false);
 * ```
 */
export function takesIndex(type: SegmentType): boolean {
  return type.kind !== "root" && type.kind !== "intro";
}

class _Parser {
  #pos = 0;
  constructor(readonly input: string) {}

  parse(): Selector {
    this.#skipSpace();
    if (this.#pos >= this.input.length) throw this.#error("EMPTY_SELECTOR", "Selector is empty", 0);
    const namespace = this.#namespace();
    const segments = [this.#segment(true)];
    for (;;) {
      this.#skipSpace();
      const char = this.input[this.#pos];
      if (char === undefined || char === "?") {
        const { query, params } = char === "?"
          ? this.#query()
          : { query: "", params: { full: false } };
        return { namespace, segments, params, query };
      }
      if (char !== "/") throw this.#unexpected();
      this.#pos++;
      segments.push(this.#segment(false));
    }
  }

  #namespace(): string | null {
    const end = this.input.indexOf("::");
    if (end === -1) return null;
    if (this.input.slice(0, end).search(/[/?\[]/) !== -1) return null;
    const start = this.#pos;
    const name = this.input.slice(start, end).trim();
    if (name === "") throw this.#error("INVALID_SYNTAX", `Missing namespace before '::'`, end);
    if (!NAMESPACE.test(name.toLowerCase())) {
      throw this.#error(
        "INVALID_SYNTAX",
        `Invalid namespace '${_show(name)}'`,
        start,
        "a namespace starts with a letter or '_' and holds letters, digits, '_' and '-'",
      );
    }
    this.#pos = end + 2;
    return name.toLowerCase();
  }

  #segment(first: boolean): Segment {
    this.#skipSpace();
    const start = this.#pos;
    const type = this.#type(start);
    if (!takesIndex(type) && !first) {
      const what = `'${type.kind}' is only valid as the first segment`;
      throw this.#error("INVALID_SYNTAX", what, start);
    }
    this.#skipSpace();
    const indexes = this.#indexes();
    return { type, indexes: takesIndex(type) ? indexes : null };
  }

  #type(start: number): SegmentType {
    const word = this.#word();
    if (word === "") {
      if (this.#pos >= this.input.length) {
        throw this.#error("INVALID_SYNTAX", "Expected a selector type", start, TYPE_HINT);
      }
      throw this.#unexpected(TYPE_HINT);
    }
    const lower = word.toLowerCase();
    if (this.input[this.#pos] === ":" && this.input[this.#pos + 1] !== ":") {
      this.#pos++;
      const subStart = this.#pos;
      const sub = this.#word();
      return this.#qualifiedType(lower, sub, start, subStart);
    }
    if (lower === "root" || lower === "intro" || lower === "section") return { kind: lower };
    // Own names only: `constructor` or `__proto__` is no block type, but a word to search for.
    const block = Object.hasOwn(SHORT_BLOCKS, lower) ? SHORT_BLOCKS[lower] : undefined;
    if (block !== undefined) return { kind: "block", block };
    if (lower === "heading" || lower === "block") {
      const [code, what, hint] = lower === "heading"
        ? ["INVALID_HEADING_LEVEL", "heading level", HEADING_HINT] as const
        : ["INVALID_BLOCK_TYPE", "block type", BLOCK_HINT] as const;
      throw this.#error(code, `Missing ${what} after '${lower}'`, start, hint);
    }
    if (/^h\d+$/.test(lower)) return { kind: "heading", depth: this.#depth(lower, start) };
    throw this.#unknownType(word, start, _typeFix(word, start, PLAIN_TYPES));
  }

  #qualifiedType(prefix: string, sub: string, start: number, subStart: number): SegmentType {
    const lower = sub.toLowerCase();
    if (prefix === "heading") {
      // The caret points at the level or type after the prefix: that is what is wrong.
      if (!/^h\d+$/.test(lower)) {
        const what = `Invalid heading level '${_show(sub)}'`;
        throw this.#error("INVALID_HEADING_LEVEL", what, subStart, HEADING_HINT);
      }
      return { kind: "heading", depth: this.#depth(lower, subStart) };
    }
    if (prefix === "block") {
      const block = BLOCK_NAMES.find((name) => name === lower);
      if (block === undefined) {
        const what = `Unknown block type '${_show(sub)}'`;
        const fix = _typeFix(sub, subStart, BLOCK_NAMES);
        throw this.#error("INVALID_BLOCK_TYPE", what, subStart, BLOCK_HINT, fix);
      }
      return { kind: "block", block };
    }
    throw this.#unknownType(`${prefix}:${sub}`, start, _typeFix(prefix, start, PREFIXES));
  }

  #depth(name: string, start: number): number {
    const depth = Number(name.slice(1));
    if (depth < 1 || depth > 6) {
      const what = `Invalid heading level '${name}'`;
      throw this.#error("INVALID_HEADING_LEVEL", what, start, "use h1 to h6");
    }
    return depth;
  }

  #indexes(): IndexRange[] | null {
    const char = this.input[this.#pos];
    if (char === ".") {
      this.#pos++;
      return this.#indexList();
    }
    if (char !== "[") return null;
    const open = this.#pos;
    this.#pos++;
    const list = this.#indexList();
    this.#skipSpace();
    if (this.input[this.#pos] !== "]") {
      if (this.#pos >= this.input.length) {
        throw this.#error("UNCLOSED_BRACKET", "Unclosed '['", open, "add ']' after the index");
      }
      const what = `Expected ']' to close '[' but found '${_show(this.#charAt(this.#pos)!)}'`;
      throw this.#error("UNCLOSED_BRACKET", what, this.#pos);
    }
    this.#pos++;
    return list;
  }

  #indexList(): IndexRange[] {
    const list = [this.#indexItem()];
    for (;;) {
      const mark = this.#pos;
      this.#skipSpace();
      if (this.input[this.#pos] !== ",") {
        this.#pos = mark;
        return list;
      }
      this.#pos++;
      list.push(this.#indexItem());
    }
  }

  #indexItem(): IndexRange {
    this.#skipSpace();
    const start = this.#pos;
    const first = this.#number("index");
    this.#skipSpace();
    if (this.input[this.#pos] !== "-") return { first, last: first };
    this.#pos++;
    this.#skipSpace();
    const last = this.#number("range end");
    if (last < first) {
      const what = `Invalid range '${first}-${last}'`;
      throw this.#error("INVALID_INDEX", what, start, "the end must not be before the start");
    }
    return { first, last };
  }

  #number(what: string): number {
    const start = this.#pos;
    while (_isDigit(this.input.charCodeAt(this.#pos))) this.#pos++;
    const digits = this.input.slice(start, this.#pos);
    if (digits === "") {
      const found = this.#charAt(start);
      const detail = found === undefined ? "end of selector" : `'${_show(found)}'`;
      const message = `Expected ${/^[aeiou]/.test(what) ? "an" : "a"} ${what} but found ${detail}`;
      throw this.#error("INVALID_INDEX", message, start, "indexes are whole numbers from 0");
    }
    const value = Number(digits);
    if (!Number.isSafeInteger(value)) {
      throw this.#error("INVALID_INDEX", `Index '${clipText(digits, SHOWN)}' is too large`, start);
    }
    return value;
  }

  #query(): { query: string; params: SelectorParams } {
    const seen = new Map<string, string>();
    this.#pos++; // the "?"
    for (;;) {
      this.#skipSpace();
      const start = this.#pos;
      const key = this.#word().toLowerCase();
      if (key === "") {
        const found = this.#charAt(this.#pos);
        const what = found === undefined || found === "&"
          ? "Empty query parameter"
          : `Unexpected character '${_show(found)}' in query`;
        throw this.#error("MALFORMED_QUERY", what, start, PARAM_HINT);
      }
      if (!["full", "page", "head", "tail"].includes(key)) {
        const what = `Unknown query parameter '${_show(key)}'`;
        throw this.#error("MALFORMED_QUERY", what, start, PARAM_HINT);
      }
      if (seen.has(key)) {
        throw this.#error("MALFORMED_QUERY", `Duplicate query parameter '${key}'`, start);
      }
      this.#skipSpace();
      if (this.input[this.#pos] !== "=") {
        throw this.#error("MALFORMED_QUERY", `Expected '=' after '${key}'`, this.#pos, PARAM_HINT);
      }
      this.#pos++;
      this.#skipSpace();
      const valueStart = this.#pos;
      while (this.#pos < this.input.length && !/[&\s]/.test(this.input[this.#pos])) this.#pos++;
      const value = this.input.slice(valueStart, this.#pos);
      seen.set(key, this.#paramValue(key, value, valueStart));
      this.#skipSpace();
      const char = this.input[this.#pos];
      if (char === undefined) break;
      if (char !== "&") throw this.#unexpected(PARAM_HINT, "MALFORMED_QUERY");
      this.#pos++;
    }
    for (const [a, b] of [["head", "tail"], ["full", "page"]]) {
      if (!seen.has(a) || !seen.has(b)) continue;
      const what = `'${a}' and '${b}' cannot be combined`;
      throw this.#error("MALFORMED_QUERY", what, this.input.indexOf("?"));
    }
    const query = "?" + [...seen].map(([key, value]) => `${key}=${value}`).join("&");
    const params: { full: boolean; page?: number; head?: number; tail?: number } = { full: false };
    for (const [key, value] of seen) {
      if (key === "full") params.full = true;
      else params[key as "page" | "head" | "tail"] = Number(value);
    }
    return { query, params };
  }

  #paramValue(key: string, value: string, start: number): string {
    const full = key === "full";
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (full ? value.toLowerCase() === "true" : Number.isSafeInteger(number) && number >= 1) {
      return full ? "true" : String(number);
    }
    const hint = full ? "use full=true" : "use a whole number from 1";
    const what = `Invalid value '${_show(value)}' for '${key}'`;
    throw this.#error("MALFORMED_QUERY", what, start, hint);
  }

  #word(): string {
    const start = this.#pos;
    while (this.#pos < this.input.length && _isWordChar(this.input.charCodeAt(this.#pos))) {
      this.#pos++;
    }
    return this.input.slice(start, this.#pos);
  }

  #skipSpace(): void {
    while (/\s/.test(this.input[this.#pos] ?? "")) this.#pos++;
  }

  #unexpected(hint?: string, code: SelectorErrorCode = "INVALID_SYNTAX"): SelectorSyntaxError {
    const char = this.#charAt(this.#pos)!;
    return this.#error(code, `Unexpected character '${_show(char)}'`, this.#pos, hint);
  }

  /** The code point at `pos`, so messages never show half an emoji. */
  #charAt(pos: number): string | undefined {
    const code = this.input.codePointAt(pos);
    return code === undefined ? undefined : String.fromCodePoint(code);
  }

  /** The error for a type no selector has (`fix`: the closest known type). */
  #unknownType(type: string, start: number, fix?: TypeFix): SelectorSyntaxError {
    const what = `Unknown selector '${_show(type)}'`;
    return this.#error("INVALID_SYNTAX", what, start, TYPE_HINT, fix);
  }

  #error(code: SelectorErrorCode, what: string, offset: number, hint?: string, fix?: TypeFix) {
    const column = [...this.input.slice(0, offset)].length + 1;
    const message = `${what} at column ${column}` + (hint === undefined ? "" : ` - ${hint}`);
    return new SelectorSyntaxError(code, message, this.input, column, fix);
  }
}

/**
 * The type name a misspelt one most likely means: the closest, of similarity 0.6 or more.
 *
 * @param prefix Whether the word stands before a `:` (a misspelt `heading` or `block`).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { meantTypeName } from "./selector.ts";
 * assert.equal(meantTypeName("heding", true), "heading");
 * ```
 */
export function meantTypeName(word: string, prefix = false): string | undefined {
  return _typeFix(word, 0, prefix ? PREFIXES : PLAIN_TYPES)?.replacement;
}

function _typeFix(word: string, offset: number, names: readonly string[]): TypeFix | undefined {
  if (word === "" || word.length > MAX_TYPE_LENGTH) return undefined;
  let best: { name: string; score: number } | undefined;
  for (const name of names) {
    const score = similarity(word, name);
    if (score >= MIN_TYPE_SIMILARITY && (best === undefined || score > best.score)) {
      best = { name, score };
    }
  }
  return best === undefined ? undefined : { offset, length: word.length, replacement: best.name };
}

function _isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function _isWordChar(code: number): boolean {
  return _isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ||
    code === 95;
}

/** Shows user text inside a message: control characters escaped, long text clipped. */
function _show(text: string): string {
  const escaped = text.replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return clipText(escaped, SHOWN);
}
