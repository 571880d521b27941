/**
 * The server's own overhead: a `tools/call` round trip through the real
 * server (SDK client, stdio) against running the very same `mdsel` command
 * directly, on the same input, alternating the two so that drift hits both;
 * the overhead is the median of the paired differences.
 * Measured for the bundled engine (`-A`, no `mdsel` on PATH) and for the
 * sandboxed server running the bundled CLI installed as `mdsel`.
 *
 * ```sh
 * deno run -A bench/server_bench.ts [runs]
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { apiReference, seededRng, smallDocument } from "../tests/mdsel/_generate.ts";
import { callText, installBundledMdsel, SANDBOXED, startServer } from "../tests/_server.ts";
import { BASE_PATH } from "../tests/_server.ts";
import { bundledMdsel } from "../tools/run_mdsel.ts";
import { mdselIndexArgs } from "../tools/mdsel_index.ts";
import { mdselSelectArgs } from "../tools/mdsel_select.ts";

const RUNS = Number(Deno.args[0] ?? 25);
const TARGET_MS = 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function timeDirect(command: string, args: readonly string[], env: Record<string, string>) {
  const started = performance.now();
  const output = await new Deno.Command(command, {
    args: [...args],
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const elapsed = performance.now() - started;
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  return elapsed;
}

const dir = await Deno.makeTempDir({ prefix: "mdsel-server-bench-" });
const inputs = {
  "small (500 B)": join(dir, "small.md"),
  "api (260 KB)": join(dir, "api.md"),
};
await Deno.writeTextFile(inputs["small (500 B)"], smallDocument());
await Deno.writeTextFile(inputs["api (260 KB)"], apiReference(seededRng(1), 260_000));
const installed = await installBundledMdsel();
const home = Deno.env.get("HOME") ?? "/root";

const setups = [
  {
    name: "-A, bundled engine",
    flags: ["-A"],
    env: { HOME: home, PATH: BASE_PATH },
    direct: (args: string[], files: string[]) => {
      const bundled = bundledMdsel(files);
      return { command: bundled.command, args: [...bundled.args, ...args] };
    },
  },
  {
    name: "sandboxed, mdsel on PATH",
    flags: [...SANDBOXED],
    env: { HOME: home, PATH: `${installed}:${BASE_PATH}` },
    direct: (args: string[]) => ({ command: join(installed, "mdsel"), args }),
  },
];

console.log(`runs per cell: ${RUNS} (after 2 warm-up runs); figures are medians in ms\n`);
console.log(
  "| setup | input | call | through server | direct | overhead | target |\n" +
    "| --- | --- | --- | ---: | ---: | ---: | --- |",
);
for (const setup of setups) {
  await using server = await startServer(setup.flags, setup.env);
  for (const [inputName, file] of Object.entries(inputs)) {
    const calls = [
      { name: "mdsel_index", args: { files: [file] }, cli: mdselIndexArgs([file], "text") },
      {
        name: "mdsel_select",
        args: { selector: "h2.0", files: [file] },
        cli: mdselSelectArgs("h2.0", [file], "text"),
      },
    ];
    for (const call of calls) {
      const direct = setup.direct(call.cli, [file]);
      const viaServer: number[] = [];
      const directly: number[] = [];
      for (let run = -2; run < RUNS; run++) {
        const started = performance.now();
        const result = await callText(server.client, call.name, call.args);
        const elapsed = performance.now() - started;
        if (result.isError) throw new Error(result.text);
        const directElapsed = await timeDirect(direct.command, direct.args, setup.env);
        if (run >= 0) {
          viaServer.push(elapsed);
          directly.push(directElapsed);
        }
      }
      // Pairs ran back to back: the median of their differences is the least noisy estimate.
      const overhead = median(viaServer.map((value, i) => value - directly[i]));
      console.log(
        `| ${setup.name} | ${inputName} | ${call.name} | ${median(viaServer).toFixed(1)} | ${
          median(directly).toFixed(1)
        } | ${overhead.toFixed(1)} | ${overhead < TARGET_MS ? "PASS" : "MISS"} (< ${TARGET_MS}) |`,
      );
    }
  }
}
await Deno.remove(dir, { recursive: true });
await Deno.remove(join(installed, ".."), { recursive: true });
