/**
 * One file's outline as data, for the Read guard, so it never parses the engine's text back.
 *
 * @module
 */
import { loadWorkspace } from "../cache/workspace.ts";
import { NO_CACHE } from "../settings/cache_settings.ts";
import { DEFAULT_ENGINE_SETTINGS } from "../settings/engine_settings.ts";
import { indexDocument } from "./index_command.ts";
import { documentOutline, indexDepthLimits } from "./index_outline.ts";
import { errorText, indexText } from "./render_text.ts";

/** A heading the outline lists. */
export interface OutlineHeading {
  /** Its selector (`h2.3`). */
  readonly selector: string;
  /** Its level, 1 to 6. */
  readonly depth: number;
  /** Its section's first line, 1-based. */
  readonly startLine: number;
  /** Its section's last line, 1-based. */
  readonly endLine: number;
}

/** One file's outline. */
export interface FileOutline {
  /** The file's words, as the outline counts them. */
  readonly words: number;
  /** The outline with line ranges, within the budget, without the line naming the file. */
  readonly text: string;
  /** The headings it lists, in order. */
  readonly headings: readonly OutlineHeading[];
}

/**
 * The outline of one Markdown file within `maxChars`, as `mdsel index --lines` gives it, uncached.
 *
 * @throws {Error} When the engine cannot read or parse the file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileOutline } from "./file_outline.ts";
 * const path = await Deno.makeTempFile({ suffix: ".md" });
 * await Deno.writeTextFile(path, "# Title\n\ntext\n\n## Part\n\nmore\n");
 * assert.equal((await fileOutline(path, 2000)).text, "h1.0 Title L1-7\n h2.0 Part L5-7\n---\npara:2\n");
 * await Deno.remove(path);
 * ```
 */
export async function fileOutline(path: string, maxChars: number): Promise<FileOutline> {
  const budget = Math.max(1, Math.floor(maxChars));
  const settings = { ...DEFAULT_ENGINE_SETTINGS, maxChars: budget, indexMaxChars: budget };
  const workspace = await loadWorkspace([path], { ...settings, cache: NO_CACHE });
  const [doc] = workspace.docs;
  if (doc === undefined || workspace.errors.length > 0) {
    const [error] = workspace.errors;
    const why = error === undefined ? "no document" : errorText(error)[0];
    throw new Error(`Cannot outline ${JSON.stringify(path)}: ${why}`);
  }
  const page = { words: settings.pageWords, chars: settings.pageChars };
  const item = { doc, index: indexDocument(doc, page) };
  const text = { ...settings, full: false, lines: true };
  const index = indexText([item], [], text, workspace.warnings);
  const outline = documentOutline(item, true);
  const [deepest] = indexDepthLimits([item], [outline], text);
  const headings = outline.entries.filter((entry) => entry.depth <= deepest).map((entry) => ({
    selector: entry.label,
    depth: entry.depth,
    startLine: entry.lines![0],
    endLine: entry.lines![1],
  }));
  const words = doc.top.wordPrefix[doc.top.nodes.length];
  return { words, text: index.slice(index.indexOf("\n") + 1), headings };
}
