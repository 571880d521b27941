/**
 * The bundled engine prebuilt: `deno bundle` of its CLI into a few modules in the cache folder,
 * under a key of this Deno and its sources (a checkout's) or version (a published one's), so a
 * call loads them instead of a hundred modules and their npm resolution. A cache: a build missing,
 * stale or altered is not used.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { VERSION } from "../mdsel/settings/version.ts";
import { runCommand } from "./run_command.ts";

/**
 * The bundled engine's CLI module, the one this server runs unless told another.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ENGINE_URL } from "./engine_build.ts";
 * assert.ok(ENGINE_URL.pathname.endsWith("/mdsel/cli.ts"));
 * ```
 */
export const ENGINE_URL: URL = new URL("../mdsel/cli.ts", import.meta.url);

/** The file of a build's manifest: each module's name and sha256. */
const _MANIFEST = "manifest.json";
// Builds kept besides the newest, for other checkouts sharing the cache folder.
const _KEPT_BUILDS = 2;

// Per cache folder and engine module, the verified entry of its build.
const _built = new Map<string, string>();

/**
 * The entry module of `moduleUrl`'s build in `cacheDir`, once {@linkcode buildEngine} verified or
 * made it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { prebuiltEngine } from "./engine_build.ts";
 * assert.equal(prebuiltEngine(new URL("file:///nowhere/mdsel/cli.ts"), "/tmp/cache"), undefined);
 * ```
 */
export function prebuiltEngine(moduleUrl: URL, cacheDir: string | undefined): string | undefined {
  return cacheDir === undefined ? undefined : _built.get(`${cacheDir}\0${moduleUrl.href}`);
}

/** What {@linkcode buildEngine} builds, and whether it may. */
export interface BuildOptions {
  /** The engine's CLI module: this one by default. */
  readonly moduleUrl?: URL;
  /** `false` only looks for a build already made. */
  readonly make?: boolean;
  /** Kills a build in progress. */
  readonly signal?: AbortSignal;
}

/**
 * Finds the build of an engine in `cacheDir`, checked against its manifest, or builds it;
 * resolves to its entry module, or `undefined` when there is none to be had (not made yet, no
 * permission, a failed or killed build). Never rejects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildEngine } from "./engine_build.ts";
 * const cache = await Deno.makeTempDir();
 * assert.equal(await buildEngine(cache, { make: false }), undefined);
 * assert.match(await buildEngine(cache) ?? "", /engine-.+\/cli\.js$/);
 * await Deno.remove(cache, { recursive: true });
 * ```
 */
export async function buildEngine(
  cacheDir: string,
  options: BuildOptions = {},
): Promise<string | undefined> {
  const { moduleUrl = ENGINE_URL, make = true, signal } = options;
  try {
    const checkout = moduleUrl.protocol === "file:";
    // A published version never changes; a checkout's modules may.
    const key = checkout
      ? await _sourceKey(fileURLToPath(new URL("../", moduleUrl)))
      : await _sha256(new TextEncoder().encode(`${Deno.version.deno}\0${moduleUrl.href}`));
    const dir = join(cacheDir, `engine-${VERSION}-${key.slice(0, 16)}`);
    if (!await _verified(dir)) {
      if (!make) return undefined;
      await _build(moduleUrl, cacheDir, dir, signal);
    }
    const entry = join(dir, "cli.js");
    _built.set(`${cacheDir}\0${moduleUrl.href}`, entry);
    return entry;
  } catch {
    return undefined;
  }
}

/**
 * The lock a published engine keeps in `cacheDir`, one per version; none without a cache.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineLock } from "./engine_build.ts";
 * assert.match(engineLock("/c") ?? "", /^\/c\/deno-.+\.lock$/);
 * ```
 */
export function engineLock(cacheDir: string | undefined): string | undefined {
  return cacheDir === undefined ? undefined : join(cacheDir, `deno-${VERSION}.lock`);
}

// What the build follows: this Deno, the configuration, the lock and every engine module.
async function _sourceKey(root: string): Promise<string> {
  const parts: string[] = [Deno.version.deno];
  for (const name of ["deno.json", "deno.lock"]) {
    parts.push(name, await Deno.readTextFile(join(root, name)).catch(() => ""));
  }
  const files: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory) await walk(join(dir, entry.name), `${name}/`);
      else if (entry.isFile && name.endsWith(".ts")) files.push(name);
    }
  };
  await walk(join(root, "mdsel"), "mdsel/");
  for (const name of files.sort()) parts.push(name, await Deno.readTextFile(join(root, name)));
  return await _sha256(new TextEncoder().encode(parts.join("\0")));
}

async function _sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Whether `dir` holds a build whose every module matches its manifest.
async function _verified(dir: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await Deno.readTextFile(join(dir, _MANIFEST)));
    const entries = Object.entries<string>(manifest.files);
    if (!entries.some(([name]) => name === "cli.js")) return false;
    for (const [name, sum] of entries) {
      if (await _sha256(await Deno.readFile(join(dir, name))) !== sum) return false;
    }
    return true;
  } catch {
    return false;
  }
}

// Bundles into a folder beside `dir`, writes the manifest, then moves it in place whole.
async function _build(moduleUrl: URL, cacheDir: string, dir: string, signal?: AbortSignal) {
  const temporary = join(dir, "..", `.building-${crypto.randomUUID()}`);
  const worker = new URL("./parse/parse_worker.ts", moduleUrl);
  const checkout = moduleUrl.protocol === "file:";
  try {
    await runCommand(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        // A checkout's lock is the user's file: a build that would change it fails instead.
        ...checkout
          ? [`--config=${fileURLToPath(new URL("../deno.json", moduleUrl))}`, "--frozen"]
          : ["--no-config", `--lock=${engineLock(cacheDir)}`],
        "--code-splitting",
        "--minify",
        "--keep-names",
        `--outdir=${temporary}`,
        ...[moduleUrl, worker].map((url) => checkout ? fileURLToPath(url) : url.href),
      ],
      timeoutMs: 60_000,
      maxOutputBytes: 64 * 1024,
      signal,
      name: "deno bundle",
    });
    const files: Record<string, string> = {};
    for await (const entry of Deno.readDir(temporary)) {
      if (entry.isFile) {
        files[entry.name] = await _sha256(await Deno.readFile(join(temporary, entry.name)));
      }
    }
    await Deno.writeTextFile(join(temporary, _MANIFEST), JSON.stringify({ files }));
    await Deno.remove(dir, { recursive: true }).catch(() => {}); // stale or altered
    await Deno.rename(temporary, dir).catch(async (error) => {
      // Another server built it first.
      if (!await _verified(dir)) throw error;
    });
    await _prune(dir);
  } finally {
    await Deno.remove(temporary, { recursive: true }).catch(() => {});
  }
}

// Leaves the newest builds of the cache folder, `dir` and `_KEPT_BUILDS` others.
async function _prune(dir: string) {
  const folder = join(dir, "..");
  const builds: { path: string; time: number }[] = [];
  for await (const entry of Deno.readDir(folder)) {
    const path = join(folder, entry.name);
    if (!entry.isDirectory || !entry.name.startsWith("engine-") || path === dir) continue;
    const info = await Deno.stat(path).catch(() => undefined);
    builds.push({ path, time: info?.mtime?.getTime() ?? 0 });
  }
  builds.sort((a, b) => b.time - a.time);
  for (const { path } of builds.slice(_KEPT_BUILDS)) {
    await Deno.remove(path, { recursive: true }).catch(() => {});
  }
}
