/**
 * What git ignores, as ripgrep sees it: the `.gitignore` files of a folder walk and, inside a git
 * repository, those of the folders above it, matched by the `ignore` package, deeper files last.
 *
 * @module
 */
import type ignoreType from "ignore";

/** The rules of one `.gitignore` file, and how to reach a walked path from its folder. */
export interface IgnoreScope {
  /** The start of the walked paths this file's folder is (`docs/guide/`), stripped first. */
  readonly strip: string;
  /** What leads from the file's folder to the walk's root (`docs/`), put before the rest. */
  readonly lead: string;
  readonly rules: ignoreType.Ignore;
}

let _ignore: Promise<typeof ignoreType> | undefined;

/**
 * The rules of a `.gitignore` file, or `undefined` when it cannot be read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ignoreScope, isIgnored } from "./gitignore.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/.gitignore`, "build/\n");
 * const scope = (await ignoreScope(`${dir}/.gitignore`, `${dir}/`, ""))!;
 * assert.equal(isIgnored([scope], `${dir}/build`, true), true);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ignoreScope(
  file: string,
  strip: string,
  lead: string,
): Promise<IgnoreScope | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch {
    return undefined; // unreadable: as if it were not there
  }
  // Loaded the first time a `.gitignore` is found.
  const ignore = await (_ignore ??= import("ignore").then((module) => module.default));
  return { strip, lead, rules: ignore({ allowRelativePaths: true }).add(text) };
}

/**
 * Whether the scopes, shallowest first, ignore a walked path: the last rule that speaks of it
 * decides, as in git (`build/` matches folders only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isIgnored } from "./gitignore.ts";
 * assert.equal(isIgnored([], "docs/a.md", false), false);
 * ```
 */
export function isIgnored(
  scopes: readonly IgnoreScope[],
  path: string,
  isDirectory: boolean,
): boolean {
  let ignored = false;
  for (const scope of scopes) {
    if (!path.startsWith(scope.strip)) continue;
    const relativePath = scope.lead + path.slice(scope.strip.length) + (isDirectory ? "/" : "");
    if (relativePath === "" || relativePath === "/") continue;
    ignored = _decide(scope, relativePath, ignored);
  }
  return ignored;
}

/**
 * Whether the folder a walk starts from is itself ignored by the scopes of the folders above it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRootIgnored } from "./gitignore.ts";
 * assert.equal(isRootIgnored([]), false);
 * ```
 */
export function isRootIgnored(scopes: readonly IgnoreScope[]): boolean {
  let ignored = false;
  for (const scope of scopes) if (scope.lead !== "") ignored = _decide(scope, scope.lead, ignored);
  return ignored;
}

function _decide(scope: IgnoreScope, path: string, ignored: boolean): boolean {
  const result = scope.rules.test(path);
  return result.ignored ? true : result.unignored ? false : ignored;
}

/**
 * The scopes of the folders above a walk's root, from the root of the git repository holding it
 * down (empty outside one); folders the process may not read are passed over without asking.
 *
 * @param prefix The start of the walked paths (`docs/`, or `` for `.`).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parentScopes } from "./gitignore.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/.git`);
 * await Deno.writeTextFile(`${dir}/.gitignore`, "docs/build/\n");
 * assert.equal((await parentScopes(`${dir}/docs`, `${dir}/docs/`)).length, 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function parentScopes(root: string, prefix: string): Promise<IgnoreScope[]> {
  // node:path is slow to load: a plain absolute POSIX path needs none of it.
  const { dirname, relative, resolve } = _isPlainPosix(root) ? _POSIX : await import("node:path");
  let absolute: string;
  try {
    absolute = resolve(root);
  } catch {
    return []; // the working directory is not ours to know
  }
  const found: string[] = [];
  let repository = false;
  for (let dir = dirname(absolute), depth = 0; depth < 64; depth++) {
    if (!_readable(dir)) break;
    if (_exists(`${dir}/.gitignore`)) found.push(dir);
    if (_exists(`${dir}/.git`)) {
      repository = true;
      break;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  if (!repository) return [];
  const scopes: IgnoreScope[] = [];
  for (const dir of found.reverse()) {
    const scope = await ignoreScope(`${dir}/.gitignore`, prefix, `${relative(dir, absolute)}/`);
    if (scope !== undefined) scopes.push(scope);
  }
  return scopes;
}

/** Whether a path is absolute on POSIX with no `.`, `..` or empty part and no `\`. */
function _isPlainPosix(path: string): boolean {
  return Deno.build.os !== "windows" && path.startsWith("/") && !path.includes("\\") &&
    !/\/\/|\/\.\.?(?:\/|$)/.test(path);
}

/** node:path's answers for plain absolute POSIX paths and their parents. */
const _POSIX = {
  resolve: (path: string): string =>
    path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path,
  dirname: (path: string): string => {
    const at = path.lastIndexOf("/");
    return at <= 0 ? "/" : path.slice(0, at);
  },
  relative: (from: string, to: string): string => to.slice(from === "/" ? 1 : from.length + 1),
};

function _readable(path: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "read", path }).state === "granted";
  } catch {
    return false;
  }
}

function _exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
