/**
 * What the `files` of a call name: a file as it is, a folder as every Markdown file under it
 * (sorted, skipping hidden entries, `node_modules` and what git ignores), a glob as the Markdown
 * files it matches. The server runs this same expansion to check what a call will read.
 *
 * @module
 */
import type { ErrorEntry } from "./errors.ts";
import {
  type IgnoreScope,
  ignoreScope,
  isIgnored,
  isRootIgnored,
  parentScopes,
} from "./gitignore.ts";
import type { Glob, GlobError } from "./glob.ts";
import { isGlob } from "./glob_syntax.ts";

/** File name endings taken as Markdown when a folder or glob is expanded. */
export const MARKDOWN_EXTENSIONS: readonly string[] = [".md", ".markdown", ".mdx"];

/** The most files one call reads by default, once folders and globs are expanded. */
export const MAX_FILES = 20_000;

/** The most folder entries one call may walk before it is refused. */
const _MAX_WALKED_ENTRIES = 200_000;

/** A file to read, whether a folder or glob named it, and the folder or glob base it was under. */
interface _NamedFile {
  readonly path: string;
  readonly expanded: boolean;
  readonly origin?: string;
}

/** How one argument of a call was taken. */
interface _Argument {
  readonly given: string;
  readonly kind: "file" | "folder" | "glob";
  /** As read: `.` and `..` resolved for a file or a folder (as Deno resolves them); a glob as given. */
  readonly path: string;
  /** What reading it touches at the top: the file or folder, or each base of a glob. */
  readonly roots: readonly string[];
}

/** The files of a call, and the arguments that named none. */
export interface ExpandedPaths {
  /** Files to read, in argument order, folders and globs in sorted order. */
  readonly files: _NamedFile[];
  /** One entry per folder or glob that held no Markdown or was unlistable, or a limit passed. */
  readonly errors: ErrorEntry[];
  /** Folders inside a named folder or glob base that could not be listed (they are skipped). */
  readonly warnings: string[];
  readonly args: _Argument[];
  /** Arguments `canRead` refused, and folders the Deno sandbox refused to list. */
  readonly denied: string[];
}

type _CanRead = (path: string) => boolean | Promise<boolean>;

interface _Options {
  /** Asked before an argument or a glob's base is first touched: `false` puts it in `denied`. */
  readonly canRead?: _CanRead;
  readonly maxFiles?: number;
  /** `false` only says how each argument is taken: no folder listed, no glob matched. */
  readonly list?: boolean;
  /** `false` reads ignored files too (the server's check must cover whatever an engine reads). */
  readonly gitignore?: boolean;
}

/**
 * Whether a path names a Markdown file by its extension (`.md`, `.markdown`, `.mdx`, any case).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isMarkdownPath } from "./expand_paths.ts";
 * assert.equal(isMarkdownPath("docs/API.MD"), true);
 * ```
 */
export function isMarkdownPath(path: string): boolean {
  const lower = path.toLowerCase();
  return MARKDOWN_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Expands the `files` of a call: folders and globs into their Markdown files, deduplicated,
 * everything else as it is. A path with glob syntax is a glob unless it exists as written (with no
 * `.` or `..` in it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandPaths } from "./expand_paths.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.md`, "# A\n");
 * assert.equal((await expandPaths([dir])).files[0].path, `${dir}/a.md`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function expandPaths(
  paths: readonly string[],
  options: _Options = {},
): Promise<ExpandedPaths> {
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const canRead = options.canRead ?? (() => true);
  const files: _NamedFile[] = [];
  const errors: ErrorEntry[] = [];
  const warnings: string[] = [];
  const args: _Argument[] = [];
  const denied: string[] = [];
  const seen = new Set<string>();
  const walk = new _Walk(warnings, denied, options.gitignore ?? true);
  const add = (path: string, origin?: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    files.push(origin === undefined ? { path, expanded: false } : { path, expanded: true, origin });
  };
  const fail = (type: ErrorEntry["type"], code: string, message: string, file: string) =>
    errors.push({ type, code, message, file });
  for (const given of paths) {
    const glob = await _asGlob(given, canRead, denied);
    if (glob instanceof Error) {
      args.push({ given, kind: "glob", path: given, roots: [] });
      fail("PROCESSING_ERROR", "INVALID_GLOB", glob.message, given);
      continue;
    }
    if (glob !== undefined) {
      const roots = glob.alternatives.map((alternative) => alternative.base);
      args.push({ given, kind: "glob", path: given, roots: [...new Set(roots)] });
      if (options.list === false) continue;
      const found = await _expandGlob(glob, walk, canRead);
      if (found.length === 0 && !walk.stopped) {
        fail("FILE_NOT_FOUND", "NO_MATCH", `No Markdown files match '${given}'`, given);
      }
      for (const [file, origin] of found) add(file, origin);
      if (walk.stopped) break;
      continue;
    }
    const path = await _normalize(given);
    const readable = await canRead(path);
    const info = readable ? _stat(path, denied) : undefined;
    args.push({ given, kind: info?.isDirectory ? "folder" : "file", path, roots: [path] });
    if (!readable) denied.push(path);
    else if (!info?.isDirectory) add(given);
    else if (options.list !== false) {
      const found = await walk.files(path, true);
      if (found === "unreadable") {
        const message = `Permission denied: cannot list the folder ${path}`;
        fail("PROCESSING_ERROR", "PERMISSION_DENIED", message, given);
        continue;
      }
      if (found.length === 0 && !walk.stopped) {
        const message = `No Markdown files in folder: ${given} (looked for ${
          MARKDOWN_EXTENSIONS.join(", ")
        }, outside hidden folders and node_modules)`;
        fail("PROCESSING_ERROR", "NO_MARKDOWN_FILES", message, given);
      }
      for (const file of found) add(file, path);
      if (walk.stopped) break;
    }
  }
  const limit = walk.stopped
    ? _limitError(
      "TOO_MANY_ENTRIES",
      `Too many folder entries: walked ${_MAX_WALKED_ENTRIES.toLocaleString("en-US")} ` +
        "without finishing; name a smaller folder or a narrower glob",
    )
    : files.length > maxFiles
    ? _limitError(
      "TOO_MANY_FILES",
      `Too many files: ${files.length.toLocaleString("en-US")} Markdown files named, ` +
        `at most ${maxFiles.toLocaleString("en-US")} are read in one call ` +
        "(MDSEL_MAX_FILES); name a smaller folder or a narrower glob",
    )
    : undefined;
  if (limit !== undefined) return { files: [], errors: [...errors, limit], warnings, args, denied };
  return { files, errors, warnings, args, denied };
}

function _limitError(code: string, message: string): ErrorEntry {
  return { type: "PROCESSING_ERROR", code, message };
}

/** The path's glob, its error, or `undefined` when it exists as written (no `.` or `..` in it). */
async function _asGlob(
  path: string,
  canRead: _CanRead,
  denied: string[],
): Promise<Glob | GlobError | undefined> {
  if (!isGlob(path)) return undefined;
  const plain = !path.split("/").some((part) => part === "." || part === "..");
  if (plain && await canRead(path)) {
    try {
      await Deno.lstat(path);
      return undefined;
    } catch (error) {
      if (error instanceof Deno.errors.NotCapable) denied.push(path);
    }
  }
  // The matcher loads only for a call that names a glob.
  const { compileGlob, GlobError } = await _globModule();
  try {
    return compileGlob(path);
  } catch (error) {
    if (error instanceof GlobError) return error;
    throw error;
  }
}

let _glob: Promise<typeof import("./glob.ts")> | undefined;
const _globModule = () => _glob ??= import("./glob.ts");

async function _expandGlob(
  glob: Glob,
  walk: _Walk,
  canRead: _CanRead,
): Promise<[string, string][]> {
  const found = new Map<string, string>();
  const { matchesGlob } = await _globModule();
  for (const alternative of glob.alternatives) {
    const { base } = alternative;
    if (!await canRead(base)) {
      walk.denied.push(base);
      continue;
    }
    const info = _stat(base, walk.denied);
    if (alternative.segments.length === 0) {
      // Braces without wildcards name a file: taken when it is a Markdown file.
      if (info?.isFile && isMarkdownPath(base)) {
        found.set(base, base.includes("/") ? base.slice(0, base.lastIndexOf("/")) || "/" : ".");
      }
      continue;
    }
    if (!info?.isDirectory) continue;
    const listed = await walk.files(base, false);
    if (listed === "unreadable") {
      walk.skipped(base);
      continue;
    }
    const prefix = _prefix(base);
    for (const file of listed) {
      if (matchesGlob(alternative, file.slice(prefix.length)) && !found.has(file)) {
        found.set(file, base);
      }
    }
    if (walk.stopped) break;
  }
  return [...found].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
}

/** Walks folders, counting every entry against {@linkcode _MAX_WALKED_ENTRIES}. */
class _Walk {
  entries = 0;
  stopped = false;
  constructor(
    readonly warnings: string[],
    readonly denied: string[],
    readonly gitignore: boolean,
  ) {}

  skipped(path: string): void {
    this.warnings.push(`Skipped ${path}: permission denied (cannot list the folder)`);
  }

  /** The Markdown files under a folder, sorted, or "unreadable" when the folder itself is. */
  async files(root: string, skipHidden: boolean): Promise<string[] | "unreadable"> {
    const found: string[] = [];
    const prefix = _prefix(root);
    let scopes = this.gitignore ? await parentScopes(root, prefix) : [];
    // A folder git ignores, named outright, is read all the same.
    if (isRootIgnored(scopes)) scopes = [];
    const listed = await this._visit(root, prefix, found, skipHidden, scopes);
    // A root removed since its stat holds no Markdown now, as an empty one.
    return listed === false ? "unreadable" : found.sort();
  }

  /** Whether the folder could be listed, or "gone" when it no longer exists. */
  async _visit(
    dir: string,
    prefix: string,
    found: string[],
    skipHidden: boolean,
    inherited: readonly IgnoreScope[],
  ): Promise<boolean | "gone"> {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch (error) {
      // Removed since its parent was listed (a checkout during the call): none of it was found.
      if (error instanceof Deno.errors.NotFound) return "gone";
      // The sandbox's refusal is the server's to report; the system's is a skipped folder.
      if (error instanceof Deno.errors.NotCapable) this.denied.push(dir);
      return false;
    }
    this.entries += entries.length;
    if (this.entries > _MAX_WALKED_ENTRIES) {
      this.stopped = true;
      return true;
    }
    let scopes = inherited;
    if (
      this.gitignore && entries.some((entry) => entry.name === ".gitignore" && !entry.isDirectory)
    ) {
      const scope = await ignoreScope(`${prefix}.gitignore`, prefix, "");
      if (scope !== undefined) scopes = [...inherited, scope];
    }
    for (const entry of entries) {
      if (this.stopped) return true;
      const path = `${prefix}${entry.name}`;
      const hidden = entry.name.startsWith(".");
      // A linked file is read; a linked folder is not followed (no cycles).
      const isDirectory = entry.isDirectory && !entry.isSymlink;
      const isFile = entry.isSymlink ? _stat(path, this.denied)?.isFile ?? false : entry.isFile;
      if (hidden && (isDirectory || skipHidden)) continue;
      if (isDirectory && entry.name === "node_modules") continue;
      if (scopes.length > 0 && isIgnored(scopes, path, isDirectory)) continue;
      if (isDirectory) {
        const listed = await this._visit(path, `${path}/`, found, skipHidden, scopes);
        if (listed === false && !this.denied.includes(path)) this.skipped(path);
      } else if (isFile && isMarkdownPath(entry.name) && !(skipHidden && hidden)) {
        found.push(path);
      }
    }
    return true;
  }
}

// Synchronous: an awaited stat per named file costs a round trip each (a warm run names thousands).
function _stat(path: string, denied: string[]): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) denied.push(path);
    return undefined;
  }
}

async function _normalize(path: string): Promise<string> {
  // node:path is slow to load: only a path with `.`, `..` or `//` needs it.
  const plain = !/(^|\/)\.\.?(\/|$)|\/\//.test(path);
  const normal = plain ? path : (await import("node:path")).normalize(path);
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}

function _prefix(root: string): string {
  return root === "." ? "" : root.endsWith("/") ? root : `${root}/`;
}
