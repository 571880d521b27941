/**
 * What the `files` of a call name: a file as it is, a folder as every Markdown file under it
 * (sorted, skipping hidden entries, `node_modules` and what git ignores), a glob as the Markdown
 * files `glob.ts` matches. The server runs this same expansion to check what a call will read
 * before `mdsel` runs, so the two always agree.
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

/**
 * The most files one call reads by default, once folders and globs are
 * expanded (`MDSEL_MAX_FILES`).
 */
export const MAX_FILES = 20_000;

/** The most folder entries one call may walk before it is refused. */
const _MAX_WALKED_ENTRIES = 200_000;

/** A file to read, and whether a folder or glob named it (rather than the user). */
export interface NamedFile {
  /** The path: as given, or the folder or glob base joined with the file's relative path. */
  readonly path: string;
  /** Set when the file was found by expanding a folder or a glob. */
  readonly expanded: boolean;
  /** The folder, or the glob's base, it was found under (for an index folded by folders). */
  readonly origin?: string;
}

/** How one argument of a call was taken. */
export interface ExpandedArgument {
  /** The argument as given. */
  readonly given: string;
  /** A file (or anything that is not a folder), a folder, or a glob. */
  readonly kind: "file" | "folder" | "glob";
  /**
   * The argument as it is read: `.` and `..` resolved for a file or a folder
   * (as Deno resolves them when it checks a permission); a glob as given.
   */
  readonly path: string;
  /**
   * What reading it touches at the top: the file or folder itself, or each
   * base folder (or, for braces without wildcards, file) of a glob.
   */
  readonly roots: readonly string[];
}

/** The files of a call, and the arguments that named none. */
export interface ExpandedFiles {
  /** Files to read, in argument order, folders and globs in sorted order. */
  readonly files: NamedFile[];
  /** One entry per folder or glob that held no Markdown or was unlistable, or a limit passed. */
  readonly errors: ErrorEntry[];
  /** Folders inside a named folder or glob base that could not be listed (they are skipped). */
  readonly warnings: string[];
  /** How each argument was taken, in order. */
  readonly args: ExpandedArgument[];
  /**
   * Paths the expansion was not allowed to touch: arguments `canRead`
   * refused, and folders the Deno sandbox refused to list while walking.
   */
  readonly denied: string[];
}

/** Options of {@linkcode expandPaths}. */
export interface ExpandOptions {
  /**
   * Asked before an argument, or the base of a glob, is first touched: `false`
   * leaves it out and lists it in `denied`. Everything may be read without it.
   */
  readonly canRead?: (path: string) => boolean | Promise<boolean>;
  /** The most files, {@linkcode MAX_FILES} by default. */
  readonly maxFiles?: number;
  /**
   * `false` only says how each argument is taken (`args`), without listing a
   * folder or matching a glob: `files` then holds the files named outright.
   */
  readonly list?: boolean;
  /**
   * `false` reads every Markdown file, ignored by git or not (the server's
   * check: it must cover whatever any engine may read). `true` by default.
   */
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
 * assert.equal(isMarkdownPath("notes.txt"), false);
 * ```
 */
export function isMarkdownPath(path: string): boolean {
  const lower = path.toLowerCase();
  return MARKDOWN_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Expands the `files` of a call: folders and globs into the Markdown files they hold, everything
 * else as it is (reading it reports what is wrong). A path with glob syntax is a glob unless it
 * exists exactly as written (with no `.` or `..` in it).
 *
 * @returns The files, deduplicated, and what went wrong.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandPaths } from "./expand_paths.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/docs/guide`, { recursive: true });
 * await Deno.writeTextFile(`${dir}/docs/guide/a.md`, "# A\n");
 * await Deno.writeTextFile(`${dir}/docs/.draft.md`, "# Draft\n");
 * const { files } = await expandPaths([`${dir}/docs`, `${dir}/docs/**\/*.md`]);
 * assert.deepEqual(files, [
 *   { path: `${dir}/docs/guide/a.md`, expanded: true, origin: `${dir}/docs` },
 * ]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function expandPaths(
  paths: readonly string[],
  options: ExpandOptions = {},
): Promise<ExpandedFiles> {
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const canRead = options.canRead ?? (() => true);
  const files: NamedFile[] = [];
  const errors: ErrorEntry[] = [];
  const warnings: string[] = [];
  const args: ExpandedArgument[] = [];
  const denied: string[] = [];
  const seen = new Set<string>();
  const walk = new _Walk(warnings, denied, options.gitignore ?? true);
  const add = (path: string, origin?: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    files.push(origin === undefined ? { path, expanded: false } : { path, expanded: true, origin });
  };
  for (const given of paths) {
    const glob = await _asGlob(given, canRead, denied);
    if (glob instanceof Error) {
      args.push({ given, kind: "glob", path: given, roots: [] });
      errors.push({
        type: "PROCESSING_ERROR",
        code: "INVALID_GLOB",
        message: glob.message,
        file: given,
      });
      continue;
    }
    if (glob !== undefined) {
      const roots = glob.alternatives.map((alternative) => alternative.base);
      args.push({ given, kind: "glob", path: given, roots: [...new Set(roots)] });
      if (options.list === false) continue;
      const found = await _expandGlob(glob, walk, canRead, denied);
      if (found.length === 0 && !walk.stopped) {
        errors.push({
          type: "FILE_NOT_FOUND",
          code: "NO_MATCH",
          message: `No Markdown files match '${given}'`,
          file: given,
        });
      }
      for (const [file, origin] of found) add(file, origin);
    } else {
      const path = await _normalize(given);
      if (!await canRead(path)) {
        args.push({ given, kind: "file", path, roots: [path] });
        denied.push(path);
        continue;
      }
      const info = await _stat(path, denied);
      if (info?.isDirectory) {
        args.push({ given, kind: "folder", path, roots: [path] });
        if (options.list === false) continue;
        const listed = await walk.files(path, true);
        if (listed === "unreadable") {
          errors.push({
            type: "PROCESSING_ERROR",
            code: "PERMISSION_DENIED",
            message: `Permission denied: cannot list the folder ${path}`,
            file: given,
          });
          continue;
        }
        const found = listed;
        if (found.length === 0 && !walk.stopped) {
          errors.push({
            type: "PROCESSING_ERROR",
            code: "NO_MARKDOWN_FILES",
            message: `No Markdown files in folder: ${given} (looked for ${
              MARKDOWN_EXTENSIONS.join(", ")
            }, outside hidden folders and node_modules)`,
            file: given,
          });
        }
        for (const file of found) add(file, path);
      } else {
        args.push({ given, kind: "file", path, roots: [path] });
        add(given);
      }
    }
    if (walk.stopped) break;
  }
  if (walk.stopped) {
    return {
      files: [],
      errors: [
        ...errors,
        _limitError(
          "TOO_MANY_ENTRIES",
          `Too many folder entries: walked ${_MAX_WALKED_ENTRIES.toLocaleString("en-US")} ` +
            "without finishing; " +
            "name a smaller folder or a narrower glob",
        ),
      ],
      warnings,
      args,
      denied,
    };
  }
  if (files.length > maxFiles) {
    return {
      files: [],
      errors: [
        ...errors,
        _limitError(
          "TOO_MANY_FILES",
          `Too many files: ${files.length.toLocaleString("en-US")} Markdown files named, ` +
            `at most ${maxFiles.toLocaleString("en-US")} are read in one call ` +
            "(MDSEL_MAX_FILES); name a smaller folder or a narrower glob",
        ),
      ],
      warnings,
      args,
      denied,
    };
  }
  return { files, errors, warnings, args, denied };
}

function _limitError(code: string, message: string): ErrorEntry {
  return { type: "PROCESSING_ERROR", code, message };
}

/**
 * The path's glob, `undefined` when it is taken as written, or the glob's
 * error. A path that exists as written, with no `.` or `..` segment
 * (which Deno would resolve away before looking), is never a glob.
 */
async function _asGlob(
  path: string,
  canRead: (path: string) => boolean | Promise<boolean>,
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

function _globModule(): Promise<typeof import("./glob.ts")> {
  return _glob ??= import("./glob.ts");
}

async function _expandGlob(
  glob: Glob,
  walk: _Walk,
  canRead: (path: string) => boolean | Promise<boolean>,
  denied: string[],
): Promise<[string, string][]> {
  const found = new Map<string, string>();
  const { matchesGlob } = await _globModule();
  for (const alternative of glob.alternatives) {
    const { base } = alternative;
    if (!await canRead(base)) {
      denied.push(base);
      continue;
    }
    if (alternative.segments.length === 0) {
      // Braces without wildcards name a file: taken when it is a Markdown file.
      const info = await _stat(base, denied);
      if (info?.isFile && isMarkdownPath(base)) {
        found.set(base, base.includes("/") ? base.slice(0, base.lastIndexOf("/")) || "/" : ".");
      }
      continue;
    }
    const info = await _stat(base, denied);
    if (!info?.isDirectory) continue;
    const listed = await walk.files(base, false);
    if (listed === "unreadable") {
      walk.warnings.push(`Skipped ${base}: permission denied (cannot list the folder)`);
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

  /** The Markdown files under a folder, sorted, or "unreadable" when the folder itself is. */
  async files(root: string, skipHidden: boolean): Promise<string[] | "unreadable"> {
    const found: string[] = [];
    const prefix = _prefix(root);
    let scopes: IgnoreScope[] = [];
    if (this.gitignore) {
      scopes = await parentScopes(root, prefix);
      // A folder git ignores, named outright, is read all the same.
      if (isRootIgnored(scopes)) scopes = [];
    }
    const listed = await this._visit(root, prefix, found, skipHidden, scopes);
    return listed ? found.sort() : "unreadable";
  }

  async _visit(
    dir: string,
    prefix: string,
    found: string[],
    skipHidden: boolean,
    inherited: readonly IgnoreScope[],
  ) {
    let entries: Deno.DirEntry[];
    try {
      // Synchronously: several times faster than listing asynchronously.
      entries = [...Deno.readDirSync(dir)];
    } catch (error) {
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
      let isDirectory = entry.isDirectory;
      let isFile = entry.isFile;
      if (entry.isSymlink) {
        // A linked file is read; a linked folder is not followed (no cycles).
        const target = await _stat(path, this.denied);
        isFile = target?.isFile ?? false;
        isDirectory = false;
      }
      if (hidden && (isDirectory || skipHidden)) continue;
      if (isDirectory && entry.name === "node_modules") continue;
      if (scopes.length > 0 && isIgnored(scopes, path, isDirectory)) continue;
      if (isDirectory) {
        const listed = await this._visit(path, `${path}/`, found, skipHidden, scopes);
        if (!listed && !this.denied.includes(path)) {
          this.warnings.push(`Skipped ${path}: permission denied (cannot list the folder)`);
        }
      } else if (isFile && isMarkdownPath(entry.name) && !(skipHidden && hidden)) {
        found.push(path);
      }
    }
    return true;
  }
}

async function _stat(path: string, denied: string[]): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(path);
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
