/**
 * Wall time of the Read reminder hook on a 1 MB Markdown file, measured as a
 * subprocess under its documented flags, start-up included, as Claude Code
 * runs it. Reports the median, fastest and slowest of `RUNS` runs after one
 * warm-up run (which fills Deno's transpile cache).
 *
 * ```sh
 * deno run -A bench/hook_bench.ts [runs]
 * ```
 *
 * @module
 */
import { fileURLToPath } from "node:url";

const HOOK = fileURLToPath(new URL("../hook.ts", import.meta.url));
const RUNS = Number(Deno.args[0] ?? 20);
const MEGABYTE = 1024 * 1024;

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

async function timeRun(stdin: Uint8Array, env: Record<string, string>): Promise<number> {
  const start = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-env=MDSEL_MIN_WORDS", HOOK],
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(stdin);
  await writer.close();
  const { code } = await child.output();
  const elapsed = performance.now() - start;
  if (code !== 0) throw new Error(`The hook exited with code ${code}`);
  return elapsed;
}

async function measure(
  label: string,
  path: string,
  env: Record<string, string>,
): Promise<void> {
  const content = await Deno.readTextFile(path);
  // What Claude Code sends after a Read: the input and the tool's response,
  // which carries the text it read (capped here at the first 2000 lines).
  const stdin = new TextEncoder().encode(JSON.stringify({
    session_id: "bench",
    transcript_path: "/tmp/bench.jsonl",
    cwd: Deno.cwd(),
    hook_event_name: "PostToolUse",
    tool_name: "Read",
    tool_input: { file_path: path },
    tool_response: {
      type: "text",
      file: { filePath: path, content: content.split("\n").slice(0, 2000).join("\n") },
    },
  }));
  await timeRun(stdin, env);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeRun(stdin, env));
  times.sort((a, b) => a - b);
  const median = times.length % 2
    ? times[(times.length - 1) / 2]
    : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
  console.log(
    `${label}: median ${median.toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${
      times.at(-1)!.toFixed(1)
    } ms (${RUNS} runs)`,
  );
}

if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_hook_bench_" });
  try {
    const path = `${dir}/large.md`;
    await Deno.writeTextFile(path, markdown(MEGABYTE));
    console.log(`hook on a 1 MB Markdown file (${(await Deno.stat(path)).size} bytes)`);
    await measure("over the threshold (stops early)", path, {});
    await measure("threshold above the file (reads it all)", path, {
      MDSEL_MIN_WORDS: "100000000",
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
