/**
 * Progress of a long call, for the server: with `MDSEL_PROGRESS=1` the CLI writes
 * `mdsel: progress <done>/<total>` lines to stderr, which the server turns into MCP notifications.
 *
 * @module
 */

/** The variable that asks the CLI for progress lines. */
export const PROGRESS_VARIABLE = "MDSEL_PROGRESS";

const _INTERVAL_MS = 200; // the least time between two progress lines
const _LINE = /^mdsel: progress (\d+)\/(\d+)$/;

/** Tells files read so far (parsed, or held as they are by the cache) of files the call reads. */
export type ProgressListener = (done: number, total: number) => void;

/**
 * Reads a progress line back: its counts, or `undefined` for any other line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readProgressLine } from "./progress.ts";
 * assert.deepEqual(readProgressLine("mdsel: progress 3/10"), { done: 3, total: 10 });
 * ```
 */
export function readProgressLine(line: string): { done: number; total: number } | undefined {
  const match = _LINE.exec(line);
  return match === null ? undefined : { done: Number(match[1]), total: Number(match[2]) };
}

/**
 * A listener that writes progress lines synchronously (parsing holds the thread), at most one each
 * `intervalMs` but always the last, never the same count twice; a failed write stops the lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { progressWriter } from "./progress.ts";
 * const lines: string[] = [];
 * const report = progressWriter((bytes) => lines.push(new TextDecoder().decode(bytes)), 60_000);
 * [1, 2, 3].forEach((done) => report(done, 3));
 * assert.deepEqual(lines, ["mdsel: progress 1/3\n", "mdsel: progress 3/3\n"]);
 * ```
 */
export function progressWriter(
  write: (bytes: Uint8Array) => unknown,
  intervalMs: number = _INTERVAL_MS,
): ProgressListener {
  const encoder = new TextEncoder();
  let last = -Infinity;
  let shown = -1;
  let broken = false;
  return (done, total) => {
    const now = performance.now();
    if (broken || done === shown || (done < total && now - last < intervalMs)) return;
    [last, shown] = [now, done];
    try {
      write(encoder.encode(`mdsel: progress ${done}/${total}\n`));
    } catch {
      broken = true; // the reader went away: the answer is what matters
    }
  };
}
