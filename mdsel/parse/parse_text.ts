/**
 * Parsing one file's text with the front end its name asks for (MDX's for `.mdx`, markdown-it's
 * otherwise), the same in the main thread and in a parsing worker.
 *
 * @module
 */
import type { ParsedFile } from "./doc_record.ts";
import { parseDocument } from "./markdown_nodes.ts";

/** Files read with MDX's rules rather than CommonMark's. */
export const MDX = /\.mdx$/i;

/** MDX's front end (`./mdx.ts`), loaded only for a call that has MDX to parse. */
export type MdxModule = typeof import("./mdx.ts");

/** Measured parse cost, in milliseconds per megabyte on one core. */
const MS_PER_MB = { markdown: 60, mdx: 300 };

/** The parse time (ms) a worker must save to be started (it first loads the parsers, warms up). */
export const WORKER_MIN_MS = 500;

/** A text to parse, with its path as given and its namespace in this call. */
export interface TextToParse {
  readonly path: string;
  readonly namespace: string;
  readonly text: string;
}

/**
 * Loads MDX's front end when one of the files needs it, else gives `undefined`.
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
 * Parses one file's text: the document, and where MDX rejected it (`mdx` is needed for `.mdx`).
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
 * What parsing some files costs, in milliseconds on one core, estimated from sizes and syntax.
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
  const msPerMb = (path: string) => MDX.test(path) ? MS_PER_MB.mdx : MS_PER_MB.markdown;
  return files.reduce((ms, file) => ms + (file.text.length / 1e6) * msPerMb(file.path), 0);
}
