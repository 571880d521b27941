// Fuzzing the bundled mdsel CLI: generated selectors (grammar-aware mutations,
// junk characters, very long ones), random and hostile file contents (NUL
// bytes, invalid UTF-8, deep nesting) and random command lines. Whatever comes
// in, the CLI exits 0, 1 or 2, never prints a stack trace, and with --json
// prints exactly one line holding a valid envelope (or, on a usage error,
// nothing on stdout). Most runs are in-process; a few dozen are real
// processes, checked against the in-process result.
//
// The seed is fixed so failures reproduce; set FC_SEED to explore others and
// FC_RUNS to change the number of in-process runs per property (default 300).
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { fc } from "../_fast_check.ts";
import { run, type RunResult } from "../../mdsel/cli.ts";
import { generateDocument, type Rng } from "./_generate.ts";

const SEED = Number(Deno.env.get("FC_SEED") ?? 20251122);
const RUNS = Number(Deno.env.get("FC_RUNS") ?? 300);
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = fileURLToPath(new URL("../../mdsel/cli.ts", import.meta.url));

const ERROR_TYPES = new Set([
  "FILE_NOT_FOUND",
  "PARSE_ERROR",
  "INVALID_SELECTOR",
  "SELECTOR_NOT_FOUND",
  "NAMESPACE_NOT_FOUND",
  "PROCESSING_ERROR",
]);
const STACK_TRACE =
  /^\s+at .*:\d+:\d+\)?$|Uncaught|Stack backtrace|panicked at|RangeError|TypeError/m;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

// ------------------------------------------------------------------- checks

/** What a command line asks for, as far as the output's shape goes. */
function intent(args: readonly string[]): { command?: string; json: boolean; help: boolean } {
  const cut = args.indexOf("--");
  const options = cut === -1 ? args : args.slice(0, cut);
  const positional = [
    ...options.filter((arg) => !arg.startsWith("-") || arg === "-"),
    ...(cut === -1 ? [] : args.slice(cut + 1)),
  ];
  return {
    command: positional[0],
    json: options.includes("--json"),
    help: options.includes("--help") || options.includes("-h"),
  };
}

/** Asserts the invariants every run must keep. */
function checkResult(args: readonly string[], result: RunResult): void {
  const shown = JSON.stringify(args).slice(0, 300);
  assert.ok([0, 1, 2].includes(result.code), `exit code ${result.code} for ${shown}`);
  assert.doesNotMatch(result.stdout, STACK_TRACE, `stack trace on stdout for ${shown}`);
  assert.doesNotMatch(result.stderr, STACK_TRACE, `stack trace on stderr for ${shown}`);
  if (result.code === 2) {
    assert.equal(result.stdout, "", `usage error prints nothing on stdout: ${shown}`);
    if (args.length > 0) {
      assert.match(result.stderr, /^error: [^\n]+\nRun 'mdsel --help' for usage\.\n$/, shown);
    }
    return;
  }
  const { command, json, help } = intent(args);
  if (!json || help || (command !== "index" && command !== "select")) return;
  checkEnvelope(result, command, shown);
}

function checkEnvelope(result: RunResult, command: string, shown: string): void {
  const { stdout } = result;
  assert.ok(stdout.endsWith("\n"), `one line: ${shown}`);
  assert.equal(stdout.indexOf("\n"), stdout.length - 1, `exactly one line: ${shown}`);
  const envelope = JSON.parse(stdout);
  assert.equal(typeof envelope, "object");
  assert.equal(typeof envelope.success, "boolean");
  assert.equal(envelope.success, result.code === 0, `success agrees with the exit code: ${shown}`);
  assert.equal(envelope.command, command);
  assert.match(envelope.timestamp, ISO);
  assert.equal(new Date(envelope.timestamp).toISOString(), envelope.timestamp);
  assert.ok("data" in envelope, "data is present");
  assert.ok(envelope.data === null || typeof envelope.data === "object");
  for (const error of envelope.errors ?? []) {
    assert.ok(ERROR_TYPES.has(error.type), `error type ${error.type}`);
    assert.equal(typeof error.code, "string");
    assert.equal(typeof error.message, "string");
    assert.notEqual(
      error.code,
      "INTERNAL_ERROR",
      `a crash was caught: ${error.message} (${shown})`,
    );
  }
  if (!envelope.success) {
    const problems = (envelope.errors?.length ?? 0) + (envelope.unresolved_selectors?.length ?? 0);
    assert.ok(problems > 0, `a failure says why: ${shown}`);
  }
  if (command === "select" && envelope.data !== null) {
    assert.ok(Array.isArray(envelope.data.matches));
    assert.ok(Array.isArray(envelope.data.unresolved));
    for (const match of envelope.data.matches) {
      assert.equal(typeof match.selector, "string");
      assert.equal(typeof match.content, "string");
      assert.ok(Number.isInteger(match.start_line) && match.start_line >= 1);
      assert.ok(match.end_line >= match.start_line);
    }
  }
  if (command === "index") {
    assert.ok(Array.isArray(envelope.data.documents));
    assert.equal(typeof envelope.data.summary.total_nodes, "number");
  }
}

// -------------------------------------------------------------- arbitraries

const TYPES = [
  "root",
  "section",
  "h1",
  "H2",
  "h3",
  "h6",
  "h0",
  "h7",
  "h99",
  "heading:h1",
  "heading:h4",
  "heading:h9",
  "heading:",
  "block:paragraph",
  "block:code",
  "block:table",
  "block:nope",
  "block:",
  "para",
  "paragraph",
  "code",
  "list",
  "table",
  "quote",
  "blockquote",
  "foo",
  "",
];
const INDEXES = [
  "",
  ".0",
  ".1",
  "[0]",
  "[2]",
  ".0-2",
  "[1,3-4]",
  ".0,2",
  "[ 0 , 1 ]",
  ".99999999999999999999",
  "[9007199254740993]",
  "[",
  "[0",
  ".",
  ".-1",
  "[2-1]",
  "[a]",
  "]",
  ".0.1",
];
const QUERIES = [
  "",
  "",
  "?full=true",
  "?page=2",
  "?page=1",
  "?head=3",
  "?tail=1",
  "?page=0",
  "?bogus=1",
  "?full=TRUE&page=1",
  "?",
  "?&",
  "?head=3&tail=2",
  "?page=2&page=3",
  "?full=yes",
  "? head = 2 ",
];
const NAMESPACES = ["", "", "doc::", "DOC::", "other::", "::", "a b::", "1x::", "doc ::", "ünï::"];
const JUNK = [
  "\0",
  "\u0001",
  "\n",
  "\r",
  "\t",
  " ",
  "\u00a0",
  "\u2028",
  "\ud800",
  "\udfff",
  "🦕",
  "é",
  "::",
  "/",
  "?",
  "&",
  "=",
  "[",
  "]",
  ".",
  ",",
  "-",
  ":",
  "h",
  "1",
  "9",
  "#",
  "*",
  "\\",
  '"',
  "'",
  "`",
  "{",
  "%00",
];

/** Selectors built from the grammar's pieces, valid or nearly so. */
const grammarSelector = fc.tuple(
  fc.constantFrom(...NAMESPACES),
  fc.array(
    fc.tuple(fc.constantFrom(...TYPES), fc.constantFrom(...INDEXES), fc.constantFrom("", " ")),
    { minLength: 1, maxLength: 5 },
  ),
  fc.constantFrom("/", "/", " / ", "//"),
  fc.constantFrom(...QUERIES),
).map(([namespace, segments, separator, query]) =>
  namespace + segments.map(([type, index, space]) => space + type + index).join(separator) + query
);

/** Selectors that follow the grammar, so resolution, paging and head/tail run. */
const validSelector = fc.tuple(
  fc.constantFrom("", "", "doc::", "DOC::"),
  fc.constantFrom("", "root/"),
  fc.array(
    fc.tuple(
      fc.constantFrom("h1", "h2", "h3", "section", "para", "code", "list", "table", "quote", "H2"),
      fc.constantFrom("", ".0", ".1", "[0]", "[0-1]", ".0,2", "[ 1 ]", ".5"),
    ),
    { minLength: 1, maxLength: 4 },
  ),
  fc.constantFrom(
    "",
    "",
    "?full=true",
    "?page=1",
    "?page=2",
    "?head=2",
    "?tail=3",
    "?head=1&page=2",
  ),
).map(([namespace, root, segments, query]) =>
  namespace + root + segments.map(([type, index]) => type + index).join("/") + query
);

/** A grammar selector with a few random edits: inserts, deletes, replacements. */
const mutatedSelector = fc.tuple(
  grammarSelector,
  fc.array(
    fc.tuple(
      fc.constantFrom("insert", "delete", "replace", "repeat"),
      fc.nat(),
      fc.constantFrom(...JUNK),
    ),
    { minLength: 1, maxLength: 4 },
  ),
).map(([selector, edits]) => {
  let text = selector;
  for (const [edit, at, junk] of edits) {
    const i = text.length === 0 ? 0 : at % text.length;
    if (edit === "insert") text = text.slice(0, i) + junk + text.slice(i);
    else if (edit === "delete") text = text.slice(0, i) + text.slice(i + 1);
    else if (edit === "replace") text = text.slice(0, i) + junk + text.slice(i + 1);
    else text = text.slice(0, i) + text.slice(i, i + 4).repeat(1 + (at % 50)) + text.slice(i);
  }
  return text;
});

/** Very long selectors: deep paths, long numbers, long junk. */
const longSelector = fc.tuple(
  fc.constantFrom("h1.0/", "quote/", "section[0]/", "[", "9", "a", "h2.0,", "/", "?page=1&"),
  fc.integer({ min: 200, max: 20000 }),
  fc.constantFrom("", "para.0", "]", "?full=true"),
).map(([piece, times, tail]) => piece.repeat(times) + tail);

const selector = fc.oneof(
  { weight: 4, arbitrary: validSelector },
  { weight: 4, arbitrary: grammarSelector },
  { weight: 4, arbitrary: mutatedSelector },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...JUNK), maxLength: 60 }) },
  { weight: 1, arbitrary: longSelector },
);

const encoder = new TextEncoder();

/** Bytes that mean something to Markdown or to UTF-8 decoding. */
const MARKDOWN_BYTES = [..."#>-*+`~|[]()<>!_=:\\ \t\r\n\n\n1.aZé"].flatMap((char) => [
  ...encoder.encode(char),
]).concat([0xff, 0xfe, 0xc3, 0x80, 0xe2, 0x82, 0xed, 0xa0, 0xf0, 0x9f, 0xc0, 0xaf]);

const INVALID_UTF8 = [[0xc3], [0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98], [
  0xf8,
  0x88,
  0x80,
  0x80,
  0x80,
]];

/** Markdown nested far beyond what parsers expect. */
const deepNesting = fc.tuple(
  fc.constantFrom("quote", "list", "indent", "brackets", "emphasis", "backticks", "html", "table"),
  fc.integer({ min: 50, max: 3000 }),
).map(([kind, n]) => {
  switch (kind) {
    case "quote":
      return "> ".repeat(n) + "# deep\n\n# after\n";
    case "list":
      return "- ".repeat(n) + "x\n\n# after\n";
    case "indent":
      return Array.from({ length: n }, (_, i) => " ".repeat(2 * i) + "- item\n").join("") +
        "\n# after\n";
    case "brackets":
      return "# t\n\n" + "[".repeat(n * 10) + "x" + "](".repeat(n) + "\n";
    case "emphasis":
      return "# t\n\n" + "*_".repeat(n * 5) + "x\n";
    case "backticks":
      return "# t\n\n" +
        Array.from({ length: n }, (_, i) => "`".repeat(i % 40 + 1) + " a ").join("");
    case "html":
      return "<div>\n".repeat(n) + "<!--\n# not\n";
    default:
      return "| a |\n|---|\n" + "| x |\n".repeat(n * 10) + "\n## after\n";
  }
}).map((text) => encoder.encode(text));

/** File contents: random bytes, Markdown-ish bytes, invalid UTF-8, deep nesting, generated documents. */
const fileBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 600 }) },
  {
    weight: 4,
    arbitrary: fc.array(fc.constantFrom(...MARKDOWN_BYTES), { maxLength: 1500 }).map((bytes) =>
      Uint8Array.from(bytes)
    ),
  },
  {
    weight: 4,
    arbitrary: fc.tuple(
      fc.gen(),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVALID_UTF8)), { maxLength: 4 }),
      fc.boolean(),
    ).map(([g, damage, nul]) => {
      const rng: Rng = { int: (min, max) => g(fc.integer, { min, max }) };
      let bytes = [...encoder.encode(generateDocument(rng).file)];
      for (const [at, insert] of damage) {
        const i = bytes.length === 0 ? 0 : at % bytes.length;
        bytes = [...bytes.slice(0, i), ...insert, ...bytes.slice(i)];
      }
      if (nul && damage.length > 2) bytes.splice(bytes.length >> 1, 0, 0);
      return Uint8Array.from(bytes);
    }),
  },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.constantFrom(new Uint8Array(), Uint8Array.of(0xef, 0xbb, 0xbf)) },
);

const ENV_VALUES = ["", "1", "3", "2000", "0", "-5", "abc", " 7 ", "1e3", "99999999999999999999"];
const envArb = fc.record({
  MDSEL_PAGE_WORDS: fc.constantFrom(...ENV_VALUES, undefined),
  MDSEL_INDEX_MAX_CHARS: fc.constantFrom(...ENV_VALUES, undefined),
});

// -------------------------------------------------------------------- tests

async function withDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_fuzz_" });
  try {
    return await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("fuzz: generated selectors on generated and hostile files", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/doc.md`;
    await fc.assert(
      fc.asyncProperty(
        selector,
        fileBytes,
        fc.constantFrom("--json", "text"),
        fc.boolean(),
        envArb,
        async (sel, bytes, mode, dashDash, env) => {
          await Deno.writeFile(path, bytes);
          const options = mode === "--json" ? ["--json"] : [];
          const args = dashDash
            ? ["select", ...options, "--", sel, path]
            : ["select", sel, path, ...options];
          checkResult(args, await run(args, { env }));
        },
      ),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 30_000 },
    );
  });
});

Deno.test("fuzz: index on random bytes, invalid UTF-8 and deep nesting", async () => {
  await withDir(async (dir) => {
    const path = `${dir}/doc.md`;
    await fc.assert(
      fc.asyncProperty(
        fileBytes,
        fc.constantFrom<string[]>(["--json"], ["--json", "--full"], [], ["--full"]),
        envArb,
        async (bytes, options, env) => {
          await Deno.writeFile(path, bytes);
          const args = ["index", ...options, path];
          const result = await run(args, { env });
          checkResult(args, result);
          // A NUL byte makes the file binary; anything else is read and indexed.
          const expectCode = bytes.includes(0) ? 1 : 0;
          assert.equal(result.code, expectCode, result.stdout.slice(0, 500));
          // Every heading selector the index prints resolves.
          if (options.includes("--json") && expectCode === 0) {
            const [doc] = JSON.parse(result.stdout).data.documents;
            for (const heading of doc.headings.slice(0, 5)) {
              const selected = await run(["select", "--json", heading.selector, path], { env });
              checkResult(["select", "--json", heading.selector, path], selected);
              assert.equal(selected.code, 0, heading.selector);
            }
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 30_000 },
    );
  });
});

const ARG_TOKENS = [
  "index",
  "select",
  "format",
  "bogus",
  "--json",
  "--full",
  "--example",
  "--help",
  "-h",
  "--version",
  "-V",
  "--",
  "-",
  "-x",
  "--bogus",
  "h1.0",
  "root",
  "FILE",
  "FILE",
  "MISSING",
  "DIR",
];

Deno.test("fuzz: random command lines", async () => {
  await withDir(async (dir) => {
    const file = `${dir}/a.md`;
    await Deno.writeTextFile(file, "# A\n\ntext\n\n## B\n\n```\ncode\n```\n");
    const substitute = (token: string) =>
      token === "FILE"
        ? file
        : token === "MISSING"
        ? `${dir}/missing.md`
        : token === "DIR"
        ? dir
        : token;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<string[]>([], [], ["index"], ["select"], ["select", "--json"], ["--json"]),
        fc.array(fc.oneof(fc.constantFrom(...ARG_TOKENS), selector), { maxLength: 7 }),
        async (start, tokens) => {
          const args = [...start, ...tokens].map(substitute);
          checkResult(args, await run(args, { env: {} }));
        },
      ),
      { seed: SEED, numRuns: RUNS * 2, interruptAfterTimeLimit: 30_000 },
    );
  });
});

// ------------------------------------------------------------- processes

/** Runs the CLI as a real process, as the MCP server and users run it. */
async function runProcess(args: string[]): Promise<RunResult> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--allow-read", CLI, ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    clearEnv: false,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/** Hides what legitimately differs between two runs: the timestamp. */
function normalize(text: string): string {
  return text.replace(/"timestamp":"[^"]*"/g, '"timestamp":"T"');
}

Deno.test("fuzz: real processes exit 0, 1 or 2 and print what the in-process run prints", async () => {
  await withDir(async (dir) => {
    // Process arguments cannot hold NUL or pass 128 KiB, and the OS turns lone
    // surrogates into U+FFFD.
    const safe = (text: string) =>
      text.slice(0, 30_000).replace(/\0/g, "?").replace(/[\ud800-\udfff]/g, (char, i, all) => {
        const code = char.charCodeAt(0);
        const paired = code < 0xdc00
          ? /[\udc00-\udfff]/.test(all[i + 1] ?? "")
          : /[\ud800-\udbff]/.test(all[i - 1] ?? "");
        return paired ? char : "?";
      });
    const cases: string[][] = [];
    const files = fc.sample(fileBytes, { seed: SEED, numRuns: 16 });
    const selectors = fc.sample(selector, { seed: SEED + 1, numRuns: 16 });
    for (const [i, bytes] of files.entries()) {
      const path = `${dir}/f${i}.md`;
      await Deno.writeFile(path, bytes);
      const sel = safe(selectors[i]);
      cases.push(
        i % 2 === 0 ? ["index", "--json", path] : ["index", path],
        i % 3 === 0 ? ["select", sel, path] : ["select", "--json", "--", sel, path],
      );
    }
    // Output far beyond a pipe's buffer must arrive whole.
    const big = `${dir}/big.md`;
    await Deno.writeTextFile(
      big,
      Array.from({ length: 20000 }, (_, i) => `## Heading ${i}\n\ntext ${i}\n`).join("\n"),
    );
    cases.push(
      ["index", "--json", "--full", big],
      ["select", "--json", "h2", big],
      ["select", "h1.0", `${dir}/missing.md`, big],
      ["select", "--json", "h1.0"],
      ["index"],
      ["bogus", "--json"],
      ["--json", "select", "--", "-x", `${dir}/f0.md`],
      [],
    );
    const results: [string[], RunResult, RunResult][] = [];
    const queue = [...cases];
    const worker = async () => {
      for (let args = queue.shift(); args !== undefined; args = queue.shift()) {
        results.push([args, await runProcess(args), await run(args, { env: {} })]);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    assert.equal(results.length, cases.length);
    assert.ok(results.length >= 40, `${results.length} processes`);
    for (const [args, process, inProcess] of results) {
      checkResult(args, process);
      const shown = JSON.stringify(args).slice(0, 200);
      assert.equal(process.code, inProcess.code, `exit code of ${shown}`);
      assert.equal(normalize(process.stdout), normalize(inProcess.stdout), `stdout of ${shown}`);
      assert.equal(process.stderr, inProcess.stderr, `stderr of ${shown}`);
    }
  });
});
