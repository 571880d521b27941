/**
 * A document that is built only when first asked for more than its name.
 *
 * @module
 */
import type { MdDocument, MdNode, NodeList } from "../parse/document.ts";
import type { SourceLines } from "../parse/source_lines.ts";

/**
 * A document built when first asked for anything but its namespace and
 * path: a search shows a few of the thousands of files it searches, and a
 * file the cache holds is read and rebuilt only when a result shows it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { DeferredDocument } from "./deferred_document.ts";
 * let built = 0;
 * const doc = new DeferredDocument("guide", "guide.md", () => {
 *   built++;
 *   return parseDocument("# Guide\n\nText.\n", "guide", "guide.md");
 * });
 * assert.equal(doc.namespace, "guide");
 * assert.equal(built, 0);
 * assert.equal(doc.top.nodes[0].text, "Guide");
 * assert.equal(doc.frontMatterLines, 0);
 * assert.equal(built, 1);
 * ```
 */
export class DeferredDocument implements MdDocument {
  readonly namespace: string;
  readonly filePath: string;
  #build?: () => MdDocument;
  #doc?: MdDocument;

  /** @param build Builds the document, once, when first needed. */
  constructor(namespace: string, filePath: string, build: () => MdDocument) {
    this.namespace = namespace;
    this.filePath = filePath;
    this.#build = build;
  }

  get syntax(): MdDocument["syntax"] {
    return this.#built().syntax;
  }

  get lines(): SourceLines {
    return this.#built().lines;
  }

  get frontMatterLines(): number {
    return this.#built().frontMatterLines;
  }

  get top(): NodeList {
    return this.#built().top;
  }

  childrenOf(node: MdNode): NodeList {
    return this.#built().childrenOf(node);
  }

  plainText(node: MdNode, limit: number): string {
    return this.#built().plainText(node, limit);
  }

  #built(): MdDocument {
    if (this.#doc === undefined) {
      this.#doc = this.#build!();
      this.#build = undefined;
    }
    return this.#doc;
  }
}
