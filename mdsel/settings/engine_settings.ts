/**
 * The engine's environment settings, read without ever failing: without `--allow-env` (or with a
 * bad value) the defaults apply.
 *
 * @module
 */
import { CACHE_VARIABLES } from "./cache_settings.ts";
import { wholeNumber, wholeNumberProblem } from "./whole_number.ts";

/** The engine's settings. */
export interface EngineSettings {
  /** `MDSEL_PAGE_WORDS`: page size in words. */
  readonly pageWords: number;
  /** `MDSEL_PAGE_CHARS`: page size in characters. */
  readonly pageChars: number;
  /** `MDSEL_MAX_CHARS`: the most one `index` or `select` prints, in characters. */
  readonly maxChars: number;
  /** `MDSEL_INDEX_MAX_CHARS`: the most the index may ever take, in characters. */
  readonly indexMaxChars: number;
  /** `MDSEL_SIZE_WORDS`: from which size the outline and search results show a section's words. */
  readonly sizeWords: number;
  /** `MDSEL_MAX_BYTES`: the most bytes the files of one call may hold together. */
  readonly maxBytes: number;
  /** `MDSEL_MAX_FILES`: the most files one call may read, folders and globs expanded. */
  readonly maxFiles: number;
  /** Lines for stderr about ignored values. */
  readonly warnings: readonly string[];
}

/** The defaults, as the README documents them. */
export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  pageWords: 2000,
  pageChars: 16000,
  maxChars: 40000,
  indexMaxChars: 40000,
  sizeWords: 500,
  maxBytes: 32_000_000,
  maxFiles: 20_000,
  warnings: [],
};

/** The least result budget (`MDSEL_MAX_CHARS`): below it a first match in JSON may not fit. */
export const LEAST_MAX_CHARS = 2000;

/** The variables the engine reads (the cache's too, see `./cache_settings.ts`). */
export const ENGINE_VARIABLES = [
  "MDSEL_PAGE_WORDS",
  "MDSEL_PAGE_CHARS",
  "MDSEL_MAX_CHARS",
  "MDSEL_INDEX_MAX_CHARS",
  "MDSEL_SIZE_WORDS",
  "MDSEL_MAX_BYTES",
  "MDSEL_MAX_FILES",
  ...CACHE_VARIABLES,
] as const;

/**
 * Reads the settings from an environment lookup, which may throw (no permission).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readSettings } from "./engine_settings.ts";
 * const env: Record<string, string> = { MDSEL_PAGE_WORDS: "10" };
 * assert.equal(readSettings((name) => env[name]).pageWords, 10);
 * ```
 */
export function readSettings(getEnv: (name: string) => string | undefined): EngineSettings {
  const warnings: string[] = [];
  const read = (name: string, fallback: number, least = 1) => {
    let raw: string | undefined;
    try {
      raw = getEnv(name);
    } catch {
      return fallback; // no --allow-env: defaults, silently
    }
    if (raw === undefined || raw.trim() === "") return fallback;
    const value = wholeNumber(raw);
    if (!Number.isSafeInteger(value) || value < 1) {
      warnings.push(`warning: ignoring ${name}='${raw}' (${wholeNumberProblem(value)})`);
      return fallback;
    }
    if (value < least) {
      warnings.push(`warning: ${name}='${raw}' is below the least, ${least}; using ${least}`);
      return least;
    }
    return value;
  };
  const defaults = DEFAULT_ENGINE_SETTINGS;
  return {
    pageWords: read("MDSEL_PAGE_WORDS", defaults.pageWords),
    pageChars: read("MDSEL_PAGE_CHARS", defaults.pageChars),
    maxChars: read("MDSEL_MAX_CHARS", defaults.maxChars, LEAST_MAX_CHARS),
    indexMaxChars: read("MDSEL_INDEX_MAX_CHARS", defaults.indexMaxChars),
    sizeWords: read("MDSEL_SIZE_WORDS", defaults.sizeWords),
    maxBytes: read("MDSEL_MAX_BYTES", defaults.maxBytes),
    maxFiles: read("MDSEL_MAX_FILES", defaults.maxFiles),
    warnings,
  };
}

/**
 * Looks a variable of the process's environment up without ever prompting: `undefined` when it is
 * unset or the process may not read it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quietEnv } from "./engine_settings.ts";
 * assert.equal(quietEnv("NO_SUCH_VARIABLE_OF_MDSEL"), undefined);
 * ```
 */
export function quietEnv(name: string): string | undefined {
  return envReadable(name) ? Deno.env.get(name) : undefined;
}

/**
 * Whether the process may read a variable of its environment, asked without ever prompting.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { envReadable } from "./engine_settings.ts";
 * assert.equal(typeof envReadable("HOME"), "boolean");
 * ```
 */
export function envReadable(name: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "env", variable: name }).state === "granted";
  } catch {
    return false;
  }
}
