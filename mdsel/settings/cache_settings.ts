/**
 * Whether the cache is on and where it lives, read from the environment without ever prompting: a
 * variable the engine may not read counts as unset; a folder it may not read and write, no cache.
 *
 * @module
 */
import { wholeNumber, wholeNumberProblem } from "./whole_number.ts";

/** What the cache may do in this call. */
export interface CacheSettings {
  /** The cache's folder; `undefined` when the cache is off. */
  readonly dir?: string;
  /** The most bytes its entries may hold together (`MDSEL_CACHE_MAX_BYTES`). */
  readonly maxBytes: number;
  /** Lines for stderr about ignored values. */
  readonly warnings: readonly string[];
}

/** The variables the cache reads, besides `HOME`, `XDG_CACHE_HOME` and `LOCALAPPDATA`. */
export const CACHE_VARIABLES = ["MDSEL_CACHE", "MDSEL_CACHE_DIR", "MDSEL_CACHE_MAX_BYTES"] as const;

/** The size cap by default: 256 MiB. */
export const DEFAULT_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** The cache turned off. */
export const NO_CACHE: CacheSettings = { maxBytes: DEFAULT_CACHE_MAX_BYTES, warnings: [] };

/**
 * The platform's cache folder for mdsel: `$XDG_CACHE_HOME/mdsel`, else `~/Library/Caches/mdsel` on
 * macOS, `%LOCALAPPDATA%\mdsel` on Windows, `~/.cache/mdsel` elsewhere; `undefined` when the
 * variables it needs are unset.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultCacheDir } from "./cache_settings.ts";
 * const env: Record<string, string> = { HOME: "/home/ann" };
 * assert.equal(defaultCacheDir((name) => env[name], "linux"), "/home/ann/.cache/mdsel");
 * ```
 */
export function defaultCacheDir(
  getEnv: (name: string) => string | undefined,
  os: typeof Deno.build.os = Deno.build.os,
): string | undefined {
  if (os === "windows") {
    const local = _absolute(getEnv("LOCALAPPDATA"), os);
    return local === undefined ? undefined : `${local}\\mdsel`;
  }
  const xdg = _absolute(getEnv("XDG_CACHE_HOME"), os);
  if (xdg !== undefined) return `${xdg}/mdsel`;
  const home = _absolute(getEnv("HOME"), os);
  if (home === undefined) return undefined;
  return os === "darwin" ? `${home}/Library/Caches/mdsel` : `${home}/.cache/mdsel`;
}

/**
 * Reads the cache's settings: on unless `MDSEL_CACHE` is `0` (or `false`, `off`, `no`), in
 * `MDSEL_CACHE_DIR` or {@linkcode defaultCacheDir}, and only if the engine may read and write it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCacheSettings } from "./cache_settings.ts";
 * const env: Record<string, string> = { MDSEL_CACHE: "0" };
 * assert.equal(readCacheSettings((name) => env[name]).dir, undefined);
 * ```
 */
export function readCacheSettings(
  getEnv: (name: string) => string | undefined,
  os: typeof Deno.build.os = Deno.build.os,
): CacheSettings {
  const warnings: string[] = [];
  let maxBytes = DEFAULT_CACHE_MAX_BYTES;
  const switched = getEnv("MDSEL_CACHE")?.trim().toLowerCase();
  // Off: its other settings do not matter, and a wrong one is not worth a line.
  if (switched !== undefined && ["0", "false", "off", "no"].includes(switched)) {
    return { maxBytes, warnings };
  }
  const rawMax = getEnv("MDSEL_CACHE_MAX_BYTES")?.trim();
  if (rawMax !== undefined && rawMax !== "") {
    const value = wholeNumber(rawMax);
    const problem = `(${wholeNumberProblem(value)})`;
    if (Number.isSafeInteger(value) && value >= 1) maxBytes = value;
    else warnings.push(`warning: ignoring MDSEL_CACHE_MAX_BYTES='${rawMax}' ${problem}`);
  }
  const given = getEnv("MDSEL_CACHE_DIR")?.trim();
  const dir = given !== undefined && given !== "" ? given : defaultCacheDir(getEnv, os);
  if (dir === undefined || !_mayUseFolder(dir)) return { maxBytes, warnings };
  return { dir, maxBytes, warnings };
}

// Whether this process may read and write a folder (and its contents), asked without prompting.
function _mayUseFolder(dir: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "read", path: dir }).state === "granted" &&
      Deno.permissions.querySync({ name: "write", path: dir }).state === "granted";
  } catch {
    return false;
  }
}

function _absolute(value: string | undefined, os: string): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.replace(os === "windows" ? /[\\/]+$/ : /\/+$/, "");
  const absolute = os === "windows" ? /^(?:[A-Za-z]:)?[\\/]/.test(value) : value.startsWith("/");
  return absolute && trimmed !== "" ? trimmed : undefined;
}
