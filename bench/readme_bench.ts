/**
 * The README's example, measured: what an agent gets back, in characters,
 * for undici's `Dispatcher.md` (8.12.4, from the corpus): a whole `Read` in
 * the real Claude Code (pinned, with a scripted model that counts a quarter
 * of a request's characters as tokens, so that Claude Code pages a big file
 * as it does with the real API), the guard's answer to that `Read`, and each
 * tool call of the example, in the text format and in JSON. Other files
 * given on the command line get the `Read` and guard rows too (docs/hook.md
 * quotes Node's `fs.md`).
 *
 * ```sh
 * deno run -A bench/readme_bench.ts [file.md...]
 * ```
 *
 * @module
 */
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runHook } from "../hook.ts";
import { engineOutline } from "../hooks/guard.ts";
import { readFileChunks } from "../hooks/word_count.ts";
import { ensureCorpus } from "../tests/_corpus.ts";
import { claude, CLAUDE_CODE_VERSION, ensureClaudeCode } from "../tests/e2e/_claude_code.ts";
import { roughTokens, startScriptedModel, toolResults } from "../tests/e2e/_scripted_model.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The README example's tool calls: the arguments after `mdsel`, the file given relative. */
export const EXAMPLE_CALLS: readonly (readonly string[])[] = [
  ["index", "Dispatcher.md"],
  ["select", "h3.5", "Dispatcher.md"],
  ["select", "h3.5/code.1", "Dispatcher.md"],
];

/**
 * The characters of one CLI run's output, as the tool returns it.
 *
 * @param args The arguments after `mdsel`.
 * @param cwd Where it runs.
 * @param json Whether the server runs with `MDSEL_FORMAT=json` (it adds `--json`).
 * @returns Its standard output.
 */
export async function mdselOutput(
  args: readonly string[],
  cwd: string,
  json = false,
): Promise<string> {
  const [command, ...rest] = args;
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "-A",
      "--config",
      join(ROOT, "deno.json"),
      join(ROOT, "mdsel", "cli.ts"),
      command,
      ...(json ? ["--json"] : []),
      "--",
      ...rest,
    ],
    cwd,
    clearEnv: true,
    env: { PATH: Deno.env.get("PATH") ?? "" },
    stdin: "null",
  }).output();
  return new TextDecoder().decode(output.stdout);
}

/**
 * The guard's answer to a whole `Read` of a file, as the model receives it.
 *
 * @param path The file, absolute.
 * @param shownAs The path the `Read` names (the answer quotes it); `path` by default.
 * @returns The reason's text.
 */
export async function guardAnswer(path: string, shownAs = path): Promise<string> {
  const stdin = JSON.stringify({
    hook_event_name: "PreToolUse",
    tool_name: "Read",
    tool_input: { file_path: shownAs },
  });
  const { stdout } = await runHook(stdin, { hook: "guard", guardWords: 2000 }, {
    readChunks: () => readFileChunks(path),
    outline: (_shown, maxChars, deadline) => engineOutline(path, maxChars, deadline),
  });
  return JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason;
}

/** Where the README's example puts the file: a user's project. */
export const EXAMPLE_PATH = "/home/ada/project/Dispatcher.md";

/** The undici docs folder of the corpus: `Dispatcher.md` and `Util.md` are in it. */
export async function undiciApiDocs(): Promise<string> {
  const files = await ensureCorpus();
  const dispatcher = files.find((file) =>
    file.endsWith("/undici@8.12.4/docs/docs/api/Dispatcher.md")
  );
  if (dispatcher === undefined) {
    throw new Error("undici 8.12.4's Dispatcher.md is not in the corpus");
  }
  return join(dispatcher, "..");
}

/** What Claude Code's `Read` returns for each file, whole: characters of the tool result. */
async function readSizes(files: readonly string[]): Promise<number[]> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel-readme-" });
  try {
    const place = {
      bin: await ensureClaudeCode(),
      home: join(dir, "home"),
      cwd: join(dir, "project"),
      env: { PATH: "/usr/bin:/bin" },
    };
    await Deno.mkdir(place.home);
    await Deno.mkdir(place.cwd);
    const copies: string[] = [];
    for (const file of files) {
      const copy = join(place.cwd, basename(file));
      await Deno.copyFile(file, copy);
      copies.push(copy);
    }
    const model = startScriptedModel([
      ...copies.map((path, i) => [
        { type: "tool_use" as const, id: `read${i}`, name: "Read", input: { file_path: path } },
      ]),
      [{ type: "text", text: "Done." }],
    ], { countTokens: roughTokens });
    try {
      const run = await claude(place, ["-p", "Read them", "--output-format", "json"], {
        ANTHROPIC_API_KEY: "sk-scripted",
        ANTHROPIC_BASE_URL: model.url,
      });
      if (run.code !== 0) throw new Error(`claude -p failed: ${run.stderr}`);
      const results = toolResults(model.requests);
      return copies.map((_, i) => results.get(`read${i}`)!.text.length);
    } finally {
      await model.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const n = (value: number) => value.toLocaleString("en-US");

if (import.meta.main) {
  const docs = await undiciApiDocs();
  const dispatcher = join(docs, "Dispatcher.md");
  const extra = Deno.args.filter((arg) => !arg.startsWith("-"));
  const text = await Deno.readTextFile(dispatcher);
  const reads = await readSizes([dispatcher, ...extra]);
  console.log(
    `Claude Code ${CLAUDE_CODE_VERSION}, undici 8.12.4 Dispatcher.md: ${
      n(new TextEncoder().encode(text).length)
    } bytes, ${n(text.split("\n").length - 1)} lines, ${n(text.match(/\S+/g)!.length)} words\n`,
  );
  console.log("| step | text (default) | MDSEL_FORMAT=json |");
  console.log("| --- | ---: | ---: |");
  console.log(`| Read the file | ${n(reads[0])} | ${n(reads[0])} |`);
  const guard = await guardAnswer(dispatcher, EXAMPLE_PATH);
  console.log(`| the guard's answer to that Read | ${n(guard.length)} | ${n(guard.length)} |`);
  for (const call of EXAMPLE_CALLS) {
    const plain = await mdselOutput(call, docs);
    const json = await mdselOutput(call, docs, true);
    const name = call[0] === "index" ? "mdsel_index" : `mdsel_select \`${call[1]}\``;
    console.log(`| ${name} | ${n(plain.length)} | ${n(json.length)} |`);
  }
  const index = await mdselOutput(EXAMPLE_CALLS[0], docs);
  const headings = index.split("\n").filter((line) => /^ *h\d\.\d+ /.test(line));
  const sized = headings.filter((line) => / \[\d+ words/.test(line));
  console.log(`\nthe outline: ${headings.length} headings, ${sized.length} of them sized`);
  for (const [i, file] of extra.entries()) {
    const answer = await guardAnswer(await Deno.realPath(file));
    console.log(
      `${file}: a whole Read returns ${n(reads[i + 1])} characters; the guard answers with ${
        n(answer.length)
      }`,
    );
  }
}
