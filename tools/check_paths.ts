/**
 * The server's boundaries, checked before `mdsel` runs: a path the server
 * itself may not read is refused (its Deno read permission is the user's
 * sandbox, whichever `mdsel` runs), and so, unless `MDSEL_ALLOW_ANY_FILE=1`,
 * is a file without a Markdown extension. Whether a file exists, and what
 * is in it, is still for `mdsel` to say.
 *
 * @module
 */
import { basename } from "node:path";

/** The extensions of the files the tools take (any case) without `MDSEL_ALLOW_ANY_FILE=1`. */
export const MARKDOWN_EXTENSIONS: readonly string[] = [".md", ".markdown", ".mdx"];

// ".md, .markdown and .mdx", for messages.
const _EXTENSION_LIST = MARKDOWN_EXTENSIONS.join(", ").replace(/, (?=[^,]*$)/, " and ");

/** What {@linkcode checkPaths} needs from the settings. */
export interface PathCheckOptions {
  /** `MDSEL_ALLOW_ANY_FILE=1`: take files of any extension. */
  readonly allowAnyFile: boolean;
}

/**
 * Tells whether a path names a Markdown file by its extension.
 *
 * @param path A file path.
 * @returns `true` for `.md`, `.markdown` and `.mdx`, in any case.
 *
 * @example
 * ```ts
 * import { isMarkdownPath } from "./check_paths.ts";
 * console.log(isMarkdownPath("/docs/README.MD"), isMarkdownPath("/docs/notes.txt")); // true false
 * ```
 */
export function isMarkdownPath(path: string): boolean {
  const name = basename(path).toLowerCase();
  return MARKDOWN_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/**
 * Checks the paths of one tool call, in order, and says why the first refused
 * one is refused. Read access is queried, never requested, so the server
 * never prompts. A path that is an existing folder passes the extension
 * check (`mdsel` says what it makes of a folder); a missing file with a
 * Markdown extension passes (`mdsel` reports it missing).
 *
 * @param files The paths the call names, as given (relative ones against the working directory).
 * @param options Whether any extension is allowed.
 * @returns One line saying which path is refused and why, or `undefined` when all may go to `mdsel`.
 *
 * @example
 * ```ts
 * import { checkPaths } from "./check_paths.ts";
 * console.log(await checkPaths(["/no/such/file.md"], { allowAnyFile: false })); // undefined
 * console.log(await checkPaths(["/etc/hostname"], { allowAnyFile: false }));
 * // Not a Markdown file: /etc/hostname (the tools read .md, .markdown and .mdx files; set MDSEL_ALLOW_ANY_FILE=1 to allow any file)
 * console.log(await checkPaths(["/etc/hostname"], { allowAnyFile: true })); // undefined
 * ```
 */
export async function checkPaths(
  files: readonly string[],
  options: PathCheckOptions,
): Promise<string | undefined> {
  for (const path of files) {
    const unreadable = await _readRefusal(path);
    if (unreadable !== undefined) return unreadable;
    if (options.allowAnyFile || isMarkdownPath(path) || await _isDirectory(path)) continue;
    return `Not a Markdown file: ${_show(path)} (the tools read ${_EXTENSION_LIST} files; ` +
      "set MDSEL_ALLOW_ANY_FILE=1 to allow any file)";
  }
  return undefined;
}

async function _readRefusal(path: string): Promise<string | undefined> {
  let state: Deno.PermissionState;
  try {
    ({ state } = await Deno.permissions.query({ name: "read", path }));
  } catch (error) {
    // A path Deno cannot even query is not one the server may vouch for.
    const reason = error instanceof Error ? error.message : String(error);
    return `Not allowed to read ${_show(path)}: ${_show(reason.split("\n", 1)[0])}`;
  }
  if (state === "granted") return undefined;
  const why = state === "denied"
    ? "the server was started with --deny-read for it"
    : "the server was started without read access to it (--allow-read)";
  return `Not allowed to read ${_show(path)}: ${why}`;
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
