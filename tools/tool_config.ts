/**
 * What both tools' configs share: the read-only annotations and the input schemas.
 *
 * @module
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types";
import { z } from "zod";

/** Both tools only read files, and answer the same for the same files. */
export const READ_ONLY_ANNOTATIONS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

// The longest path a call may name, in characters (Linux's `PATH_MAX`).
const _MAX_PATH_CHARS = 4096;
// The most characters all paths of a call may hold: well within the OS argument limit.
const _MAX_PATHS_CHARS = 1024 * 1024;

/** The longest selector or search a call may give, in characters. */
export const MAX_SELECTOR_CHARS = 10_000;

/**
 * The zod schema of a string the OS can pass as an argument: no NUL, at most `max` characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { argumentSchema } from "./tool_config.ts";
 * assert.equal(argumentSchema(10).safeParse("a\0b").error?.issues[0].message, "must not hold a NUL character");
 * assert.equal(argumentSchema(3).safeParse("abcd").error?.issues[0].message, "must be at most 3 characters (it has 4)");
 * ```
 */
export function argumentSchema(max: number) {
  return z
    .string({ error: "must be a string" })
    .min(1, "must not be empty")
    .refine((text) => !text.includes("\0"), "must not hold a NUL character")
    .check((context) => {
      const chars = context.value.length;
      if (chars <= max) return;
      const message = `must be at most ${_count(max)} characters (it has ${_count(chars)})`;
      context.issues.push({ code: "custom", input: context.value, message });
    });
}

/**
 * The `files` input, for `purpose` (`index`, `search`): at least one path, each an argument the
 * operating system can pass, all within a size limit. It checks shape only (`check_paths.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { filesSchema } from "./tool_config.ts";
 * assert.equal(filesSchema("index").safeParse([]).error?.issues[0].message, "must name at least one file");
 * ```
 */
export function filesSchema(purpose: string) {
  return z
    .array(argumentSchema(_MAX_PATH_CHARS), { error: "must be an array of file paths" })
    .min(1, "must name at least one file")
    .check((context) => {
      const chars = context.value.reduce((sum, path) => sum + path.length + 1, 0);
      if (chars <= _MAX_PATHS_CHARS) return;
      const message = `must hold at most ${_count(_MAX_PATHS_CHARS)} characters of paths in all ` +
        `(they have ${_count(chars)}): name a folder or a glob instead`;
      context.issues.push({ code: "custom", input: context.value, message });
    })
    .describe(
      `Array of absolute paths to Markdown documents to ${purpose}: files, folders or globs`,
    );
}

function _count(value: number): string {
  return value.toLocaleString("en-US");
}
