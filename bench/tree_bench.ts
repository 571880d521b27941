/**
 * Big documentation trees, whole (issues #20 and #28): the time and peak
 * memory of `mdsel index` and of a search over a tldr-shaped tree of 7,425
 * pages, a docs-shaped tree of 20,000 pages and an Astro-shaped tree of 2,569
 * `.mdx` pages (tests/_trees.ts writes them once to
 * `bench/trees/` in the test cache, outside the checkout, from fixed seeds, the corpus's real Markdown and the MDX
 * corpus), the share of each tree's folders the index names, what the limits
 * answer past them, and the start of a small `index` as a ratio to a bare
 * `deno run`, all measured in one run.
 *
 * The first table runs without the cache (`MDSEL_CACHE=0`), as every call
 * ran before it. The second measures the cache on the Astro-shaped and
 * tldr-shaped trees: a cold call (an empty cache folder, on every core and,
 * with `taskset`, on one), a warm one, and one after a file of the tree was
 * edited; with `--base=<checkout>` (a checkout of the engine before the
 * cache, e.g. `git worktree add /tmp/base main`) the same calls of that
 * engine run in turn with them, and the 500-byte `index` is paired with it.
 * Then the CPU profile of a warm search, split by phase (`_profile_split.ts`).
 *
 * ```sh
 * deno run -A bench/tree_bench.ts [runs] [--base=/tmp/base] [--only=cache]
 * ```
 *
 * @module
 */
import { join, sep as SEPARATOR } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_CACHE_DIR } from "../tests/_cache.ts";
import { CORPUS_DIR, ensureCorpus } from "../tests/_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../tests/_mdx_corpus.ts";
import { astroTree, cachedTree, docsTree, tldrTree, type WrittenTree } from "../tests/_trees.ts";
import { profileSplit } from "./_profile_split.ts";
import { bundledMdsel } from "../tools/run_mdsel.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DATA = join(TEST_CACHE_DIR, "bench", "trees", SEPARATOR);
const RUNS = Number(Deno.args.find((arg) => !arg.startsWith("--")) ?? 3);
/** `--base=<checkout>`: the engine before the cache, run in turn with this one. */
const BASE = Deno.args.find((arg) => arg.startsWith("--base="))?.slice("--base=".length);
/** `--only=cache`: the cache's table (and the small index) only. */
const ONLY = Deno.args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);

/** `deno run` of a checkout's CLI. */
function cli(root: string): string[] {
  return ["run", "--quiet", "-A", "--config", join(root, "deno.json"), join(root, "mdsel/cli.ts")];
}

const CLI = cli(ROOT);

interface Run {
  readonly ms: number;
  /** CPU time, user and system, in milliseconds (NaN without `/usr/bin/time`). */
  readonly cpuMs: number;
  readonly peakMb: number;
  readonly stdout: string;
  readonly code: number;
}

/** GNU time, for a run's CPU time and peak memory as the kernel counts them. */
const TIME_BIN = "/usr/bin/time";
const HAS_TIME = await Deno.stat(TIME_BIN).then(() => true, () => false);

/**
 * One process run: wall time, CPU time and peak RSS (from `/usr/bin/time`,
 * else VmHWM polled from /proc), and output.
 */
async function runOnce(
  args: readonly string[],
  env: Record<string, string> = {},
  command: string = Deno.execPath(),
): Promise<Run> {
  const report = HAS_TIME ? await Deno.makeTempFile({ prefix: "mdsel_time_" }) : "";
  const started = performance.now();
  const child = new Deno.Command(HAS_TIME ? TIME_BIN : command, {
    args: HAS_TIME ? ["-f", "%U %S %M", "-o", report, command, ...args] : [...args],
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  let peakKib = 0;
  let done = false;
  const output = child.output().then((result) => {
    done = true;
    return result;
  });
  while (!done && !HAS_TIME) {
    try {
      const status = await Deno.readTextFile(`/proc/${child.pid}/status`);
      peakKib = Math.max(peakKib, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // gone
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const result = await output;
  const ms = performance.now() - started;
  let cpuMs = NaN;
  if (HAS_TIME) {
    const [user, system, kib] = (await Deno.readTextFile(report)).trim().split("\n").pop()!
      .split(" ").map(Number);
    await Deno.remove(report);
    cpuMs = (user + system) * 1000;
    peakKib = kib;
  }
  return {
    ms,
    cpuMs,
    peakMb: peakKib / 1024,
    stdout: new TextDecoder().decode(result.stdout),
    code: result.code,
  };
}

/** The median run of several, by time (the peak memory is the largest). */
async function median(args: readonly string[], runs = RUNS, env = {}): Promise<Run> {
  const all: Run[] = [];
  for (let i = 0; i < runs; i++) all.push(await runOnce(args, env));
  all.sort((a, b) => a.ms - b.ms);
  const middle = all[all.length >> 1];
  return { ...middle, peakMb: Math.max(...all.map((run) => run.peakMb)) };
}

/** Real Markdown sections (split at headings) of the corpus, to build pages from. */
async function corpusSections(): Promise<string[]> {
  await ensureCorpus();
  const sections: string[] = [];
  const visit = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await visit(path);
      else if (entry.name.endsWith(".md")) {
        const text = await Deno.readTextFile(path);
        for (const part of text.split(/\n(?=#{2,3} )/)) {
          if (part.length > 200 && part.length < 4000) sections.push(part.trim());
        }
      }
    }
  };
  await visit(CORPUS_DIR);
  return sections;
}

/** How many of the tree's folders the index output names, and whether every direct one is. */
function named(tree: WrittenTree, output: string): { share: number; direct: boolean } {
  const lines = new Set(output.split("\n").map((line) => line.trim().split(" [")[0]));
  const shown = tree.folders.filter((folder) => lines.has(`${folder}/`));
  const direct = tree.folders.filter((folder) => !folder.includes("/"))
    .every((folder) => {
      const re = new RegExp(
        `^ ${folder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/ \\[\\d+ files, \\d+ words\\]$`,
        "m",
      );
      return re.test(output);
    });
  return { share: shown.length / tree.folders.length, direct };
}

/** Without the cache: every call as it ran before it. */
const NO_CACHE = { MDSEL_CACHE: "0" };

async function statelessTable(trees: readonly WrittenTree[]): Promise<string[]> {
  const rows: string[] = [];
  const row = (cells: (string | number)[]) => rows.push(`| ${cells.join(" | ")} |`);
  row([
    "tree",
    "call",
    "median ms",
    "peak MB",
    "output chars",
    "folders named",
    "direct subfolders named",
  ]);
  row(["---", "---", "---:", "---:", "---:", "---:", "---"]);
  for (const written of trees) {
    const label = `${written.files} files, ${(written.bytes / 1e6).toFixed(1)} MB`;
    const index = await median([...CLI, "index", "--", written.root], RUNS, NO_CACHE);
    const share = named(written, index.stdout);
    row([
      label,
      "index",
      index.ms.toFixed(0),
      index.peakMb.toFixed(0),
      index.stdout.length,
      `${(share.share * 100).toFixed(0)}%`,
      share.direct ? "all" : "NOT ALL",
    ]);
    const json = await median([...CLI, "index", "--json", "--", written.root], RUNS, NO_CACHE);
    row([
      label,
      "index --json",
      json.ms.toFixed(0),
      json.peakMb.toFixed(0),
      json.stdout.length,
      "",
      "",
    ]);
    for (const query of ["list files recursive", "archive compress output"]) {
      const search = await median([...CLI, "select", "--", query, written.root], RUNS, NO_CACHE);
      row([
        label,
        `search "${query}"`,
        search.ms.toFixed(0),
        search.peakMb.toFixed(0),
        search.stdout.length,
        "",
        "",
      ]);
    }
    const over = await median([...CLI, "index", "--", written.root], 1, {
      ...NO_CACHE,
      MDSEL_MAX_FILES: String(written.files - 1),
    });
    row([
      label,
      "past MDSEL_MAX_FILES",
      over.ms.toFixed(0),
      over.peakMb.toFixed(0),
      over.stdout.length,
      "",
      over.stdout.trim().slice(0, 60),
    ]);
  }
  return rows;
}

/** One call of the cache's table, and the file an edit touches before it. */
interface CacheCall {
  readonly tree: string;
  readonly label: string;
  readonly args: readonly string[];
  readonly edit: string;
  /** The call that fills the cache, when not this one (a search of other words: no answer is kept). */
  readonly warmUp?: readonly string[];
}

/** Whether `taskset` can pin a process to one core here. */
async function hasTaskset(): Promise<boolean> {
  try {
    const { success } = await new Deno.Command("taskset", {
      args: ["-c", "0", "true"],
      stdout: "null",
      stderr: "null",
    }).output();
    return success;
  } catch {
    return false;
  }
}

/** The median of some runs, by time; the peak memory is the largest. */
function middle(all: Run[]): Run {
  const sorted = [...all].sort((a, b) => a.ms - b.ms);
  return { ...sorted[sorted.length >> 1], peakMb: Math.max(...all.map((run) => run.peakMb)) };
}

/**
 * The cache's table: for each call, the engine before the cache (with
 * `--base`), a cold call on one core (with `taskset`) and on all, a warm call
 * and a call after one file was edited, in turn, `RUNS` rounds.
 */
async function cacheTable(calls: readonly CacheCall[]): Promise<string[]> {
  const pin = await hasTaskset();
  const columns = [
    ...(BASE === undefined ? [] : ["before"]),
    ...(BASE !== undefined && pin ? ["before, 1 core"] : []),
    ...(pin ? ["cold, 1 core"] : []),
    "cold",
    "warm",
    "after 1 edit",
  ];
  const rows = [
    `| tree | call | ${columns.map((column) => `${column}: wall (CPU) s`).join(" | ")} | peak MB (${
      columns.join(" / ")
    }) |`,
    `| --- | --- | ${columns.map(() => "---:").join(" | ")} | ---: |`,
  ];
  const scratch = await Deno.makeTempDir({ prefix: "mdsel_tree_cache_" });
  try {
    for (const call of calls) {
      const warm = join(scratch, "warm");
      await Deno.remove(warm, { recursive: true }).catch(() => {});
      // Filled as a user's calls fill it: the first parses and writes the records, a later
      // search writes the search data from them.
      await runOnce([...CLI, ...(call.warmUp ?? call.args)], { MDSEL_CACHE_DIR: warm });
      await runOnce([...CLI, ...call.args], { MDSEL_CACHE_DIR: warm });
      const runs = new Map<string, Run[]>(columns.map((column) => [column, []]));
      const original = await Deno.readTextFile(call.edit);
      for (let round = 0; round < RUNS; round++) {
        for (const column of columns) {
          const cold = join(scratch, `cold-${round}-${column.length}`);
          let run: Run;
          if (column === "before") {
            run = await runOnce([...cli(BASE!), ...call.args], NO_CACHE);
          } else if (column === "before, 1 core") {
            run = await runOnce(
              ["-c", "0", Deno.execPath(), ...cli(BASE!), ...call.args],
              NO_CACHE,
              "taskset",
            );
          } else if (column === "cold, 1 core") {
            run = await runOnce(
              ["-c", "0", Deno.execPath(), ...CLI, ...call.args],
              { MDSEL_CACHE_DIR: cold },
              "taskset",
            );
          } else if (column === "cold") {
            run = await runOnce([...CLI, ...call.args], { MDSEL_CACHE_DIR: cold });
          } else if (column === "warm") {
            run = await runOnce([...CLI, ...call.args], { MDSEL_CACHE_DIR: warm });
          } else continue; // the edits come last: an edited file is not warm again for 3 s
          if (run.code > 1) throw new Error(`${column}: ${call.args.join(" ")} exited ${run.code}`);
          runs.get(column)!.push(run);
          await Deno.remove(cold, { recursive: true }).catch(() => {});
        }
      }
      try {
        for (let round = 0; round < RUNS; round++) {
          await Deno.writeTextFile(call.edit, `${original}\nEdited in round ${round}.\n`);
          runs.get("after 1 edit")!.push(
            await runOnce([...CLI, ...call.args], { MDSEL_CACHE_DIR: warm }),
          );
        }
      } finally {
        await Deno.writeTextFile(call.edit, original);
        // The file just written is not trusted from the cache for RACY_MS (3 s).
        await new Promise((resolve) => setTimeout(resolve, 3500));
      }
      const medians = columns.map((column) => middle(runs.get(column)!));
      const cpu = columns.map((column) => {
        const all = runs.get(column)!.map((run) => run.cpuMs).sort((a, b) => a - b);
        return all[all.length >> 1];
      });
      const seconds = (ms: number) => Number.isNaN(ms) ? "?" : (ms / 1000).toFixed(2);
      rows.push(
        `| ${call.tree} | ${call.label} | ${
          medians.map((run, i) => `${seconds(run.ms)} (${seconds(cpu[i])})`).join(" | ")
        } | ${medians.map((run) => run.peakMb.toFixed(0)).join(" / ")} |`,
      );
    }
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
  return rows;
}

/** The CPU profile of a warm call, split by phase. */
async function warmProfile(
  args: readonly string[],
  warmUp: readonly string[] = args,
): Promise<string[]> {
  const scratch = await Deno.makeTempDir({ prefix: "mdsel_tree_profile_" });
  try {
    const env = { MDSEL_CACHE_DIR: join(scratch, "cache") };
    await runOnce([...CLI, ...warmUp], env);
    await runOnce([...CLI, ...args], env);
    const profiles = join(scratch, "profiles");
    const [first, ...rest] = CLI;
    await runOnce([first, "--cpu-prof", `--cpu-prof-dir=${profiles}`, ...rest, ...args], env);
    const [file] = [...Deno.readDirSync(profiles)];
    const split = profileSplit(JSON.parse(await Deno.readTextFile(join(profiles, file.name))));
    const total = split.reduce((sum, phase) => sum + phase.ms, 0);
    return [
      `CPU profile of a warm \`mdsel ${args.slice(0, -1).join(" ")}\` (${
        total.toFixed(0)
      } ms sampled):`,
      ...split.map((phase) =>
        `  ${(phase.share * 100).toFixed(1).padStart(5)}% ${
          phase.ms.toFixed(0).padStart(5)
        } ms  ${phase.phase}`
      ),
    ];
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
}

/**
 * A 500-byte index, the engine run as the server runs it, against a bare `deno run` and, with
 * `--base`, against the engine before.
 */
async function smallIndex(): Promise<string[]> {
  const small = join(DATA, "small.md");
  await Deno.writeTextFile(
    small,
    "# Small\n\nA page of a few words.\n\n## Usage\n\nRun it.\n".repeat(20).slice(0, 500),
  );
  const empty = join(DATA, "empty.ts");
  await Deno.writeTextFile(empty, "");
  const lines: string[] = [];
  const served = bundledMdsel([small]);
  const pairs = async (label: string, other: readonly string[]) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 31; i++) {
      const a = await runOnce([...served.args, "index", "--", small], served.env);
      const b = await runOnce(other);
      wall.push(a.ms / b.ms);
      cpu.push(a.cpuMs / b.cpuMs);
    }
    const median = (ratios: number[]) => ratios.sort((a, b) => a - b)[15].toFixed(2);
    // GNU time counts CPU in 10 ms steps: a bare `deno run` may count none.
    const cpuRatio = cpu.every(Number.isFinite)
      ? `${median(cpu)}x CPU`
      : "CPU not compared (some runs of the other under GNU time's 10 ms step)";
    lines.push(
      `A 500-byte index against ${label}, 31 pairs in turn: median ${median(wall)}x wall, ` +
        cpuRatio,
    );
  };
  await pairs("a bare deno run", ["run", "--quiet", empty]);
  if (BASE !== undefined) await pairs("the engine before", [...cli(BASE), "index", "--", small]);
  return lines;
}

async function main(): Promise<void> {
  await Deno.mkdir(DATA, { recursive: true });
  const tldr = await cachedTree(DATA, "tldr", () => tldrTree(join(DATA, "tldr")));
  const astro = await cachedTree(
    DATA,
    "astro",
    async () => astroTree(join(DATA, "astro"), MDX_CORPUS_DIR, await ensureMdxCorpus()),
  );
  if (ONLY !== "cache") {
    const sections = await corpusSections();
    const docs = await cachedTree(DATA, "docs", () => docsTree(join(DATA, "docs20k"), sections));
    console.log((await statelessTable([tldr, docs])).join("\n") + "\n");
  }
  // A section of a page of the English docs, by its namespace (420 pages).
  const english = join(astro.root, "en");
  const page = join(english, "@mastra/mcp-docs-server/docs/raw/agents/adding-voice.mdx");
  const astroLabel = `Astro-shaped, ${astro.files} .mdx, ${(astro.bytes / 1e6).toFixed(1)} MB`;
  const tldrLabel = `tldr-shaped, ${tldr.files} .md, ${(tldr.bytes / 1e6).toFixed(1)} MB`;
  const tldrPage = join(
    tldr.root,
    "common",
    (await Array.fromAsync(Deno.readDir(join(tldr.root, "common"))))[0].name,
  );
  const search = ["select", "--", "content collections schema", astro.root];
  const tldrSearch = ["select", "--", "list files recursive", tldr.root];
  // The cache is filled by a search of other words: it keeps each file's search data, no answer.
  const other = (args: readonly string[]) => ["select", "--", "install a package", args.at(-1)!];
  console.log(
    (await cacheTable([
      {
        tree: astroLabel,
        label: "search of 3 words",
        args: search,
        edit: page,
        warmUp: other(search),
      },
      { tree: astroLabel, label: "index", args: ["index", "--", astro.root], edit: page },
      {
        tree: "its en/, 420 .mdx",
        label: "select `adding-voice::h2.1`",
        args: ["select", "--", "adding-voice::h2.1", english],
        edit: page,
      },
      {
        tree: tldrLabel,
        label: "search of 3 words",
        args: tldrSearch,
        edit: tldrPage,
        warmUp: other(tldrSearch),
      },
      { tree: tldrLabel, label: "index", args: ["index", "--", tldr.root], edit: tldrPage },
    ])).join("\n") + "\n",
  );
  for (const args of [search, tldrSearch]) {
    console.log((await warmProfile(args, other(args))).join("\n") + "\n");
  }
  console.log((await smallIndex()).join("\n"));
}

if (import.meta.main) await main();
