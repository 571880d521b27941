/**
 * Loading the files of one call into documents, in argument order.
 *
 * @module
 */
import { type MdDocument, parseDocument } from "../parse/document.ts";
import { type ErrorEntry, FileReadError } from "./errors.ts";
import { loadFile } from "./load_file.ts";
import { assignNamespaces } from "./namespace.ts";

/** The readable documents of a call, and what went wrong with the others. */
export interface Workspace {
  /** Parsed documents, in argument order. */
  readonly docs: MdDocument[];
  /** One entry per unreadable file. */
  readonly errors: ErrorEntry[];
  /** Non-fatal problems, such as invalid UTF-8. */
  readonly warnings: string[];
}

/**
 * Reads and parses every file of a call.
 *
 * @param paths The files, as given.
 * @returns The documents and the failures.
 *
 * @example
 * ```ts ignore
 * import { loadWorkspace } from "./workspace.ts";
 * const { docs, errors } = await loadWorkspace(["README.md", "missing.md"]);
 * ```
 */
export async function loadWorkspace(paths: readonly string[]): Promise<Workspace> {
  const namespaces = assignNamespaces(paths);
  const loaded = await Promise.allSettled(paths.map((path) => loadFile(path)));
  const docs: MdDocument[] = [];
  const errors: ErrorEntry[] = [];
  const warnings: string[] = [];
  loaded.forEach((result, i) => {
    if (result.status === "rejected") {
      const reason = result.reason;
      errors.push(
        reason instanceof FileReadError ? reason.entry : {
          type: "PROCESSING_ERROR",
          code: "FILE_READ_ERROR",
          message: `Cannot read file: ${paths[i]} (${String(reason)})`,
          file: paths[i],
        },
      );
      return;
    }
    if (result.value.warning !== undefined) warnings.push(result.value.warning);
    docs.push(parseDocument(result.value.text, namespaces[i], paths[i]));
  });
  return { docs, errors, warnings };
}
