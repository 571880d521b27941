/**
 * MDX's parser (micromark with `@mdx-js/mdx` 3's and GFM's constructs), expressions first ended by
 * counting braces and then checked by acorn once each (MDX's own retry from each `}` is quadratic);
 * when acorn disagrees, the text is read again as MDX reads it.
 *
 * @module
 */
import { Parser } from "acorn";
import acornJsx from "acorn-jsx";
import { parse, preprocess } from "micromark";
import { gfm } from "micromark-extension-gfm";
import { mdxExpression } from "micromark-extension-mdx-expression";
import { mdxJsx } from "micromark-extension-mdx-jsx";
import { mdxMd } from "micromark-extension-mdx-md";
import { mdxjsEsm } from "micromark-extension-mdxjs-esm";
import { combineExtensions } from "micromark-util-combine-extensions";
import { subtokenize } from "micromark-util-subtokenize";
import type { Event, ParseContext, Token } from "micromark-util-types";
import { expressionText, type KnownExpression } from "./jsx_text.ts";
import { type Acorn, acornAgrees, isTooDeep, TooDeepExpression } from "./mdx_acorn.ts";

let _acorn: Acorn | undefined;
let _counted: ParseContext | undefined;
let _exact: ParseContext | undefined;

/** MDX's reading of a text: micromark's events, text constructs tokenized. */
export interface MdxParse {
  readonly events: Event[];
  /** The offset in the text of an offset in the events (big expressions were left out). */
  sourceOffset(offset: number): number;
  /** The big attribute expressions acorn read, by where they start in the text (after `{`). */
  readonly expressions: ReadonlyMap<number, KnownExpression>;
}

/**
 * Reads an MDX text as MDX does.
 *
 * @param final Whether the text runs to the file's end (if not, a construct left open at its end
 * is reported at once).
 * @throws {Error} micromark's `VFileMessage` (`line`, `column`, `reason`, `ruleId`) when MDX rejects
 * the text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxParse } from "./mdx_parse.ts";
 * assert.equal(mdxParse("<Box />\n").events[0][1].type, "mdxJsxFlowTag");
 * assert.throws(() => mdxParse("<!-- x -->\n"), /Unexpected character `!`/);
 * ```
 */
export function mdxParse(source: string, final = true): MdxParse {
  _acorn ??= Parser.extend(acornJsx()) as unknown as Acorn;
  const acorn = _acorn;
  _counted ??= _parser(acorn, undefined);
  const masked = _maskExpressions(source, acorn);
  try {
    const events = _events(masked.text, _counted);
    const expressions = new Map(masked.expressions);
    if (
      acornAgrees(events, acorn, masked, source, expressions) && _masksInAttributes(events, masked)
    ) {
      return { events, sourceOffset: masked.sourceOffset, expressions };
    }
  } catch (error) {
    if (error instanceof TooDeepExpression) {
      throw _tooDeepError(source, masked.sourceOffset(error.offset));
    }
    if (!final && (error as { ruleId?: unknown }).ruleId === "unexpected-eof") throw error;
    // Counted braces may end an expression elsewhere than MDX: read it as MDX does.
  }
  _exact ??= _parser(acorn, acorn);
  return {
    events: _events(source, _exact),
    sourceOffset: (offset) => offset,
    expressions: new Map(),
  };
}

/** micromark with MDX's constructs: ESM checked by `acorn`, expressions by `check` if given. */
function _parser(acorn: Acorn, check: Acorn | undefined): ParseContext {
  const options = check === undefined ? {} : { acorn: check };
  return parse({
    extensions: [
      combineExtensions([mdxjsEsm({ acorn }), mdxExpression(options), mdxJsx(options), mdxMd()]),
      gfm(),
    ],
  });
}

/** An attribute expression this size or bigger is read by acorn alone. */
const MASK_CHARS = 256;
const ACORN_OPTIONS = { ecmaVersion: 2024, sourceType: "module" } as const;
const LESS_THAN = 60;
const EQUALS = 61;
const QUOTE = 34;
const APOSTROPHE = 39;
const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;

/** A text with expressions taken out (where each starts in it), and the way back. */
interface _Masked {
  readonly text: string;
  readonly at: number[];
  sourceOffset(offset: number): number;
  /** The expressions taken out, by where they start in the source. */
  readonly expressions: ReadonlyMap<number, KnownExpression>;
}

/**
 * Makes `0` each big attribute expression of the JSX tags that start a line, read by acorn up to
 * the `}` after a complete expression (MDX's end); a tag is scanned while plain.
 */
function _maskExpressions(source: string, acorn: Acorn): _Masked {
  const masks: [number, number][] = [];
  const expressions = new Map<number, KnownExpression>();
  const length = source.length;
  const skipSpace = (i: number) => {
    while (i < length && _isSpace(source.charCodeAt(i))) i++;
    return i;
  };
  for (let line = source.indexOf("<"); line !== -1; line = source.indexOf("\n<", line + 1)) {
    const start = source.charCodeAt(line) === LESS_THAN ? line : line + 1;
    if (!_isLetter(source.charCodeAt(start + 1))) continue;
    let i = start + 1;
    while (i < length && _isNameChar(source.charCodeAt(i))) i++;
    for (;;) {
      i = skipSpace(i);
      const name = i;
      while (i < length && _isAttributeNameChar(source.charCodeAt(i))) i++;
      if (i === name) break;
      i = skipSpace(i);
      if (source.charCodeAt(i) !== EQUALS) continue;
      i = skipSpace(i + 1);
      const quote = source.charCodeAt(i);
      if (quote === QUOTE || quote === APOSTROPHE) {
        const close = source.indexOf(source[i], i + 1);
        if (close === -1) break;
        i = close + 1;
        continue;
      }
      if (quote !== LEFT_BRACE) break;
      // A small expression is not worth acorn's time here.
      const small = _closingBrace(source, i + 1, MASK_CHARS);
      if (small !== -1) {
        i = small + 1;
        continue;
      }
      let node: { end: number };
      try {
        node = acorn.parseExpressionAt(source, i + 1, ACORN_OPTIONS) as { end: number };
      } catch (error) {
        if (isTooDeep(error)) throw _tooDeepError(source, i + 1);
        break;
      }
      const end = skipSpace(node.end);
      if (source.charCodeAt(end) !== RIGHT_BRACE) break;
      masks.push([i + 1, end]);
      expressions.set(i + 1, { end: node.end, text: expressionText(node) });
      i = end + 1;
    }
  }
  if (masks.length === 0) {
    return { text: source, at: [], sourceOffset: (offset) => offset, expressions };
  }
  let text = "";
  let from = 0;
  const at: number[] = [];
  const shift: number[] = [];
  for (const [start, end] of masks) {
    text += source.slice(from, start);
    at.push(text.length);
    text += "0";
    shift.push((shift[shift.length - 1] ?? 0) + (end - start) - 1);
    from = end;
  }
  text += source.slice(from);
  return {
    text,
    at,
    expressions,
    sourceOffset(offset) {
      // The last expression taken out before the offset tells how far it moved.
      const before = _firstAtLeast(at, offset);
      return before === 0 ? offset : offset + shift[before - 1];
    },
  };
}

function _isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function _isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Letters, digits, `_`, `$`, `.`, `:`, `-`. */
function _isNameChar(code: number): boolean {
  return _isLetter(code) || (code >= 48 && code <= 58) || code === 95 || code === 36 ||
    code === 46 || code === 45;
}

/** Anything but space, `=`, `/`, `>`, braces, quotes and `<`. */
function _isAttributeNameChar(code: number): boolean {
  return !_isSpace(code) && code !== EQUALS && code !== 47 && code !== 62 && code !== LEFT_BRACE &&
    code !== RIGHT_BRACE && code !== QUOTE && code !== APOSTROPHE && code !== LESS_THAN &&
    !Number.isNaN(code);
}

/** The `}` that closes a `{` counting braces only, within `limit` characters, or -1. */
function _closingBrace(source: string, from: number, limit: number): number {
  let depth = 0;
  const end = Math.min(source.length, from + limit);
  for (let i = from; i < end; i++) {
    const code = source.charCodeAt(i);
    if (code === LEFT_BRACE) depth++;
    else if (code === RIGHT_BRACE && depth-- === 0) return i;
  }
  return -1;
}

/** Whether every expression taken out stood in a JSX attribute's value, as MDX read the text. */
function _masksInAttributes(events: readonly Event[], masked: _Masked): boolean {
  if (masked.at.length === 0) return true;
  const values = new Set<number>();
  for (const [kind, token] of events) {
    const type: string = token.type;
    if (kind === "enter" && type.endsWith("TagAttributeValueExpressionValue")) {
      values.add(token.start.offset);
    }
  }
  return masked.at.every((offset) => values.has(offset));
}

/** The events of a text by a parser made once, what it learnt from the last text reset. */
function _events(source: string, parser: ParseContext): Event[] {
  parser.defined = [];
  parser.lazy = {};
  const learnt = parser as { definedModuleSpecifiers?: unknown; gfmFootnotes?: unknown };
  delete learnt.definedModuleSpecifiers;
  delete learnt.gfmFootnotes;
  const chunks = preprocess()(source, undefined, true);
  const events = parser.document().write(chunks);
  // micromark's `postprocess`, but text without `<` or `{` is left as it is.
  const specials = _specials(source);
  do _leaveText(events, source, specials); while (!subtokenize(events));
  return events;
}

/**
 * Leaves untokenized the text without `<` and `{` (which start MDX's text constructs): its markup
 * is read by `inlineWordCount` and by markdown-it.
 */
function _leaveText(events: readonly Event[], source: string, specials: Int32Array): void {
  for (let i = 0; i < events.length - 1; i++) {
    const [kind, token] = events[i];
    if (kind !== "enter" || token.previous !== undefined) continue;
    if (token.contentType !== "text" && token.contentType !== "string") continue;
    // A table cell's text is an enter and another token's exit until tokenized: left to micromark.
    if (events[i + 1][1] !== token) continue;
    // A task list item's `[ ]` is no word: micromark's GFM tells which is one.
    if (/^\[[ xX]\]/.test(source.slice(token.start.offset, token.start.offset + 3))) continue;
    let mdx = false;
    for (let chunk: Token | undefined = token; chunk !== undefined && !mdx; chunk = chunk.next) {
      mdx = _hasSpecial(specials, chunk.start.offset, chunk.end.offset);
    }
    if (mdx) continue;
    for (let chunk: Token | undefined = token; chunk !== undefined; chunk = chunk.next) {
      chunk.contentType = undefined;
    }
  }
}

function _specials(source: string): Int32Array {
  const found: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code === LESS_THAN || code === LEFT_BRACE) found.push(i);
  }
  return Int32Array.from(found);
}

function _hasSpecial(specials: Int32Array, start: number, end: number): boolean {
  const first = _firstAtLeast(specials, start);
  return first < specials.length && specials[first] < end;
}

/** The index of the first value at least `value` in an ascending list (else its length). */
function _firstAtLeast(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** MDX's rejection of an expression acorn cannot read, at its start (1-based line and column). */
function _tooDeepError(source: string, offset: number): Error {
  let line = 1;
  let lineStart = 0;
  for (let at = source.indexOf("\n"); at !== -1 && at < offset; at = source.indexOf("\n", at + 1)) {
    line++;
    lineStart = at + 1;
  }
  const reason = "Could not parse expression with acorn";
  return Object.assign(new Error(reason), {
    line,
    column: offset - lineStart + 1,
    reason,
    ruleId: "acorn",
  });
}
