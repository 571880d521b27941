/**
 * MDX's parser: micromark with the constructs of `@mdx-js/mdx` 3 (what
 * `micromark-extension-mdxjs` combines: ESM, expressions, JSX, and no
 * indented code, HTML or autolinks) and GFM's.
 *
 * MDX finds the end of an expression (`{...}`, also in a JSX attribute) by
 * handing acorn everything up to each `}` until acorn accepts: for an
 * attribute holding a big array that is quadratic (a 140 KB page took 1.7 s).
 * So the text is first read with expressions ended by counting braces, and
 * each expression is then handed to acorn once, as MDX would at its end.
 * When acorn accepts every one, and no `}` stands in a `//` comment, MDX
 * would have ended each at the same brace: MDX ends an expression at the
 * first `}` after a complete expression, and a complete expression followed
 * by a `}` that is JavaScript's own makes no complete expression of the
 * longer text. The events are MDX's then. Otherwise the text is read again
 * the way MDX does, which gives MDX's events or its error.
 *
 * @module
 */
import { type Comment, Parser } from "acorn";
import acornJsx from "acorn-jsx";
import { parse, postprocess, preprocess } from "micromark";
import { gfm } from "micromark-extension-gfm";
import { mdxExpression } from "micromark-extension-mdx-expression";
import { mdxJsx } from "micromark-extension-mdx-jsx";
import { mdxMd } from "micromark-extension-mdx-md";
import { mdxjsEsm } from "micromark-extension-mdxjs-esm";
import { combineExtensions } from "micromark-util-combine-extensions";
import type { Acorn } from "micromark-util-events-to-acorn";
import type { Event, Extension } from "micromark-util-types";

/** The expression tokens, with their value's token type and how MDX checks them. */
const EXPRESSIONS: Readonly<
  Record<string, { chunk: string; allowEmpty: boolean; spread: boolean }>
> = {
  mdxFlowExpression: { chunk: "mdxFlowExpressionChunk", allowEmpty: true, spread: false },
  mdxTextExpression: { chunk: "mdxTextExpressionChunk", allowEmpty: true, spread: false },
  mdxJsxFlowTagExpressionAttribute: {
    chunk: "mdxJsxFlowTagExpressionAttributeValue",
    allowEmpty: false,
    spread: true,
  },
  mdxJsxTextTagExpressionAttribute: {
    chunk: "mdxJsxTextTagExpressionAttributeValue",
    allowEmpty: false,
    spread: true,
  },
  mdxJsxFlowTagAttributeValueExpression: {
    chunk: "mdxJsxFlowTagAttributeValueExpressionValue",
    allowEmpty: false,
    spread: false,
  },
  mdxJsxTextTagAttributeValueExpression: {
    chunk: "mdxJsxTextTagAttributeValueExpressionValue",
    allowEmpty: false,
    spread: false,
  },
};

let _acorn: Acorn | undefined;
let _counted: Extension[] | undefined;
let _exact: Extension[] | undefined;

/** MDX's reading of a text. */
export interface MdxParse {
  /** micromark's events, text constructs tokenized. */
  readonly events: Event[];
  /**
   * The offset in the text of an offset in the events: big attribute
   * expressions are read by acorn alone and left out of what micromark
   * reads (see the module doc), so offsets after them move; lines do not.
   */
  sourceOffset(offset: number): number;
}

/**
 * Reads an MDX text as MDX does.
 *
 * @param source The text.
 * @returns MDX's events.
 * @throws {Error} micromark's `VFileMessage` (with `line`, `column` and
 * `reason`) when MDX rejects the text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxParse } from "./mdx_parse.ts";
 * assert.equal(mdxParse("<Box />\n").events[0][1].type, "mdxJsxFlowTag");
 * assert.throws(() => mdxParse("<!-- x -->\n"), /Unexpected character `!`/);
 * ```
 */
export function mdxParse(source: string): MdxParse {
  _acorn ??= Parser.extend(acornJsx()) as unknown as Acorn;
  const acorn = _acorn;
  _counted ??= [
    combineExtensions([mdxjsEsm({ acorn }), mdxExpression({}), mdxJsx({}), mdxMd()]),
    gfm(),
  ];
  const masked = _maskExpressions(source, acorn);
  try {
    const events = _events(masked.text, _counted);
    if (_acornAgrees(events, acorn) && _masksInAttributes(events, masked)) {
      return { events, sourceOffset: masked.sourceOffset };
    }
  } catch {
    // Counted braces may end an expression elsewhere than MDX: read it as MDX does.
  }
  _exact ??= [
    combineExtensions([
      mdxjsEsm({ acorn }),
      mdxExpression({ acorn }),
      mdxJsx({ acorn }),
      mdxMd(),
    ]),
    gfm(),
  ];
  return { events: _events(source, _exact), sourceOffset: (offset) => offset };
}

/** An attribute expression this size or bigger is read by acorn alone. */
const MASK_CHARS = 256;

/** A text with expressions taken out, and the way back to the text's offsets. */
interface _Masked {
  readonly text: string;
  /** Where each expression taken out starts, in `text`. */
  readonly at: number[];
  sourceOffset(offset: number): number;
}

/**
 * Takes the big attribute expressions of the JSX tags that start a line out
 * of the text: each becomes `0` and its line breaks. acorn reads each one as
 * MDX would, up to the `}` that follows a complete expression (MDX hands
 * acorn the text up to each `}` in turn and takes the first it accepts: the
 * same end). A tag is scanned only up to what is plain: names, quoted
 * values, expressions acorn accepts.
 */
function _maskExpressions(source: string, acorn: Acorn): _Masked {
  const masks: [number, number][] = [];
  for (let line = source.indexOf("<"); line !== -1; line = source.indexOf("\n<", line + 1)) {
    const start = source[line] === "<" ? line : line + 1;
    if (source[start] !== "<" || !/[A-Za-z]/.test(source[start + 1] ?? "")) continue;
    let i = start + 1;
    while (i < source.length && /[\w$.:-]/.test(source[i])) i++;
    for (;;) {
      while (/\s/.test(source[i] ?? "")) i++;
      if (!/[^\s=/>{}"'<]/.test(source[i] ?? "")) break;
      while (i < source.length && /[^\s=/>{}"'<]/.test(source[i])) i++;
      while (/\s/.test(source[i] ?? "")) i++;
      if (source[i] !== "=") continue;
      i++;
      while (/\s/.test(source[i] ?? "")) i++;
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, i + 1);
        if (close === -1) break;
        i = close + 1;
        continue;
      }
      if (quote !== "{") break;
      let end: number;
      try {
        end =
          (acorn.parseExpressionAt(source, i + 1, { ecmaVersion: 2024, sourceType: "module" }) as {
            end: number;
          }).end;
      } catch {
        break;
      }
      while (/\s/.test(source[end] ?? "")) end++;
      if (source[end] !== "}") break;
      if (end - i > MASK_CHARS) masks.push([i + 1, end]);
      i = end + 1;
    }
  }
  if (masks.length === 0) return { text: source, at: [], sourceOffset: (offset) => offset };
  let text = "";
  let from = 0;
  const at: number[] = [];
  const shift: number[] = [];
  for (const [start, end] of masks) {
    text += source.slice(from, start);
    at.push(text.length);
    const kept = "0" + (source.slice(start, end).match(/\r\n|\r|\n/g) ?? []).join("");
    text += kept;
    shift.push((shift[shift.length - 1] ?? 0) + (end - start) - kept.length);
    from = end;
  }
  text += source.slice(from);
  return {
    text,
    at,
    sourceOffset(offset) {
      // The last expression taken out before the offset tells how far it moved.
      let low = 0;
      let high = at.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (at[middle] < offset) low = middle + 1;
        else high = middle;
      }
      return low === 0 ? offset : offset + shift[low - 1];
    },
  };
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

function _events(source: string, extensions: Extension[]): Event[] {
  const chunks = preprocess()(source, undefined, true);
  return postprocess(parse({ extensions }).document().write(chunks));
}

/**
 * Whether acorn accepts every expression of the events as MDX checks it
 * (`micromark-util-events-to-acorn`: the value, or only comments where an
 * empty expression is allowed; a spread holds one spread element), and no
 * `}` stands in a line comment (see the module doc).
 */
function _acornAgrees(events: readonly Event[], acorn: Acorn): boolean {
  for (let i = 0; i < events.length; i++) {
    const [kind, token] = events[i];
    const expression = kind === "enter" ? EXPRESSIONS[token.type] : undefined;
    if (expression === undefined) continue;
    // The token, its opening marker's enter and exit; then the value up to the closing marker.
    let close = i + 3;
    let source = "";
    for (; events[close][1].type !== events[i + 1][1].type; close++) {
      const [innerKind, inner, context] = events[close];
      if (
        innerKind === "enter" && (inner.type === expression.chunk || inner.type === "lineEnding")
      ) {
        source += context.sliceSerialize(inner);
      }
    }
    if (!_accepts(acorn, source, expression)) return false;
    i = close;
  }
  return true;
}

function _accepts(
  acorn: Acorn,
  source: string,
  expression: { allowEmpty: boolean; spread: boolean },
): boolean {
  const comments: Comment[] = [];
  const options = { ecmaVersion: 2024, sourceType: "module", onComment: comments } as const;
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
        const properties = estree.type === "ObjectExpression" ? estree.properties ?? [] : [];
        if (estree.type !== "ObjectExpression" || properties.length > 1) return false;
        if (properties.length === 1 && properties[0].type !== "SpreadElement") return false;
      }
    }
  } catch {
    return false;
  }
  return !comments.some((comment) => comment.type === "Line" && comment.value.includes("}"));
}

/** Only whitespace and comments (a line comment needs its line break), as MDX's `empty`. */
function _isEmpty(value: string): boolean {
  return /^\s*$/.test(
    value.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ""),
  );
}
