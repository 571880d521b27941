import assert from "node:assert/strict";
import {
  CommandAbortedError,
  CommandExitError,
  CommandOutputLimitError,
  CommandTimeoutError,
  runCommand,
} from "../../tools/run_command.ts";
import { isRunning, POSIX_ONLY, waitFor, writeFakes } from "../_server.ts";
import { readAnsweredLine } from "../../mdsel/cli/progress.ts";

const LIMITS = { timeoutMs: 10_000, maxOutputBytes: 1024 * 1024 };

async function rejection<T>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => T,
): Promise<T> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, `expected a ${type.name}, got ${error}`);
    return error;
  }
  throw new assert.AssertionError({ message: `expected a ${type.name}, nothing was thrown` });
}

Deno.test("runCommand: no shell, no stdin, output as printed", POSIX_ONLY, async () => {
  const fakes = await writeFakes({
    echo: `printf '%s|' "$@"\nprintf 'err' >&2\ncat`,
  });
  const output = await runCommand(fakes.path("echo"), { ...LIMITS, args: ["a b", "$HOME", "*"] });
  // Arguments arrive unexpanded; `cat` ends at once because stdin is null.
  assert.deepEqual(output, { stdout: "a b|$HOME|*|", stderr: "err" });
  await Deno.remove(fakes.dir, { recursive: true });
});

Deno.test(
  "runCommand: a non-zero exit carries the code, the output and the tail of stderr",
  POSIX_ONLY,
  async () => {
    const fakes = await writeFakes({ fail: `echo out\necho one >&2\necho two >&2\nexit 7` });
    const error = await rejection(
      runCommand(fakes.path("fail"), { ...LIMITS, args: [], name: "mdsel" }),
      CommandExitError,
    );
    await Deno.remove(fakes.dir, { recursive: true });
    assert.equal(error.code, 7);
    assert.equal(error.signal, null);
    assert.equal(error.stdout, "out\n");
    assert.equal(error.stderr, "one\ntwo\n");
    assert.equal(error.message, "mdsel exited with code 7: one | two");
  },
);

Deno.test("runCommand: a hung child is killed at the timeout and reaped", POSIX_ONLY, async () => {
  const pidFile = await Deno.makeTempFile();
  const fakes = await writeFakes({ hang: `echo $$ > '${pidFile}'\nexec sleep 600` });
  await assert.rejects(
    runCommand(fakes.path("hang"), { ...LIMITS, timeoutMs: 300, args: [], name: "mdsel" }),
    (error: unknown) =>
      error instanceof CommandTimeoutError && error.message === "mdsel timed out after 0.3 s",
  );
  assert.equal(isRunning(Number(await Deno.readTextFile(pidFile))), false);
  await Deno.remove(fakes.dir, { recursive: true });
  await Deno.remove(pidFile);
});

Deno.test(
  "runCommand: a grandchild holding the pipes open does not keep it waiting",
  POSIX_ONLY,
  async () => {
    const fakes = await writeFakes({ fork: `sleep 600 &\necho $! \nexec sleep 600` });
    // The grandchild sleeps 600 s: a run that waited for it would hang the test. The timeout's
    // error is the proof, however long a loaded machine takes to reach it.
    await assert.rejects(
      runCommand(fakes.path("fork"), { ...LIMITS, timeoutMs: 300, args: [] }),
      CommandTimeoutError,
    );
    await Deno.remove(fakes.dir, { recursive: true });
  },
);

Deno.test(
  "runCommand: a timeout or a cancel kills the whole process tree (a wrapper's children too)",
  POSIX_ONLY,
  async () => {
    for (const how of ["timeout", "cancel"] as const) {
      const pidFile = await Deno.makeTempFile();
      const fakes = await writeFakes({
        wrapper: `sleep 600 &\necho $! > '${pidFile}'\nsleep 600 &\nwait`,
      });
      const controller = new AbortController();
      const run = runCommand(fakes.path("wrapper"), {
        ...LIMITS,
        timeoutMs: how === "timeout" ? 500 : 10_000,
        signal: controller.signal,
        args: [],
      });
      await waitFor(
        async () => (await Deno.readTextFile(pidFile)) !== "",
        "the grandchild to start",
      );
      const grandchild = Number(await Deno.readTextFile(pidFile));
      if (how === "cancel") controller.abort();
      await assert.rejects(run, how === "timeout" ? CommandTimeoutError : CommandAbortedError);
      await waitFor(() => !isRunning(grandchild), `the grandchild to be killed on ${how}`);
      await Deno.remove(fakes.dir, { recursive: true });
      await Deno.remove(pidFile);
    }
  },
);

Deno.test("runCommand: a flood is cut at the cap", POSIX_ONLY, async () => {
  const fakes = await writeFakes({ flood: "exec yes" });
  await assert.rejects(
    runCommand(fakes.path("flood"), { ...LIMITS, maxOutputBytes: 100_000, args: [], name: "x" }),
    (error: unknown) =>
      error instanceof CommandOutputLimitError &&
      error.message === "x output exceeded 100000 bytes",
  );
  await Deno.remove(fakes.dir, { recursive: true });
});

Deno.test("runCommand: output of exactly the cap is allowed", POSIX_ONLY, async () => {
  const fakes = await writeFakes({ exact: "head -c 4096 /dev/zero" });
  const { stdout } = await runCommand(fakes.path("exact"), {
    ...LIMITS,
    maxOutputBytes: 4096,
    args: [],
  });
  assert.equal(stdout.length, 4096);
  await Deno.remove(fakes.dir, { recursive: true });
});

Deno.test(
  "runCommand: a death by signal is an exit error naming the signal",
  POSIX_ONLY,
  async () => {
    const fakes = await writeFakes({ segv: "kill -SEGV $$" });
    const error = await rejection(
      runCommand(fakes.path("segv"), { ...LIMITS, args: [], name: "mdsel" }),
      CommandExitError,
    );
    assert.equal(error.signal, "SIGSEGV");
    assert.equal(error.message, "mdsel was killed by signal SIGSEGV");
    await Deno.remove(fakes.dir, { recursive: true });
  },
);

Deno.test(
  "runCommand: an abort kills the child; an aborted signal never spawns",
  POSIX_ONLY,
  async () => {
    const pidFile = await Deno.makeTempFile();
    const fakes = await writeFakes({ hang: `echo $$ > '${pidFile}'\nexec sleep 600` });
    const controller = new AbortController();
    const running = runCommand(fakes.path("hang"), {
      ...LIMITS,
      args: [],
      signal: controller.signal,
    });
    await waitFor(async () => (await Deno.readTextFile(pidFile)) !== "", "the child to start");
    controller.abort();
    await assert.rejects(running, CommandAbortedError);
    assert.equal(isRunning(Number(await Deno.readTextFile(pidFile))), false);

    await Deno.writeTextFile(pidFile, "");
    await assert.rejects(
      runCommand(fakes.path("hang"), { ...LIMITS, args: [], signal: controller.signal }),
      CommandAbortedError,
    );
    assert.equal(await Deno.readTextFile(pidFile), "");
    await Deno.remove(fakes.dir, { recursive: true });
    await Deno.remove(pidFile);
  },
);

Deno.test("runCommand: spawn errors pass through as Deno errors", async () => {
  await assert.rejects(
    runCommand("/no/such/program", { ...LIMITS, args: [] }),
    Deno.errors.NotFound,
  );
});

Deno.test("messages: the tail of stderr, seconds", () => {
  const exit = (stderr: string) =>
    new CommandExitError("x", { success: false, code: 1, signal: null }, { stdout: "", stderr })
      .message;
  assert.equal(exit(""), "x exited with code 1");
  assert.equal(exit("a\n\nb\r\nc\nd\n"), "x exited with code 1: b | c | d");
  assert.equal(exit("x".repeat(500)), `x exited with code 1: ...${"x".repeat(300)}`);
  assert.equal(new CommandTimeoutError("x", 30_000).message, "x timed out after 30 s");
  assert.equal(new CommandTimeoutError("x", 1500).message, "x timed out after 1.5 s");
});

Deno.test("runCommand: onStderrLine sees each line as it comes and takes out the ones it returns true for", async () => {
  // Lines written in pieces, one split inside a multi-byte character, the last without a line end.
  const script = [
    "const w = (s) => Deno.stderr.writeSync(new TextEncoder().encode(s));",
    "const b = new TextEncoder().encode('keep é\\n');",
    "w('take 1\\nkee'); w('p this\\r\\n');",
    "Deno.stderr.writeSync(b.subarray(0, 6)); Deno.stderr.writeSync(b.subarray(6));",
    "w('take 2\\nlast');",
  ].join("\n");
  const seen: string[] = [];
  const { stderr } = await runCommand(Deno.execPath(), {
    ...LIMITS,
    args: ["eval", script],
    onStderrLine: (line) => (seen.push(line), line.startsWith("take")),
  });
  assert.deepEqual(seen, ["take 1", "keep this", "keep é", "take 2", "last"]);
  assert.equal(stderr, "keep this\r\nkeep é\nlast");
});

Deno.test("runCommand: a child that tells its answer returns once stdout holds it; the rest of its run is the tail", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_tail_" });
  const go = `${dir}/go`;
  // The line comes before stdout; the child then waits until the test lets it end.
  const script = (code: number) =>
    [
      `const out = new TextEncoder().encode("héllo\\n");`,
      `console.error("mdsel: answered ${code} " + out.length); console.error("kept");`,
      "await new Promise((resolve) => setTimeout(resolve, 200));",
      "await Deno.stdout.write(out);",
      `while (!(await Deno.stat(${JSON.stringify(go)}).then(() => true, () => false))) {`,
      "  await new Promise((resolve) => setTimeout(resolve, 20));",
      "}",
      `Deno.exit(${code});`,
    ].join("\n");
  try {
    for (const code of [0, 1]) {
      let tail: Promise<void> | undefined;
      let ended = false;
      const run = runCommand(Deno.execPath(), {
        ...LIMITS,
        args: ["eval", script(code)],
        answered: readAnsweredLine,
        onTail: (exited) => tail = exited.then(() => void (ended = true)),
      });
      if (code === 0) assert.deepEqual(await run, { stdout: "héllo\n", stderr: "kept\n" });
      else assert.equal((await rejection(run, CommandExitError)).stdout, "héllo\n");
      assert.ok(tail !== undefined, "the rest of the run is told");
      assert.equal(ended, false, "answered before the child exited");
      await Deno.writeTextFile(go, "");
      await tail;
      assert.equal(ended, true);
      await Deno.remove(go);
    }
    // Without the line, the run is the whole child's, as before.
    let told = false;
    const output = await runCommand(Deno.execPath(), {
      ...LIMITS,
      args: ["eval", "console.log('hi')"],
      answered: readAnsweredLine,
      onTail: () => told = true,
    });
    assert.deepEqual([output.stdout, told], ["hi\n", false]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
