/**
 * JSX tags must nest: MDX's syntax tree rejects a closing tag that matches no opening tag, and an
 * element that does not close inside the node it opened in. This checks the same over micromark's
 * events, with the same messages.
 *
 * @module
 */
import type { Event, Token } from "micromark-util-types";

/** Where an offset of the events is in the file: line and column, 1-based. */
type _Place = (offset: number) => { line: number; column: number };

/** MDX rejected the text, at a line and column (1-based). */
export class MdxSyntaxError extends SyntaxError {
  constructor(reason: string, readonly line: number, readonly column: number) {
    super(reason);
    this.name = "MdxSyntaxError";
  }
}

/** The token types whose syntax-tree nodes an element must open and close inside. */
const PARENTS = new Set(
  ("blockQuote listOrdered listUnordered paragraph atxHeading setextHeading emphasis strong " +
    "strikethrough link image table tableRow tableHeader tableData gfmFootnoteDefinition")
    .split(" "),
);

/** What `mdast-util-from-markdown` calls the node a token type makes, for messages. */
const NODE_NAMES: Readonly<Record<string, string>> = {
  blockQuote: "blockquote",
  listOrdered: "list",
  listUnordered: "list",
  listItem: "listItem",
  atxHeading: "heading",
  setextHeading: "heading",
  strikethrough: "delete",
  tableHeader: "tableCell",
  tableData: "tableCell",
  gfmFootnoteDefinition: "footnoteDefinition",
};

interface _Open {
  /** A parent's token type, or `tag` for an element. */
  readonly type: string;
  /** The element's name (`""` for a fragment). */
  readonly name: string;
  /** Where the parent or the tag starts in the file. */
  readonly line: number;
  readonly column: number;
  /** For a list: how deep its token is among the events (its items' prefixes are one deeper). */
  readonly depth?: number;
}

/**
 * Checks that the JSX elements of a text nest: {@linkcode JsxNesting.check} each piece's events in
 * order, then {@linkcode JsxNesting.finish}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { JsxNesting, MdxSyntaxError } from "./mdx_jsx.ts";
 * import { mdxParse } from "./mdx_parse.ts";
 * const nesting = new JsxNesting();
 * nesting.check(mdxParse("<Box>\n").events, (offset) => ({ line: 1, column: offset + 1 }));
 * assert.throws(() => nesting.finish(), MdxSyntaxError);
 * ```
 */
export class JsxNesting {
  readonly #stack: _Open[] = [];

  /** Checks the micromark events of one piece; throws {@linkcode MdxSyntaxError} if a tag does not nest. */
  check(events: readonly Event[], place: _Place): void {
    const stack = this.#stack;
    let depth = 0;
    for (let i = 0; i < events.length; i++) {
      const [kind, token] = events[i];
      const type: string = token.type;
      if (kind === "exit") depth--;
      if (type === "mdxJsxFlowTag" || type === "mdxJsxTextTag") {
        i = this.#tag(events, i, place);
        continue;
      }
      if (type === "listItemPrefix" && kind === "enter") {
        const list = stack.findLast((entry) => entry.depth !== undefined);
        if (list !== undefined && list.depth === depth - 1) {
          if (stack[stack.length - 1] !== list) this.#close("listItem", token, place);
          stack.push({ type: "listItem", name: "", ...place(token.start.offset) });
        }
      } else if (PARENTS.has(type)) {
        const list = type === "listOrdered" || type === "listUnordered";
        if (kind === "enter") {
          stack.push({ type, name: "", ...place(token.start.offset), ...(list ? { depth } : {}) });
        } else {
          if (list && stack[stack.length - 1]?.type !== type) this.#close("listItem", token, place);
          this.#close(type, token, place);
        }
      }
      if (kind === "enter") depth++;
    }
  }

  /** Throws {@linkcode MdxSyntaxError} for the innermost element left open at the text's end. */
  finish(): void {
    const open = this.#stack.findLast((entry) => entry.type === "tag");
    if (open !== undefined) _fail(_unclosed(open, "root"), open);
  }

  /** Reads one tag (events from `i`), and returns the index of its exit. */
  #tag(events: readonly Event[], i: number, place: _Place): number {
    const token = events[i][1];
    const prefix = token.type;
    let name = "";
    let closing = false;
    let selfClosing = false;
    let attribute: Token | undefined;
    let j = i + 1;
    for (; j < events.length; j++) {
      const [kind, inner, context] = events[j];
      if (inner === token) break;
      if (kind !== "enter") continue;
      const part = inner.type.slice(prefix.length);
      if (part === "ClosingMarker") closing = true;
      else if (part === "SelfClosingMarker") selfClosing = true;
      else if (part === "NamePrimary") name = context.sliceSerialize(inner);
      else if (part === "NameMember") name += "." + context.sliceSerialize(inner);
      else if (part === "NameLocal") name += ":" + context.sliceSerialize(inner);
      else if (part === "Attribute" || part === "ExpressionAttribute") attribute ??= inner;
    }
    const at = place(token.start.offset);
    const stack = this.#stack;
    if (!closing) {
      if (!selfClosing) stack.push({ type: "tag", name, ...at });
      return j;
    }
    const shown = `</${name}>`;
    const open = stack.findLast((entry) => entry.type === "tag");
    if (open === undefined) {
      _fail("Unexpected closing slash `/` in tag, expected an open tag first", at);
    }
    if (attribute !== undefined) {
      _fail(
        "Unexpected attribute in closing tag, expected the end of the tag",
        place(attribute.start.offset),
      );
    }
    if (selfClosing) {
      _fail("Unexpected self-closing slash `/` in closing tag, expected the end of the tag", at);
    }
    if (open.name !== name) {
      _fail(
        `Unexpected closing tag \`${shown}\`, expected corresponding closing tag for \`<${open.name}>\` (${open.line}:${open.column})`,
        at,
      );
    }
    const top = stack[stack.length - 1];
    if (top !== open) {
      const parent = NODE_NAMES[top.type] ?? top.type;
      _fail(
        `Expected the closing tag \`${shown}\` either after the end of \`${parent}\` or another opening tag after the start of \`${parent}\` (${top.line}:${top.column})`,
        at,
      );
    }
    stack.pop();
    return j;
  }

  /** Pops a parent, which must be on top (no element left open inside it). */
  #close(type: string, token: Token, place: _Place): void {
    const stack = this.#stack;
    const top = stack[stack.length - 1];
    if (top?.type === "tag") {
      _fail(_unclosed(top, NODE_NAMES[type] ?? type), place(token.end.offset));
    }
    stack.pop();
  }
}

function _unclosed(open: _Open, parent: string): string {
  return `Expected a closing tag for \`<${open.name}>\` (${open.line}:${open.column}) before the end of \`${parent}\``;
}

function _fail(reason: string, at: { line: number; column: number }): never {
  throw new MdxSyntaxError(reason, at.line, at.column);
}
