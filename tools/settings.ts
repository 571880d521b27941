/**
 * The server's settings, read once at start-up from the environment; without `--allow-env` every
 * setting takes its default, silently, so the sandboxed server starts all the same.
 *
 * @module
 */
import { wholeNumber } from "../mdsel/settings/whole_number.ts";
import { readCacheSettings } from "../mdsel/settings/cache_settings.ts";
import { DEFAULT_ENGINE_SETTINGS, quietEnv } from "../mdsel/settings/engine_settings.ts";

/** How `mdsel` prints its results. */
export type OutputFormat = "json" | "text";

/** Everything the server reads from the environment. */
export interface ServerSettings {
  /** `MDSEL_MIN_WORDS`: the size from which Markdown should be read with the tools. */
  readonly minWords: number;
  /** `MDSEL_BIN`: the `mdsel` to run (a command name or a path), when set. */
  readonly mdselBin?: string;
  /** `MDSEL_TIMEOUT_MS`: how long one `mdsel` run may take. */
  readonly timeoutMs: number;
  /** `MDSEL_MAX_OUTPUT_BYTES`: how much one `mdsel` run may print. */
  readonly maxOutputBytes: number;
  /** `MDSEL_FORMAT`: `text` (the default) or `json`. */
  readonly format: OutputFormat;
  /** `MDSEL_SIZE_WORDS`: from which size the outline shows a section's words (an engine's). */
  readonly sizeWords: number;
  /** `MDSEL_ALLOW_ANY_FILE=1`: the tools take files of any extension, not only Markdown ones. */
  readonly allowAnyFile: boolean;
  /** `MDSEL_MAX_CONCURRENT`: how many `mdsel` runs at once; later calls wait their turn. */
  readonly maxConcurrent: number;
  /** The engine's cache folder, when the cache is on and the server may read and write it. */
  readonly cacheDir?: string;
  /** One line per ignored value, for stderr. */
  readonly warnings: readonly string[];
}

/** The defaults, as docs/server.md documents them. */
export const DEFAULT_SETTINGS: ServerSettings = {
  minWords: 200,
  timeoutMs: 30_000,
  maxOutputBytes: 8 * 1024 * 1024,
  format: "text",
  sizeWords: DEFAULT_ENGINE_SETTINGS.sizeWords,
  allowAnyFile: false,
  maxConcurrent: defaultConcurrency(),
  warnings: [],
};

/** The longest timeout a timer can hold (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The variables the server reads. */
export const SETTING_NAMES = [
  "MDSEL_MIN_WORDS",
  "MDSEL_BIN",
  "MDSEL_TIMEOUT_MS",
  "MDSEL_MAX_OUTPUT_BYTES",
  "MDSEL_FORMAT",
  "MDSEL_SIZE_WORDS",
  "MDSEL_ALLOW_ANY_FILE",
  "MDSEL_MAX_CONCURRENT",
] as const;

// Looks a variable up; `undefined` when unset or not readable.
type _EnvLookup = (name: string) => string | undefined;

/**
 * Reads the settings (from the process, without prompting, by default); a value that is not valid
 * falls back to its default with one warning line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readSettings } from "./settings.ts";
 * const env: Record<string, string> = { MDSEL_MIN_WORDS: "500", MDSEL_TIMEOUT_MS: "soon" };
 * const settings = readSettings((name) => env[name]);
 * assert.equal(settings.minWords, 500);
 * assert.match(settings.warnings[0], /^mdsel-claude: ignoring MDSEL_TIMEOUT_MS='soon' .*; using 30000$/);
 * ```
 */
export function readSettings(getEnv: _EnvLookup = quietEnv): ServerSettings {
  const warnings: string[] = [];
  const number = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = getEnv(name)?.trim();
    if (raw === undefined || raw === "") return fallback;
    const value = wholeNumber(raw);
    if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
    const kind = min === 0 ? "a whole number" : "a positive whole number";
    // Past the largest safe integer, the bound is what was broken.
    const range = max === Number.MAX_SAFE_INTEGER && !(value > max) ? kind : `${kind} up to ${max}`;
    warnings.push(`mdsel-claude: ignoring ${name}='${raw}' (not ${range}); using ${fallback}`);
    return fallback;
  };
  const minWords = number("MDSEL_MIN_WORDS", DEFAULT_SETTINGS.minWords, 0);
  // A longer timeout would overflow the timer and fire at once.
  const timeoutMs = number("MDSEL_TIMEOUT_MS", DEFAULT_SETTINGS.timeoutMs, 1, MAX_TIMEOUT_MS);
  const maxOutputBytes = number("MDSEL_MAX_OUTPUT_BYTES", DEFAULT_SETTINGS.maxOutputBytes, 1);
  const sizeWords = number("MDSEL_SIZE_WORDS", DEFAULT_SETTINGS.sizeWords, 1);
  const maxConcurrent = number("MDSEL_MAX_CONCURRENT", DEFAULT_SETTINGS.maxConcurrent, 1);
  const ignoring = (name: string, raw: string, use: string, using: string) =>
    warnings.push(`mdsel-claude: ignoring ${name}='${raw}' (use ${use}); using ${using}`);
  const rawFormat = getEnv("MDSEL_FORMAT")?.trim().toLowerCase();
  let format = DEFAULT_SETTINGS.format;
  if (rawFormat === "text" || rawFormat === "json") format = rawFormat;
  else if (rawFormat) ignoring("MDSEL_FORMAT", rawFormat, "text or json", "text");
  const rawAllowAny = getEnv("MDSEL_ALLOW_ANY_FILE")?.trim().toLowerCase();
  let allowAnyFile = DEFAULT_SETTINGS.allowAnyFile;
  if (rawAllowAny === "1" || rawAllowAny === "true") allowAnyFile = true;
  else if (rawAllowAny !== undefined && !["", "0", "false"].includes(rawAllowAny)) {
    ignoring("MDSEL_ALLOW_ANY_FILE", rawAllowAny, "1 or 0", "0");
  }
  const bin = getEnv("MDSEL_BIN")?.trim();
  const cacheDir = readCacheSettings(getEnv).dir;
  return {
    minWords,
    ...(bin ? { mdselBin: bin } : {}),
    ...(cacheDir === undefined ? {} : { cacheDir }),
    timeoutMs,
    maxOutputBytes,
    format,
    sizeWords,
    allowAnyFile,
    maxConcurrent,
    warnings,
  };
}

/**
 * How many `mdsel` runs go at once by default: two per core (a run spends part of its life
 * starting up), at least 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultConcurrency } from "./settings.ts";
 * assert.equal(defaultConcurrency(), 2 * navigator.hardwareConcurrency);
 * ```
 */
export function defaultConcurrency(): number {
  return 2 * Math.max(1, navigator.hardwareConcurrency || 1);
}
