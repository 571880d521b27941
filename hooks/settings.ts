/**
 * The hooks' two word thresholds, read from the environment without ever prompting: after the
 * plugin's options, which Claude Code sets only when a user has set them.
 *
 * @module
 */
import { wholeNumber } from "../mdsel/settings/whole_number.ts";

/**
 * The reminder's word threshold when no variable sets it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_MIN_WORDS } from "./settings.ts";
 * assert.equal(DEFAULT_MIN_WORDS, 200);
 * ```
 */
export const DEFAULT_MIN_WORDS = 200;

/**
 * The guard's word threshold when no variable sets it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_GUARD_WORDS } from "./settings.ts";
 * assert.equal(DEFAULT_GUARD_WORDS, 2000);
 * ```
 */
export const DEFAULT_GUARD_WORDS = 2000;

/**
 * The variables that set the reminder's threshold, the first set one winning.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MIN_WORDS_VARIABLES } from "./settings.ts";
 * assert.equal(MIN_WORDS_VARIABLES.at(-1), "MDSEL_MIN_WORDS");
 * ```
 */
export const MIN_WORDS_VARIABLES = ["CLAUDE_PLUGIN_OPTION_MIN_WORDS", "MDSEL_MIN_WORDS"] as const;

/**
 * The variables that set the guard's threshold, the first set one winning.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GUARD_WORDS_VARIABLES } from "./settings.ts";
 * assert.equal(GUARD_WORDS_VARIABLES.at(-1), "MDSEL_GUARD_WORDS");
 * ```
 */
export const GUARD_WORDS_VARIABLES = [
  "CLAUDE_PLUGIN_OPTION_GUARD_WORDS",
  "MDSEL_GUARD_WORDS",
] as const;

/**
 * The first of `names` readable (never prompting) that holds a whole number (digits only), else
 * `fallback`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_GUARD_WORDS, GUARD_WORDS_VARIABLES, readWordThreshold } from "./settings.ts";
 * assert.ok(readWordThreshold(GUARD_WORDS_VARIABLES, DEFAULT_GUARD_WORDS) >= 0);
 * ```
 */
export function readWordThreshold(names: readonly string[], fallback: number): number {
  for (const variable of names) {
    if (Deno.permissions.querySync({ name: "env", variable }).state !== "granted") continue;
    const raw = Deno.env.get(variable)?.trim();
    if (raw === undefined || raw === "") continue;
    const value = wholeNumber(raw);
    // A plugin option of another kind (`-5`, `1500.5`) leaves the user's own variable to say.
    if (Number.isSafeInteger(value)) return value;
  }
  return fallback;
}
