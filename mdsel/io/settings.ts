/**
 * The engine's environment settings, read without ever failing: without
 * `--allow-env` (or with a bad value) the defaults apply.
 *
 * @module
 */

/** The engine's settings. */
export interface EngineSettings {
  /** `MDSEL_PAGE_WORDS`: page size in words. */
  readonly pageWords: number;
  /** `MDSEL_INDEX_MAX_CHARS`: the index budget in characters. */
  readonly indexMaxChars: number;
  /** Lines for stderr about ignored values. */
  readonly warnings: readonly string[];
}

/** Default page size in words. */
export const DEFAULT_PAGE_WORDS = 2000;
/** Default index budget in characters. */
export const DEFAULT_INDEX_MAX_CHARS = 40000;

/**
 * Reads the settings from an environment lookup.
 *
 * @param getEnv Looks a variable up; may throw (no permission).
 * @returns The settings.
 *
 * @example
 * ```ts
 * import { readSettings } from "./settings.ts";
 * const env: Record<string, string> = { MDSEL_PAGE_WORDS: "10" };
 * console.log(readSettings((name) => env[name]).pageWords); // 10
 * ```
 */
export function readSettings(getEnv: (name: string) => string | undefined): EngineSettings {
  const warnings: string[] = [];
  const read = (name: string, fallback: number) => {
    let raw: string | undefined;
    try {
      raw = getEnv(name);
    } catch {
      return fallback; // no --allow-env: defaults, silently
    }
    if (raw === undefined || raw.trim() === "") return fallback;
    const value = Number(raw.trim());
    if (!Number.isSafeInteger(value) || value < 1) {
      warnings.push(`warning: ignoring ${name}='${raw}' (not a positive whole number)`);
      return fallback;
    }
    return value;
  };
  return {
    pageWords: read("MDSEL_PAGE_WORDS", DEFAULT_PAGE_WORDS),
    indexMaxChars: read("MDSEL_INDEX_MAX_CHARS", DEFAULT_INDEX_MAX_CHARS),
    warnings,
  };
}
