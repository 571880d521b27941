/**
 * A bound on the `mdsel` runs in flight: queued in order, each heavy call gets the machine and its
 * timeout counts from when it starts.
 *
 * @module
 */

/** The call was cancelled while it waited its turn. */
export class QueuedCallCancelledError extends Error {
  /** Creates the error, with the abort reason as its cause. */
  constructor(options?: ErrorOptions) {
    super("mdsel was cancelled before it started", options);
    this.name = "QueuedCallCancelledError";
  }
}

/**
 * Runs tasks with at most `limit` of them at once, the rest in the order they came.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CallLimit } from "./call_limit.ts";
 * const limit = new CallLimit(1);
 * const first = limit.run(() => new Promise((resolve) => setTimeout(resolve, 10)));
 * const second = limit.run(() => Promise.resolve("second"));
 * assert.equal(limit.waiting, 1); // until the first is done
 * assert.equal(await second, "second");
 * ```
 */
export class CallLimit {
  /** The most tasks that run at once. */
  readonly limit: number;
  #running = 0;
  #waiting: { start: () => void }[] = [];

  /** Creates the limit: at least 1 task at once. */
  constructor(limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) {
      throw new RangeError(`Cannot limit calls to ${limit}: use a whole number of at least 1`);
    }
    this.limit = limit;
  }

  /** How many tasks are running now. */
  get running(): number {
    return this.#running;
  }

  /** How many tasks wait their turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Runs a task once a slot is free, and returns what it returns; `signal` cancels the wait.
   *
   * @throws {QueuedCallCancelledError} When `signal` aborts before the task starts.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await task();
    } finally {
      this.#running--;
      this.#waiting.shift()?.start();
    }
  }

  #acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new QueuedCallCancelledError());
    if (this.#running < this.limit) {
      this.#running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          this.#running++;
          resolve();
        },
      };
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(entry), 1);
        reject(new QueuedCallCancelledError({ cause: signal?.reason }));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }
}
