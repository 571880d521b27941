/**
 * The text a page shows from its JSX tags' attributes (`<Callout title="...">`, a props table's
 * `content={[...]}`), for word counts and the search: string values and the strings of expressions
 * (read by acorn, as MDX reads them), one per line, without attributes that are never text.
 *
 * @module
 */
import { Parser, tokTypes } from "acorn";
import acornJsx from "acorn-jsx";

/** Attributes (and an expression's object keys) never text a reader sees: addresses, styling. */
const NOT_TEXT = new Set(
  ("src srcSet srcset srcLight srcDark img audio href link to className class style id key ref " +
    "width height target rel lang language icon color size variant slot").split(" "),
);

/** The most characters of a tag's source read for its text (a bound on the parser's work). */
export const JSX_TEXT_SOURCE_CHARS = 1_000_000;

/**
 * The text of the JSX tags in a stretch of MDX source (a `jsx` node's lines), one value per line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsxText } from "./jsx_text.ts";
 * const tag = `<Field path="--cafile" content={["A file."]} src="/x.png">`;
 * assert.equal(jsxText(tag), "--cafile\nA file.");
 * ```
 */
export function jsxText(source: string, known?: _Known): string {
  const values: string[] = [];
  const text = source.slice(0, JSX_TEXT_SOURCE_CHARS);
  const cut = text.length < source.length;
  let at = 0;
  while (at < text.length) {
    TAG_OR_EXPRESSION.lastIndex = at;
    const open = TAG_OR_EXPRESSION.exec(text)?.index;
    if (open === undefined) break;
    // An expression between tags (`{/* <Y /> */}`, `{"a <b>"}`): its `<` are no tags.
    at = text[open] === "{"
      ? _expression(text, open, null, known)
      : _tag(text, open + 1, values, known, cut);
  }
  return values.join("\n");
}

/** An attribute expression acorn read already (`mdx_parse.ts`): its end (before `}`) and text. */
export interface KnownExpression {
  readonly end: number;
  readonly text: readonly string[];
}

/** The expressions read already, by where they start (after their `{`). */
type _Known = (at: number) => KnownExpression | undefined;

/**
 * The text of an expression's estree node: its strings, template text and JSX text, in source
 * order, whitespace collapsed; an object's keys are names, not text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Parser } from "acorn";
 * import { expressionText } from "./jsx_text.ts";
 * const node = Parser.parseExpressionAt(`[{ name: "url", optional: true }]`, 0, { ecmaVersion: "latest" });
 * assert.deepEqual(expressionText(node), ["url"]);
 * ```
 */
export function expressionText(node: unknown): string[] {
  const values: string[] = [];
  _strings(node as _Node, values, 0);
  return values;
}

/** A tag's name (`Foo`, `Foo.Bar`, `foo:bar`), or `/` and a closing tag's. */
const TAG_NAME = /\/[\w$.:-]{0,199}|[\w$.:-]{0,200}/y;
const ATTRIBUTE_NAME = /[\w$:.-]{1,200}/y;
/** A spread attribute's `...`, within the first 63 characters of its expression. */
const SPREAD = /\s{0,60}\.\.\./y;
const TAG_OR_EXPRESSION = /[<{]/g;

const NOT_SPACE = /\S/g;

/** Where the whitespace (JavaScript's `\s`) from `at` ends. */
function _skipSpace(text: string, at: number): number {
  NOT_SPACE.lastIndex = at;
  return NOT_SPACE.exec(text)?.index ?? text.length;
}

/** Reads the attributes of the tag named at `at`, to its end; `cut`: the text was cut short. */
function _tag(text: string, at: number, values: string[], known: _Known | undefined, cut: boolean) {
  TAG_NAME.lastIndex = at;
  const name = TAG_NAME.exec(text)?.[0] ?? "";
  at += name.length;
  if (name === "" || name.startsWith("/")) return at;
  for (;;) {
    at = _skipSpace(text, at);
    if (at >= text.length) return at;
    const char = text[at];
    if (char === ">" || char === "/") return at + 1;
    if (char === "{") {
      // A spread attribute `{...props}`: its strings are no text.
      at = _expression(text, at, null, known);
      continue;
    }
    ATTRIBUTE_NAME.lastIndex = at;
    const attribute = ATTRIBUTE_NAME.exec(text)?.[0];
    if (attribute === undefined) return at + 1;
    at = _skipSpace(text, at + attribute.length);
    if (text[at] !== "=") continue;
    at = _skipSpace(text, at + 1);
    const keep = NOT_TEXT.has(attribute) ? null : values;
    const quote = text[at];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, at + 1);
      if (end === -1) {
        if (cut && keep !== null) _push(keep, text.slice(at + 1));
        return text.length;
      }
      if (keep !== null) _push(keep, text.slice(at + 1, end));
      at = end + 1;
    } else if (quote === "{") {
      at = _expression(text, at, keep, known);
    } else {
      return at;
    }
  }
}

/** Reads the expression whose `{` is at `at`, keeping its text; returns where it ends. */
function _expression(text: string, at: number, values: string[] | null, known?: _Known): number {
  SPREAD.lastIndex = at + 1;
  const start = at + 1 + (SPREAD.exec(text)?.[0].length ?? 0);
  const read = known?.(start);
  if (read !== undefined) {
    if (values !== null) { for (const value of read.text) values.push(value); }
    const close = text.indexOf("}", read.end);
    return close === -1 ? text.length : close + 1;
  }
  _parser ??= Parser.extend(acornJsx());
  try {
    // As `parseExpressionAt` does, but an expression of only comments (`{/* c */}`) is empty.
    const parser = new (_parser as unknown as _ParserClass)(_OPTIONS, text, start);
    parser.nextToken();
    if (parser.type !== tokTypes.braceR) {
      const node = parser.parseExpression();
      if (values !== null) _strings(node, values, 0);
    }
    const close = parser.type === tokTypes.braceR ? parser.start : text.indexOf("}", parser.start);
    return close === -1 ? text.length : close + 1;
  } catch {
    // Not JavaScript acorn reads (MDX would have rejected the file): the rest is no text.
    return text.length;
  }
}

/** acorn's parser class (its constructor is `protected` in its types only). */
type _ParserClass = new (options: typeof _OPTIONS, input: string, at: number) => _ParserState;

interface _ParserState {
  nextToken(): void;
  parseExpression(): _Node;
  readonly type: unknown;
  readonly start: number;
}

let _parser: typeof Parser | undefined;
const _OPTIONS = { ecmaVersion: "latest", sourceType: "module" } as const;

interface _Node {
  readonly type: string;
  readonly end: number;
  readonly value?: unknown;
  readonly [key: string]: unknown;
}

/** The string literals, template text and JSX text under a node, in source order. */
function _strings(node: _Node, values: string[], depth: number): void {
  // A bound on the walk, deeper than any page's data.
  if (depth > 200) return;
  if (node.type === "Literal" || node.type === "JSXText") {
    // Another literal (a number, a regex) holds no node: no text either.
    if (typeof node.value === "string") _push(values, node.value);
    return;
  }
  if (node.type === "TemplateElement") {
    _push(values, String((node.value as { cooked?: string } | undefined)?.cooked ?? ""));
    return;
  }
  if (node.type === "JSXAttribute" && NOT_TEXT.has(String((node.name as _Node)?.name))) return;
  if (node.type === "Property" && !node.computed) {
    // `{ href: "/docs/x" }`: an address, as the attribute's would be.
    const key = node.key as _Node;
    if (NOT_TEXT.has(String(key.type === "Identifier" ? key.name : key.value))) return;
  }
  if (node.type === "TemplateLiteral") {
    // acorn lists the substitutions before the text around them: read in source order.
    const quasis = node.quasis as _Node[];
    const expressions = node.expressions as _Node[];
    quasis.forEach((quasi, i) => {
      _strings(quasi, values, depth + 1);
      if (i < expressions.length) _strings(expressions[i], values, depth + 1);
    });
    return;
  }
  // An object's keys are names, not text: `{ name: 'url' }` gives `url`.
  for (const key in node) {
    if (key === "key" && node.type === "Property" && !node.computed) continue;
    if (key === "name" && node.type.startsWith("JSX")) continue;
    const child = node[key];
    if (Array.isArray(child)) {
      for (const item of child) {
        if (item !== null && typeof item === "object" && "type" in item) {
          _strings(item as _Node, values, depth + 1);
        }
      }
    } else if (child !== null && typeof child === "object" && "type" in child) {
      _strings(child as _Node, values, depth + 1);
    }
  }
}

function _push(values: string[], value: string): void {
  const trimmed = value.replace(/\s+/g, " ").trim();
  if (trimmed !== "") values.push(trimmed);
}
