/**
 * What the CLI tells the server on stderr, with `MDSEL_PROGRESS=1`: `mdsel: progress <done>/<total>`
 * lines (MCP notifications), and `mdsel: answered <code> <bytes>` once its answer is on stdout, so
 * that the server replies before the CLI has written its cache.
 *
 * @module
 */

/** The variable that asks the CLI for progress lines and the line that says it has answered. */
export const PROGRESS_VARIABLE = "MDSEL_PROGRESS";

const _INTERVAL_MS = 200; // the least time between two progress lines
const _LINE = /^mdsel: progress (\d+)\/(\d+)$/;
const _ANSWERED = /^mdsel: answered (\d+) (\d+)$/;

/** An answer on stdout: the exit code the CLI will end with, and how many bytes stdout holds. */
export interface Answered {
  readonly code: number;
  readonly bytes: number;
}

/**
 * The line that says the answer is on stdout, whole: once stdout has given `bytes` bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { answeredLine } from "./progress.ts";
 * assert.equal(answeredLine({ code: 1, bytes: 120 }), "mdsel: answered 1 120\n");
 * ```
 */
export function answeredLine({ code, bytes }: Answered): string {
  return `mdsel: answered ${code} ${bytes}\n`;
}

/**
 * Reads an {@linkcode answeredLine} back, or `undefined` for any other line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAnsweredLine } from "./progress.ts";
 * assert.deepEqual(readAnsweredLine("mdsel: answered 1 120"), { code: 1, bytes: 120 });
 * assert.equal(readAnsweredLine("mdsel: progress 3/10"), undefined);
 * ```
 */
export function readAnsweredLine(line: string): Answered | undefined {
  const match = _ANSWERED.exec(line);
  return match === null ? undefined : { code: Number(match[1]), bytes: Number(match[2]) };
}

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
