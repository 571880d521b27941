/**
 * Byte counts as people read them.
 *
 * @module
 */

/**
 * A byte count for people: `512 bytes`, `48.2 MB` (powers of 1,000, one decimal), or with
 * `binary` in the largest binary unit that divides it evenly (`8 MiB`, `1000 bytes`), for limits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatBytes } from "./format_bytes.ts";
 * assert.equal(formatBytes(48_230_000), "48.2 MB");
 * ```
 */
export function formatBytes(bytes: number, options: { readonly binary?: boolean } = {}): string {
  const binary = options.binary ?? false;
  const [base, units] = binary ? [1024, _BINARY] : [1000, _DECIMAL];
  let value = bytes;
  let unit = -1;
  while (unit < units.length - 1 && value >= base && (!binary || value % base === 0)) {
    value /= base;
    unit++;
  }
  return unit < 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

const _DECIMAL = ["KB", "MB", "GB", "TB"];
const _BINARY = ["KiB", "MiB", "GiB"];
