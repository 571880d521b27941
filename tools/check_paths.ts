/**
 * The server's boundaries, checked before `mdsel` runs: every path a call will read must be
 * readable by the server itself (the user's sandbox), and a file named outright must be Markdown.
 *
 * @module
 */
import { expandPaths, isMarkdownPath, MARKDOWN_EXTENSIONS } from "../mdsel/files/expand_paths.ts";
import { envReadable } from "../mdsel/settings/engine_settings.ts";

const _EXTENSION_LIST = MARKDOWN_EXTENSIONS.join(", ").replace(/, (?=[^,]*$)/, " and ");

// Expansion errors that stop a call before anything is read: the server answers them itself.
const _LIMIT_CODES = new Set(["TOO_MANY_ENTRIES"]);

// The paths of a call that may go to `mdsel`.
interface _CheckedPaths {
  /** The arguments as `mdsel` gets them: `.` and `..` resolved in files and folders. */
  readonly files: string[];
  /** What the bundled engine needs read access to: each file and folder, each glob's bases. */
  readonly scopes: string[];
}

/**
 * Checks every file a call will read against the server's read permission (queried, never
 * prompting), and each file named outright against the Markdown rule (a missing one passes).
 *
 * @returns One line saying which path is refused and why, or the paths to hand to `mdsel`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPaths } from "./check_paths.ts";
 * const checked = { files: ["/no/file.md"], scopes: ["/no/file.md"] };
 * assert.deepEqual(await checkPaths(["/no/such/../file.md"], { allowAnyFile: false }), checked);
 * assert.match(await checkPaths(["/etc/hostname"], { allowAnyFile: false }) as string, /^Not a Markdown file/);
 * ```
 */
export async function checkPaths(
  files: readonly string[],
  options: { readonly allowAnyFile: boolean }, // MDSEL_ALLOW_ANY_FILE=1: any extension
): Promise<string | _CheckedPaths> {
  // With read access everywhere and nothing denied, there is nothing to hold a folder's files against.
  const everywhere = _wholly(undefined);
  const checked: string[] = [];
  const scopes: string[] = [];
  for (const given of files) {
    const states = new Map<string, Deno.PermissionState | Error>();
    const canRead = (path: string) => {
      const state = _state(path);
      states.set(path, state);
      return state === "granted";
    };
    // Every Markdown file, ignored by git or not: whatever any mdsel may read is checked.
    const expandOptions = { canRead, list: false, maxFiles: Infinity, gitignore: false };
    let expanded = await expandPaths([given], expandOptions);
    // A root granted with nothing denied inside it vouches for every path inside: no need to list it.
    if (!everywhere && !expanded.args[0].roots.every(_wholly)) {
      expanded = await expandPaths([given], { ...expandOptions, list: true });
    }
    const [arg] = expanded.args;
    for (const path of expanded.denied) {
      // The argument itself (or its glob's base) is named as given; a path found inside it, as found.
      const only = arg.roots.length === 1 && arg.roots[0] === path;
      const shown = only || arg.path === path ? given : path;
      return _notAllowed(shown, given, states.get(path) ?? _state(path));
    }
    const limit = expanded.errors.find((error) => _LIMIT_CODES.has(error.code));
    if (limit !== undefined) return `${limit.message} (in ${_show(given)})`;
    for (const file of expanded.files) {
      if (!file.expanded) continue;
      const state = _state(file.path);
      if (state !== "granted") return _notAllowed(file.path, given, state);
    }
    if (arg.kind === "file" && !options.allowAnyFile && !isMarkdownPath(arg.path)) {
      // A sandboxed server cannot see the variable: it has to be let read it too.
      const readable = envReadable("MDSEL_ALLOW_ANY_FILE");
      return `Not a Markdown file: ${_show(given)} (the tools read ${_EXTENSION_LIST} files; ` +
        `set MDSEL_ALLOW_ANY_FILE=1${
          readable ? "" : " and start the server with --allow-env=MDSEL_ALLOW_ANY_FILE"
        } to allow any file)`;
    }
    checked.push(arg.path);
    scopes.push(...arg.roots);
  }
  return { files: checked, scopes: [...new Set(scopes)] };
}

function _state(path: string | undefined): Deno.PermissionState | Error {
  const status = _status(path);
  return status instanceof Error ? status : status.state;
}

// Granted, and no path inside it denied (Deno's `partial`).
function _wholly(path: string | undefined): boolean {
  const status = _status(path);
  return !(status instanceof Error) && status.state === "granted" && !status.partial;
}

function _status(path: string | undefined): Deno.PermissionStatus | Error {
  try {
    return Deno.permissions.querySync({ name: "read", path }); // sync: cheaper over a folder
  } catch (error) {
    // A path Deno cannot even query is not one the server may vouch for.
    return error instanceof Error ? error : new Error(String(error));
  }
}

function _notAllowed(path: string, given: string, state: Deno.PermissionState | Error): string {
  const why = state instanceof Error
    ? _show(state.message.split("\n", 1)[0])
    : state === "denied"
    ? "the server was started with --deny-read for it"
    : "the server was started without read access to it (--allow-read)";
  const inside = path === given ? "" : ` (read for ${_show(given)})`;
  return `Not allowed to read ${_show(path)}${inside}: ${why}`;
}

// Keeps the answer on one line whatever a path holds.
function _show(text: string): string {
  // deno-lint-ignore no-control-regex
  return /[\u0000-\u001f\u007f]/.test(text) ? JSON.stringify(text) : text;
}
