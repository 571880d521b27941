/**
 * Finishing the bundled engine's cache between calls: when no call runs, `mdsel warm` over the
 * paths of calls answered through the cache, one run at a time; a call that comes in kills it.
 * A call whose engine answered before writing its cache leaves a tail: warm runs wait for it, and
 * so does a later call over the same paths, which then finds what it wrote.
 *
 * @module
 */
import { sep } from "node:path";
import { buildEngine, ENGINE_URL, prebuiltEngine } from "./engine_build.ts";
import { runCommand } from "./run_command.ts";
import { bundledMdsel } from "./run_mdsel.ts";
import { MAX_TIMEOUT_MS, type ServerSettings } from "./settings.ts";

/** Paths to finish the cache of: the call's arguments as checked, and what they may read. */
export interface WarmTarget {
  readonly files: readonly string[];
  /** What the call may read ({@linkcode bundledMdsel}'s read access). */
  readonly scopes: readonly string[];
}

// The least Markdown the engine caches, in bytes (`CACHE_MIN_MARKDOWN_BYTES`).
const _MIN_MARKDOWN_BYTES = 256 * 1024;
// The most heap a warm run may take, in MB: past it the run ends, not the machine's memory.
const _WARM_HEAP_MB = 768;
// The most targets waiting their turn: past it, the oldest goes.
const _MAX_WAITING_WARMS = 4;
// The longest a call waits for an earlier call's engine to write its cache: then it goes on.
const _MAX_TAIL_WAIT_MS = 5_000;

/**
 * Runs `mdsel warm` between calls, one target at a time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { CacheWarmer } from "./cache_warmer.ts";
 * const warmer = new CacheWarmer(DEFAULT_SETTINGS); // no cache folder: it runs nothing
 * warmer.callStarted();
 * warmer.callAnswered({ files: ["/docs"], scopes: ["/docs"] });
 * assert.equal(warmer.waiting, 0);
 * ```
 */
export class CacheWarmer {
  /** Whether it runs anything: a cache folder granted, the bundled engine. */
  readonly enabled: boolean;
  readonly #shutdown?: AbortSignal;
  readonly #run: (target: WarmTarget, signal: AbortSignal) => Promise<void>;
  readonly #waiting: WarmTarget[] = [];
  #calls = 0;
  #current?: { target?: WarmTarget; stop: AbortController; done: Promise<void> };
  /** Builds the engine, first of all: `false` when killed, to be run again. */
  #build?: (signal: AbortSignal) => Promise<boolean>;
  #runs = 0;
  /** The calls' engines still writing their cache after answering, with what they read. */
  readonly #tails = new Set<
    { readonly scopes: readonly string[]; readonly exited: Promise<void> }
  >();

  /**
   * Runs nothing without `settings.cacheDir` or with `MDSEL_BIN`; `shutdown` kills the run and
   * empties the queue; `run` runs a target (the bundled engine's `mdsel warm` by default);
   * `build`, first of all, makes the engine's build (`buildEngine` when `run` is the default),
   * `false` when killed, to be run again.
   */
  constructor(
    settings: ServerSettings,
    shutdown?: AbortSignal,
    run?: (target: WarmTarget, signal: AbortSignal) => Promise<void>,
    build?: (signal: AbortSignal) => Promise<boolean>,
  ) {
    const { cacheDir } = settings;
    this.enabled = cacheDir !== undefined && settings.mdselBin === undefined;
    this.#shutdown = shutdown;
    this.#run = run ?? ((target, signal) => _warm(target, signal, settings));
    if (this.enabled) this.#build = build;
    if (this.enabled && run === undefined && build === undefined) {
      // One the server found at start is not checked again; one that fails is not tried again;
      // one killed by a call is.
      this.#build = async (signal) =>
        prebuiltEngine(ENGINE_URL, cacheDir) !== undefined ||
        await buildEngine(cacheDir!, { signal }) !== undefined || !signal.aborted;
    }
    shutdown?.addEventListener("abort", () => {
      this.#waiting.length = 0;
      this.#current?.stop.abort();
    }, { once: true });
  }

  /** How many targets wait their turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** How many runs were started so far. */
  get runs(): number {
    return this.#runs;
  }

  /** A call came in: the run in progress, if any, is killed, and its target waits first in line. */
  callStarted(): void {
    this.#calls++;
    const current = this.#current;
    if (current === undefined) return;
    current.stop.abort();
    const { target } = current;
    if (target !== undefined && !this.#waiting.some((waiting) => _same(waiting, target))) {
      this.#waiting.unshift(target);
    }
  }

  /** A call is done: its target, if answered through the cache, waits; with no call, a run starts. */
  callAnswered(target?: WarmTarget): void {
    this.#calls--;
    if (target !== undefined && this.enabled && !this.#shutdown?.aborted) {
      const at = this.#waiting.findIndex((waiting) => _same(waiting, target));
      if (at !== -1) this.#waiting.splice(at, 1);
      this.#waiting.push(target);
      if (this.#waiting.length > _MAX_WAITING_WARMS) this.#waiting.shift();
    }
    this.#next();
  }

  /**
   * A call is done: its checked paths (when the bundled engine answered) wait if there may be
   * something to cache; told after the answer is sent, so their stat never delays it. `tail`: the
   * engine's exit, when it answered before writing its cache.
   */
  callDone(paths?: WarmTarget, tail?: Promise<void>): void {
    if (tail !== undefined) {
      const entry = { scopes: paths?.scopes ?? [], exited: tail };
      this.#tails.add(entry);
      tail.finally(() => {
        this.#tails.delete(entry);
        this.#next();
      });
    }
    if (paths === undefined || !this.enabled) return this.callAnswered();
    _worthWarming(paths).then(
      (worth) => this.callAnswered(worth ? paths : undefined),
      () => this.callAnswered(),
    );
  }

  /** Waits until the run in progress, if any, is over (not the one its end starts). */
  async idle(): Promise<void> {
    await this.#current?.done;
  }

  /**
   * Waits for the tails of earlier calls that read any of `scopes` (a path, or one inside or
   * around it) to end: their cache written, a call over the same files reads it instead of
   * deriving it again beside them. At most `_MAX_TAIL_WAIT_MS`, and no longer than `signal` lets.
   */
  async tailsOver(scopes: readonly string[], signal?: AbortSignal): Promise<void> {
    const overlapping = [...this.#tails].filter((tail) =>
      tail.scopes.some((a) => scopes.some((b) => _within(a, b) || _within(b, a)))
    );
    if (overlapping.length === 0) return;
    let stop = () => {};
    const over = new Promise<void>((resolve) => stop = resolve);
    const timer = setTimeout(stop, _MAX_TAIL_WAIT_MS);
    signal?.addEventListener("abort", stop, { once: true });
    if (signal?.aborted) stop();
    await Promise.race([Promise.all(overlapping.map((tail) => tail.exited)), over]);
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  }

  #next(): void {
    if (this.#calls > 0 || this.#current !== undefined || this.#shutdown?.aborted) return;
    if (this.#tails.size > 0) return; // a tail's end runs this again
    const build = this.#build;
    if (build !== undefined) {
      const stop = new AbortController();
      const done = build(stop.signal).then((over) => {
        if (over) this.#build = undefined;
      }).finally(() => {
        this.#current = undefined;
        this.#next();
      });
      this.#current = { stop, done };
      return;
    }
    const target = this.#waiting.shift();
    if (target === undefined) return;
    const stop = new AbortController();
    this.#runs++;
    // Killed by a call, timed out or failed: the cache is only less complete.
    const done = this.#run(target, stop.signal).catch(() => {}).finally(() => {
      this.#current = undefined;
      this.#next();
    });
    this.#current = { target, stop, done };
  }
}

async function _worthWarming({ files, scopes }: WarmTarget): Promise<boolean> {
  // A glob reads its base folder.
  if (files.some((file, i) => file !== scopes[i]) || files.length !== scopes.length) return true;
  let bytes = 0;
  for (const file of files) {
    if (/\.mdx$/i.test(file)) return true;
    const info = await Deno.stat(file).catch(() => undefined); // gone: the call said so
    if (info?.isDirectory) return true;
    bytes += info?.size ?? 0;
  }
  return bytes >= _MIN_MARKDOWN_BYTES;
}

// Whether `path` is `scope` or inside it.
function _within(path: string, scope: string): boolean {
  if (path === scope) return true;
  const folder = scope.endsWith("/") || scope.endsWith("\\") ? scope : scope + sep;
  return path.startsWith(folder);
}

function _same(a: WarmTarget, b: WarmTarget): boolean {
  return a.files.length === b.files.length && a.files.every((file, i) => file === b.files[i]);
}

// One `mdsel warm`: the call's read access, the right to lower its priority, a bounded heap.
async function _warm(
  target: WarmTarget,
  signal: AbortSignal,
  settings: ServerSettings,
): Promise<void> {
  const bundled = bundledMdsel(target.scopes, undefined, settings.cacheDir);
  await runCommand(bundled.command, {
    args: [
      ...bundled.args.slice(0, 1),
      "--allow-sys=setPriority",
      `--v8-flags=--max-old-space-size=${_WARM_HEAP_MB}`,
      ...bundled.args.slice(1),
      ...["warm", "--", ...target.files],
    ],
    // A run parses what no call has yet: the calls' own timeout, several times over.
    timeoutMs: Math.min(settings.timeoutMs * 4, MAX_TIMEOUT_MS),
    maxOutputBytes: 64 * 1024,
    signal,
    name: "mdsel warm",
    ...(bundled.env === undefined ? {} : { env: bundled.env }),
  });
}
