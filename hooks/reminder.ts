/**
 * The Read reminder: after a whole `Read` of a Markdown file over the
 * threshold, a fixed nudge towards `mdsel_index` and `mdsel_select`. A `Read`
 * of some lines is what the guard advises, so it gets none. It never blocks,
 * fails or changes the read.
 *
 * @module
 */
import { isWholeRead, markdownReadPath, type ToolHookInput } from "./input.ts";
import { fileExceedsWordLimit, readFileChunks } from "./word_count.ts";

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

/** Reads a file in chunks. */
export type ChunkReader = (path: string) => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/**
 * Renders the reminder the hook prints when it fires: one line of JSON,
 * newline included.
 *
 * @param hookEventName The input's `hook_event_name`, echoed back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reminderOutput } from "./reminder.ts";
 * const output = JSON.parse(reminderOutput("PostToolUse"));
 * assert.equal(output.hookSpecificOutput.hookEventName, "PostToolUse");
 * ```
 */
export function reminderOutput(hookEventName: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext: REMINDER } }) +
    "\n";
}

/**
 * What the reminder prints for one tool call: the reminder when the call is a
 * whole `Read` (neither `offset` nor `limit`) of a Markdown file of more than
 * `minWords` words, otherwise nothing.
 *
 * @param readChunks Reads the file; {@linkcode readFileChunks} by default.
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
 * // A Read of some lines, as the guard advises, is not reminded.
 * const lines = { ...input, toolInput: { file_path: "/a.md", offset: 10, limit: 20 } };
 * assert.equal(await remind(lines, 2, () => [file]), "");
 * ```
 */
export async function remind(
  input: ToolHookInput,
  minWords: number,
  readChunks: ChunkReader = readFileChunks,
): Promise<string> {
  const path = markdownReadPath(input);
  if (path === undefined || !isWholeRead(input)) return "";
  return await fileExceedsWordLimit(path, minWords, readChunks)
    ? reminderOutput(input.hookEventName)
    : "";
}
