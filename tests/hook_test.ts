import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import * as hook from "../hook.ts";

const {
  DEFAULT_MIN_WORDS,
  REMINDER,
  exceedsWordLimit,
  isMarkdownPath,
  markdownReadPath,
  parseHookInput,
  parseMinWords,
  readFileChunks,
  reminderOutput,
  runHook,
} = hook;

const HOOK = fileURLToPath(new URL("../hook.ts", import.meta.url));
const FLAGS = ["--allow-read", "--allow-env=MDSEL_MIN_WORDS"];
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
    tool_input: { file_path: filePath, offset: 1, limit: 50 },
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
  options: { env?: Record<string, string>; flags?: string[] } = {},
): Promise<Outcome & { stderr: string }> {
  const env: Record<string, string> = {};
  // A clean environment, so an MDSEL_MIN_WORDS of the test runner's cannot leak in.
  for (const name of ["PATH", "HOME", "DENO_DIR", "XDG_CACHE_HOME", "SystemRoot", "USERPROFILE"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) env[name] = value;
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...(options.flags ?? FLAGS), HOOK],
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

Deno.test("the hook never prints a decision", () => {
  const output = JSON.parse(reminderOutput("PostToolUse"));
  assert.deepEqual(output, {
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: REMINDER },
  });
  assert.equal(reminderOutput("PostToolUse"), EXPECTED_REMINDER);
});

Deno.test("parseMinWords: whole numbers from 0, otherwise the default", () => {
  const table: [string | undefined, number][] = [
    [undefined, DEFAULT_MIN_WORDS],
    ["", 200],
    ["  ", 200],
    ["0", 0],
    ["350", 350],
    [" 42 ", 42],
    ["1e3", 1000],
    ["abc", 200],
    ["-1", 200],
    ["2.5", 200],
    ["NaN", 200],
    ["Infinity", 200],
    ["99999999999999999999", 200],
  ];
  for (const [raw, wanted] of table) assert.equal(parseMinWords(raw), wanted, String(raw));
});

Deno.test("isMarkdownPath: .md and .markdown in any case", () => {
  const yes = ["/a.md", "/a.MD", "/a.Md", "/b/c.markdown", "/c.MARKDOWN", "rel.md", "/.md"];
  const no = ["/a.mdx", "/a.md.txt", "/amd", "/a.mark", "/a.markdow", "/dir.md/file", ""];
  for (const path of yes) assert.equal(isMarkdownPath(path), true, path);
  for (const path of no) assert.equal(isMarkdownPath(path), false, path);
});

Deno.test("parseHookInput and markdownReadPath", () => {
  const parsed = parseHookInput(input("/x/a.md"));
  assert.equal(parsed.hookEventName, "PostToolUse");
  assert.equal(markdownReadPath(parsed), "/x/a.md");
  assert.equal(markdownReadPath({ ...parsed, toolName: "Write" }), undefined);
  assert.equal(markdownReadPath(parseHookInput(input("/x/a.ts"))), undefined);
  assert.throws(() => parseHookInput(""), SyntaxError);
  assert.throws(() => parseHookInput("null"), { name: "HookInputError", field: "" });
  assert.throws(() => parseHookInput(input("/a.md", { tool_name: 3 })), {
    name: "HookInputError",
    field: "tool_name",
  });
  assert.throws(() => markdownReadPath(parseHookInput(input(""))), {
    name: "HookInputError",
    field: "tool_input.file_path",
  });
});

Deno.test("exceedsWordLimit counts words split across any chunk boundary", async () => {
  const text = "  alpha beta\tgamma\u3000δέλτα\r\nepsilon\u00a0zeta  ";
  const bytes = new TextEncoder().encode(text);
  for (let cut = 0; cut <= bytes.length; cut++) {
    const chunks = [bytes.slice(0, cut), bytes.slice(cut)];
    assert.equal(await exceedsWordLimit(chunks, 5), true, `cut at ${cut}`);
    assert.equal(await exceedsWordLimit(chunks, 6), false, `cut at ${cut}`);
  }
  const oneByteChunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
  assert.equal(await exceedsWordLimit(oneByteChunks, 5), true);
  assert.equal(await exceedsWordLimit(oneByteChunks, 6), false);
});

Deno.test("exceedsWordLimit: empty input, whitespace only, a trailing broken character", async () => {
  assert.equal(await exceedsWordLimit([], 0), false);
  assert.equal(await exceedsWordLimit([new TextEncoder().encode(" \n\t ")], 0), false);
  // A cut-off UTF-8 sequence after a space is one more word.
  assert.equal(await exceedsWordLimit([Uint8Array.of(0x61, 0x20, 0xe3, 0x80)], 1), true);
  assert.equal(await exceedsWordLimit([Uint8Array.of(0x61, 0xe3, 0x80)], 1), false);
});

Deno.test("exceedsWordLimit stops reading once the limit is passed", async () => {
  let pulled = 0;
  function* chunks() {
    for (let i = 0; i < 1000; i++) {
      pulled++;
      yield new TextEncoder().encode("one two three ");
    }
  }
  assert.equal(await exceedsWordLimit(chunks(), 7), true);
  assert.equal(pulled, 3);
});

Deno.test("exceedsWordLimit rejects binary content", async () => {
  await assert.rejects(
    exceedsWordLimit([new TextEncoder().encode("a b"), Uint8Array.of(0x61, 0, 0x62)], 10),
    { name: "BinaryContentError" },
  );
});

Deno.test("readFileChunks reads a whole file and closes it when stopped early", async () => {
  const path = await Deno.makeTempFile({ suffix: ".md" });
  try {
    const content = new Uint8Array(200_000).map((_, i) => 97 + (i % 26));
    await Deno.writeFile(path, content);
    const sizes: number[] = [];
    for await (const chunk of readFileChunks(path, 65536)) sizes.push(chunk.length);
    assert.deepEqual(sizes, [65536, 65536, 65536, 200_000 - 3 * 65536]);
    // Deno's resource sanitizer fails this test if breaking out leaks the file handle.
    for await (const _ of readFileChunks(path, 1024)) break;
    await assert.rejects(async () => {
      for await (const _ of readFileChunks(`${path}.missing`)) break;
    }, Deno.errors.NotFound);
    const dir = await Deno.makeTempDir();
    try {
      await assert.rejects(async () => {
        for await (const _ of readFileChunks(dir)) break;
      }, TypeError);
    } finally {
      await Deno.remove(dir);
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("runHook decides without touching the disk when given a reader", async () => {
  const file = new TextEncoder().encode(words(10));
  let reads = 0;
  const reader = () => {
    reads++;
    return [file];
  };
  assert.equal((await runHook(input("/d.md"), 9, reader)).stdout, EXPECTED_REMINDER);
  assert.deepEqual(await runHook(input("/d.md"), 10, reader), { stdout: "", stderr: "" });
  assert.deepEqual(await runHook(input("/d.txt"), 0, reader), { stdout: "", stderr: "" });
  assert.equal(reads, 2);
  const failing = await runHook(input("/d.md"), 0, () => {
    throw new Deno.errors.PermissionDenied("Permission denied (os error 13)");
  });
  assert.deepEqual(failing, {
    stdout: "",
    stderr: 'mdsel hook: Cannot count words of "/d.md": Permission denied (os error 13)\n',
  });
});

Deno.test("the hook module's public API", () => {
  assert.deepEqual(Object.keys(hook).sort(), [
    "BinaryContentError",
    "CHUNK_SIZE",
    "DEFAULT_MIN_WORDS",
    "HookInputError",
    "REMINDER",
    "exceedsWordLimit",
    "isMarkdownPath",
    "main",
    "markdownReadPath",
    "parseHookInput",
    "parseMinWords",
    "readFileChunks",
    "readMinWords",
    "reminderOutput",
    "runHook",
  ]);
});
