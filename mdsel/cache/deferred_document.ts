/**
 * A document that is built only when first asked for more than its name.
 * @module
 */
import type { MdDocument, MdNode, NodeList } from "../parse/document.ts";
import type { SourceLines } from "../parse/source_lines.ts";

/**
 * A document built when first asked for anything but its namespace and path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { DeferredDocument } from "./deferred_document.ts";
 * const built: string[] = [];
 * const doc = new DeferredDocument("guide", "guide.md", () => {
 *   built.push("guide");
 *   return parseDocument("# Guide\n\nText.\n", "guide", "guide.md");
 * });
 * assert.deepEqual([doc.namespace, built.length], ["guide", 0]);
 * assert.deepEqual([doc.top.nodes[0].text, built.length], ["Guide", 1]);
 * ```
 */
export class DeferredDocument implements MdDocument {
  readonly namespace: string;
  readonly filePath: string;
  #build?: () => MdDocument;
  #doc?: MdDocument;

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
