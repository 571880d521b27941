/**
 * What the caller's words cost in time (issue 45, item 2): each natural
 * question of some docs sets searched as a whole CLI process over its set's
 * folder, warm (the cache finished by `mdsel warm` first), three ways in turn
 * (the question alone, with the caller's keywords, with the passage), and the
 * median wall time of each form and its ratio to the question alone. The
 * target: keywords (4-12 words) at most 1.2x, a passage (40-80 words) at most
 * 1.5x.
 *
 * ```sh
 * deno run -A bench/caller_cost_bench.ts [--sets maci,turborepo,workos]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { callerWords, docsSets, withCallerWords } from "./_docs_sets.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: { sets: { type: "string", default: "maci,turborepo,workos" } },
});
const CLI = fileURLToPath(new URL("../mdsel/cli.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../deno.json", import.meta.url));
const cache = await Deno.makeTempDir({ prefix: "mdsel_caller_cost_" });

/** Runs the CLI once; its wall time in seconds. */
async function timed(args: string[]): Promise<number> {
  const started = performance.now();
  const { success, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", CONFIG, CLI, ...args],
    env: { MDSEL_CACHE_DIR: cache },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success && stderr.length > 0) throw new Error(new TextDecoder().decode(stderr));
  return (performance.now() - started) / 1000;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const forms = { question: [] as number[], keywords: [] as number[], passage: [] as number[] };
try {
  for (const set of await docsSets(options.sets.split(","))) {
    const words = await callerWords(set.spec.id);
    await timed(["warm", set.folder]);
    for (const question of set.questions) {
      const caller = words.get(question.id);
      if (caller === undefined) continue;
      forms.question.push(await timed(["select", question.question, set.folder]));
      forms.keywords.push(
        await timed(["select", withCallerWords(question.question, caller.keywords), set.folder]),
      );
      forms.passage.push(
        await timed(["select", withCallerWords(question.question, caller.passage), set.folder]),
      );
    }
    console.error(`${set.spec.id}: ${set.questions.length} questions`);
  }
} finally {
  await Deno.remove(cache, { recursive: true });
}
const base = median(forms.question);
console.log("| form | searches | median s | ratio |");
console.log("| --- | ---: | ---: | ---: |");
for (const [name, times] of Object.entries(forms)) {
  const m = median(times);
  console.log(`| ${name} | ${times.length} | ${m.toFixed(3)} | ${(m / base).toFixed(2)}x |`);
}
