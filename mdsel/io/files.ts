/**
 * What the `files` of a call name: a file as it is, a folder as every
 * Markdown file under it, a glob as the Markdown files it matches. Folders
 * are walked recursively in sorted order, skipping dot-folders and
 * `node_modules`.
 *
 * @module
 */
import type { ErrorEntry } from "./errors.ts";
// @ts-types="@types/picomatch"
import type picomatchType from "picomatch";

/** File name endings taken as Markdown when a folder or glob is expanded. */
export const MARKDOWN_EXTENSIONS: readonly string[] = [".md", ".markdown", ".mdx"];

/** The most files one call may name, once folders and globs are expanded. */
export const MAX_FILES = 1000;

/** A file to read, and whether a folder or glob named it (rather than the user). */
export interface NamedFile {
  /** The path: as given, or the folder or glob base joined with the file's relative path. */
  readonly path: string;
  /** Set when the file was found by expanding a folder or a glob. */
  readonly expanded: boolean;
}

/** The files of a call, and the arguments that named none. */
export interface ExpandedFiles {
  /** Files to read, in argument order, folders and globs in sorted order. */
  readonly files: NamedFile[];
  /** One entry per folder or glob that held no Markdown, or too many files in all. */
  readonly errors: ErrorEntry[];
}

/**
 * Whether a path names a Markdown file by its extension (any case).
 *
 * @param path A file path.
 * @returns `true` for `.md`, `.markdown` and `.mdx`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isMarkdownPath } from "./files.ts";
 * assert.equal(isMarkdownPath("docs/API.MD"), true);
 * assert.equal(isMarkdownPath("notes.txt"), false);
 * ```
 */
export function isMarkdownPath(path: string): boolean {
  const lower = path.toLowerCase();
  return MARKDOWN_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Whether a path holds glob syntax (`*`, `?`, `[...]`, `{...}`, `!(...)`):
 * a quick test, so that paths without any load no glob matcher.
 *
 * @param path A path.
 * @returns `true` when it may be a glob.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mayBeGlob } from "./files.ts";
 * assert.equal(mayBeGlob("docs/**\/*.md"), true);
 * assert.equal(mayBeGlob("docs/README.md"), false);
 * ```
 */
export function mayBeGlob(path: string): boolean {
  return /[*?[\]{}]|[!@+]\(/.test(path);
}

/**
 * The folder a glob starts from (its part before the first wildcard), or
 * `undefined` when the path is no glob.
 *
 * @param path A path, maybe with wildcards.
 * @returns The glob's fixed base (`.` when it starts with a wildcard).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { globBase } from "./files.ts";
 * assert.equal(await globBase("docs/**\/*.md"), "docs");
 * assert.equal(await globBase("*.md"), ".");
 * assert.equal(await globBase("README.md"), undefined);
 * ```
 */
export async function globBase(path: string): Promise<string | undefined> {
  if (!mayBeGlob(path)) return undefined;
  const scan = (await _picomatch()).scan(path);
  if (!scan.isGlob) return undefined;
  return scan.base === "" ? "." : scan.base;
}

let _matcher: typeof picomatchType | undefined;

/** picomatch, loaded on first use: loading it costs a tenth of a start-up. */
async function _picomatch(): Promise<typeof picomatchType> {
  // @ts-types="@types/picomatch"
  _matcher ??= (await import("picomatch")).default;
  return _matcher;
}

/**
 * Expands the `files` of a call: folders and globs into the Markdown files
 * they hold, everything else as it is (reading it reports what is wrong).
 * A path that exists is never taken for a glob.
 *
 * @param paths The paths as given.
 * @returns The files, deduplicated, and the errors.
 *
 * @example
 * ```ts ignore
 * import { expandPaths } from "./files.ts";
 * const { files } = await expandPaths(["docs", "README.md", "guides/**\/*.md"]);
 * ```
 */
export async function expandPaths(paths: readonly string[]): Promise<ExpandedFiles> {
  const files: NamedFile[] = [];
  const errors: ErrorEntry[] = [];
  const seen = new Set<string>();
  const add = (path: string, expanded: boolean) => {
    if (seen.has(path)) return;
    seen.add(path);
    files.push({ path, expanded });
  };
  for (const path of paths) {
    const info = await _stat(path);
    const base = info === undefined ? await globBase(path) : undefined;
    if (base !== undefined) {
      const match = (await _picomatch())(_withoutDotSlash(path), { dot: false });
      const found = (await _walk(base)).filter((file) => match(_withoutDotSlash(file)));
      if (found.length === 0) {
        errors.push({
          type: "FILE_NOT_FOUND",
          code: "NO_MATCH",
          message: `No Markdown files match '${path}'`,
          file: path,
        });
      }
      for (const file of found) add(file, true);
    } else if (info?.isDirectory) {
      const found = await _walk(path);
      if (found.length === 0) {
        errors.push({
          type: "PROCESSING_ERROR",
          code: "NO_MARKDOWN_FILES",
          message: `No Markdown files in folder: ${path} (looked for ${
            MARKDOWN_EXTENSIONS.join(", ")
          }, outside dot-folders and node_modules)`,
          file: path,
        });
      }
      for (const file of found) add(file, true);
    } else {
      add(path, false);
    }
  }
  if (files.length > MAX_FILES) {
    return {
      files: [],
      errors: [...errors, {
        type: "PARSE_ERROR",
        code: "TOO_MANY_FILES",
        message: `Too many files: ${files.length} Markdown files named, at most ${MAX_FILES} ` +
          "are read in one call; name a smaller folder or a narrower glob",
      }],
    };
  }
  return { files, errors };
}

async function _stat(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(path);
  } catch {
    return undefined;
  }
}

/** The Markdown files under a folder, sorted; unreadable folders are skipped. */
async function _walk(root: string): Promise<string[]> {
  const found: string[] = [];
  const prefix = root === "." ? "" : root.endsWith("/") ? root : `${root}/`;
  const visit = async (dir: string, prefixed: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${prefixed}${entry.name}`;
      let isDirectory = entry.isDirectory;
      let isFile = entry.isFile;
      if (entry.isSymlink) {
        // A linked file is read; a linked folder is not followed (no cycles).
        const target = await _stat(path);
        isFile = target?.isFile ?? false;
        isDirectory = false;
      }
      if (isDirectory) {
        if (!entry.name.startsWith(".") && entry.name !== "node_modules") {
          await visit(path, `${path}/`);
        }
      } else if (isFile && isMarkdownPath(entry.name)) found.push(path);
    }
  };
  await visit(root, prefix);
  return found.sort();
}

function _withoutDotSlash(path: string): string {
  return path.startsWith("./") ? path.slice(2) : path;
}
