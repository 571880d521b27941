import assert from "node:assert/strict";
import { shutdownSignals } from "../../server/shutdown_signals.ts";
import { usesProcessGroup } from "../../tools/run_command.ts";
import { pathWith } from "../_server.ts";

// The platform branches that can run on any machine: each is a function of
// the platform's name, called here with every name the code branches on.

Deno.test("shutdown signals: SIGINT, SIGTERM and SIGHUP, or SIGINT alone on Windows", () => {
  for (const os of ["linux", "darwin", "freebsd"] as const) {
    assert.deepEqual(shutdownSignals(os), ["SIGINT", "SIGTERM", "SIGHUP"]);
  }
  assert.deepEqual(shutdownSignals("windows"), ["SIGINT"]);
  // Those the server listens for here can be listened for here.
  for (const signal of shutdownSignals()) {
    const listener = () => {};
    Deno.addSignalListener(signal, listener);
    Deno.removeSignalListener(signal, listener);
  }
});

Deno.test("subprocesses: a process group of their own everywhere but on Windows", () => {
  assert.equal(usesProcessGroup("linux"), true);
  assert.equal(usesProcessGroup("darwin"), true);
  assert.equal(usesProcessGroup("windows"), false);
});

Deno.test("the tests' PATH is joined with the platform's delimiter", () => {
  const delimiter = Deno.build.os === "windows" ? ";" : ":";
  assert.ok(pathWith("/x/bin").startsWith(`/x/bin${delimiter}`));
});
