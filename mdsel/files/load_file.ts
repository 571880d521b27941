/**
 * Reading a Markdown file: size, type and encoding checks that turn every failure into a clear
 * error entry instead of a crash.
 *
 * @module
 */
import { FileReadError } from "./errors.ts";
import { formatBytes } from "./format_bytes.ts";

/** Files larger than this are refused, whatever `MDSEL_MAX_BYTES` allows. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** A file read as text: BOM removed, invalid UTF-8 replaced by U+FFFD (with a `warning`). */
export interface LoadedFile {
  readonly text: string;
  readonly warning?: string;
}

/**
 * Reads a file as UTF-8 Markdown, given its `stat` when the caller has it already.
 *
 * @throws {FileReadError} When the file is missing, a directory, binary, too large or unreadable.
 * @example
 * ```ts ignore
 * import { loadFile } from "./load_file.ts";
 * const { text } = await loadFile("README.md");
 * ```
 */
export async function loadFile(
  path: string,
  maxBytes = MAX_FILE_BYTES,
  known?: Deno.FileInfo,
): Promise<LoadedFile> {
  let info: Deno.FileInfo;
  try {
    info = known ?? await Deno.stat(path);
  } catch (error) {
    throw _classify(error, path);
  }
  return loadFileSync(path, maxBytes, info);
}

/**
 * Reads a file as UTF-8 Markdown, synchronously, given its `stat`, as {@linkcode loadFile} does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadFileSync } from "./load_file.ts";
 * const path = await Deno.makeTempFile({ suffix: ".md" });
 * await Deno.writeTextFile(path, "# A\n");
 * assert.equal(loadFileSync(path, 1000, Deno.statSync(path)).text, "# A\n");
 * await Deno.remove(path);
 * ```
 */
export function loadFileSync(path: string, maxBytes: number, info: Deno.FileInfo): LoadedFile {
  let text: string;
  try {
    if (info.isDirectory) throw _directory(path);
    if (!info.isFile) throw _error("FILE_READ_ERROR", `Not a regular file: ${path}`, path);
    if (info.size > maxBytes) {
      const limit = maxBytes < MAX_FILE_BYTES
        ? `more than the ${formatBytes(maxBytes)} one call may read (MDSEL_MAX_BYTES)`
        : `more than the ${formatBytes(MAX_FILE_BYTES)} a file may hold`;
      const message = `File too large: ${path} holds ${formatBytes(info.size)}, ${limit}`;
      throw _error("FILE_TOO_LARGE", message, path);
    }
    // As text, not bytes then decoded: a far lower peak of memory.
    text = Deno.readTextFileSync(path);
  } catch (error) {
    throw _classify(error, path);
  }
  if (text.includes("\0")) {
    throw _error("BINARY_FILE", `File looks binary (it contains a NUL byte): ${path}`, path);
  }
  // The decoder replaces invalid UTF-8 silently: only a U+FFFD says it may have.
  if (text.includes("\uFFFD")) return _decodeStrictly(path);
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/** Decodes a file's bytes, with a warning when they are not valid UTF-8 (BOM dropped). */
function _decodeStrictly(path: string): LoadedFile {
  let bytes: Uint8Array;
  try {
    bytes = Deno.readFileSync(path);
  } catch (error) {
    throw _classify(error, path);
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { text: new TextDecoder("utf-8").decode(bytes), warning: invalidUtf8Warning(path) };
  }
}

/**
 * The warning line for a file that is not valid UTF-8.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { invalidUtf8Warning } from "./load_file.ts";
 * assert.equal(invalidUtf8Warning("a.md"), "Invalid UTF-8 in a.md: replaced with U+FFFD");
 * ```
 */
export function invalidUtf8Warning(path: string): string {
  return `Invalid UTF-8 in ${path}: replaced with U+FFFD`;
}

function _error(code: string, message: string, path: string): FileReadError {
  return new FileReadError("PROCESSING_ERROR", code, message, path);
}

function _directory(path: string): FileReadError {
  return _error("IS_DIRECTORY", `Path is a directory, not a file: ${path}`, path);
}

function _classify(error: unknown, path: string): FileReadError {
  if (error instanceof FileReadError) return error;
  if (error instanceof Deno.errors.NotFound) {
    const message = `File not found: ${path}${_relativeTo(path)}`;
    return new FileReadError("FILE_NOT_FOUND", "FILE_NOT_FOUND", message, path);
  }
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
    // NotCapable: Deno's own permission, not the file system's, said no.
    const flag = error instanceof Deno.errors.NotCapable ? " (run mdsel with --allow-read)" : "";
    return _error("PERMISSION_DENIED", `Permission denied: ${path}${flag}`, path);
  }
  if (error instanceof Deno.errors.IsADirectory) return _directory(path);
  const reason = error instanceof Error ? error.message : String(error);
  return _error("FILE_READ_ERROR", `Cannot read file: ${path} (${reason})`, path);
}

/** ` (relative to /cwd)` for a relative path, for a message; empty for an absolute one. */
function _relativeTo(path: string): string {
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(path)) return "";
  // No shell stands between an agent and mdsel: `~` is a folder's name, not home.
  const tilde = /^~[\\/]/.test(path) ? "; `~` is not expanded: give the absolute path" : "";
  try {
    return ` (relative to ${Deno.cwd()}${tilde})`;
  } catch {
    return ""; // the working directory is gone
  }
}
