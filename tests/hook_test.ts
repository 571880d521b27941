import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import * as hook from "../hook.ts";
import { remind, REMINDER } from "../hooks/reminder.ts";
import { corpusFilesOver } from "./_corpus.ts";

const { hookMode, runHook } = hook;

const HOOK = fileURLToPath(new URL("../hook.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../deno.json", import.meta.url));
const FLAGS = ["--allow-read", "--allow-env=MDSEL_MIN_WORDS"];
/** The guard's flags as the plugin runs it from a checkout. */
const GUARD_FLAGS = [
  "--allow-read",
  "--allow-env=MDSEL_GUARD_WORDS,CLAUDE_PLUGIN_OPTION_GUARD_WORDS",
  "--config",
  CONFIG,
];
const EXPECTED_REMINDER =
  '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"This is a Markdown file over the configured size threshold.\\nUse mdsel_index and mdsel_select instead of Read."}}\n';

/** `count` words separated by a mix of spaces, tabs and line endings. */
function words(count: number): string {
  const separators = [" ", "\n", "\t", "  ", "\r\n", " \n\n"];
  return Array.from({ length: count }, (_, i) => `w${i}`)
    .map((word, i) => word + separators[i % separators.length])
    .join("");
}

function input(
  filePath: unknown,
  fields: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    session_id: "s1",
    transcript_path: "/tmp/t.jsonl",
    cwd: "/tmp",
    hook_event_name: "PostToolUse",
    tool_name: "Read",
    tool_input: { file_path: filePath },
    tool_response: { type: "text", file: { filePath, content: "..." } },
    ...fields,
  });
}

interface Outcome {
  code: number;
  stdout: string;
  stderrLines: number;
}

async function runHookProcess(
  stdin: string,
  options: { env?: Record<string, string>; flags?: string[]; args?: string[] } = {},
): Promise<Outcome & { stderr: string }> {
  const env: Record<string, string> = {};
  // A clean environment, so an MDSEL_MIN_WORDS of the test runner's cannot leak in.
  for (const name of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME", "SystemRoot", "USERPROFILE"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...(options.flags ?? FLAGS), HOOK, ...(options.args ?? [])],
    env: { ...env, ...options.env },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  const err = new TextDecoder().decode(stderr);
  return {
    code,
    stdout: new TextDecoder().decode(stdout),
    stderr: err,
    stderrLines: err === "" ? 0 : err.trimEnd().split("\n").length,
  };
}

Deno.test("the hook as a subprocess: exact stdout and exit 0 in every case", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_hook_" });
  try {
    const file = (name: string, content: string | Uint8Array) => {
      const path = `${dir}/${name}`;
      if (typeof content === "string") Deno.writeTextFileSync(path, content);
      else Deno.writeFileSync(path, content);
      return path;
    };
    const over = file("over.md", words(201));
    const at = file("at.md", words(200));
    const under = file("under.md", words(199));
    const six = file("six.md", words(6));
    const upper = file("GUIDE.MD", words(201));
    const markdown = file("guide.markdown", words(201));
    const mixedCase = file("Guide.MarkDown", words(201));
    const text = file("notes.txt", words(500));
    const noExtension = file("md", words(500));
    const directory = `${dir}/folder.md`;
    Deno.mkdirSync(directory);
    const binary = new TextEncoder().encode(words(500));
    binary[10] = 0;
    const binaryFile = file("image.md", binary);
    // One giant token fills the first 64 KiB chunks; the remaining words
    // start in a later chunk, so only a reader that goes on finds them.
    const longFirst = file("long.md", "x".repeat(200_000) + " " + words(200));
    const longFirstAt = file("long_at.md", "x".repeat(200_000) + " " + words(199));
    // NBSP, ideographic space and line separator are whitespace too.
    const unicodeSpaces = file("unicode.md", Array(201).fill("語").join("\u00a0\u3000\u2028"));
    const withBom = file("bom.md", "\uFEFF" + words(200));

    const reminder = { code: 0, stdout: EXPECTED_REMINDER, stderrLines: 0 };
    const silent = { code: 0, stdout: "", stderrLines: 0 };
    const reported = { code: 0, stdout: "", stderrLines: 1 };
    const cases: [string, Promise<Outcome>, Outcome][] = [
      ["over the threshold", runHookProcess(input(over)), reminder],
      // A Read of some lines is what the guard advises: no reminder for it.
      [
        "over the threshold, with offset",
        runHookProcess(input(over, { tool_input: { file_path: over, offset: 1 } })),
        silent,
      ],
      [
        "over the threshold, with limit",
        runHookProcess(input(over, { tool_input: { file_path: over, limit: 50 } })),
        silent,
      ],
      [
        "over the threshold, with offset and limit",
        runHookProcess(input(over, { tool_input: { file_path: over, offset: 37, limit: 28 } })),
        silent,
      ],
      [
        "over the threshold, offset and limit null",
        runHookProcess(input(over, { tool_input: { file_path: over, offset: null, limit: null } })),
        reminder,
      ],
      ["at the threshold", runHookProcess(input(at)), silent],
      ["under the threshold", runHookProcess(input(under)), silent],
      [
        "custom MDSEL_MIN_WORDS, over it",
        runHookProcess(input(six), { env: { MDSEL_MIN_WORDS: "5" } }),
        reminder,
      ],
      [
        "custom MDSEL_MIN_WORDS, at it",
        runHookProcess(input(six), { env: { MDSEL_MIN_WORDS: "6" } }),
        silent,
      ],
      [
        "custom MDSEL_MIN_WORDS above the file's count",
        runHookProcess(input(over), { env: { MDSEL_MIN_WORDS: "1000" } }),
        silent,
      ],
      [
        "MDSEL_MIN_WORDS=0 fires for any word",
        runHookProcess(input(six), { env: { MDSEL_MIN_WORDS: "0" } }),
        reminder,
      ],
      [
        "non-number MDSEL_MIN_WORDS means 200 (over)",
        runHookProcess(input(over), { env: { MDSEL_MIN_WORDS: "many" } }),
        reminder,
      ],
      [
        "non-number MDSEL_MIN_WORDS means 200 (at)",
        runHookProcess(input(at), { env: { MDSEL_MIN_WORDS: "-3" } }),
        silent,
      ],
      [".MD", runHookProcess(input(upper)), reminder],
      [".markdown", runHookProcess(input(markdown)), reminder],
      [".MarkDown", runHookProcess(input(mixedCase)), reminder],
      ["a non-Markdown file", runHookProcess(input(text)), silent],
      ["a file named md without extension", runHookProcess(input(noExtension)), silent],
      ["another tool", runHookProcess(input(over, { tool_name: "Edit" })), silent],
      [
        "another tool without file_path",
        runHookProcess(input(undefined, { tool_name: "Bash", tool_input: { command: "ls" } })),
        silent,
      ],
      [
        "PreToolUse input",
        runHookProcess(input(over, { hook_event_name: "PreToolUse" })),
        { ...reminder, stdout: EXPECTED_REMINDER.replace("PostToolUse", "PreToolUse") },
      ],
      ["a missing file", runHookProcess(input(`${dir}/missing.md`)), reported],
      [
        "a missing file with a line break in its name",
        runHookProcess(input(`${dir}/two\nlines.md`)),
        reported,
      ],
      [
        "another event with a line break",
        runHookProcess(input(over, { hook_event_name: "A\nB" })),
        reported,
      ],
      ["a directory", runHookProcess(input(directory)), reported],
      ["a binary file", runHookProcess(input(binaryFile)), reported],
      ["empty stdin", runHookProcess(""), reported],
      ["invalid JSON", runHookProcess("{not json"), reported],
      ["JSON array", runHookProcess("[]"), reported],
      ["JSON string", runHookProcess('"Read"'), reported],
      ["no hook_event_name", runHookProcess(input(over, { hook_event_name: undefined })), reported],
      ["another event", runHookProcess(input(over, { hook_event_name: "Stop" })), reported],
      ["tool_input not an object", runHookProcess(input(over, { tool_input: "x.md" })), reported],
      ["Read without file_path", runHookProcess(input(over, { tool_input: {} })), reported],
      ["file_path a number", runHookProcess(input(42)), reported],
      [
        "no env permission: the default applies (over)",
        runHookProcess(input(over), { flags: ["--allow-read"], env: { MDSEL_MIN_WORDS: "5" } }),
        reminder,
      ],
      [
        "no env permission: the default applies (under)",
        runHookProcess(input(six), { flags: ["--allow-read"], env: { MDSEL_MIN_WORDS: "5" } }),
        silent,
      ],
      ["no read permission", runHookProcess(input(over), { flags: [] }), reported],
      ["words past the first chunks", runHookProcess(input(longFirst)), reminder],
      ["words past the first chunks, at", runHookProcess(input(longFirstAt)), silent],
      ["Unicode whitespace separates words", runHookProcess(input(unicodeSpaces)), reminder],
      ["a byte order mark is no word", runHookProcess(input(withBom)), silent],
    ];
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const [name, outcome, wanted] of cases) {
      const { code, stdout, stderrLines } = await outcome;
      actual[name] = { code, stdout, stderrLines };
      expected[name] = wanted;
    }
    assert.deepEqual(actual, expected);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the hook's stderr line says what went wrong", async () => {
  const missing = await runHookProcess(input("/no/such/dir/doc.md"));
  assert.match(missing.stderr, /^mdsel hook: Cannot count words of "\/no\/such\/dir\/doc\.md": /);
  const invalid = await runHookProcess("{");
  assert.equal(invalid.stderr, "mdsel hook: Hook input is not valid JSON\n");
  const shape = await runHookProcess(input(7));
  assert.equal(
    shape.stderr,
    'mdsel hook: Expected "tool_input.file_path" to be a non-empty string, got a number\n',
  );
});

Deno.test("the reminder never prints a decision", async () => {
  const read = {
    hookEventName: "PostToolUse",
    toolName: "Read",
    toolInput: { file_path: "/a.md" },
  };
  const stdout = await remind(read, 1, () => [new TextEncoder().encode("two words")]);
  assert.deepEqual(JSON.parse(stdout), {
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: REMINDER },
  });
  assert.equal(stdout, EXPECTED_REMINDER);
});

Deno.test("the guard as a subprocess: a deny for a whole Read of a big file, nothing otherwise, exit 0 always", async () => {
  const [{ path: big }] = (await corpusFilesOver(5000)).sort((a, b) => b.words - a.words);
  const dir = await Deno.makeTempDir({ prefix: "mdsel_guard_" });
  try {
    const small = `${dir}/small.md`;
    Deno.writeTextFileSync(small, words(2000));
    const justOver = `${dir}/over.md`;
    Deno.writeTextFileSync(justOver, `# Notes\n\n${words(1999)}`);
    const text = `${dir}/big.txt`;
    Deno.copyFileSync(big, text);
    const binary = new TextEncoder().encode(words(3000));
    binary[100] = 0;
    Deno.writeFileSync(`${dir}/binary.md`, binary);
    Deno.mkdirSync(`${dir}/folder.md`);
    const pre = (path: unknown, toolInput: Record<string, unknown> = {}) =>
      input(path, {
        hook_event_name: "PreToolUse",
        tool_input: { file_path: path, ...toolInput },
        tool_response: undefined,
      });
    const guardRun = (
      stdin: string,
      options: { env?: Record<string, string>; flags?: string[] } = {},
    ) => runHookProcess(stdin, { flags: GUARD_FLAGS, ...options, args: ["--guard"] });

    const denied = await guardRun(pre(big));
    assert.equal(denied.code, 0);
    assert.equal(denied.stderr, "");
    assert.ok(denied.stdout.endsWith("}\n") && denied.stdout.split("\n").length === 2);
    const output = JSON.parse(denied.stdout);
    assert.deepEqual(Object.keys(output.hookSpecificOutput), [
      "hookEventName",
      "permissionDecision",
      "permissionDecisionReason",
    ]);
    assert.equal(output.hookSpecificOutput.hookEventName, "PreToolUse");
    assert.equal(output.hookSpecificOutput.permissionDecision, "deny");
    const reason: string = output.hookSpecificOutput.permissionDecisionReason;
    assert.ok(reason.length <= 4000, `${reason.length}`);
    assert.match(
      reason,
      /^Not read: .* is a big Markdown file \([\d,]+ lines, [\d,]+ words, about [\d,]+ tokens\)\./,
    );
    assert.match(reason, /\n *h\d\.\d+ .* L\d+-\d+/);

    const deny = { code: 0, stdout: denied.stdout, stderrLines: 0 };
    const silent = { code: 0, stdout: "", stderrLines: 0 };
    const reported = { code: 0, stdout: "", stderrLines: 1 };
    const denies = (outcome: Outcome) => ({
      ...outcome,
      stdout: outcome.stdout.includes('"permissionDecision":"deny"') ? "deny" : outcome.stdout,
    });
    const cases: [string, Promise<Outcome>, Outcome][] = [
      ["big, whole", guardRun(pre(big)), deny],
      ["big, with offset", guardRun(pre(big, { offset: 1 })), silent],
      ["big, with limit", guardRun(pre(big, { limit: 100 })), silent],
      ["big, with offset and limit", guardRun(pre(big, { offset: 200, limit: 50 })), silent],
      ["2,000 words", guardRun(pre(small)), silent],
      ["2,001 words", guardRun(pre(justOver)), { ...silent, stdout: "deny" }],
      [
        "MDSEL_GUARD_WORDS above the file",
        guardRun(pre(justOver), { env: { MDSEL_GUARD_WORDS: "5000" } }),
        silent,
      ],
      [
        "MDSEL_GUARD_WORDS=0 turns it off",
        guardRun(pre(big), { env: { MDSEL_GUARD_WORDS: "0" } }),
        silent,
      ],
      [
        "MDSEL_GUARD_WORDS below the file",
        guardRun(pre(small), { env: { MDSEL_GUARD_WORDS: "1000" } }),
        { ...silent, stdout: "deny" },
      ],
      [
        "the plugin's option before MDSEL_GUARD_WORDS",
        guardRun(pre(small), {
          env: { CLAUDE_PLUGIN_OPTION_GUARD_WORDS: "1000", MDSEL_GUARD_WORDS: "5000" },
        }),
        { ...silent, stdout: "deny" },
      ],
      [
        "the plugin's option turns it off",
        guardRun(pre(big), { env: { CLAUDE_PLUGIN_OPTION_GUARD_WORDS: "0" } }),
        silent,
      ],
      [
        "no env permission: the default applies",
        guardRun(pre(small), {
          flags: ["--allow-read", "--config", CONFIG],
          env: { MDSEL_GUARD_WORDS: "10" },
        }),
        silent,
      ],
      ["not Markdown", guardRun(pre(text)), silent],
      [
        "another tool",
        guardRun(input(big, { hook_event_name: "PreToolUse", tool_name: "Edit" })),
        silent,
      ],
      ["after the read (PostToolUse)", guardRun(input(big)), silent],
      ["a missing file", guardRun(pre(`${dir}/missing.md`)), reported],
      ["a directory", guardRun(pre(`${dir}/folder.md`)), reported],
      ["a binary file", guardRun(pre(`${dir}/binary.md`)), reported],
      [
        "no read permission",
        guardRun(pre(big), { flags: ["--allow-env=MDSEL_GUARD_WORDS", "--config", CONFIG] }),
        reported,
      ],
      ["empty stdin", guardRun(""), reported],
      ["invalid JSON", guardRun("{not json"), reported],
      ["Read without file_path", guardRun(pre(undefined)), reported],
      ["another event", guardRun(input(big, { hook_event_name: "Stop" })), reported],
      [
        "an unknown argument",
        runHookProcess(pre(big), { flags: GUARD_FLAGS, args: ["--gaurd"] }),
        reported,
      ],
    ];
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const [name, outcome, wanted] of cases) {
      const { code, stdout, stderrLines } = await outcome;
      actual[name] = denies({ code, stdout, stderrLines });
      expected[name] = denies(wanted);
    }
    assert.deepEqual(actual, expected);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the reminder reads the plugin's option before MDSEL_MIN_WORDS", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_hook_" });
  try {
    const path = `${dir}/ten.md`;
    await Deno.writeTextFile(path, words(10));
    const flags = ["--allow-read", "--allow-env=MDSEL_MIN_WORDS,CLAUDE_PLUGIN_OPTION_MIN_WORDS"];
    const run = (env: Record<string, string>) => runHookProcess(input(path), { flags, env });
    assert.equal((await run({ CLAUDE_PLUGIN_OPTION_MIN_WORDS: "5" })).stdout, EXPECTED_REMINDER);
    assert.equal(
      (await run({ CLAUDE_PLUGIN_OPTION_MIN_WORDS: "50", MDSEL_MIN_WORDS: "5" })).stdout,
      "",
    );
    assert.equal((await run({ MDSEL_MIN_WORDS: "5" })).stdout, EXPECTED_REMINDER);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runHook decides without touching the disk when given a reader", async () => {
  const file = new TextEncoder().encode(words(10));
  let reads = 0;
  const readChunks = () => {
    reads++;
    return [file];
  };
  const reminder = (minWords: number) => ({ hook: "reminder", minWords }) as const;
  assert.equal(
    (await runHook(input("/d.md"), reminder(9), { readChunks })).stdout,
    EXPECTED_REMINDER,
  );
  assert.deepEqual(await runHook(input("/d.md"), reminder(10), { readChunks }), {
    stdout: "",
    stderr: "",
  });
  assert.deepEqual(await runHook(input("/d.txt"), reminder(0), { readChunks }), {
    stdout: "",
    stderr: "",
  });
  assert.equal(reads, 2);
  const failing = await runHook(input("/d.md"), reminder(0), {
    readChunks: () => {
      throw new Deno.errors.PermissionDenied("Permission denied (os error 13)");
    },
  });
  assert.deepEqual(failing, {
    stdout: "",
    stderr: 'mdsel hook: Cannot count words of "/d.md": Permission denied (os error 13)\n',
  });
  const pre = input("/d.md", { hook_event_name: "PreToolUse", tool_input: { file_path: "/d.md" } });
  const guarded = await runHook(pre, { hook: "guard", guardWords: 9 }, {
    readChunks,
    outline: () =>
      Promise.resolve({
        words: 10,
        text: "h1.0 D L1-1\n",
        headings: [{ selector: "h1.0", depth: 1, startLine: 1, endLine: 1 }],
      }),
  });
  assert.equal(JSON.parse(guarded.stdout).hookSpecificOutput.permissionDecision, "deny");
  const broken = await runHook(pre, { hook: "guard", guardWords: 9 }, {
    readChunks,
    outline: () => Promise.reject(new Error('Cannot outline "/d.md": !PROCESSING_ERROR')),
  });
  assert.deepEqual(broken, {
    stdout: "",
    stderr: 'mdsel hook: Cannot outline "/d.md": !PROCESSING_ERROR\n',
  });
});

Deno.test("hookMode: no argument is the reminder, --guard the guard, --warm the warm-up, anything else an error", () => {
  assert.equal(hookMode([]).hook, "reminder");
  assert.equal(hookMode(["--guard"]).hook, "guard");
  assert.deepEqual(hookMode(["--warm"]), { hook: "warm" });
  assert.throws(() => hookMode(["guard"]), {
    name: "TypeError",
    message: 'Unknown argument "guard": use --guard, --warm or nothing',
  });
  assert.throws(() => hookMode(["--guard", "--warm"]), {
    name: "TypeError",
    message: 'Unknown argument "--guard --warm": use --guard, --warm or nothing',
  });
});

Deno.test("the hook module's public API", () => {
  assert.deepEqual(Object.keys(hook).sort(), ["hookMode", "main", "runHook"]);
});
