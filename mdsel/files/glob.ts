/**
 * Globs that always end: `*`, `?`, `[...]`, `{a,b}` and `**`, matched as in a shell without
 * backtracking, and bounded by {@linkcode GLOB_LIMITS}; extended globs (`!(x)`) are literal.
 *
 * @module
 */
import { normalize } from "node:path";
import { isGlob } from "./glob_syntax.ts";

/** The bounds of a glob pattern, so a hostile pattern is refused at once. */
export const GLOB_LIMITS = {
  maxChars: 1024,
  maxBraceDepth: 8,
  /** The most patterns braces may expand into. */
  maxAlternatives: 64,
  maxSegments: 64,
} as const;

/** A pattern beyond {@linkcode GLOB_LIMITS}, or one that climbs out of its folder. */
export class GlobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GlobError";
  }
}

/** One brace alternative of a glob: the folder it starts from and the segments below it. */
interface _Alternative {
  /** The fixed part before the first wildcard, normalised (`.` when there is none). */
  readonly base: string;
  readonly segments: readonly _Segment[];
}

/** A compiled glob: one alternative per brace alternative (duplicates dropped). */
export interface Glob {
  readonly source: string;
  readonly alternatives: readonly _Alternative[];
}

type _Token =
  | { readonly kind: "char"; readonly char: string }
  | { readonly kind: "any" }
  | { readonly kind: "star" }
  | { readonly kind: "class"; readonly negated: boolean; readonly ranges: [number, number][] };

type _Segment =
  | { readonly kind: "globstar" }
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "pattern"; readonly tokens: readonly _Token[]; readonly dot: boolean };

/**
 * Compiles a glob: expands its braces, splits each alternative into its fixed base and the
 * segments to match below it.
 *
 * @throws {GlobError} Past a limit of {@linkcode GLOB_LIMITS}, or on `.` or `..` after a wildcard.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileGlob } from "./glob.ts";
 * const glob = compileGlob("docs/{api,guide}/**\/*.md");
 * assert.deepEqual(glob.alternatives.map((alt) => alt.base), ["docs/api", "docs/guide"]);
 * ```
 */
export function compileGlob(source: string): Glob {
  const { maxChars } = GLOB_LIMITS;
  if (source.length > maxChars) {
    throw new GlobError(`Glob too long: ${source.length} characters, at most ${maxChars}`);
  }
  const unique = new Map<string, _Alternative>();
  for (const pattern of _expandBraces(source)) {
    const alternative = _compileAlternative(pattern, source);
    const key = JSON.stringify(alternative);
    if (!unique.has(key)) unique.set(key, alternative);
  }
  return { source, alternatives: [...unique.values()] };
}

/**
 * Whether a path relative to an alternative's base (`/`-separated) matches it. As in a shell, `*`
 * and `?` never cross a `/`, and a dot name is matched only by a literal `.`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compileGlob, matchesGlob } from "./glob.ts";
 * const [alternative] = compileGlob("docs/**\/*.md").alternatives;
 * assert.equal(matchesGlob(alternative, "guide/intro.md"), true);
 * ```
 */
export function matchesGlob(alternative: _Alternative, relative: string): boolean {
  const names = relative.split("/");
  const segments = alternative.segments;
  const columns = names.length + 1;
  // 0 unknown, 1 matches, 2 does not: each (segment, name) pair is decided once.
  const memo = new Uint8Array((segments.length + 1) * columns);
  const match = (s: number, n: number): boolean => {
    const cell = s * columns + n;
    if (memo[cell] !== 0) return memo[cell] === 1;
    let result: boolean;
    if (s === segments.length) result = n === names.length;
    else {
      const segment = segments[s];
      if (segment.kind === "globstar") {
        result = match(s + 1, n) ||
          (n < names.length && !names[n].startsWith(".") && match(s, n + 1));
      } else {
        result = n < names.length && _matchSegment(segment, names[n]) && match(s + 1, n + 1);
      }
    }
    memo[cell] = result ? 1 : 2;
    return result;
  };
  return match(0, 0);
}

function _compileAlternative(pattern: string, source: string): _Alternative {
  const parts = pattern.split("/");
  const { maxSegments } = GLOB_LIMITS;
  if (parts.length > maxSegments) {
    throw new GlobError(`Glob too deep: ${parts.length} segments, at most ${maxSegments}`);
  }
  const first = parts.findIndex(isGlob);
  const fixed = first === -1 ? parts : parts.slice(0, first);
  const rest = first === -1 ? [] : parts.slice(first);
  const segments: _Segment[] = [];
  for (const part of rest) {
    if (part === "") continue; // "a//b" and a trailing slash
    if (part === "." || part === "..") {
      throw new GlobError(
        `Glob '${source}' cannot go up with '${part}' after a wildcard: ` +
          "put the folder to search before the first wildcard",
      );
    }
    if (part === "**") {
      if (segments.at(-1)?.kind !== "globstar") segments.push({ kind: "globstar" });
    } else if (isGlob(part)) {
      const tokens = _tokens(part);
      const head = tokens[0];
      segments.push({ kind: "pattern", tokens, dot: head?.kind === "char" && head.char === "." });
    } else segments.push({ kind: "literal", text: _unescape(part) });
  }
  const joined = fixed.map(_unescape).join("/");
  const base = joined === "" ? (pattern.startsWith("/") ? "/" : ".") : normalize(joined);
  return { base: base.length > 1 && base.endsWith("/") ? base.slice(0, -1) : base, segments };
}

function _matchSegment(segment: Exclude<_Segment, { kind: "globstar" }>, name: string): boolean {
  if (segment.kind === "literal") return segment.text === name;
  if (name.startsWith(".") && !segment.dot) return false;
  const chars = Array.from(name);
  const tokens = segment.tokens;
  // Linear wildcard matching: on a mismatch, only the last star moves on.
  let t = 0;
  let c = 0;
  let star = -1;
  let resume = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token !== undefined && token.kind === "star") {
      star = t++;
      resume = c;
    } else if (token !== undefined && _matchChar(token, chars[c])) {
      t++;
      c++;
    } else if (star !== -1) {
      t = star + 1;
      c = ++resume;
    } else return false;
  }
  while (tokens[t]?.kind === "star") t++;
  return t === tokens.length;
}

function _matchChar(token: Exclude<_Token, { kind: "star" }>, char: string): boolean {
  if (token.kind === "char") return token.char === char;
  if (token.kind === "any") return true;
  const code = char.codePointAt(0)!;
  return token.ranges.some(([low, high]) => low <= code && code <= high) !== token.negated;
}

function _tokens(part: string): _Token[] {
  const chars = Array.from(part);
  const tokens: _Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === "\\" && i + 1 < chars.length) tokens.push({ kind: "char", char: chars[++i] });
    else if (char === "*") {
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (char === "?") tokens.push({ kind: "any" });
    else if (char === "[") {
      const parsed = _class(chars, i);
      if (parsed === undefined) tokens.push({ kind: "char", char });
      else {
        tokens.push(parsed.token);
        i = parsed.end;
      }
    } else tokens.push({ kind: "char", char });
  }
  return tokens;
}

/** A `[...]` class starting at `start`, or `undefined` when it is not closed. */
function _class(chars: string[], start: number): { token: _Token; end: number } | undefined {
  let i = start + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i++;
  const ranges: [number, number][] = [];
  let first = true;
  for (; i < chars.length; i++) {
    let char = chars[i];
    if (char === "]" && !first) return { token: { kind: "class", negated, ranges }, end: i };
    first = false;
    if (char === "\\" && i + 1 < chars.length) char = chars[++i];
    if (chars[i + 1] === "-" && chars[i + 2] !== undefined && chars[i + 2] !== "]") {
      let high = chars[i + 2];
      i += 2;
      if (high === "\\" && i + 1 < chars.length) high = chars[++i];
      ranges.push([char.codePointAt(0)!, high.codePointAt(0)!]);
    } else ranges.push([char.codePointAt(0)!, char.codePointAt(0)!]);
  }
  return undefined;
}

function _unescape(text: string): string {
  return text.replace(/\\(.)/gs, "$1");
}

// Braces: text and alternations, parsed once, counted before they are expanded.
type _Brace = string | _Brace[][];

function _expandBraces(source: string): string[] {
  const [sequence] = _parseSequence(source, 0, 0, false);
  if (_count(sequence) > GLOB_LIMITS.maxAlternatives) throw _tooMany();
  return _expand(sequence);
}

/** Parses text up to the end, or (inside braces) up to a top-level `,` or `}`. */
function _parseSequence(
  source: string,
  start: number,
  depth: number,
  inside: boolean,
): [_Brace[], number] {
  const sequence: _Brace[] = [];
  let text = "";
  let i = start;
  while (i < source.length) {
    const char = source[i];
    if (inside && (char === "," || char === "}")) break;
    const group = char === "{" ? _parseGroup(source, i, depth + 1) : undefined;
    if (group !== undefined) {
      if (text !== "") sequence.push(text);
      text = "";
      sequence.push(group.alternatives);
      i = group.end + 1;
    } else {
      const length = char === "\\" && i + 1 < source.length ? 2 : 1; // an escape stays whole
      text += source.slice(i, i + length);
      i += length;
    }
  }
  if (text !== "") sequence.push(text);
  return [sequence, i];
}

/** A `{a,b}` group at `start`, or `undefined` when it is unclosed or has no comma (literal). */
function _parseGroup(
  source: string,
  start: number,
  depth: number,
): { alternatives: _Brace[][]; end: number } | undefined {
  if (depth > GLOB_LIMITS.maxBraceDepth) {
    throw new GlobError(`Glob nests braces too deep: more than ${GLOB_LIMITS.maxBraceDepth}`);
  }
  const alternatives: _Brace[][] = [];
  let i = start + 1;
  while (i < source.length) {
    const [sequence, end] = _parseSequence(source, i, depth, true);
    alternatives.push(sequence);
    if (source[end] === "}") return alternatives.length > 1 ? { alternatives, end } : undefined;
    if (source[end] !== ",") return undefined;
    i = end + 1;
    if (alternatives.length > GLOB_LIMITS.maxAlternatives) throw _tooMany();
  }
  return undefined;
}

const _tooMany = () =>
  new GlobError(`Glob expands into too many patterns: more than ${GLOB_LIMITS.maxAlternatives}`);

function _count(sequence: readonly _Brace[]): number {
  let product = 1;
  for (const part of sequence) {
    if (typeof part === "string") continue;
    let sum = 0;
    for (const alternative of part) sum = Math.min(sum + _count(alternative), Number.MAX_VALUE);
    product = Math.min(product * sum, Number.MAX_VALUE);
  }
  return product;
}

function _expand(sequence: readonly _Brace[]): string[] {
  let results = [""];
  for (const part of sequence) {
    if (typeof part === "string") results = results.map((prefix) => prefix + part);
    else {
      const options = part.flatMap(_expand);
      results = results.flatMap((prefix) => options.map((option) => prefix + option));
    }
  }
  return results;
}
