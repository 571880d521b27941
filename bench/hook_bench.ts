/**
 * Wall time of the Read hooks, each run as a subprocess under its documented
 * flags, start-up included, as Claude Code runs them: the reminder on a 1 MB
 * Markdown file, and the guard on a small file (the common case, which must
 * stay nearly free), on the corpus's biggest file (where it loads the engine
 * and outlines) and on a partial Read. Each row gives the median, fastest
 * and slowest of `RUNS` runs after one warm-up run (which fills Deno's
 * transpile cache), and its ratio to a bare `deno run` of a script that only
 * reads stdin, measured in the same run: ratios hold on a noisy machine where
 * milliseconds do not. Every command runs with the checkout's `deno.json`, as
 * the plugin runs the hooks from a checkout.
 *
 * ```sh
 * deno run -A bench/hook_bench.ts [runs]
 * ```
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { corpusFilesOver } from "../tests/_corpus.ts";

const HOOK = fileURLToPath(new URL("../hook.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../deno.json", import.meta.url));
const RUNS = Number(Deno.args[0] ?? 20);
const MEGABYTE = 1024 * 1024;
const REMINDER_FLAGS = ["--allow-read", "--allow-env=MDSEL_MIN_WORDS", "--config", CONFIG];
const GUARD_FLAGS = ["--allow-read", "--allow-env=MDSEL_GUARD_WORDS", "--config", CONFIG];

/** A Markdown document of about `bytes` bytes: headings, paragraphs, lists and code. */
function markdown(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = `## Section ${i}\n\nThe quick brown fox jumps over the lazy dog, section ${i}. ` +
      "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n\n" +
      `- item one of ${i}\n- item two of ${i}\n\n` +
      "```ts\nconst value = compute(" + i + ");\n```\n\n";
    parts.push(part);
    size += part.length;
  }
  return parts.join("").slice(0, bytes);
}

/** One timed command: Deno's arguments, the stdin it gets, and its environment. */
interface Run {
  readonly args: string[];
  readonly stdin: Uint8Array;
  readonly env?: Record<string, string>;
}

async function timeRun({ args, stdin, env }: Run): Promise<number> {
  const start = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(stdin);
  await writer.close();
  const { code, stderr } = await child.output();
  const elapsed = performance.now() - start;
  if (code !== 0) throw new Error(`Exit code ${code}: ${new TextDecoder().decode(stderr)}`);
  if (stderr.length > 0) throw new Error(`The hook reported: ${new TextDecoder().decode(stderr)}`);
  return elapsed;
}

async function median(run: Run): Promise<{ median: number; min: number; max: number }> {
  await timeRun(run);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeRun(run));
  times.sort((a, b) => a - b);
  const middle = times.length % 2
    ? times[(times.length - 1) / 2]
    : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  return { median: middle, min: times[0], max: times.at(-1)! };
}

/** The hook's stdin for a `Read` of `path`, before (`PreToolUse`) or after it. */
function readInput(
  path: string,
  event: "PreToolUse" | "PostToolUse",
  toolInput: Record<string, unknown> = {},
): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({
    session_id: "bench",
    transcript_path: "/tmp/bench.jsonl",
    cwd: Deno.cwd(),
    hook_event_name: event,
    tool_name: "Read",
    tool_input: { file_path: path, ...toolInput },
  }));
}

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_hook_bench_" });
  try {
    const large = `${dir}/large.md`;
    await Deno.writeTextFile(large, markdown(MEGABYTE));
    const small = `${dir}/small.md`;
    await Deno.writeTextFile(small, markdown(4000));
    const [biggest] = (await corpusFilesOver(2000)).sort((a, b) => b.words - a.words);
    const bare = `${dir}/bare.ts`;
    await Deno.writeTextFile(bare, "await new Response(Deno.stdin.readable).text();\n");
    const rows: [string, Run][] = [
      ["deno run of a script that only reads stdin", {
        args: ["run", "--config", CONFIG, bare],
        stdin: readInput(small, "PreToolUse"),
      }],
      ["reminder, 1 MB file, over the threshold (stops early)", {
        args: ["run", ...REMINDER_FLAGS, HOOK],
        stdin: readInput(large, "PostToolUse"),
      }],
      ["reminder, 1 MB file, threshold above it (reads it all)", {
        args: ["run", ...REMINDER_FLAGS, HOOK],
        stdin: readInput(large, "PostToolUse"),
        env: { MDSEL_MIN_WORDS: "100000000" },
      }],
      [`guard, small file (${(await Deno.stat(small)).size} bytes): passes`, {
        args: ["run", ...GUARD_FLAGS, HOOK, "--guard"],
        stdin: readInput(small, "PreToolUse"),
      }],
      ["guard, biggest corpus file, Read with offset/limit: passes", {
        args: ["run", ...GUARD_FLAGS, HOOK, "--guard"],
        stdin: readInput(biggest.path, "PreToolUse", { offset: 1, limit: 100 }),
      }],
      [
        `guard, biggest corpus file (${(await Deno.stat(biggest.path)).size} bytes): outline, deny`,
        {
          args: ["run", ...GUARD_FLAGS, HOOK, "--guard"],
          stdin: readInput(biggest.path, "PreToolUse"),
        },
      ],
      ["guard, 1 MB file: outline, deny", {
        args: ["run", ...GUARD_FLAGS, HOOK, "--guard"],
        stdin: readInput(large, "PreToolUse"),
      }],
    ];
    let baseline = 0;
    console.log(`Read hooks, wall time with Deno's start-up (${RUNS} runs each)`);
    for (const [label, run] of rows) {
      const { median: ms, min, max } = await median(run);
      baseline ||= ms;
      console.log(
        `${label}: median ${ms.toFixed(1)} ms (${(ms / baseline).toFixed(2)}x bare deno), ` +
          `min ${min.toFixed(1)}, max ${max.toFixed(1)}`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
