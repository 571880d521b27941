/**
 * Where setup keeps the previous content of a file it changes. Backups go
 * out of the project, under `~/.claude/backups/mdsel-claude/`, so that
 * version control does not pick them up; each is named after the file's
 * full path and the time, so that every run keeps its own.
 *
 * @module
 */
import { join } from "node:path";

/**
 * The backup folder below a home (or project) directory.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BACKUP_FOLDER } from "./backups.ts";
 * assert.equal(BACKUP_FOLDER.split(/[\\/]/).join("/"), ".claude/backups/mdsel-claude");
 * ```
 */
export const BACKUP_FOLDER = join(".claude", "backups", "mdsel-claude");

/**
 * The content of the `.gitignore` setup puts in the backup folder, so that a
 * home (or project) kept under version control ignores the backups too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BACKUP_GITIGNORE } from "./backups.ts";
 * assert.equal(BACKUP_GITIGNORE, "*\n");
 * ```
 */
export const BACKUP_GITIGNORE = "*\n";

/**
 * Chooses the backup folder: `<home>/.claude/backups/mdsel-claude` when the
 * home directory is known (`HOME`, then `USERPROFILE`, if setup may read it
 * without asking), otherwise the same folder below `fallback`, the project.
 *
 * @param fallback The directory to use when the home directory is unknown.
 * @param getHome Finds the home directory, or `undefined`.
 * @returns The backup folder; it may not exist yet.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { join } from "node:path";
 * import { BACKUP_FOLDER, backupDirectory } from "./backups.ts";
 * const home = await Deno.makeTempDir();
 * assert.equal(await backupDirectory("/work/app", () => home), join(home, BACKUP_FOLDER));
 * assert.equal(await backupDirectory("/work/app", () => undefined), join("/work/app", BACKUP_FOLDER));
 * await Deno.remove(home);
 * ```
 */
export async function backupDirectory(
  fallback: string,
  getHome: () => string | undefined = _grantedHome,
): Promise<string> {
  const home = getHome();
  // A HOME that does not exist would have setup create it.
  const isDirectory = home !== undefined &&
    await Deno.stat(home).then((info) => info.isDirectory, () => false);
  return join(isDirectory ? home : fallback, BACKUP_FOLDER);
}

/**
 * Names the backup of a file: the file's full path, `%`-encoded into one
 * name, then the time, e.g. `%2Fwork%2Fapp%2F.mcp.json.2025-01-02T03-04-05.678Z.bak`.
 * A name already taken gets a counter.
 *
 * @param directory The backup folder.
 * @param file The file backed up, an absolute path.
 * @param now The time of the run.
 * @returns A path in `directory` where nothing is yet.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { backupPath } from "./backups.ts";
 * const dir = await Deno.makeTempDir();
 * const now = new Date("2025-01-02T03:04:05.678Z");
 * const first = await backupPath(dir, "/work/app/.mcp.json", now);
 * assert.equal(first, `${dir}/%2Fwork%2Fapp%2F.mcp.json.2025-01-02T03-04-05.678Z.bak`);
 * await Deno.writeTextFile(first, "{}");
 * assert.equal(
 *   await backupPath(dir, "/work/app/.mcp.json", now),
 *   `${dir}/%2Fwork%2Fapp%2F.mcp.json.2025-01-02T03-04-05.678Z-2.bak`,
 * );
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function backupPath(directory: string, file: string, now: Date): Promise<string> {
  let name = file.replace(
    /[%/\\:*?"<>|]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  // File names stop at 255 bytes; the end of the path tells the most.
  if (new TextEncoder().encode(name).length > 180) name = `...${name.slice(-150)}`;
  const stamp = now.toISOString().replaceAll(":", "-");
  for (let count = 1;; count++) {
    const path = join(directory, `${name}.${stamp}${count > 1 ? `-${count}` : ""}.bak`);
    if (!await _exists(path)) return path;
  }
}

/**
 * The backups in a backup folder: its `.bak` files, sorted by name.
 *
 * @param directory The backup folder.
 * @returns Their paths; none when the folder is missing or cannot be read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listBackups } from "./backups.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/.gitignore`, "*\n");
 * await Deno.writeTextFile(`${dir}/a.json.2026-01-01T00-00-00.000Z.bak`, "{}");
 * assert.deepEqual(await listBackups(dir), [`${dir}/a.json.2026-01-01T00-00-00.000Z.bak`]);
 * assert.deepEqual(await listBackups(`${dir}/missing`), []);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function listBackups(directory: string): Promise<string[]> {
  const found: string[] = [];
  try {
    for await (const entry of Deno.readDir(directory)) {
      if (entry.isFile && entry.name.endsWith(".bak")) found.push(join(directory, entry.name));
    }
  } catch {
    return [];
  }
  return found.sort();
}

// A path that cannot be examined counts as free: writing the backup there then fails clearly.
async function _exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

// Reads the home directory only where permission is already granted: asking
// would interrupt setup for a backup location.
function _grantedHome(): string | undefined {
  for (const variable of ["HOME", "USERPROFILE"]) {
    if (Deno.permissions.querySync({ name: "env", variable }).state !== "granted") continue;
    const value = Deno.env.get(variable);
    if (value) return value;
  }
  return undefined;
}
