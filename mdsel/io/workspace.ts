/**
 * Loading the files of one call into documents, in argument order: folders
 * and globs expanded, every file parsed.
 *
 * @module
 */
import { type MdDocument, parseDocument } from "../parse/document.ts";
import { type ErrorEntry, FileReadError } from "./errors.ts";
import { expandPaths, isMarkdownPath } from "./files.ts";
import { loadFile } from "./load_file.ts";
import { assignNamespaces } from "./namespace.ts";

/** Files read with MDX's rules rather than CommonMark's. */
const MDX = /\.mdx$/i;

/** The readable documents of a call, and what went wrong with the others. */
export interface Workspace {
  /** Parsed documents, in argument order. */
  readonly docs: MdDocument[];
  /** One entry per unreadable file, empty folder or glob that matched nothing. */
  readonly errors: ErrorEntry[];
  /** Non-fatal problems, such as invalid UTF-8 or a binary file found in a folder. */
  readonly warnings: string[];
  /** How many files the call named once folders and globs were expanded. */
  readonly fileCount?: number;
  /**
   * Files named outright that are not Markdown by their extension (read
   * anyway): one line each for stderr, never in the output itself.
   */
  readonly notices?: string[];
}

/**
 * Reads and parses every file a call names (`.mdx` files with MDX's parser,
 * see `mdx.ts`). A file found in a folder or by
 * a glob that turns out binary is skipped with a warning (the folder was
 * named, not the file); a file named outright is an error. A file named
 * outright without a Markdown extension is read, with a notice.
 *
 * @param paths The files, folders and globs, as given.
 * @returns The documents and the failures.
 *
 * @example
 * ```ts ignore
 * import { loadWorkspace } from "./workspace.ts";
 * const { docs, errors } = await loadWorkspace(["README.md", "docs", "missing.md"]);
 * ```
 */
export async function loadWorkspace(paths: readonly string[]): Promise<Workspace> {
  const expanded = await expandPaths(paths);
  const files = expanded.files;
  // MDX's parser loads only for MDX files: Markdown starts faster without it.
  const mdx = files.some((file) => MDX.test(file.path))
    ? await import("../parse/mdx.ts")
    : undefined;
  const namespaces = assignNamespaces(files.map((file) => file.path));
  const loaded = await Promise.allSettled(files.map((file) => loadFile(file.path)));
  const docs: MdDocument[] = [];
  const errors: ErrorEntry[] = [...expanded.errors];
  const warnings: string[] = [];
  const notices: string[] = [];
  loaded.forEach((result, i) => {
    const { path } = files[i];
    if (result.status === "rejected") {
      const reason = result.reason;
      const entry: ErrorEntry = reason instanceof FileReadError ? reason.entry : {
        type: "PROCESSING_ERROR",
        code: "FILE_READ_ERROR",
        message: `Cannot read file: ${path} (${String(reason)})`,
        file: path,
      };
      if (files[i].expanded && entry.code === "BINARY_FILE") {
        warnings.push(`Skipped ${path}: it looks binary (it contains a NUL byte)`);
      } else errors.push(entry);
      return;
    }
    if (result.value.warning !== undefined) warnings.push(result.value.warning);
    // Folders and globs pick Markdown files only; a file named outright may be anything.
    if (!files[i].expanded && !isMarkdownPath(path)) {
      notices.push(`warning: ${path} is not a Markdown file by its extension; read as Markdown`);
    }
    if (mdx !== undefined && MDX.test(path)) {
      const parsed = mdx.parseMdxDocument(result.value.text, namespaces[i], path);
      if (parsed.warning !== undefined) warnings.push(parsed.warning);
      docs.push(parsed.doc);
    } else docs.push(parseDocument(result.value.text, namespaces[i], path));
  });
  return { docs, errors, warnings, fileCount: files.length + expanded.errors.length, notices };
}
