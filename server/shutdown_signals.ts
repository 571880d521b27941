/**
 * The signals that shut the server down, by platform.
 *
 * @module
 */

/**
 * The signals on which the server closes: SIGINT, SIGTERM and SIGHUP, or on Windows SIGINT alone
 * (the only one of them Deno can listen for there).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shutdownSignals } from "./shutdown_signals.ts";
 * assert.deepEqual(shutdownSignals("linux"), ["SIGINT", "SIGTERM", "SIGHUP"]);
 * assert.deepEqual(shutdownSignals("windows"), ["SIGINT"]);
 * ```
 */
export function shutdownSignals(os: typeof Deno.build.os = Deno.build.os): Deno.Signal[] {
  return os === "windows" ? ["SIGINT"] : ["SIGINT", "SIGTERM", "SIGHUP"];
}
