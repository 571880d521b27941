/**
 * Big documentation trees, whole (issue #20): the time and peak memory of
 * `mdsel index` and of a search over a tldr-shaped tree of 7,425 pages and a
 * docs-shaped tree of 20,000 pages (tests/_trees.ts writes them once to
 * `bench/trees/` in the test cache, outside the checkout, from fixed seeds and the corpus's real
 * Markdown), the share of each tree's folders the index names, what the
 * limits answer past them, and the start of a small `index` as a ratio to a
 * bare `deno run`, all measured in one run.
 *
 * ```sh
 * deno run -A bench/tree_bench.ts [runs]
 * ```
 *
 * @module
 */
import { join, sep as SEPARATOR } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_CACHE_DIR } from "../tests/_cache.ts";
import { CORPUS_DIR, ensureCorpus } from "../tests/_corpus.ts";
import { docsTree, tldrTree, type WrittenTree } from "../tests/_trees.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DATA = join(TEST_CACHE_DIR, "bench", "trees", SEPARATOR);
const RUNS = Number(Deno.args[0] ?? 3);
const CLI = [
  "run",
  "--quiet",
  "-A",
  "--config",
  join(ROOT, "deno.json"),
  join(ROOT, "mdsel/cli.ts"),
];

interface Run {
  readonly ms: number;
  readonly peakMb: number;
  readonly stdout: string;
  readonly code: number;
}

/** One process run: wall time, peak RSS (VmHWM polled from /proc) and output. */
async function runOnce(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: [...args],
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
  while (!done) {
    try {
      const status = await Deno.readTextFile(`/proc/${child.pid}/status`);
      peakKib = Math.max(peakKib, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // gone
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const result = await output;
  return {
    ms: performance.now() - started,
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

async function tree(name: string, make: () => Promise<WrittenTree>): Promise<WrittenTree> {
  const manifest = join(DATA, `${name}.json`);
  try {
    return JSON.parse(await Deno.readTextFile(manifest));
  } catch {
    const written = await make();
    await Deno.writeTextFile(manifest, JSON.stringify(written));
    return written;
  }
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

async function main(): Promise<void> {
  await Deno.mkdir(DATA, { recursive: true });
  const sections = await corpusSections();
  const trees = [
    await tree("tldr", () => tldrTree(join(DATA, "tldr"))),
    await tree("docs", () => docsTree(join(DATA, "docs20k"), sections)),
  ];
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
    const index = await median([...CLI, "index", "--", written.root]);
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
    const json = await median([...CLI, "index", "--json", "--", written.root]);
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
      const search = await median([...CLI, "select", "--", query, written.root]);
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
  // The start of a small index, as a ratio to a bare `deno run`, runs in turn.
  const small = join(DATA, "small.md");
  await Deno.writeTextFile(
    small,
    "# Small\n\nA page of a few words.\n\n## Usage\n\nRun it.\n".repeat(6).slice(0, 500),
  );
  const empty = join(DATA, "empty.ts");
  await Deno.writeTextFile(empty, "");
  const ratios: number[] = [];
  for (let i = 0; i < 15; i++) {
    const a = await runOnce([...CLI, "index", "--", small]);
    const b = await runOnce(["run", "--quiet", empty]);
    ratios.push(a.ms / b.ms);
  }
  ratios.sort((a, b) => a - b);
  console.log(rows.join("\n"));
  console.log(
    `\nA 500-byte index against a bare deno run, 15 pairs in turn: median ${
      ratios[7].toFixed(2)
    }x (from ${ratios[0].toFixed(2)}x to ${ratios[14].toFixed(2)}x)`,
  );
}

if (import.meta.main) await main();
