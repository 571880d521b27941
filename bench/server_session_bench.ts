/**
 * A session as an agent meets it (issue #47): the real server over stdio (SDK client, bundled
 * engine, a fresh cache), five searches of other words one after another over a big tree, with a
 * pause between calls, as a model takes a few seconds between two. Wall time of each call, median
 * of `runs` sessions. The trees are `bench/session_bench.ts`'s, written once (`tests/_trees.ts`).
 * `--root=<checkout>` runs another checkout's server (to compare two, in turn, in one run);
 * `--only=<text>` the trees whose label holds the text; `--published` runs each checkout as users of
 * `deno run -A jsr:@x/mdsel-claude` get it, from a local registry (`tests/e2e/_registry.ts`), its
 * Deno cache filled first.
 *
 * ```sh
 * deno run -A bench/server_session_bench.ts [runs] [--pauses=0,3,8] [--root=<checkout>] [--only=<text>] [--data=<folder>] [--published]
 * ```
 *
 * @module
 */
import { join, sep as SEPARATOR } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_CACHE_DIR } from "../tests/_cache.ts";
import { callText, connectServer } from "../tests/_server.ts";
import { sessionTrees } from "./_session_trees.ts";
import { serveRegistry } from "../tests/e2e/_registry.ts";

const flag = (name: string) =>
  Deno.args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(Deno.args.find((arg) => !arg.startsWith("--")) ?? 3);
const PAUSES = (flag("pauses") ?? "0,3,8").split(",").map(Number);
const ROOTS = (flag("root") ?? fileURLToPath(new URL("../", import.meta.url))).split(",");
const DATA = flag("data") ?? join(TEST_CACHE_DIR, "bench", "trees", SEPARATOR);
const PUBLISHED = Deno.args.includes("--published");

/** Per checkout, as published: its registry's variables, and a Deno cache holding its modules. */
const published = new Map<string, Record<string, string>>();
const registries: AsyncDisposable[] = [];
if (PUBLISHED) {
  for (const root of ROOTS) {
    const registry = await serveRegistry(root);
    registries.push(registry);
    const env = { JSR_URL: registry.url, DENO_DIR: await Deno.makeTempDir() };
    const modules = ["jsr:@x/mdsel-claude", "jsr:@x/mdsel-claude/mdsel"];
    const args = ["cache", "--no-config", "--no-lock", ...modules];
    const cached = await new Deno.Command(Deno.execPath(), { args, env, stdin: "null" }).output();
    if (!cached.success) throw new Error(new TextDecoder().decode(cached.stderr));
    published.set(root, env);
  }
}

/** One session: the seconds each call took. */
async function session(root: string, tree: string, words: string[], pause: number) {
  const cache = await Deno.makeTempDir({ prefix: "mdsel_session_" });
  const registry = published.get(root);
  const args = registry === undefined
    ? ["run", "-A", "--config", join(root, "deno.json"), join(root, "main.ts")]
    : ["run", "-A", "--no-config", "--no-lock", "jsr:@x/mdsel-claude"];
  const env = { MDSEL_CACHE_DIR: cache, ...registry };
  const server = await connectServer(Deno.execPath(), args, env, root);
  const seconds: number[] = [];
  try {
    for (const [i, selector] of words.entries()) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, pause * 1000));
      const started = performance.now();
      const result = await callText(server.client, "mdsel_select", { selector, files: [tree] });
      seconds.push((performance.now() - started) / 1000);
      if (result.isError) throw new Error(`${selector}: ${result.text.slice(0, 300)}`);
    }
  } finally {
    await server[Symbol.asyncDispose]();
    await Deno.remove(cache, { recursive: true });
  }
  return seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const { translated, tldrReal: tldr } = await sessionTrees(DATA);
const trees = [
  {
    label: `Astro-shaped, ${translated.files} .mdx`,
    root: translated.root,
    words: [
      "image optimization",
      "server endpoints",
      "routing middleware",
      "deploy adapter",
      "environment variables",
    ],
  },
  {
    label: `tldr-shaped, ${tldr.files} .md`,
    root: tldr.root,
    words: ["compress archive", "network port", "user group", "list files", "kill process"],
  },
];
console.log("| tree | server | pause | call 1 | call 2 | calls 3-5 (median) |");
console.log("| --- | --- | ---: | ---: | ---: | ---: |");
for (const tree of trees.filter((tree) => tree.label.includes(flag("only") ?? ""))) {
  for (const pause of PAUSES) {
    const runs = new Map<string, number[][]>(ROOTS.map((root) => [root, []]));
    // The checkouts in turn, so that drift hits each.
    for (let run = 0; run < RUNS; run++) {
      for (const root of ROOTS) {
        runs.get(root)!.push(await session(root, tree.root, tree.words, pause));
      }
    }
    for (const [root, sessions] of runs) {
      const call = (i: number) => median(sessions.map((seconds) => seconds[i])).toFixed(2);
      const later = median(sessions.flatMap((seconds) => seconds.slice(2))).toFixed(2);
      const name = ROOTS.length > 1 ? root : "this checkout";
      console.log(`| ${tree.label} | ${name} | ${pause} s | ${call(0)} | ${call(1)} | ${later} |`);
    }
  }
}
for (const registry of registries) await registry[Symbol.asyncDispose]();
