/**
 * Byte counts as people read them.
 *
 * @module
 */

/**
 * A byte count for people, rounded to one decimal: `512 bytes`, `3.4 KB`, `48.2 MB`, `2.1 GB`
 * (powers of 1,000).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatBytes } from "./format_bytes.ts";
 * assert.equal(formatBytes(512), "512 bytes");
 * assert.equal(formatBytes(48_230_000), "48.2 MB");
 * ```
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}
