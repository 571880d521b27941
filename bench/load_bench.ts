/**
 * The server under load: N concurrent `tools/call`s of mixed sizes through
 * the real server (SDK client, stdio, bundled engine), once with every call
 * running at once (`MDSEL_MAX_CONCURRENT` high, as before the queue), then
 * queued one per core, then queued two per core (the default). Reports p50 / p99 latency, the
 * wall time of the whole burst, the calls that failed (timeouts) and the peak
 * memory of the server and all its children together, sampled from /proc.
 *
 * With `--heavy`, every call indexes a 20 MB file of 94,000 headings instead:
 * the case where heavy calls started all at once starve each other into
 * their timeouts.
 *
 * ```sh
 * deno run -A bench/load_bench.ts [calls] [timeout-ms] [--heavy]
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { apiReference, manyHeadings, seededRng, smallDocument } from "../tests/mdsel/_generate.ts";
import { BASE_PATH, callText, startServer } from "../tests/_server.ts";
import { defaultConcurrency } from "../tools/settings.ts";

const HEAVY = Deno.args.includes("--heavy");
const [calls, timeout] = Deno.args.filter((arg) => arg !== "--heavy");
const CALLS = Number(calls ?? (HEAVY ? 8 : 24));
const TIMEOUT_MS = Number(timeout ?? 30_000);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The resident memory of a process and all its descendants, in bytes. */
function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of Deno.readDirSync("/proc")) {
    const pid = Number(entry.name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      // Fields after the command name, which may hold spaces: state, ppid, ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      rss.set(pid, Number(fields[21]) * 4096);
    } catch {
      // Gone while reading.
    }
  }
  let total = 0;
  for (const pending = [root]; pending.length > 0;) {
    const pid = pending.pop()!;
    total += rss.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

const dir = await Deno.makeTempDir({ prefix: "mdsel-load-bench-" });
const small = join(dir, "small.md");
const api = join(dir, "api.md");
const large = join(dir, "large.md");
await Deno.writeTextFile(small, smallDocument());
await Deno.writeTextFile(api, apiReference(seededRng(1), 260_000));
await Deno.writeTextFile(large, apiReference(seededRng(2), 4_000_000));
const huge = join(dir, "huge.md");
if (HEAVY) await Deno.writeTextFile(huge, manyHeadings(seededRng(3), 20_000_000, 94_000));

// Mostly small calls, some medium, a few heavy ones: what an agent's burst looks like.
const mix = Array.from(
  { length: CALLS },
  (_, i) =>
    HEAVY
      ? { name: "mdsel_index", args: { files: [huge] }, size: "huge" }
      : i % 8 === 7
      ? { name: "mdsel_index", args: { files: [large] }, size: "large" }
      : i % 4 === 1
      ? { name: "mdsel_select", args: { selector: "h2.3", files: [api] }, size: "medium" }
      : { name: "mdsel_index", args: { files: [small] }, size: "small" },
);

console.log(
  HEAVY
    ? `${CALLS} concurrent calls, each an index of a 20 MB file of 94,000 headings; ` +
      `timeout ${TIMEOUT_MS} ms; ${navigator.hardwareConcurrency} CPUs\n`
    : `${CALLS} concurrent calls (${mix.filter((c) => c.size === "small").length} small, ` +
      `${mix.filter((c) => c.size === "medium").length} on 260 KB, ` +
      `${mix.filter((c) => c.size === "large").length} on 4 MB); timeout ${TIMEOUT_MS} ms; ` +
      `${navigator.hardwareConcurrency} CPUs\n`,
);
console.log(
  "| runs at once | p50 ms | p99 ms | burst ms | failed | peak memory MB |\n" +
    "| --- | ---: | ---: | ---: | ---: | ---: |",
);
for (
  const [label, limit] of [
    ["all (no queue)", 1000],
    [`${navigator.hardwareConcurrency} (one per core)`, navigator.hardwareConcurrency],
    [`${defaultConcurrency()} (the default: two per core)`, defaultConcurrency()],
  ] as const
) {
  await using server = await startServer(["-A"], {
    PATH: BASE_PATH,
    MDSEL_MAX_CONCURRENT: String(limit),
    MDSEL_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  // Warm Deno's module cache for the engine.
  await callText(server.client, "mdsel_index", { files: [small] });
  const pid = server.transport.pid!;
  let peak = 0;
  const sampler = setInterval(() => peak = Math.max(peak, treeRss(pid)), 25);
  const started = performance.now();
  const results = await Promise.all(mix.map(async (call) => {
    const begun = performance.now();
    const result = await callText(server.client, call.name, call.args);
    return { ms: performance.now() - begun, failed: result.isError };
  }));
  const burst = performance.now() - started;
  clearInterval(sampler);
  const latencies = results.map((result) => result.ms);
  console.log(
    `| ${label} | ${percentile(latencies, 50).toFixed(0)} | ${
      percentile(latencies, 99).toFixed(0)
    } | ${burst.toFixed(0)} | ${results.filter((result) => result.failed).length} | ${
      (peak / 2 ** 20).toFixed(0)
    } |`,
  );
}
await Deno.remove(dir, { recursive: true });
