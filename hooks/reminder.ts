/**
 * The Read reminder: after a whole `Read` of a Markdown file over the threshold, a fixed nudge
 * towards `mdsel_index` and `mdsel_select`. It never blocks, fails or changes the read.
 *
 * @module
 */
import { isWholeRead, markdownReadPath, type ToolHookInput } from "./input.ts";
import { type ChunkReader, fileExceedsWordLimit, readFileChunks } from "./word_count.ts";

/**
 * The reminder shown to the model: fixed wording, identical every time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { REMINDER } from "./reminder.ts";
 * assert.equal(REMINDER.split("\n")[1], "Use mdsel_index and mdsel_select instead of Read.");
 * ```
 */
export const REMINDER =
  "This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read.";

/**
 * What the reminder prints for one tool call: the reminder when it is a whole `Read` of a
 * Markdown file of more than `minWords` words, otherwise nothing.
 *
 * @throws {Error} When the file cannot be read, or holds binary data.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { remind } from "./reminder.ts";
 * const input = { hookEventName: "PostToolUse", toolName: "Read", toolInput: { file_path: "/a.md" } };
 * const file = new TextEncoder().encode("three short words");
 * assert.ok((await remind(input, 2, () => [file])).startsWith('{"hookSpecificOutput"'));
 * assert.equal(await remind(input, 3, () => [file]), "");
 * ```
 */
export async function remind(
  input: ToolHookInput,
  minWords: number,
  readChunks: ChunkReader = readFileChunks,
): Promise<string> {
  const path = markdownReadPath(input);
  if (path === undefined || !isWholeRead(input)) return "";
  if (!await fileExceedsWordLimit(path, minWords, readChunks)) return "";
  const hookSpecificOutput = { hookEventName: input.hookEventName, additionalContext: REMINDER };
  return JSON.stringify({ hookSpecificOutput }) + "\n";
}
