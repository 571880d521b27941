/**
 * Editing a JSON (or JSONC) text in place: setting or removing one value
 * changes the bytes of that value and the commas and line breaks around it,
 * and nothing else. Numbers, duplicate keys, comments and layout elsewhere
 * stay exactly as they were, which re-serialising a parsed value cannot
 * promise.
 *
 * `jsonc-parser`'s own `modify` re-formats whole lines around an edit (a
 * sibling on the same line included) and takes comments between array items
 * along on removal, so the edits are computed here from its parse tree and
 * scanner and applied with its `applyEdits`.
 *
 * @module
 */
import {
  applyEdits,
  createScanner,
  type Edit,
  type Node,
  parseTree,
  type SyntaxKind,
} from "jsonc-parser";

/** Where a value is: object keys and array indices; `-1` appends to an array. */
export type JsonPath = readonly (string | number)[];

/** One change to a JSON text. */
export type JsonChange =
  | {
    /** Set the value here, adding the key (and any missing parents) if needed. */
    readonly set: JsonPath;
    /** The value. */
    readonly value: unknown;
  }
  | {
    /** Remove the key or array item here. */
    readonly remove: JsonPath;
  };

/** How new values are laid out. */
export interface JsonLayout {
  /** One level of indentation, e.g. two spaces or a tab. */
  readonly indent: string;
  /** The line ending. */
  readonly eol: "\n" | "\r\n";
}

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read.
const _COMMA = 5 as SyntaxKind;
const _LINE_COMMENT = 12 as SyntaxKind;
const _BLOCK_COMMENT = 13 as SyntaxKind;
const _LINE_BREAK = 14 as SyntaxKind;
const _WHITESPACE = 15 as SyntaxKind;

const _PARSE_OPTIONS = { allowTrailingComma: true, allowEmptyContent: true } as const;

/**
 * Applies changes to a JSON text, one after another. A text holding no value
 * (blank, or only comments) gets a new top-level object. New values are laid
 * out like their neighbours: on their own lines, indented one `layout.indent`
 * deeper than their container, or on one line when the container is written
 * on one line.
 *
 * @param text The JSON text; a byte order mark is kept.
 * @param changes The changes, each path valid after the ones before it.
 * @param layout The indentation and line ending for new lines.
 * @returns The edited text.
 * @throws {TypeError} When a path crosses a value that is neither an object, an array nor `null`,
 * or a removed path does not exist.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editJson } from "./json_edit.ts";
 * const layout = { indent: "  ", eol: "\n" } as const;
 * const text = '{\n  "big": 12345678901234567890, // kept\n  "x": 1.0\n}\n';
 * assert.equal(
 *   editJson(text, [{ set: ["s", "on"], value: true }], layout),
 *   '{\n  "big": 12345678901234567890, // kept\n  "x": 1.0,\n  "s": {\n    "on": true\n  }\n}\n',
 * );
 * assert.equal(editJson(text, [{ remove: ["x"] }], layout), '{\n  "big": 12345678901234567890 // kept\n}\n');
 * assert.equal(editJson("", [{ set: ["a"], value: [] }], layout), '{\n  "a": []\n}\n');
 * ```
 */
export function editJson(text: string, changes: readonly JsonChange[], layout: JsonLayout): string {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  let current = text.slice(bom.length);
  for (const change of changes) {
    const root = parseTree(current, [], _PARSE_OPTIONS);
    if (root === undefined) {
      if (!("set" in change)) throw new TypeError(`Cannot remove "${change.remove.join(".")}"`);
      // Only whitespace or comments: nothing to lose but the comments.
      const before = current.trim() === "" ? "" : current.replace(/(\r?\n)?$/, layout.eol);
      current = before + "{}" + layout.eol;
    }
    const tree = root ?? parseTree(current, [], _PARSE_OPTIONS)!;
    const edits = "set" in change
      ? _setEdits(current, tree, change.set, change.value, layout)
      : _removeEdits(current, tree, change.remove);
    current = applyEdits(current, edits);
  }
  return bom + current;
}

function _setEdits(
  text: string,
  root: Node,
  path: JsonPath,
  value: unknown,
  layout: JsonLayout,
): Edit[] {
  let node = root;
  for (const [i, segment] of path.entries()) {
    const inner = _nest(path.slice(i + 1), value);
    if (node.type === "null") return [_replace(text, node, _nest(path.slice(i), value), layout)];
    if (node.type === "object" && typeof segment === "string") {
      const property = node.children!.find((child) => child.children?.[0].value === segment);
      if (property === undefined) return _insert(text, node, segment, inner, layout);
      node = property.children![1];
    } else if (node.type === "array" && typeof segment === "number") {
      if (segment === -1 || segment >= node.children!.length) {
        return _insert(text, node, undefined, inner, layout);
      }
      node = node.children![segment];
    } else {
      throw new TypeError(`Cannot set "${path.join(".")}": "${segment}" is in a ${node.type}`);
    }
  }
  return [_replace(text, node, value, layout)];
}

function _nest(path: JsonPath, value: unknown): unknown {
  return path.reduceRight<unknown>(
    (inner, segment) => typeof segment === "number" ? [inner] : { [segment]: inner },
    value,
  );
}

function _replace(text: string, node: Node, value: unknown, layout: JsonLayout): Edit {
  // On its own line it may span several; beside others it stays on one.
  const holder = node.parent?.type === "property" ? node.parent : node;
  const multiline = node.parent === undefined || _startsLine(text, holder.offset);
  return {
    offset: node.offset,
    length: node.length,
    content: _render(value, multiline ? _lineIndent(text, node.offset) : undefined, layout),
  };
}

function _insert(
  text: string,
  container: Node,
  key: string | undefined,
  value: unknown,
  layout: JsonLayout,
): Edit[] {
  const children = container.children!;
  const open = container.offset;
  const close = container.offset + container.length - 1;
  const entry = (indent: string | undefined, colon: string) =>
    (key === undefined ? "" : JSON.stringify(key) + colon) + _render(value, indent, layout);
  if (children.length === 0) {
    const base = _lineIndent(text, open);
    const indent = base + layout.indent;
    const inside = text.slice(open + 1, close);
    // An empty container opens up; one holding comments keeps them after the new entry.
    return [{
      offset: open + 1,
      length: inside.trim() === "" ? inside.length : 0,
      content: layout.eol + indent + entry(indent, ": ") +
        (inside.trim() === "" ? layout.eol + base : ""),
    }];
  }
  const last = children[children.length - 1];
  const end = last.offset + last.length;
  const tail = _scanTail(text, end);
  if (_startsLine(text, children[0].offset)) {
    const indent = _lineIndent(text, children[0].offset);
    const at = tail.lineBreak ?? (tail.comma === undefined ? end : tail.comma + 1);
    const added = layout.eol + indent + entry(indent, ": ");
    // After a trailing comma the new entry gets one too, keeping the style.
    if (tail.comma !== undefined) return [{ offset: at, length: 0, content: `${added},` }];
    if (at === end) return [{ offset: end, length: 0, content: "," + added }];
    return [{ offset: end, length: 0, content: "," }, { offset: at, length: 0, content: added }];
  }
  // Written on one line: so is the new entry, spaced like the container.
  const spaced = /[,:]\s/.test(text.slice(open, close));
  const added = (spaced ? " " : "") + entry(undefined, spaced ? ": " : ":");
  if (tail.comma !== undefined) {
    return [{ offset: tail.comma + 1, length: 0, content: `${added},` }];
  }
  return [{ offset: end, length: 0, content: "," + added }];
}

function _removeEdits(text: string, root: Node, path: JsonPath): Edit[] {
  let node: Node | undefined = root;
  for (const segment of path) {
    if (node?.type === "object" && typeof segment === "string") {
      node = node.children!.find((child) => child.children?.[0].value === segment)?.children?.[1];
    } else if (node?.type === "array" && typeof segment === "number") {
      node = node.children![segment];
    } else node = undefined;
    if (node === undefined) break;
  }
  if (node === undefined || node === root) {
    throw new TypeError(`Cannot remove "${path.join(".")}": it is not there`);
  }
  // An object's entry goes with its key.
  if (node.parent?.type === "property") node = node.parent;
  const container = node.parent!;
  const siblings = container.children!;
  const index = siblings.indexOf(node);
  const start = node.offset;
  const end = node.offset + node.length;
  const tail = _scanTail(text, end);
  if (siblings.length === 1) {
    const inside = text.slice(container.offset + 1, start) +
      text.slice(tail.comma === undefined ? end : tail.comma + 1, _closeOffset(container));
    if (inside.trim() === "") {
      return [{
        offset: container.offset + 1,
        length: _closeOffset(container) - container.offset - 1,
        content: "",
      }];
    }
  }
  const previous = index > 0 ? siblings[index - 1] : undefined;
  // The comma that ended the previous entry goes when the removed one was last.
  const previousComma = previous !== undefined && index === siblings.length - 1 &&
      tail.comma === undefined
    ? _scanTail(text, previous.offset + previous.length).comma
    : undefined;
  if (_startsLine(text, start) && tail.lineBreak !== undefined && !tail.comment) {
    const lineStart = text.lastIndexOf("\n", start - 1) + 1;
    const lineEnd = tail.lineBreak + (text[tail.lineBreak] === "\r" ? 2 : 1);
    const edits: Edit[] = [{ offset: lineStart, length: lineEnd - lineStart, content: "" }];
    if (previousComma !== undefined) edits.push({ offset: previousComma, length: 1, content: "" });
    return edits;
  }
  if (tail.comma !== undefined && previous !== undefined && index === siblings.length - 1) {
    // Last, with a trailing comma: from the previous entry's comma, so the space after it goes too.
    const from = _scanTail(text, previous.offset + previous.length).comma! + 1;
    return [{ offset: from, length: tail.comma + 1 - from, content: "" }];
  }
  if (tail.comma !== undefined) {
    let stop = tail.comma + 1;
    while (text[stop] === " " || text[stop] === "\t") stop++;
    return [{ offset: start, length: stop - start, content: "" }];
  }
  const from = previousComma ?? start;
  return [{ offset: from, length: end - from, content: "" }];
}

function _closeOffset(container: Node): number {
  return container.offset + container.length - 1;
}

interface _Tail {
  /** The comma after the value, if any. */
  readonly comma?: number;
  /** The first line break after the value and its comma. */
  readonly lineBreak?: number;
  /** Whether a comment comes before that line break. */
  readonly comment: boolean;
}

// What follows a value up to the next token: its comma, the end of its line.
function _scanTail(text: string, offset: number): _Tail {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  let comma: number | undefined;
  let lineBreak: number | undefined;
  let comment = false;
  for (;;) {
    const kind = scanner.scan();
    if (kind === _WHITESPACE) continue;
    if (kind === _LINE_COMMENT || kind === _BLOCK_COMMENT) {
      if (lineBreak === undefined) comment = true;
    } else if (kind === _LINE_BREAK) {
      lineBreak ??= scanner.getTokenOffset();
    } else if (kind === _COMMA && comma === undefined) {
      comma = scanner.getTokenOffset();
      // A comma on a later line: the line that counts is the comma's.
      lineBreak = undefined;
      comment = false;
    } else break;
  }
  return { comma, lineBreak, comment };
}

function _render(value: unknown, indent: string | undefined, layout: JsonLayout): string {
  if (indent === undefined) return JSON.stringify(value);
  return JSON.stringify(value, null, layout.indent).replaceAll("\n", layout.eol + indent);
}

function _lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function _startsLine(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return lineStart > 0 && text.slice(lineStart, offset).trim() === "";
}
