/**
 * A parsed document as a record of plain data, and back: what the cache keeps and a worker hands
 * back. It holds what the model is built from, never the source: a document is rebuilt from its
 * record and the file's text as read now, without parsing again or loading a parser. It says the
 * warning for a file MDX rejected, so a document read back from the cache needs no MDX parser.
 *
 * @module
 */
import {
  assembleDocument,
  type DocumentParts,
  type MdDocument,
  type MdNode,
  type NodeKind,
  type Syntax,
} from "./document.ts";
import { splitLines } from "./source_lines.ts";

/** The version of the record's format and content: raise it when either changes (see its test). */
export const DOC_RECORD_VERSION = 5;

/** How many characters of the root's plain text a record keeps: what the root's preview reads. */
export const ROOT_PLAIN_CHARS = 320;

/** Node kinds by their number in a record. */
const KINDS = ("heading paragraph code list table blockquote html thematic_break definition " +
  "footnote_definition jsx expression esm").split(" ") as readonly NodeKind[];
const KIND_CODES: ReadonlyMap<NodeKind, number> = new Map(KINDS.map((kind, i) => [kind, i]));
/** Numbers per node: kind, depth, start line, end line, words, level, quote depth. */
const FIELDS = 7;

/** Sibling nodes as plain data. */
interface _NodeListRecord {
  /** {@linkcode FIELDS} numbers per node. */
  readonly n: number[];
  /** The text of the headings and of the `jsx` nodes, in order. */
  readonly t: string[];
  /** The blockquotes' children, by position (MDX only: Markdown is quick to parse again). */
  readonly q?: Record<string, _NodeListRecord>;
}

/** A parsed document as plain data (JSON). */
export interface DocRecord extends _NodeListRecord {
  readonly s: Syntax;
  /** Lines of front matter. */
  readonly f: number;
  /** The text's length, in UTF-16 code units: a text of another length is another text. */
  readonly c: number;
  /** Where and why MDX rejected the file (read as Markdown then). */
  readonly x?: MdxProblem;
  /** The plain text of the nodes before the first heading, by position, at `ROOT_PLAIN_CHARS`. */
  readonly p?: Record<string, string>;
}

/** Where (1-based) and why MDX rejected a text; `reason` has its whitespace runs made spaces. */
export interface MdxProblem {
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/**
 * The one-line warning for a file MDX rejected (it is read as Markdown then).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxWarning } from "./doc_record.ts";
 * const warning = mdxWarning("a.mdx", { line: 3, column: 2, reason: "Unexpected character" });
 * assert.equal(warning, "Not valid MDX in a.mdx at 3:2 (Unexpected character); read as Markdown");
 * ```
 */
export function mdxWarning(filePath: string, problem: MdxProblem): string {
  const { line, column, reason } = problem;
  return `Not valid MDX in ${filePath} at ${line}:${column} (${reason}); read as Markdown`;
}

/** A document, and where and why MDX rejected it, when it did. */
export interface ParsedFile {
  readonly doc: MdDocument;
  readonly problem?: MdxProblem;
}

/** A document rebuilt from a record was asked for what the record lacks, with no parser at hand. */
export class RecordMissError extends Error {
  constructor(filePath: string) {
    super(`The cached document of '${filePath}' cannot answer without its parser`);
    this.name = "RecordMissError";
  }
}

/**
 * The record of a parsed document: plain data, for JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "./markdown_nodes.ts";
 * import { recordOf } from "./doc_record.ts";
 * const record = recordOf({ doc: parseDocument("Intro.\n\n# A\n\n> ## B\n", "d", "d.md") });
 * assert.deepEqual(record.t, ["A"]);
 * ```
 */
export function recordOf(parsed: ParsedFile): DocRecord {
  const { doc, problem } = parsed;
  const nodes = doc.top.nodes;
  const p: Record<string, string> = {};
  let text = "";
  for (let i = 0; i < nodes.length && nodes[i].kind !== "heading"; i++) {
    if (text.length >= ROOT_PLAIN_CHARS) break;
    text += p[i] = doc.plainText(nodes[i], ROOT_PLAIN_CHARS);
  }
  return {
    s: doc.syntax,
    f: doc.frontMatterLines,
    c: doc.lines.text.length,
    ...(problem === undefined ? {} : { x: problem }),
    ..._listRecord(doc, nodes, doc.syntax === "mdx"),
    ...(Object.keys(p).length === 0 ? {} : { p }),
  };
}

function _listRecord(doc: MdDocument, nodes: readonly MdNode[], deep: boolean): _NodeListRecord {
  const n: number[] = [];
  const t: string[] = [];
  let q: Record<string, _NodeListRecord> | undefined;
  nodes.forEach((node, i) => {
    const { depth, startLine, endLine, words, level, quoteDepth } = node;
    n.push(KIND_CODES.get(node.kind)!, depth, startLine, endLine, words, level, quoteDepth);
    if (node.kind === "heading" || node.kind === "jsx") t.push(node.text);
    if (deep && node.kind === "blockquote") {
      (q ??= {})[i] = _listRecord(doc, doc.childrenOf(node).nodes, true);
    }
  });
  return q === undefined ? { n, t } : { n, t, q };
}

/**
 * Rebuilds a parsed document from its record and its file's text as read now (the record's `c` its
 * length), for this call's namespace and path.
 *
 * @param reparse Parses the text again, for what the record lacks; without it (or when it gives
 * `undefined`) such a question throws {@linkcode RecordMissError}.
 * @throws {TypeError} When the record is not one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentOf, recordOf } from "./doc_record.ts";
 * import { parseDocument, readMarkdown } from "./markdown_nodes.ts";
 * const text = "Intro.\n\n# A\n\n> ## B\n";
 * const record = JSON.parse(JSON.stringify(recordOf({ doc: parseDocument(text, "d", "d.md") })));
 * const { doc } = documentOf(record, text, "e", "e.md", () => readMarkdown(text, Infinity));
 * assert.deepEqual(doc.childrenOf(doc.top.nodes[2]).nodes.map((node) => node.text), ["B"]);
 * ```
 */
export function documentOf(
  record: DocRecord,
  text: string,
  namespace: string,
  filePath: string,
  reparse?: () => DocumentParts | undefined,
): ParsedFile {
  if (record.s !== "markdown" && record.s !== "mdx") throw new TypeError("Not a document record");
  const children = new Map<MdNode, _NodeListRecord>();
  const nodes = _nodesOf(record, children);
  const parents = new Map<MdNode, [MdNode, number]>();
  // Nodes of the file parsed again (a Markdown record keeps no blockquote's children).
  const reparsed = new WeakSet<MdNode>();
  let live: DocumentParts | undefined;
  const liveParts = (): DocumentParts => {
    live ??= reparse?.();
    if (live === undefined) throw new RecordMissError(filePath);
    return live;
  };
  const liveNode = (node: MdNode): MdNode => {
    if (reparsed.has(node)) return node;
    const parent = parents.get(node);
    if (parent === undefined) return liveParts().nodes[nodes.indexOf(node)];
    return liveParts().childrenOf(liveNode(parent[0]))[parent[1]];
  };
  const plain = record.p ?? {};
  const parts: DocumentParts = {
    syntax: record.s,
    lines: splitLines(text),
    frontMatterLines: record.f,
    nodes,
    childrenOf(node) {
      const list = children.get(node);
      if (list !== undefined) {
        const built = _nodesOf(list, children);
        built.forEach((child, i) => parents.set(child, [node, i]));
        return built;
      }
      // An MDX record holds every blockquote's children; a Markdown one none.
      if (record.s === "mdx" && !reparsed.has(node)) return [];
      const found = liveParts().childrenOf(liveNode(node));
      for (const child of found) reparsed.add(child);
      return found;
    },
    plainText(node, limit) {
      if (limit === ROOT_PLAIN_CHARS && !parents.has(node) && !reparsed.has(node)) {
        const i = nodes.indexOf(node);
        if (i in plain) return plain[i];
      }
      return liveParts().plainText(liveNode(node), limit);
    },
  };
  const doc = assembleDocument(namespace, filePath, parts);
  return record.x === undefined ? { doc } : { doc, problem: record.x };
}

/**
 * The warning of a parsed file MDX rejected, for this call's path, if any.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "./markdown_nodes.ts";
 * import { parsedWarning } from "./doc_record.ts";
 * const doc = parseDocument("# A\n", "a", "a.mdx");
 * assert.match(parsedWarning({ doc, problem: { line: 1, column: 2, reason: "x" } })!, /^Not valid MDX in a\.mdx/);
 * ```
 */
export function parsedWarning(parsed: ParsedFile): string | undefined {
  return parsed.problem === undefined ? undefined : mdxWarning(parsed.doc.filePath, parsed.problem);
}

/** The nodes of a list record; its blockquotes' child lists noted in `children`. */
function _nodesOf(list: _NodeListRecord, children: Map<MdNode, _NodeListRecord>): MdNode[] {
  const { n, t } = list;
  if (!Array.isArray(n) || !Array.isArray(t) || n.length % FIELDS !== 0) {
    throw new TypeError("Not a node list record");
  }
  const nodes: MdNode[] = new Array(n.length / FIELDS);
  let texted = 0;
  for (let i = 0, at = 0; at < n.length; i++, at += FIELDS) {
    const kind = KINDS[n[at]];
    if (kind === undefined) throw new TypeError("Not a node kind");
    nodes[i] = {
      kind,
      depth: n[at + 1],
      startLine: n[at + 2],
      endLine: n[at + 3],
      words: n[at + 4],
      text: kind === "heading" || kind === "jsx" ? t[texted++] : "",
      tokenStart: -1,
      tokenEnd: -1,
      level: n[at + 5],
      quoteDepth: n[at + 6],
    };
  }
  if (texted !== t.length) throw new TypeError("Not a node list record");
  for (const key of list.q === undefined ? [] : Object.keys(list.q)) {
    const node = nodes[Number(key)];
    if (node?.kind !== "blockquote") throw new TypeError("Not a blockquote");
    children.set(node, list.q![key]);
  }
  return nodes;
}
