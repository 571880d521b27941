/**
 * What both tools' configs share: the read-only annotations and the `files`
 * input.
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

/**
 * The `files` input: at least one non-empty path. The schema checks shape
 * only; the server's boundaries are checked before `mdsel` runs
 * (`check_paths.ts`), and whether a file exists is for `mdsel` to say.
 *
 * @param purpose What the files are for, ending the description: `index`, `search`.
 * @returns The zod schema.
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
    .array(
      z.string({ error: "must be a string" }).min(1, "must not be empty"),
      { error: "must be an array of file paths" },
    )
    .min(1, "must name at least one file")
    .describe(
      `Array of absolute paths to Markdown documents to ${purpose}: files, folders or globs`,
    );
}
