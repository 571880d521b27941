/**
 * Checking a file before setup reads or writes it. Setup writes only regular
 * files: a device, FIFO, socket, directory or dangling symbolic link is
 * refused, and so is a read-only file it would change. The checks use
 * `lstat` and `stat`, so nothing is opened that could block (a FIFO) or
 * consume input (a device).
 *
 * @module
 */
import { ConfigFileError } from "./errors.ts";

/** A file setup may read, and write if it is writable. */
export interface TargetFile {
  /** The path setup was given. */
  readonly path: string;
  /** The regular file to read and write: `path`, or the file a symbolic link at `path` leads to. */
  readonly file: string;
  /** Whether `path` is a symbolic link (to the regular file `file`). */
  readonly linked: boolean;
  /** Whether the file exists; setup creates it otherwise. */
  readonly exists: boolean;
}

/**
 * Checks what is at a path setup edits. Nothing there is fine: setup creates
 * the file. A regular file is fine, and so is a symbolic link to one (setup
 * then reads and writes the file it leads to); anything else is refused.
 *
 * @param path The file setup edits.
 * @returns What to read and write.
 * @throws {ConfigFileError} When the path holds something other than a regular file, is a dangling
 * symbolic link, or cannot be examined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inspectTarget } from "./target_file.ts";
 * const dir = await Deno.makeTempDir();
 * assert.deepEqual(await inspectTarget(`${dir}/new.json`), {
 *   path: `${dir}/new.json`,
 *   file: `${dir}/new.json`,
 *   linked: false,
 *   exists: false,
 * });
 * await assert.rejects(inspectTarget(dir), {
 *   message: `Cannot write "${dir}": it is a directory, not a regular file; no file was changed`,
 * });
 * await Deno.remove(dir);
 * ```
 */
export async function inspectTarget(path: string): Promise<TargetFile> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { path, file: path, linked: false, exists: false };
    }
    throw _cannotRead(path, error);
  }
  if (info.isFile) return { path, file: path, linked: false, exists: true };
  if (!info.isSymlink) throw _refuse(path, `it is ${_kind(info)}, not a regular file`);
  let file: string;
  try {
    file = await Deno.realPath(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw _cannotRead(path, error);
    const target = await Deno.readLink(path).catch(() => "");
    throw _refuse(path, `it is a dangling symbolic link to "${target}"`);
  }
  const target = await Deno.stat(file).catch((error) => {
    throw _cannotRead(path, error);
  });
  if (!target.isFile) {
    throw _refuse(path, `it is a symbolic link to "${file}", ${_kind(target)}, not a regular file`);
  }
  return { path, file, linked: true, exists: true };
}

/**
 * Checks that setup may replace an existing file. Setup replaces a file by
 * renaming a new one over it, which the file's own permissions do not stop,
 * so they are checked here: a file is read-only when it has no write
 * permission bit at all (which root, who may open anything, must respect
 * too), or when opening it for writing is refused (which changes nothing).
 *
 * @param target A file {@linkcode inspectTarget} accepted.
 * @returns When the file may be written (or does not exist yet).
 * @throws {ConfigFileError} When the file is read-only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertWritable, inspectTarget } from "./target_file.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.json`, "{}", { mode: 0o444 });
 * await Deno.chmod(`${dir}/a.json`, 0o444);
 * await assert.rejects(assertWritable(await inspectTarget(`${dir}/a.json`)), {
 *   message: `Cannot write "${dir}/a.json": it is read-only (mode 0444); no file was changed`,
 * });
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function assertWritable(target: TargetFile): Promise<void> {
  if (!target.exists) return;
  const info = await Deno.stat(target.file);
  if (await _writable(target.file, info)) return;
  const mode = (info.mode! & 0o7777).toString(8).padStart(4, "0");
  throw _refuse(
    target.path,
    target.linked
      ? `its target "${target.file}" is read-only (mode ${mode})`
      : `it is read-only (mode ${mode})`,
  );
}

async function _writable(file: string, info: Deno.FileInfo): Promise<boolean> {
  if (info.mode !== null && (info.mode & 0o222) === 0) return false;
  try {
    (await Deno.open(file, { write: true })).close();
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.PermissionDenied) return false;
    throw _cannotRead(file, error);
  }
}

function _kind(info: Deno.FileInfo): string {
  if (info.isDirectory) return "a directory";
  if (info.isFifo) return "a FIFO";
  if (info.isSocket) return "a socket";
  if (info.isCharDevice) return "a character device";
  if (info.isBlockDevice) return "a block device";
  return "a special file";
}

function _refuse(path: string, reason: string): ConfigFileError {
  return new ConfigFileError(path, `Cannot write "${path}": ${reason}; no file was changed`);
}

function _cannotRead(path: string, error: unknown): ConfigFileError {
  const reason = (error instanceof Error ? error.message : String(error)).split("\n", 1)[0];
  return new ConfigFileError(path, `Cannot read "${path}": ${reason}`, { cause: error });
}
