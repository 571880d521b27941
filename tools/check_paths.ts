/**
 * The server's boundaries, checked before `mdsel` runs: a path the server
 * itself may not read is refused (its Deno read permission is the user's
 * sandbox, whichever `mdsel` runs), and so, unless `MDSEL_ALLOW_ANY_FILE=1`,
 * is a file without a Markdown extension. Whether a file exists, and what
 * is in it, is still for `mdsel` to say. A folder or a glob is checked by what
 * it can read: the folder, or the glob's fixed base.
 *
 * @module
 */
import { globBase, isMarkdownPath, MARKDOWN_EXTENSIONS } from "../mdsel/io/files.ts";

export { isMarkdownPath, MARKDOWN_EXTENSIONS };

// ".md, .markdown and .mdx", for messages.
const _EXTENSION_LIST = MARKDOWN_EXTENSIONS.join(", ").replace(/, (?=[^,]*$)/, " and ");

/** What {@linkcode checkPaths} needs from the settings. */
export interface PathCheckOptions {
  /** `MDSEL_ALLOW_ANY_FILE=1`: take files of any extension. */
  readonly allowAnyFile: boolean;
}

/**
 * What a path lets `mdsel` read: the path itself, or for a glob that does
 * not exist as a file, the folder it starts from (`docs` for `docs/**\/*.md`).
 *
 * @param path A path as the call names it.
 * @returns The path to check, and whether it is a glob.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readScope } from "./check_paths.ts";
 * assert.deepEqual(await readScope("/no/such/docs/**\/*.md"), { path: "/no/such/docs", glob: true });
 * assert.deepEqual(await readScope("/no/such/file.md"), { path: "/no/such/file.md", glob: false });
 * ```
 */
export async function readScope(path: string): Promise<{ path: string; glob: boolean }> {
  const base = await globBase(path);
  if (base === undefined) return { path, glob: false };
  // A file whose name holds wildcard characters is that file, not a glob.
  // (Looked at only when readable, so this never prompts.)
  const { state } = await Deno.permissions.query({ name: "read", path });
  if (state === "granted") {
    try {
      await Deno.lstat(path);
      return { path, glob: false };
    } catch {
      // Not there: a glob.
    }
  }
  return { path: base, glob: true };
}

/**
 * Checks the paths of one tool call, in order, and says why the first refused
 * one is refused. Read access is queried, never requested, so the server
 * never prompts; for a glob it is the glob's fixed base that must be
 * readable. A folder and a glob pass the extension check (`mdsel` reads only
 * the Markdown files in them); a missing file with a Markdown extension
 * passes (`mdsel` reports it missing).
 *
 * @param files The paths the call names, as given (relative ones against the working directory).
 * @param options Whether any extension is allowed.
 * @returns One line saying which path is refused and why, or `undefined` when all may go to `mdsel`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPaths } from "./check_paths.ts";
 * assert.equal(await checkPaths(["/no/such/file.md"], { allowAnyFile: false }), undefined);
 * assert.equal(
 *   await checkPaths(["/etc/hostname"], { allowAnyFile: false }),
 *   "Not a Markdown file: /etc/hostname (the tools read .md, .markdown and .mdx files; " +
 *     "set MDSEL_ALLOW_ANY_FILE=1 to allow any file)",
 * );
 * assert.equal(await checkPaths(["/etc/hostname"], { allowAnyFile: true }), undefined);
 * ```
 */
export async function checkPaths(
  files: readonly string[],
  options: PathCheckOptions,
): Promise<string | undefined> {
  for (const path of files) {
    const scope = await readScope(path);
    const unreadable = await _readRefusal(scope.path, path);
    if (unreadable !== undefined) return unreadable;
    if (options.allowAnyFile || scope.glob || isMarkdownPath(path) || await _isDirectory(path)) {
      continue;
    }
    return `Not a Markdown file: ${_show(path)} (the tools read ${_EXTENSION_LIST} files; ` +
      "set MDSEL_ALLOW_ANY_FILE=1 to allow any file)";
  }
  return undefined;
}

async function _readRefusal(path: string, named: string): Promise<string | undefined> {
  let state: Deno.PermissionState;
  try {
    ({ state } = await Deno.permissions.query({ name: "read", path }));
  } catch (error) {
    // A path Deno cannot even query is not one the server may vouch for.
    const reason = error instanceof Error ? error.message : String(error);
    return `Not allowed to read ${_show(named)}: ${_show(reason.split("\n", 1)[0])}`;
  }
  if (state === "granted") return undefined;
  const why = state === "denied"
    ? "the server was started with --deny-read for it"
    : "the server was started without read access to it (--allow-read)";
  return `Not allowed to read ${_show(named)}: ${why}`;
}

async function _isDirectory(path: string): Promise<boolean> {
  // Only asked once read access is granted, so this never prompts; a failure
  // (missing, unreadable) means "not a folder".
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}

function _show(text: string): string {
  // Keeps the answer on one line whatever a path holds.
  // deno-lint-ignore no-control-regex
  return /[\u0000-\u001f\u007f]/.test(text) ? JSON.stringify(text) : text;
}
