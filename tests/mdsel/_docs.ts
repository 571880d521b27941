// In-memory documents shared by the engine's unit tests.
import { type MdDocument, nodesPlainText } from "../../mdsel/parse/document.ts";
import { parseDocument } from "../../mdsel/parse/markdown_nodes.ts";
import type { Workspace } from "../../mdsel/cache/workspace.ts";

/** A document with nested sections, a heading inside a list, and a blockquote with children. */
export const NESTED = [
  "Intro.", //                      1
  "",
  "# A", //                         3
  "",
  "a text",
  "",
  "## A1", //                       7
  "",
  "```js",
  "one",
  "```",
  "",
  "- list with a heading inside:", // 13
  "  # not a section",
  "",
  "> quote para", //                16
  ">",
  "> ## quoted heading",
  ">",
  "> > inner quote",
  ">",
  "> ```",
  "> quoted code",
  "> ```",
  "",
  "## A2", //                       26
  "",
  "| t | u |",
  "|---|---|",
  "| 1 | 2 |",
  "",
  "```py",
  "two",
  "```",
  "",
  "### A2x", //                     36
  "",
  "deep para",
  "",
  "# B", //                         40
  "",
  "b text",
  "",
  "```sh",
  "three",
  "```",
  "",
].join("\n");

/**
 * Parses `text` as a document named `namespace`.
 *
 * @param text Markdown.
 * @param namespace Its namespace.
 * @returns The document.
 */
export function doc(text: string, namespace = "d"): MdDocument {
  return parseDocument(text, namespace, `${namespace}.md`);
}

/**
 * A workspace of in-memory documents.
 *
 * @param docs The documents.
 * @returns The workspace.
 */
export function workspace(...docs: MdDocument[]): Workspace {
  return { docs, errors: [], warnings: [] };
}

/**
 * Everything the model says about a document (its nodes and blockquote
 * children, sections, the root's plain text), to compare two parses.
 */
export function modelOf(doc: MdDocument): unknown {
  const describe = (nodes: typeof doc.top.nodes): unknown[] =>
    nodes.map((node) => ({
      kind: node.kind,
      depth: node.depth,
      lines: [node.startLine, node.endLine],
      words: node.words,
      text: node.text,
      children: node.kind === "blockquote" ? describe(doc.childrenOf(node).nodes) : [],
    }));
  const firstHeading = doc.top.nodes.findIndex((node) => node.kind === "heading");
  const root = doc.top.nodes.slice(0, firstHeading === -1 ? undefined : firstHeading);
  return {
    nodes: describe(doc.top.nodes),
    sectionEnds: [...doc.top.sectionEnds],
    rootText: nodesPlainText(doc, root, 10_000),
  };
}
