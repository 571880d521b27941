// Running a merge on a JSON text and applying its changes, as setup does.
import { parseTree } from "jsonc-parser";
import { editJson } from "../../setup/json_edit.ts";
import { detectJsonFormat } from "../../setup/json_file.ts";
import type { MergeResult } from "../../setup/mcp_servers.ts";

/** The merge's result on `text`, with the text its changes make. */
export function applyMerge<T extends MergeResult>(
  text: string,
  merge: (root: ReturnType<typeof parseTree>) => T,
): T & { text: string } {
  const result = merge(parseTree(text, [], { allowTrailingComma: true }));
  return { ...result, text: editJson(text, result.changes, detectJsonFormat(text)) };
}
