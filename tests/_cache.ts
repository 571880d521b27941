/**
 * Where the tests and benchmarks keep what they fetch or generate: the
 * corpora of real docs (from npm), the pinned Claude Code CLI, benchmark
 * inputs. It is a cache folder outside the checkout, so that the checkout
 * holds only the package: Claude Code copies a plugin's folder whole when it
 * installs it from a local path.
 *
 * `MDSEL_TEST_CACHE_DIR` names the folder; otherwise it is `mdsel-claude` in
 * the platform's cache folder: `$XDG_CACHE_HOME`, else `~/.cache` (Linux),
 * `~/Library/Caches` (macOS) or `%LOCALAPPDATA%` (Windows), as Deno keeps its
 * own cache. Several checkouts share it: whatever is installed there appears
 * only by the rename of a complete install.
 *
 * @module
 */
import { join } from "node:path";

/** The environment variable that moves the test cache. */
export const TEST_CACHE_VARIABLE = "MDSEL_TEST_CACHE_DIR";

/**
 * The test cache folder for an environment and a platform.
 *
 * @param getEnv Reads an environment variable.
 * @param os The platform, as `Deno.build.os` names it.
 * @returns The folder (absolute when the variables it comes from are).
 * @throws {Error} When no variable says where the user's home or cache is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { testCacheDir } from "./_cache.ts";
 * const env: Record<string, string> = { HOME: "/home/ada" };
 * assert.equal(testCacheDir((name) => env[name], "linux"), "/home/ada/.cache/mdsel-claude");
 * assert.equal(testCacheDir((name) => env[name], "darwin"), "/home/ada/Library/Caches/mdsel-claude");
 * env.XDG_CACHE_HOME = "/var/cache/ada";
 * assert.equal(testCacheDir((name) => env[name], "linux"), "/var/cache/ada/mdsel-claude");
 * env.MDSEL_TEST_CACHE_DIR = "/ci/cache";
 * assert.equal(testCacheDir((name) => env[name], "linux"), "/ci/cache");
 * ```
 */
export function testCacheDir(
  getEnv: (name: string) => string | undefined = (name) => Deno.env.get(name),
  os: string = Deno.build.os,
): string {
  const given = getEnv(TEST_CACHE_VARIABLE);
  if (given) return given;
  const xdg = getEnv("XDG_CACHE_HOME");
  if (xdg) return join(xdg, "mdsel-claude");
  if (os === "windows") {
    const local = getEnv("LOCALAPPDATA");
    if (local) return join(local, "mdsel-claude");
  }
  const home = getEnv("HOME") ?? getEnv("USERPROFILE");
  if (!home) {
    throw new Error(
      `No cache folder for the test corpora: set ${TEST_CACHE_VARIABLE}, XDG_CACHE_HOME or HOME`,
    );
  }
  return os === "darwin"
    ? join(home, "Library", "Caches", "mdsel-claude")
    : join(home, ".cache", "mdsel-claude");
}

/** The test cache of this process's environment (see {@linkcode testCacheDir}). */
export const TEST_CACHE_DIR: string = testCacheDir();
