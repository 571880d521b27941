/**
 * MDX's parser (micromark with `@mdx-js/mdx` 3's and GFM's constructs), expressions first ended by
 * counting braces and then checked by acorn once each (MDX's own retry from each `}` is quadratic);
 * when acorn disagrees, the text is read again as MDX reads it.
 *
 * @module
 */
import { type Comment, Parser } from "acorn";
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
import {
  APOSTROPHE,
  BACKSLASH,
  BACKTICK,
  CARRIAGE_RETURN,
  EQUALS,
  LEFT_BRACE,
  LESS_THAN,
  LINE_FEED,
  QUOTE,
  RIGHT_BRACE,
  SPACE,
  TAB,
} from "./char_codes.ts";

let _acorn: _Acorn | undefined;
let _counted: ParseContext | undefined;
let _exact: ParseContext | undefined;

/** MDX's reading of a text: micromark's events, text constructs tokenized. */
interface _MdxParse {
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
 * assert.throws(() => mdxParse("<!-- x -->\n"), /Unexpected character `!`/);
 * ```
 */
export function mdxParse(source: string, final = true): _MdxParse {
  const acorn = _acorn ??= Parser.extend(acornJsx()) as unknown as _Acorn;
  _counted ??= _parser(acorn, undefined);
  const masked = _maskExpressions(source, acorn);
  try {
    const events = _events(masked.text, _counted);
    const expressions = new Map(masked.expressions);
    if (
      _acornAgrees(events, acorn, masked, source, expressions) && _masksInAttributes(events, masked)
    ) {
      return { events, sourceOffset: masked.sourceOffset, expressions };
    }
  } catch (error) {
    if (error instanceof _TooDeepExpression) {
      throw _tooDeepError(source, masked.sourceOffset(error.offset));
    }
    if (!final && (error as { ruleId?: unknown }).ruleId === "unexpected-eof") throw error;
    // Counted braces may end an expression elsewhere than MDX: read it as MDX does.
  }
  _exact ??= _parser(acorn, acorn);
  return { events: _events(source, _exact), sourceOffset: _unmoved, expressions: new Map() };
}

/** The offsets of a text with no expression taken out. */
const _unmoved = (offset: number) => offset;

/** micromark with MDX's constructs: ESM checked by `acorn`, expressions by `check` if given. */
function _parser(acorn: _Acorn, check: _Acorn | undefined): ParseContext {
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
const SPACES = /[\t-\r ]*/y;
/** A letter, then letters, digits, `_`, `$`, `.`, `:`, `-`. */
const TAG_NAME = /[A-Za-z][\w$.:-]*/y;
/** Anything but space, `=`, `/`, `>`, braces, quotes and `<`. */
const ATTRIBUTE_NAME = /[^\t-\r =/>{}"'<]*/y;

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
function _maskExpressions(source: string, acorn: _Acorn): _Masked {
  const masks: [number, number][] = [];
  const expressions = new Map<number, KnownExpression>();
  /** Past the match of a sticky `pattern` at `i`, else `i`. */
  const skip = (pattern: RegExp, i: number) => {
    pattern.lastIndex = i;
    return pattern.test(source) ? pattern.lastIndex : i;
  };
  const skipSpace = (i: number) => skip(SPACES, i);
  for (let line = source.indexOf("<"); line !== -1; line = source.indexOf("\n<", line + 1)) {
    const start = source.charCodeAt(line) === LESS_THAN ? line : line + 1;
    let i = skip(TAG_NAME, start + 1);
    if (i === start + 1) continue;
    for (;;) {
      i = skipSpace(i);
      const name = i;
      i = skip(ATTRIBUTE_NAME, i);
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
        if (_isTooDeep(error)) throw _tooDeepError(source, i + 1);
        break;
      }
      const end = skipSpace(node.end);
      if (source.charCodeAt(end) !== RIGHT_BRACE) break;
      masks.push([i + 1, end]);
      expressions.set(i + 1, { end: node.end, text: expressionText(node) });
      i = end + 1;
    }
  }
  if (masks.length === 0) return { text: source, at: [], sourceOffset: _unmoved, expressions };
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

/** acorn with JSX, as MDX's extensions take it. */
type _Acorn = NonNullable<NonNullable<Parameters<typeof mdxJsx>[0]>["acorn"]>;

/** How MDX checks an expression: its value's token type, and whether it may be empty or spread. */
interface _Check {
  readonly chunk: string;
  readonly allowEmpty: boolean;
  readonly spread?: boolean;
  readonly attribute?: boolean;
}

/** The expression tokens (flow and text): how MDX checks each. */
const EXPRESSIONS: Record<string, _Check> = {};
for (const at of ["Flow", "Text"]) {
  const flow = `mdx${at}Expression`;
  const spread = `mdxJsx${at}TagExpressionAttribute`;
  const value = `mdxJsx${at}TagAttributeValueExpression`;
  EXPRESSIONS[flow] = { chunk: `${flow}Chunk`, allowEmpty: true };
  EXPRESSIONS[spread] = { chunk: `${spread}Value`, allowEmpty: false, spread: true };
  EXPRESSIONS[value] = { chunk: `${value}Value`, allowEmpty: false, attribute: true };
}

/**
 * Whether acorn accepts every expression of the events as MDX checks it, and no `}` stands in a
 * line comment (MDX ends an expression at the first `}` acorn accepts).
 *
 * @param masked Where the expressions taken out of the text (acorn read them) stand in the events,
 * and the text's offset of an offset in the events.
 * @param known The expressions read, by where they start in the text: each attribute's is added.
 * @throws {_TooDeepExpression} When acorn runs out of stack in one.
 */
function _acornAgrees(
  events: readonly Event[],
  acorn: _Acorn,
  masked: _Masked,
  text: string,
  known: Map<number, KnownExpression>,
): boolean {
  const taken = new Set(masked.at);
  for (let i = 0; i < events.length; i++) {
    const [kind, token] = events[i];
    const expression = kind === "enter" ? EXPRESSIONS[token.type] : undefined;
    if (expression === undefined) continue;
    // The token, its opening marker's enter and exit; then the value up to the closing marker.
    let close = i + 3;
    // An expression acorn read when it was taken out is `0` now.
    const checked = taken.has(events[i + 3][1].start.offset);
    let source = "";
    for (; events[close][1].type !== events[i + 1][1].type; close++) {
      const [innerKind, inner, context] = events[close];
      if (
        innerKind === "enter" && (inner.type === expression.chunk || inner.type === "lineEnding")
      ) {
        source += context.sliceSerialize(inner);
      }
    }
    let node: unknown;
    try {
      node = checked || _accepts(acorn, source, expression);
    } catch {
      // `_accepts` rethrows only acorn's running out of stack.
      throw new _TooDeepExpression(events[i + 3][1].start.offset);
    }
    if (node === false) return false;
    if (typeof node === "object" && expression.attribute) {
      // Between the braces, in the text's offsets.
      const start = masked.sourceOffset(events[i + 1][1].end.offset);
      const end = masked.sourceOffset(events[close][1].start.offset);
      if (_sameValues(text, start, end, source)) {
        known.set(start, { end, text: expressionText(node) });
      }
    }
    i = close;
  }
  return true;
}

/**
 * Whether the text between an expression's braces holds the strings of `source` (what MDX read,
 * without a tag's indent): the same, or only the indents differ and no template, JSX or escape.
 */
function _sameValues(text: string, start: number, end: number, source: string): boolean {
  if (end - start === source.length && text.startsWith(source, start)) return true;
  let i = start;
  let j = 0;
  while (i < end && j < source.length) {
    const code = text.charCodeAt(i);
    if (
      code !== source.charCodeAt(j) || code === BACKTICK || code === LESS_THAN || code === BACKSLASH
    ) return false;
    i++;
    j++;
    if (code === LINE_FEED || code === CARRIAGE_RETURN) {
      while (i < end && _isBlank(text.charCodeAt(i))) i++;
      while (j < source.length && _isBlank(source.charCodeAt(j))) j++;
    }
  }
  return i === end && j === source.length;
}

function _isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** acorn's node of an expression MDX accepts (`true` for an empty one), else `false`. */
function _accepts(acorn: _Acorn, source: string, expression: _Check): object | boolean {
  const comments: Comment[] = [];
  const options = { ...ACORN_OPTIONS, onComment: comments };
  let node: object | boolean = true;
  try {
    if (_isEmpty(source)) {
      if (!expression.allowEmpty) return false;
      acorn.parse(source, options);
    } else {
      const prefix = expression.spread ? "({" : "";
      const value = prefix + source + (expression.spread ? "})" : "");
      const estree = acorn.parseExpressionAt(value, 0, options) as unknown as {
        end: number;
        type: string;
        properties?: { type: string }[];
      };
      if (!_isEmpty(value.slice(estree.end, prefix.length + source.length))) return false;
      if (expression.spread) {
        const properties = estree.properties ?? [];
        if (estree.type !== "ObjectExpression" || properties.length > 1) return false;
        if (properties.length === 1 && properties[0].type !== "SpreadElement") return false;
      } else node = estree;
    }
  } catch (error) {
    if (_isTooDeep(error)) throw error;
    return false;
  }
  return !comments.some((comment) => comment.type === "Line" && comment.value.includes("}")) &&
    node;
}

/**
 * acorn ran out of stack in an expression: MDX fails too, but only after a quadratic retry from
 * each `}`; this rejects it at once.
 */
class _TooDeepExpression extends Error {
  /** @param offset Where the expression starts, in the text micromark read. */
  constructor(readonly offset: number) {
    super("Not enough stack space to parse input");
  }
}

/** Whether an error is acorn's running out of stack. */
function _isTooDeep(error: unknown): boolean {
  return error instanceof Error && /not enough stack space|call stack/i.test(error.message);
}

/** Only whitespace and comments (a line comment needs its line break), as MDX's `empty`. */
function _isEmpty(value: string): boolean {
  if (!value.includes("/")) return /^\s*$/.test(value);
  return /^\s*$/.test(
    value.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ""),
  );
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
      const first = _firstAtLeast(specials, chunk.start.offset);
      mdx = first < specials.length && specials[first] < chunk.end.offset;
    }
    if (mdx) continue;
    for (let chunk: Token | undefined = token; chunk !== undefined; chunk = chunk.next) {
      chunk.contentType = undefined;
    }
  }
}

/** Where the text's `<` and `{` stand. */
function _specials(source: string): Int32Array {
  const found: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (code === LESS_THAN || code === LEFT_BRACE) found.push(i);
  }
  return Int32Array.from(found);
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
  const before = source.slice(0, offset).split("\n");
  const reason = "Could not parse expression with acorn";
  const column = before[before.length - 1].length + 1;
  return Object.assign(new Error(reason), { line: before.length, column, reason, ruleId: "acorn" });
}
