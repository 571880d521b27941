/**
 * What git ignores, as ripgrep sees it: the `.gitignore` files of a folder walk (nested ones,
 * negations included) and, inside a git repository, those of the folders above it up to its root.
 * Patterns are matched by the `ignore` package (the rules of `git check-ignore`), a deeper file's
 * after a shallower one's, so its negations re-include a file unless it is in an ignored folder.
 *
 * @module
 */
import type ignoreType from "ignore";

/** The rules of one file, as the `ignore` package compiles them. */
export type IgnoreRules = ignoreType.Ignore;
type _Factory = typeof ignoreType;

/** The rules of one `.gitignore` file, and how to reach a walked path from its folder. */
export interface IgnoreScope {
  /** The start of the walked paths this file's folder is (`docs/guide/`), stripped first. */
  readonly strip: string;
  /** What leads from the file's folder to the walk's root (`docs/`), put before the rest. */
  readonly lead: string;
  /** The compiled rules. */
  readonly rules: IgnoreRules;
}

let _ignore: Promise<_Factory> | undefined;

/** The `ignore` package, loaded the first time a `.gitignore` is found. */
function _load(): Promise<_Factory> {
  return _ignore ??= import("ignore").then((module) => module.default as _Factory);
}

/**
 * The rules of a `.gitignore` file, or `undefined` when it cannot be read.
 *
 * @param strip The walked paths' start that is the file's folder.
 * @param lead What leads from the file's folder to the walk's root.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ignoreScope, isIgnored } from "./gitignore.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/.gitignore`, "build/\n*.tmp.md\n!keep.tmp.md\n");
 * const scope = (await ignoreScope(`${dir}/.gitignore`, `${dir}/`, ""))!;
 * assert.equal(isIgnored([scope], `${dir}/build`, true), true);
 * assert.equal(isIgnored([scope], `${dir}/a.tmp.md`, false), true);
 * assert.equal(isIgnored([scope], `${dir}/keep.tmp.md`, false), false);
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
  const ignore = await _load();
  return { strip, lead, rules: ignore({ allowRelativePaths: true }).add(text) };
}

/**
 * Whether the `.gitignore` scopes, shallowest first, ignore a walked path:
 * the last rule that speaks of it decides, as in git.
 *
 * @param scopes The scopes that apply, shallowest first.
 * @param isDirectory Whether it is a folder (`build/` matches folders only).
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
    const result = scope.rules.test(relativePath);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/**
 * Whether the folder a walk starts from is itself ignored by the scopes of the
 * folders above it, shallowest first (a folder named outright is read all the same).
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
  for (const scope of scopes) {
    if (scope.lead === "") continue;
    const result = scope.rules.test(scope.lead);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/**
 * The `.gitignore` scopes of the folders above a walk's root, when the root is
 * inside a git repository (a folder above holds `.git`), from the repository's
 * root down. Folders the process may not read are passed over without asking.
 *
 * @param root The folder the walk starts from, as the walk names it.
 * @param prefix The start of the walked paths (`docs/`, or `` for `.`).
 * @returns The scopes, shallowest first; empty outside a repository.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parentScopes } from "./gitignore.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/.git`);
 * await Deno.mkdir(`${dir}/docs`);
 * await Deno.writeTextFile(`${dir}/.gitignore`, "docs/build/\n");
 * const scopes = await parentScopes(`${dir}/docs`, `${dir}/docs/`);
 * assert.equal(scopes.length, 1);
 * assert.equal(scopes[0].lead, "docs/");
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
    const lead = `${relative(dir, absolute)}/`;
    const scope = await ignoreScope(`${dir}/.gitignore`, prefix, lead);
    if (scope !== undefined) scopes.push(scope);
  }
  return scopes;
}

/**
 * Whether a path is absolute on a POSIX system and plain: no `.` or `..` part, no empty one (`//`),
 * no `\`. Such a path and its parents need no resolving.
 */
function _isPlainPosix(path: string): boolean {
  return Deno.build.os !== "windows" && path.startsWith("/") && !path.includes("\\") &&
    !/\/\/|\/\.\.?(?:\/|$)/.test(path);
}

/**
 * What {@linkcode parentScopes} asks of node:path, for plain absolute POSIX
 * paths (`_isPlainPosix`) and their parents, as node:path answers it.
 */
const _POSIX = {
  resolve: (path: string): string =>
    path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path,
  dirname: (path: string): string => {
    const at = path.lastIndexOf("/");
    return at <= 0 ? "/" : path.slice(0, at);
  },
  /** From a folder to a path inside it. */
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
