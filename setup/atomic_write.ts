/**
 * Writing several files all or nothing: each through a temporary file in its
 * own directory, renamed over the target only once every temporary file is in
 * place, with a backup of the content it replaces where the caller says.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { ConfigFileError } from "./errors.ts";

/** One file to write. */
export interface FileWrite {
  /** The file to replace or create. */
  readonly path: string;
  /** Its new content. */
  readonly content: string;
  /** The content it replaces; `undefined` for a new file. The write fails if the file holds anything else. */
  readonly previous?: string;
  /** Where to keep `previous`, a path where nothing is yet; no backup without it. */
  readonly backup?: string;
}

interface _Staged {
  readonly target: string;
  readonly temp: string;
  readonly backupTemp?: string;
  readonly backup?: string;
  readonly previous?: string;
}

/**
 * Writes files atomically, all or nothing. First every new content (and every
 * backup) goes to a temporary file beside its target, synced to disk; if any
 * of that fails, or a target no longer holds its `previous` content (another
 * program changed it, or it is no longer a regular file), the temporary files
 * and any directories made for them are removed and no target is touched.
 * Then each backup is renamed into place and each temporary file over its
 * target. A target that is a symbolic link is written through: the file it
 * points at is replaced, the link stays. A replaced file, and its backup,
 * keep its permission bits.
 *
 * @param writes The files to write.
 * @returns When every file is in place.
 * @throws {ConfigFileError} When a file cannot be written; the message names it. Nothing is changed then.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeFilesAtomically } from "./atomic_write.ts";
 * const dir = await Deno.makeTempDir();
 * await writeFilesAtomically([{ path: `${dir}/a.json`, content: "{}\n" }]);
 * const backup = `${dir}/backups/a.json.1`;
 * await writeFilesAtomically([{ path: `${dir}/a.json`, content: "[]\n", previous: "{}\n", backup }]);
 * assert.equal(await Deno.readTextFile(backup), "{}\n");
 * assert.equal(await Deno.readTextFile(`${dir}/a.json`), "[]\n");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeFilesAtomically(writes: readonly FileWrite[]): Promise<void> {
  const staged: _Staged[] = [];
  const madeDirs: string[] = [];
  try {
    for (const write of writes) {
      const target = await _resolveTarget(write.path);
      await _makeDirs(dirname(target), madeDirs);
      const mode = await _modeOf(target);
      const temp = await _writeTemp(target, write.content, mode);
      staged.push({ target, temp, previous: write.previous });
      if (write.previous !== undefined && write.backup !== undefined) {
        await _makeDirs(dirname(write.backup), madeDirs);
        const backupTemp = await _writeTemp(write.backup, write.previous, mode);
        staged[staged.length - 1] = {
          ...staged[staged.length - 1],
          backupTemp,
          backup: write.backup,
        };
      }
    }
    // Another program (Claude Code rewrites ~/.claude.json often) may have
    // changed a file since it was read; replacing it would lose that change.
    for (const [i, write] of writes.entries()) {
      if (await _currentText(staged[i].target) !== write.previous) {
        throw new ConfigFileError(
          write.path,
          `Cannot write "${write.path}": it changed while setup ran; no file was changed`,
        );
      }
    }
  } catch (error) {
    await _discard(staged, madeDirs);
    if (error instanceof ConfigFileError) throw error;
    throw _asConfigFileError(error, writes, "no file was changed");
  }
  const committed: _Staged[] = [];
  try {
    for (const stage of staged) {
      if (stage.backupTemp) await Deno.rename(stage.backupTemp, stage.backup!);
      await Deno.rename(stage.temp, stage.target);
      committed.push(stage);
    }
  } catch (error) {
    await _rollBack(committed);
    await _discard(staged.filter((stage) => !committed.includes(stage)), []);
    throw _asConfigFileError(error, writes, "files already replaced were put back");
  }
}

async function _currentText(path: string): Promise<string | undefined | null> {
  try {
    // Something other than a regular file is a change, and must not be opened: a FIFO blocks.
    if (!(await Deno.stat(path)).isFile) return null;
    // Decoded as setup's reader decodes, keeping a byte order mark.
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await Deno.readFile(path));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw _withPath(error, path);
  }
}

async function _resolveTarget(path: string): Promise<string> {
  try {
    if ((await Deno.lstat(path)).isSymlink) return await Deno.realPath(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw _withPath(error, path);
  }
  return path;
}

async function _makeDirs(dir: string, made: string[]): Promise<void> {
  const missing: string[] = [];
  for (let current = dir;; current = dirname(current)) {
    try {
      await Deno.stat(current);
      break;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound) || dirname(current) === current) {
        throw _withPath(error, current);
      }
      missing.unshift(current);
    }
  }
  for (const path of missing) {
    try {
      await Deno.mkdir(path);
    } catch (error) {
      throw _withPath(error, path);
    }
    made.push(path);
  }
}

async function _modeOf(path: string): Promise<number | undefined> {
  try {
    const mode = (await Deno.stat(path)).mode;
    return mode === null ? undefined : mode & 0o7777;
  } catch {
    return undefined;
  }
}

async function _writeTemp(target: string, content: string, mode?: number): Promise<string> {
  const temp = join(dirname(target), `.${basename(target)}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  try {
    using file = await Deno.open(temp, { write: true, createNew: true, mode: mode ?? 0o666 });
    const bytes = new TextEncoder().encode(content);
    for (let written = 0; written < bytes.length;) {
      written += await file.write(bytes.subarray(written));
    }
    // The umask narrows `mode` on creation; a replaced file keeps its exact bits.
    if (mode !== undefined && Deno.build.os !== "windows") await Deno.chmod(temp, mode);
    await file.sync();
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw _withPath(error, target);
  }
  return temp;
}

async function _discard(staged: readonly _Staged[], madeDirs: readonly string[]): Promise<void> {
  for (const stage of staged) {
    await Deno.remove(stage.temp).catch(() => {});
    if (stage.backupTemp) await Deno.remove(stage.backupTemp).catch(() => {});
  }
  for (const dir of [...madeDirs].reverse()) await Deno.remove(dir).catch(() => {});
}

// Best effort after a failed rename: put back what earlier renames replaced.
async function _rollBack(committed: readonly _Staged[]): Promise<void> {
  for (const stage of committed) {
    try {
      if (stage.previous === undefined) await Deno.remove(stage.target);
      else {
        const temp = await _writeTemp(stage.target, stage.previous, await _modeOf(stage.target));
        await Deno.rename(temp, stage.target);
      }
    } catch {
      // The backup still holds the previous content.
    }
  }
}

class _PathError extends Error {
  readonly path: string;
  constructor(path: string, options: ErrorOptions) {
    super(path, options);
    this.path = path;
  }
}

function _withPath(error: unknown, path: string): _PathError {
  return error instanceof _PathError ? error : new _PathError(path, { cause: error });
}

function _asConfigFileError(
  error: unknown,
  writes: readonly FileWrite[],
  outcome: string,
): ConfigFileError {
  const path = error instanceof _PathError ? error.path : writes[0]?.path ?? "";
  const cause = error instanceof _PathError ? error.cause : error;
  const reason = (cause instanceof Error ? cause.message : String(cause)).split("\n", 1)[0];
  return new ConfigFileError(
    path,
    `Cannot write "${path}": ${reason}; ${outcome}`,
    { cause },
  );
}
