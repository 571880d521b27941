/**
 * JSX tags must nest: micromark reads each tag on its own, and MDX's syntax tree
 * (`mdast-util-mdx-jsx`) rejects a closing tag that matches no opening tag, and an element that
 * does not close inside the node it opened in (a paragraph, a list item, emphasis, ...). This
 * checks the same over micromark's events, with the same messages.
 *
 * @module
 */
import type { Event, Token } from "micromark-util-types";

/** Where an offset of the events is in the file: line and column, 1-based. */
export type Place = (offset: number) => { line: number; column: number };

/** MDX rejected the text, at a line and column (1-based). */
export class MdxSyntaxError extends SyntaxError {
  /** The line MDX rejected, 1-based. */
  readonly line: number;
  /** The column, 1-based. */
  readonly column: number;

  constructor(reason: string, line: number, column: number) {
    super(reason);
    this.name = "MdxSyntaxError";
    this.line = line;
    this.column = column;
  }
}

/** The token types whose syntax-tree nodes an element must open and close inside. */
const PARENTS = new Set([
  "blockQuote",
  "listOrdered",
  "listUnordered",
  "paragraph",
  "atxHeading",
  "setextHeading",
  "emphasis",
  "strong",
  "strikethrough",
  "link",
  "image",
  "table",
  "tableRow",
  "tableHeader",
  "tableData",
  "gfmFootnoteDefinition",
]);

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
  /** Where the parent or the tag starts, with the piece's line offset applied. */
  readonly line: number;
  readonly column: number;
  /** For a list: how deep its token is among the events (its items' prefixes are one deeper). */
  readonly depth?: number;
}

/**
 * Checks that the JSX elements of a text nest, piece after piece: feed each piece's events in
 * order with {@linkcode JsxNesting.check}, then call {@linkcode JsxNesting.finish}.
 *
 * @example
 * ```ts ignore
 * const nesting = new JsxNesting();
 * nesting.check(events, 0);
 * nesting.finish(); // throws MdxSyntaxError for an unclosed element
 * ```
 */
export class JsxNesting {
  readonly #stack: _Open[] = [];

  /**
   * Checks the micromark events of one piece.
   *
   * @throws {MdxSyntaxError} When a tag does not nest.
   */
  check(events: readonly Event[], place: Place): void {
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
          stack.push({ type: "listItem", name: "", ...this.#at(token, place) });
        }
      } else if (PARENTS.has(type)) {
        if (kind === "enter") {
          const list = type === "listOrdered" || type === "listUnordered";
          stack.push({
            type,
            name: "",
            ...this.#at(token, place),
            ...(list ? { depth } : {}),
          });
        } else {
          const list = type === "listOrdered" || type === "listUnordered";
          if (list && stack[stack.length - 1]?.type !== type) {
            this.#close("listItem", token, place);
          }
          this.#close(type, token, place);
        }
      }
      if (kind === "enter") depth++;
    }
  }

  /**
   * Checks that no element is left open at the end of the text.
   *
   * @throws {MdxSyntaxError} For the innermost open element.
   */
  finish(): void {
    const open = this.#stack.findLast((entry) => entry.type === "tag");
    if (open !== undefined) {
      throw new MdxSyntaxError(
        `Expected a closing tag for \`<${open.name}>\` (${open.line}:${open.column}) before the end of \`root\``,
        open.line,
        open.column,
      );
    }
  }

  /** Reads one tag (events from `i`), and returns the index of its exit. */
  #tag(events: readonly Event[], i: number, place: Place): number {
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
    const at = this.#at(token, place);
    const stack = this.#stack;
    if (!closing) {
      if (!selfClosing) stack.push({ type: "tag", name, ...at });
      return j;
    }
    const shown = `</${name}>`;
    const open = stack.findLast((entry) => entry.type === "tag");
    if (open === undefined) {
      throw new MdxSyntaxError(
        "Unexpected closing slash `/` in tag, expected an open tag first",
        at.line,
        at.column,
      );
    }
    if (attribute !== undefined) {
      const where = this.#at(attribute, place);
      throw new MdxSyntaxError(
        "Unexpected attribute in closing tag, expected the end of the tag",
        where.line,
        where.column,
      );
    }
    if (selfClosing) {
      throw new MdxSyntaxError(
        "Unexpected self-closing slash `/` in closing tag, expected the end of the tag",
        at.line,
        at.column,
      );
    }
    if (open.name !== name) {
      throw new MdxSyntaxError(
        `Unexpected closing tag \`${shown}\`, expected corresponding closing tag for \`<${open.name}>\` (${open.line}:${open.column})`,
        at.line,
        at.column,
      );
    }
    const top = stack[stack.length - 1];
    if (top !== open) {
      throw new MdxSyntaxError(
        `Expected the closing tag \`${shown}\` either after the end of \`${
          _nodeName(top.type)
        }\` or another opening tag after the start of \`${
          _nodeName(top.type)
        }\` (${top.line}:${top.column})`,
        at.line,
        at.column,
      );
    }
    stack.pop();
    return j;
  }

  /** Pops a parent, which must be on top (no element left open inside it). */
  #close(type: string, token: Token, place: Place): void {
    const stack = this.#stack;
    const top = stack[stack.length - 1];
    if (top?.type === "tag") {
      const end = this.#at(token, place, true);
      throw new MdxSyntaxError(
        `Expected a closing tag for \`<${top.name}>\` (${top.line}:${top.column}) before the end of \`${
          _nodeName(type)
        }\``,
        end.line,
        end.column,
      );
    }
    stack.pop();
  }

  #at(token: Token, place: Place, end = false): { line: number; column: number } {
    return place((end ? token.end : token.start).offset);
  }
}

function _nodeName(type: string): string {
  return NODE_NAMES[type] ?? type;
}
