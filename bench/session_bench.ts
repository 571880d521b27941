/**
 * The calls of a session over a big tree, from a fresh cache (issue #37):
 * the 1st, 2nd and 3rd call over the tree and a warm one, each a search of
 * other words, after a first call of each kind (a search, an `index`, a
 * select of one section), with the server's finishing run between the 1st
 * and the 2nd (`mdsel warm`, as the server runs it once a call has
 * answered) and, for the CLI alone, without it; then the call after one
 * priming call, its finishing run and one page edited. Each call is a whole
 * CLI process; wall time, CPU time and peak memory from GNU `time`; the
 * median of `runs` sessions, run in turn. The trees are those of
 * `bench/tree_bench.ts` (`tests/_trees.ts`), written once, the
 * Astro-shaped tree with its translations' prose pseudo-translated (the
 * vocabulary of 14 languages) and the tldr-shaped tree made of the corpus's
 * real text beside the one drawn from 48 words (the worst case: every query
 * reaches nearly every page). `--only=<text>` runs the trees whose label
 * holds the text (`--only=real`, `--only=Astro`).
 *
 * ```sh
 * deno run -A bench/session_bench.ts [runs] [--data=<folder for the trees>] [--only=<text>]
 * ```
 *
 * @module
 */
import { join, sep as SEPARATOR } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_CACHE_DIR } from "../tests/_cache.ts";
import { cachedTree, tldrTree, type WrittenTree } from "../tests/_trees.ts";
import { sessionTrees } from "./_session_trees.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RUNS = Number(Deno.args.find((arg) => !arg.startsWith("--")) ?? 3);
const DATA = Deno.args.find((arg) => arg.startsWith("--data="))?.slice("--data=".length) ??
  join(TEST_CACHE_DIR, "bench", "trees", SEPARATOR);
const ONLY = Deno.args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
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
  readonly cpuMs: number;
  readonly peakMb: number;
}

/** One CLI process under GNU time. */
async function runOnce(args: readonly string[], cache: string): Promise<Run> {
  const report = await Deno.makeTempFile({ prefix: "mdsel_time_" });
  const started = performance.now();
  const { code } = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "%U %S %M", "-o", report, Deno.execPath(), ...CLI, ...args],
    env: { MDSEL_CACHE_DIR: cache },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output();
  const ms = performance.now() - started;
  const [user, system, kib] = (await Deno.readTextFile(report)).trim().split("\n").pop()!
    .split(" ").map(Number);
  await Deno.remove(report);
  if (code > 1) throw new Error(`mdsel ${args.join(" ")} exited ${code}`);
  return { ms, cpuMs: (user + system) * 1000, peakMb: kib / 1024 };
}

/** A session's calls: the first (of any kind), then searches of other words. */
interface Session {
  readonly tree: string;
  readonly first: string;
  readonly firstArgs: readonly string[];
  /** The folder the next calls search. */
  readonly root: string;
  /** Other words for each next call. */
  readonly words: readonly string[];
  /** The page an edit rewrites. */
  readonly edit: string;
}

const COLUMNS = ["1st", "finishing run", "2nd", "3rd", "warm", "2nd, CLI alone", "after 1 edit"];

/** One session of each column, a fresh cache each. */
async function session(s: Session, scratch: string, round: number): Promise<Run[]> {
  const cache = join(scratch, `cache-${round}`);
  const search = (i: number) => ["select", "--", s.words[i], s.root];
  const warm = ["warm", "--", s.root];
  const out: Run[] = [];
  out.push(await runOnce(s.firstArgs, cache));
  out.push(await runOnce(warm, cache));
  out.push(await runOnce(search(0), cache));
  out.push(await runOnce(search(1), cache));
  out.push(await runOnce(search(2), cache));
  await Deno.remove(cache, { recursive: true });
  // The CLI alone: no finishing run between its calls.
  await runOnce(s.firstArgs, cache);
  out.push(await runOnce(search(0), cache));
  await Deno.remove(cache, { recursive: true });
  // One priming call, its finishing run, one page edited, the next call.
  await runOnce(s.firstArgs, cache);
  await runOnce(warm, cache);
  const original = await Deno.readTextFile(s.edit);
  try {
    await Deno.writeTextFile(s.edit, `${original}\nEdited in round ${round}.\n`);
    out.push(await runOnce(search(1), cache));
  } finally {
    await Deno.writeTextFile(s.edit, original);
  }
  await Deno.remove(cache, { recursive: true });
  return out;
}

async function main(): Promise<void> {
  const { astro, translated, tldrReal } = await sessionTrees(DATA);
  const tldr = await cachedTree(DATA, "tldr", () => tldrTree(join(DATA, "tldr")));
  const english = join(astro.root, "en");
  const page = join(english, "@mastra/mcp-docs-server/docs/raw/agents/adding-voice.mdx");
  const tldrWords = ["compress archive", "network port", "user group"];
  const firstPage = async (tree: WrittenTree) => {
    const common = join(tree.root, "common");
    return join(common, (await Array.fromAsync(Deno.readDir(common))).map((e) => e.name).sort()[0]);
  };
  const tldrSessions = async (tree: string, written: WrittenTree): Promise<Session[]> => {
    const edit = await firstPage(written);
    return [
      { first: "a search", firstArgs: ["select", "--", "list files recursive", written.root] },
      { first: "an index", firstArgs: ["index", "--", written.root] },
    ].map((call) => ({ ...call, tree, root: written.root, words: tldrWords, edit }));
  };
  const astroLabel = `Astro-shaped, ${astro.files} .mdx`;
  const astroWords = ["image optimization", "server endpoints", "routing middleware"];
  const sessions: Session[] = [
    ...[
      ["a search", ["select", "--", "content collections schema", astro.root]],
      ["an index", ["index", "--", astro.root]],
      ["a select of one section", ["select", "--", "adding-voice::h2.1", english]],
    ].map(([first, args]) => ({
      tree: astroLabel,
      first: first as string,
      firstArgs: args as string[],
      root: first === "a select of one section" ? english : astro.root,
      words: astroWords,
      edit: page,
    })),
    {
      tree: `the same, translated: ${(translated.bytes / 1e6).toFixed(1)} MB`,
      first: "a search",
      firstArgs: ["select", "--", "content collections schema", translated.root],
      root: translated.root,
      words: astroWords,
      edit: join(translated.root, "en/@mastra/mcp-docs-server/docs/raw/agents/adding-voice.mdx"),
    },
    ...await tldrSessions(`tldr-shaped, real text, ${tldrReal.files} .md`, tldrReal),
    ...await tldrSessions(`tldr-shaped, 48 words (worst case), ${tldr.files} .md`, tldr),
  ].filter((s) => ONLY === undefined || s.tree.includes(ONLY));
  const scratch = await Deno.makeTempDir({ prefix: "mdsel_session_" });
  const rows = [
    `| tree | first call | ${COLUMNS.map((c) => `${c}: wall (CPU) s`).join(" | ")} | peak MB |`,
    `| --- | --- | ${COLUMNS.map(() => "---:").join(" | ")} | --- |`,
  ];
  try {
    for (const s of sessions) {
      const all: Run[][] = [];
      for (let round = 0; round < RUNS; round++) all.push(await session(s, scratch, round));
      const cells = COLUMNS.map((_, c) => {
        const runs = all.map((one) => one[c]);
        const mid = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
        return {
          ms: mid(runs.map((run) => run.ms)),
          cpuMs: mid(runs.map((run) => run.cpuMs)),
          peakMb: Math.max(...runs.map((run) => run.peakMb)),
        };
      });
      const s2 = (ms: number) => (ms / 1000).toFixed(2);
      rows.push(
        `| ${s.tree} | ${s.first} | ${
          cells.map((cell) => `${s2(cell.ms)} (${s2(cell.cpuMs)})`).join(" | ")
        } | ${cells.map((cell) => cell.peakMb.toFixed(0)).join(" / ")} |`,
      );
      console.error(rows.at(-1));
    }
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
  console.log(rows.join("\n"));
}

if (import.meta.main) await main();
