/**
 * MDX's checks of expressions by acorn (`micromark-util-events-to-acorn`), over the events of a
 * text whose expressions were ended by counting braces (`mdx_parse.ts`).
 *
 * @module
 */
import type { Comment } from "acorn";
import type { mdxJsx } from "micromark-extension-mdx-jsx";
import type { Event } from "micromark-util-types";
import { expressionText, type KnownExpression } from "./jsx_text.ts";

/** acorn with JSX, as MDX's extensions take it. */
export type Acorn = NonNullable<NonNullable<Parameters<typeof mdxJsx>[0]>["acorn"]>;

/** The expression tokens: their value's token type, and how MDX checks them. */
const EXPRESSIONS: Readonly<
  Record<string, { chunk: string; allowEmpty: boolean; spread: boolean; attribute?: boolean }>
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
    attribute: true,
  },
  mdxJsxTextTagAttributeValueExpression: {
    chunk: "mdxJsxTextTagAttributeValueExpressionValue",
    allowEmpty: false,
    spread: false,
    attribute: true,
  },
};

/**
 * Whether acorn accepts every expression of the events as MDX checks it, and no `}` stands in a
 * line comment (MDX ends an expression at the first `}` acorn accepts).
 *
 * @param masked Where the expressions taken out of the text (acorn read them) stand in the events,
 * and the text's offset of an offset in the events.
 * @param known The expressions read, by where they start in the text: each attribute's is added.
 * @throws {TooDeepExpression} When acorn runs out of stack in one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Parser } from "acorn";
 * import acornJsx from "acorn-jsx";
 * import { acornAgrees, type Acorn } from "./mdx_acorn.ts";
 * import { mdxParse } from "./mdx_parse.ts";
 * const acorn = Parser.extend(acornJsx()) as unknown as Acorn;
 * const text = '<Card title={"Shown"} />\n';
 * const known = new Map();
 * const masked = { at: [], sourceOffset: (offset: number) => offset };
 * assert.equal(acornAgrees(mdxParse(text).events, acorn, masked, text, known), true);
 * assert.deepEqual(known.get(text.indexOf("{") + 1)?.text, ["Shown"]);
 * ```
 */
export function acornAgrees(
  events: readonly Event[],
  acorn: Acorn,
  masked: { readonly at: readonly number[]; sourceOffset(offset: number): number },
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
    } catch (error) {
      if (isTooDeep(error)) throw new TooDeepExpression(events[i + 3][1].start.offset);
      throw error;
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
    if (code !== source.charCodeAt(j) || code === 96 || code === 60 || code === 92) return false;
    i++;
    j++;
    if (code === 10 || code === 13) {
      while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
      while (j < source.length && (source.charCodeAt(j) === 32 || source.charCodeAt(j) === 9)) j++;
    }
  }
  return i === end && j === source.length;
}

/** acorn's node of an expression MDX accepts (`true` for an empty one), else `false`. */
function _accepts(
  acorn: Acorn,
  source: string,
  expression: { allowEmpty: boolean; spread: boolean },
): object | boolean {
  const comments: Comment[] = [];
  const options = { ecmaVersion: 2024, sourceType: "module", onComment: comments } as const;
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
        const properties = estree.type === "ObjectExpression" ? estree.properties ?? [] : [];
        if (estree.type !== "ObjectExpression" || properties.length > 1) return false;
        if (properties.length === 1 && properties[0].type !== "SpreadElement") return false;
      } else node = estree;
    }
  } catch (error) {
    if (isTooDeep(error)) throw error;
    return false;
  }
  return !comments.some((comment) => comment.type === "Line" && comment.value.includes("}")) &&
    node;
}

/**
 * acorn ran out of stack in an expression: MDX fails too, but only after a quadratic retry from
 * each `}`; this rejects it at once.
 */
export class TooDeepExpression extends Error {
  /** @param offset Where the expression starts, in the text micromark read. */
  constructor(readonly offset: number) {
    super("Not enough stack space to parse input");
  }
}

/**
 * Whether an error is acorn's running out of stack (or one of this module's
 * {@linkcode TooDeepExpression}s).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isTooDeep, TooDeepExpression } from "./mdx_acorn.ts";
 * assert.equal(isTooDeep(new RangeError("Maximum call stack size exceeded")), true);
 * assert.equal(isTooDeep(new TooDeepExpression(3)), true);
 * assert.equal(isTooDeep(new SyntaxError("Unexpected token")), false);
 * ```
 */
export function isTooDeep(error: unknown): boolean {
  return error instanceof TooDeepExpression ||
    error instanceof Error && /not enough stack space|call stack/i.test(error.message);
}

/** Only whitespace and comments (a line comment needs its line break), as MDX's `empty`. */
function _isEmpty(value: string): boolean {
  if (!value.includes("/")) return /^\s*$/.test(value);
  return /^\s*$/.test(
    value.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ""),
  );
}
