/**
 * Parsing one file's text with the front end its name asks for: MDX's for an `.mdx` file,
 * markdown-it's for the others. The same in the main thread and in a parsing worker.
 *
 * @module
 */
import type { ParsedFile } from "./doc_record.ts";
import { parseDocument } from "./markdown_nodes.ts";

/** Files read with MDX's rules rather than CommonMark's. */
export const MDX = /\.mdx$/i;

/** MDX's front end (`./mdx.ts`), loaded only for a call that has MDX to parse. */
export type MdxModule = typeof import("./mdx.ts");

/** What a parse costs, by syntax, in milliseconds per megabyte on one core (measured). */
const MS_PER_MB = { markdown: 60, mdx: 300 };

/**
 * The estimated parse time, in milliseconds, each parsing worker must save to be started: a
 * worker first loads the parsers and warms up while the main thread parses.
 */
export const WORKER_MIN_MS = 500;

/** A text to parse. */
export interface TextToParse {
  /** The path as given. */
  readonly path: string;
  /** Its namespace in this call. */
  readonly namespace: string;
  /** Its text. */
  readonly text: string;
}

/**
 * Loads MDX's front end when one of the files needs it.
 *
 * @returns The module, or `undefined` when no file is MDX.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxModuleFor } from "./parse_text.ts";
 * assert.equal(await mdxModuleFor([{ path: "a.md" }]), undefined);
 * ```
 */
export async function mdxModuleFor(
  files: readonly { readonly path: string }[],
): Promise<MdxModule | undefined> {
  return files.some((file) => MDX.test(file.path)) ? await import("./mdx.ts") : undefined;
}

/**
 * Parses one file's text.
 *
 * @param mdx MDX's front end (needed for an `.mdx` file).
 * @returns The document, and where MDX rejected it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseText } from "./parse_text.ts";
 * const { doc } = parseText({ path: "a.md", namespace: "a", text: "# A\n" });
 * assert.equal(doc.top.nodes[0].text, "A");
 * ```
 */
export function parseText(file: TextToParse, mdx?: MdxModule): ParsedFile {
  if (!MDX.test(file.path)) return { doc: parseDocument(file.text, file.namespace, file.path) };
  if (mdx === undefined) throw new Error(`MDX's parser is not loaded for ${file.path}`);
  const { doc, problem } = mdx.parseMdxDocument(file.text, file.namespace, file.path);
  return problem === undefined ? { doc } : { doc, problem };
}

/**
 * What parsing some files costs, in milliseconds on one core, estimated from their sizes and
 * syntax.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCostMs } from "./parse_text.ts";
 * assert.equal(parseCostMs([{ path: "a.mdx", text: "x".repeat(1_000_000) }]), 300);
 * ```
 */
export function parseCostMs(
  files: readonly { readonly path: string; readonly text: string }[],
): number {
  let ms = 0;
  for (const file of files) {
    ms += (file.text.length / 1e6) * (MDX.test(file.path) ? MS_PER_MB.mdx : MS_PER_MB.markdown);
  }
  return ms;
}
