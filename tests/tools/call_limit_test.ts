import assert from "node:assert/strict";
import { join } from "node:path";
import { CallLimit, QueuedCallCancelledError } from "../../tools/call_limit.ts";
import { callText, isRunning, POSIX_ONLY, startServer, waitFor, writeFakes } from "../_server.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

Deno.test("CallLimit: never more than the limit at once, the rest in order", async () => {
  const limit = new CallLimit(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const task = (i: number) => async () => {
    started.push(i);
    most = Math.max(most, ++running);
    await tick();
    running--;
    return i;
  };
  const results = await Promise.all(Array.from({ length: 7 }, (_, i) => limit.run(task(i))));
  assert.deepEqual(results, [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(started, [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(most, 2);
  assert.deepEqual([limit.running, limit.waiting], [0, 0]);
});

Deno.test("CallLimit: a failing task frees its slot; a cancel while waiting leaves the queue", async () => {
  const limit = new CallLimit(1);
  await assert.rejects(limit.run(() => Promise.reject(new Error("boom"))), /boom/);
  let release!: () => void;
  const first = limit.run(() => new Promise<void>((resolve) => release = resolve));
  const controller = new AbortController();
  let cancelledStarted = false;
  const cancelled = limit.run(() => {
    cancelledStarted = true;
    return Promise.resolve();
  }, controller.signal);
  const third = limit.run(() => Promise.resolve("third"));
  assert.equal(limit.waiting, 2);
  controller.abort();
  await assert.rejects(cancelled, QueuedCallCancelledError);
  assert.equal(limit.waiting, 1);
  release();
  await first;
  assert.equal(await third, "third");
  assert.equal(cancelledStarted, false);
  await assert.rejects(
    limit.run(() => Promise.resolve(), AbortSignal.abort()),
    QueuedCallCancelledError,
  );
  assert.throws(() => new CallLimit(0), RangeError);
});

Deno.test(
  "the server queues calls beyond MDSEL_MAX_CONCURRENT; each timeout counts from its start",
  POSIX_ONLY,
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "mdsel-load-" });
    // Each run marks itself running, notes how many are, works 2 s, and leaves.
    const fakes = await writeFakes({
      slow: `touch '${dir}'/run-$$\nls '${dir}' | grep -c '^run-' >> '${dir}/seen'\n` +
        `sleep 2\nrm '${dir}'/run-$$\necho done`,
    });
    await using server = await startServer(["-A"], {
      MDSEL_BIN: fakes.path("slow"),
      MDSEL_MAX_CONCURRENT: "1",
      // Shorter than the 6 s the three take together: only a queue that starts each clock when
      // its run starts lets all three finish (each has 3 s to spare for a loaded machine).
      MDSEL_TIMEOUT_MS: "5000",
    });
    const results = await Promise.all(
      [0, 1, 2].map(() => callText(server.client, "mdsel_index", { files: ["/a.md"] })),
    );
    assert.deepEqual(results, Array(3).fill({ text: "done\n", isError: false }));
    const seen = (await Deno.readTextFile(join(dir, "seen"))).trim().split("\n").map(Number);
    assert.deepEqual(seen, [1, 1, 1]);
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(fakes.dir, { recursive: true });
  },
);

Deno.test(
  "the server: a call cancelled while queued never runs; the running one is unaffected",
  POSIX_ONLY,
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "mdsel-queue-" });
    const fakes = await writeFakes({ hang: `echo $$ >> '${dir}/pids'\nexec sleep 600` });
    await using server = await startServer(["-A"], {
      MDSEL_BIN: fakes.path("hang"),
      MDSEL_MAX_CONCURRENT: "1",
    });
    const first = new AbortController();
    const second = new AbortController();
    const call = (controller: AbortController) =>
      server.client.callTool({ name: "mdsel_index", arguments: { files: ["/a.md"] } }, undefined, {
        signal: controller.signal,
      });
    const running = call(first);
    await waitFor(async () => {
      try {
        return (await Deno.readTextFile(join(dir, "pids"))).trim() !== "";
      } catch {
        return false;
      }
    }, "the first call to start");
    const queued = call(second);
    await new Promise((resolve) => setTimeout(resolve, 200));
    second.abort();
    await assert.rejects(queued);
    first.abort();
    await assert.rejects(running);
    const pids = (await Deno.readTextFile(join(dir, "pids"))).trim().split("\n");
    await waitFor(() => !isRunning(Number(pids[0])), "the running call's mdsel to be killed");
    // The queue moved on after the first ended: the cancelled call never started.
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await Deno.readTextFile(join(dir, "pids"))).trim().split("\n").length, 1);
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(fakes.dir, { recursive: true });
  },
);

Deno.test("the server: a timeout too long for a timer is refused, and calls still run", async () => {
  await using server = await startServer(["-A"], { MDSEL_TIMEOUT_MS: "99999999999" });
  const file = join(await Deno.makeTempDir(), "a.md");
  await Deno.writeTextFile(file, "# Title\n\nText.\n");
  const result = await callText(server.client, "mdsel_select", { selector: "h1.0", files: [file] });
  assert.equal(result.isError, false, result.text);
  assert.match(server.stderr(), /ignoring MDSEL_TIMEOUT_MS='99999999999'/);
});
