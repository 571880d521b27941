/**
 * Which document terms a query reaches, and what each weighs: as written, a word it begins, one
 * typo away, two letters swapped, other forms by its stem.
 *
 * @module
 */
import type { SearchQuery } from "./query.ts";
import { plainTerm } from "./query.ts";
import { STOP_WORDS } from "./english.ts";
import { STEM, stemTerm } from "./data.ts";
import { CJK_CHAR, VERSION } from "./text.ts";

/** One term a query searches for. */
export interface TermSpec {
  readonly term: string;
  /** The query word it stands for (its index in `SearchQuery.words`). */
  readonly word: number;
  /** For two words written as one (`shutdown` for `shut down`), the second word. */
  readonly next?: number;
  /** What a document term it reaches weighs, before prefix and typo weights. */
  readonly weight: number;
  /** Whether a word one typo away counts. */
  readonly typo: boolean;
  /** Whether a word it begins counts. */
  readonly prefix: boolean;
}

/** A query term (its index in the specs) a document term reaches, with the match's weight. */
export interface TermMatch {
  readonly spec: number;
  readonly weight: number;
}

/** What a word found only with two of its letters swapped weighs. */
export const SWAP_WEIGHT = 0.4;
const _STEM_WEIGHT = 0.7;
/** Scaled by the word's length, as MiniSearch weighs it. */
const TYPO_WEIGHT = 0.45;
/** Decaying with the letters added. */
const PREFIX_WEIGHT = 0.375;
const MAX_SWAPS = 200;

/**
 * The terms a query searches for: each word's terms as written, its stem forms, its swaps.
 *
 * @param part What a part of an identifier weighs beside the identifier as written.
 * @param hint What a caller's word after the question weighs (found as written and by stem only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery } from "./query.ts";
 * import { termSpecs } from "./match.ts";
 * const specs = termSpecs(parseQuery("redirects"));
 * assert.deepEqual(specs.map((spec) => spec.term).slice(0, 3), ["redirects", "~redirect", "redirect"]);
 * ```
 */
export function termSpecs(query: SearchQuery, part = 1, hint = 1): TermSpec[] {
  const specs: TermSpec[] = [];
  const seen = new Set<string>();
  const push = (spec: TermSpec) => {
    if (seen.has(spec.term)) return;
    seen.add(spec.term);
    specs.push(spec);
  };
  query.words.forEach((word, i) => {
    const scale = word.hint ? hint : 1;
    word.terms.forEach((term, k) => {
      // An identifier as written, then its parts (`fs.readfile`: `fs`, `readfile`, `read`, `file`).
      const weight = scale * (k === 0 || word.count === "share" ? 1 : part);
      const loose = !word.hint;
      push({ term, word: i, weight, typo: loose && _typo(term), prefix: loose && _prefix(term) });
    });
  });
  query.words.forEach((word, i) => {
    const plain = plainTerm(word);
    if (plain === undefined) return;
    const stem = stemTerm(plain);
    if (stem === undefined) return;
    const weight = _STEM_WEIGHT * (word.hint ? hint : 1);
    push({ term: stem, word: i, weight, typo: false, prefix: false });
    // The stem as a word of its own: `embeddings` finds `embed`, whose own stem differs.
    const root = stem.slice(1);
    if (root !== plain && root.length >= 3 && !STOP_WORDS.has(root)) {
      push({ term: root, word: i, weight, typo: false, prefix: false });
    }
  });
  // Two neighbouring words written as one (`shut down` finds `shutdown`), also in their
  // other forms (`timed out` finds `timeouts`).
  query.words.forEach((word, i) => {
    const first = word.hint ? undefined : plainTerm(word);
    if (first === undefined) return;
    const after = query.words[i + 1];
    const next = after !== undefined && !after.hint ? plainTerm(after) : undefined;
    const root = stemTerm(first)?.slice(1) ?? first;
    for (const second of [word.particle, next]) {
      if (second === undefined) continue;
      const pair = second === next ? { word: i, next: i + 1 } : { word: i };
      push({ term: first + second, ...pair, weight: 1, typo: false, prefix: false });
      for (const joined of new Set([first + second, root + second])) {
        const stem = stemTerm(joined);
        if (stem === undefined) continue;
        push({ term: stem, ...pair, weight: _STEM_WEIGHT, typo: false, prefix: false });
      }
    }
  });
  let swaps = 0;
  query.words.forEach((word, i) => {
    const plain = word.hint ? undefined : plainTerm(word);
    if (plain === undefined || plain.length < 5 || plain.length > 40) return;
    for (let k = 0; k + 1 < plain.length && swaps < MAX_SWAPS; k++) {
      if (plain[k] === plain[k + 1]) continue;
      const swap = plain.slice(0, k) + plain[k + 1] + plain[k] + plain.slice(k + 2);
      if (seen.has(swap) || STOP_WORDS.has(swap)) continue;
      push({ term: swap, word: i, weight: SWAP_WEIGHT, typo: false, prefix: _prefix(swap) });
      swaps++;
    }
  });
  return specs;
}

/**
 * A function telling which query terms a document term reaches, and with what weight (memoised).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery } from "./query.ts";
 * import { termMatcher, termSpecs } from "./match.ts";
 * const match = termMatcher(termSpecs(parseQuery("abort")));
 * assert.equal(match("abbort").length, 1); // one typo away
 * ```
 */
export function termMatcher(specs: readonly TermSpec[]): (term: string) => readonly TermMatch[] {
  const none: readonly TermMatch[] = [];
  const memo = new Map<string, readonly TermMatch[]>();
  const exact = new Map<string, number[]>();
  const prefixes = new Map<string, number[]>();
  const typos: number[] = [];
  specs.forEach((spec, i) => {
    exact.set(spec.term, [...(exact.get(spec.term) ?? []), i]);
    if (spec.prefix) {
      const head = spec.term.slice(0, 3);
      prefixes.set(head, [...(prefixes.get(head) ?? []), i]);
    }
    if (spec.typo) typos.push(i);
  });
  return (term) => {
    let found = memo.get(term);
    if (found !== undefined) return found;
    // Most terms a call asks about reach nothing: no closure, set or slice for those.
    let matches: TermMatch[] | undefined;
    const same = exact.get(term);
    if (same !== undefined) {
      matches = [];
      for (const i of same) matches.push({ spec: i, weight: specs[i].weight });
    }
    // A stem term is found as itself only.
    if (!STOP_WORDS.has(term) && !term.startsWith(STEM)) {
      // The query terms it begins (a query term has 3 letters or more).
      let begun: number[] | undefined;
      const heads = term.length > 3 ? prefixes.get(term.slice(0, 3)) : undefined;
      for (const i of heads ?? []) {
        const query = specs[i].term;
        if (term.length > query.length && term.startsWith(query)) {
          (begun ??= []).push(i);
          const added = term.length - query.length;
          (matches ??= []).push({
            spec: i,
            weight: specs[i].weight * PREFIX_WEIGHT * term.length / (term.length + 0.3 * added),
          });
        }
      }
      for (const i of typos) {
        const query = specs[i].term;
        if (Math.abs(term.length - query.length) > 1) continue;
        if (term === query || begun?.includes(i) || !withinOneEdit(term, query)) continue;
        (matches ??= []).push({
          spec: i,
          weight: specs[i].weight * TYPO_WEIGHT * term.length / (term.length + 1),
        });
      }
    }
    found = matches ?? none;
    memo.set(term, found);
    return found;
  };
}

/** Where the terms a query reaches stand among the sorted terms of an index. */
export interface ReachedTerms {
  readonly exact: readonly string[];
  /** Words that reach the longer terms they begin. */
  readonly prefixes: readonly string[];
  /** Words that reach the terms one edit away. */
  readonly typos: readonly string[];
}

/**
 * Every term {@linkcode termMatcher} reaches (keep in step): one of `exact`, one beginning with
 * one of `prefixes`, or one edit away from one of `typos`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery } from "./query.ts";
 * import { reachedTerms, termSpecs } from "./match.ts";
 * const reach = reachedTerms(termSpecs(parseQuery("abort")));
 * assert.ok(reach.exact.includes("abort") && reach.typos.includes("abort"));
 * ```
 */
export function reachedTerms(specs: readonly TermSpec[]): ReachedTerms {
  return {
    exact: specs.map((spec) => spec.term),
    prefixes: specs.filter((spec) => spec.prefix).map((spec) => spec.term),
    typos: specs.filter((spec) => spec.typo).map((spec) => spec.term),
  };
}

/**
 * Whether two words differ by at most one insertion, deletion or substitution.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withinOneEdit } from "./match.ts";
 * assert.ok(withinOneEdit("abort", "abbort"));
 * ```
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (i === short.length) return true;
  // The first difference: substitute (same lengths) or skip one letter of the longer word.
  const rest = short.length === long.length ? i + 1 : i;
  return short.slice(rest) === long.slice(i + 1);
}

/**
 * A word's two halves, never cut inside a surrogate pair: a word one edit away begins with the
 * first or ends with the second.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typoHalves } from "./match.ts";
 * assert.deepEqual(typoHalves("abort"), ["ab", "ort"]);
 * ```
 */
export function typoHalves(word: string): [string, string] {
  let half = word.length >> 1;
  if (half > 0 && /[\uD800-\uDBFF]/.test(word[half - 1])) half--;
  return [word.slice(0, half), word.slice(half)];
}

// No typo in Chinese or Japanese, nor in a version: one character more or less is another word.
const _typo = (term: string) =>
  term.length >= 4 && term.length <= 40 && !CJK_CHAR.test(term) && !VERSION.test(term);
const _prefix = (term: string) => term.length >= 3 && term.length <= 40;

/**
 * A quick test of a file's words: `false` only when no term of theirs can reach a query term.
 * Words that are not ASCII (normalised before they are cut) always pass.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery } from "./query.ts";
 * import { fileMatcher, termSpecs } from "./match.ts";
 * const mayReach = fileMatcher(termSpecs(parseQuery("sqlite")));
 * assert.ok(mayReach("runtime sqlte") && !mayReach("runtime http"));
 * ```
 */
export function fileMatcher(specs: readonly TermSpec[]): (words: string) => boolean {
  const keys = new Set<string>();
  for (const spec of specs) {
    keys.add(spec.term);
    if (spec.typo) typoHalves(spec.term).forEach((half) => keys.add(half));
  }
  if (keys.has("")) return () => true;
  // One pattern for all: a call tests thousands of names.
  const pattern = new RegExp(
    [...keys].map((key) => key.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|") +
      "|[^\\u0000-\\u007F]",
    "i",
  );
  return (words) => pattern.test(words);
}
