// End-to-end tests of the MCP server: the real server over stdio, driven by
// the SDK's Client, under the real permission flags, against the real bundled
// engine (fake `mdsel` scripts only where a fault is injected).
import assert from "node:assert/strict";
import { join } from "node:path";
import * as mainModule from "../main.ts";
import { examplesDir, mdsel } from "./mdsel/_cli.ts";
import { bundledMdsel } from "../tools/run_mdsel.ts";
import { mdselIndexConfig } from "../tools/mdsel_index.ts";
import { mdselSelectConfig } from "../tools/mdsel_select.ts";
import { DEFAULT_SETTINGS } from "../tools/settings.ts";
import {
  BASE_PATH,
  callText,
  INITIALIZE,
  installBundledMdsel,
  isRunning,
  pathWith,
  POSIX_ONLY,
  ROOT,
  SANDBOXED,
  spawnRaw,
  startServer,
  waitFor,
  withoutTimestamp,
  writeFakes,
} from "./_server.ts";

// The text-format descriptions, character for character: the spec's first paragraphs
// (server.md), then the selectors in the outline's short form first, the long form as an
// alias (#18), and the lines that teach folders, several selectors and search.
const INDEX_DESCRIPTION =
  'Index Markdown documents to discover available selectors. REQUIRED: Call this BEFORE mdsel_select when working with Markdown documents over 200 words. Do NOT use the Read tool for large Markdown files - use mdsel_index first to understand the document structure, then mdsel_select to retrieve specific sections.\n\nReturns: an outline with one line per heading: its selector (e.g. h2.1) and its text; sections of 500 words or more also show their size ("[1200 words]"), so you can see what a read will cost. On big documents deeper headings are folded ("+N subsections"): select that section to list them. Then the block counts.\n\nFiles may also be folders (their .md, .markdown and .mdx files, skipping what git ignores) or globs (docs/**/*.md); each document then starts with a line naming it. A folder too big to show whole answers with its tree (subfolders with sizes, then files as room allows); index a subfolder or a file to go deeper.\n\nSelectors:\n- h2.1 (second h2), h2.1/code.0 (its first code block), readme::h2.1 (in readme, of several files); long forms (readme::heading:h2[1]) work too\n- Types: h1-h6, section, para, code, list, table, quote, intro (before the first heading), root (whole file)';

const SELECT_DESCRIPTION =
  'Retrieve specific content from Markdown documents using selectors. REQUIRED: Call mdsel_index first to discover available selectors. Do NOT use the Read tool for large Markdown files.\n\nReturns: the exact Markdown source of the match, ready to quote or edit. A section too big for one page answers with its introduction and an outline of its subsections to choose from; long content comes in pages, each ending with the selector of the next.\n\nSelector Syntax:\n- h2.1 (second h2), h2.1/code.0 (its first code block), readme::h2.1 (in readme, of several files); long forms such as heading:h2[1]/block:code[0] work too\n- Then ?full=true, ?page=N, ?head=N or ?tail=N\n- Several at once, comma-separated: h2.1, h3.4/code.0\n- Or words, when unsure where: the question, then after its ? the docs\' likely words (API names, flags): how do I cancel a request? AbortController abort. Or fs.readFile, "exact phrase", a few words (readme::words: one file). Lists the best sections; a short or standout best comes whole\n- Types: h1-h6, section, para, code, list, table, quote, intro (before the first heading), root (whole file)\n\nUsage Pattern:\n1. mdsel_index to discover selectors\n2. mdsel_select with discovered selectors\n3. Drill down with child selectors as needed';

// Under MDSEL_FORMAT=json only the Returns paragraphs differ: each sentence names what the
// JSON carries.
const INDEX_DESCRIPTION_JSON = INDEX_DESCRIPTION.replace(
  /^Returns: .*$/m,
  "Returns: JSON with one entry per heading: its selector (e.g. readme::heading:h2[1]), its text, the words of its section (section_word_count) and its lines (start_line, end_line); then the counts of paragraphs, code blocks, lists, tables and blockquotes. When the index would pass its size budget, the deepest heading levels are left out (headings_omitted, max_depth): select a section to list its subsections (children_available).",
);

const SELECT_DESCRIPTION_JSON = SELECT_DESCRIPTION.replace(
  /^Returns: .*$/m,
  "Returns: JSON with each match's exact Markdown source (content), ready to quote or edit, and its direct children (children_available) with their selectors and word counts. A section too big for one page answers with its introduction and outline: true, its subsections listed in children_available to choose from; long content comes in pages, pagination.next giving the selector of the next.",
);

const ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const FILES_SCHEMA = (purpose: string) => ({
  type: "array",
  items: { type: "string", minLength: 1 },
  minItems: 1,
  description:
    `Array of absolute paths to Markdown documents to ${purpose}: files, folders or globs`,
});

Deno.test("the server module's public API", () => {
  assert.deepEqual(Object.keys(mainModule).sort(), [
    "SERVER_NAME",
    "main",
    "serverInstructions",
  ]);
});

Deno.test("tools/list: exactly the two tools, with the spec's names, titles, descriptions, schemas and annotations", async () => {
  await using server = await startServer(["-A"]);
  const { tools } = await server.client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name), ["mdsel_index", "mdsel_select"]);
  const [index, select] = tools;

  assert.equal(index.title, "Markdown Selector Index");
  assert.equal(index.description, INDEX_DESCRIPTION);
  assert.deepEqual(index.annotations, ANNOTATIONS);
  const { $schema: _a, ...indexSchema } = index.inputSchema as Record<string, unknown>;
  assert.deepEqual(indexSchema, {
    type: "object",
    properties: { files: FILES_SCHEMA("index") },
    required: ["files"],
  });

  assert.equal(select.title, "Markdown Selector Select");
  assert.equal(select.description, SELECT_DESCRIPTION);
  assert.deepEqual(select.annotations, ANNOTATIONS);
  const { $schema: _b, ...selectSchema } = select.inputSchema as Record<string, unknown>;
  assert.deepEqual(selectSchema, {
    type: "object",
    properties: {
      selector: {
        type: "string",
        minLength: 1,
        description:
          "Selector as the outline prints it (e.g. 'h2.1', 'h2.1/code.0', 'readme::h2.1?full=true'), several comma-separated, or words to search for",
      },
      files: FILES_SCHEMA("search"),
    },
    required: ["selector", "files"],
  });

  // No structured output: Claude Code would show the model only that.
  for (const tool of tools) assert.equal(tool.outputSchema, undefined);
  // No resources or prompts.
  const capabilities = server.client.getServerCapabilities() ?? {};
  assert.deepEqual(Object.keys(capabilities).filter((key) => key !== "tools"), []);
  assert.deepEqual(server.client.getServerVersion()?.name, "mdsel-claude");
});

Deno.test("descriptions and instructions teach the short form first, within the size they had (#18)", () => {
  // Their sizes before the short form came first: the long form's examples made room.
  const before = { index: [1205, 1322], select: [1283, 1391], instructions: [1256, 1102] };
  (["text", "json"] as const).forEach((format, i) => {
    const settings = { ...DEFAULT_SETTINGS, format };
    const index = mdselIndexConfig(settings).description;
    const select = mdselSelectConfig(settings).description;
    assert.ok(index.length <= before.index[i], `${format} index: ${index.length}`);
    assert.ok(select.length <= before.select[i], `${format} select: ${select.length}`);
    const instructions = mainModule.serverInstructions(200, format);
    assert.ok(instructions.length <= before.instructions[i], `${format}: ${instructions.length}`);
    for (const description of [index, select]) {
      assert.match(
        description,
        /^- h2\.1 \(second h2\), .*; long forms .*heading:h2\[1\].* work too$/m,
      );
      assert.doesNotMatch(description, /namespace::type\[index\]/);
    }
  });
});

/** What the instructions of each format must, and must not, talk about. */
const INSTRUCTIONS_TERMS = {
  text: {
    has: ["[1200 words]", "+K subsections", "[page 1 of 3, next: <selector>]", "?page=1"],
    // The text format carries none of these: a sentence using them would not be true.
    lacks: ["children_available", "pagination", "word_count", "JSON"],
  },
  json: {
    has: ["JSON", "section_word_count", "children_available", "word_count", "pagination.next"],
    lacks: ["[page", "words]", "subsections)", "outline of"],
  },
} as const;

/** Checks the instructions the server sent for one format. */
function assertInstructions(instructions: string, format: "text" | "json", minWords = 200): void {
  assert.ok(new TextEncoder().encode(instructions).length < 2048, "under 2 KB");
  assert.match(
    instructions,
    new RegExp(`^For Markdown files over ${minWords} words, do not use Read`),
  );
  assert.match(instructions, /1\. mdsel_index[\s\S]*2\. mdsel_select/);
  for (const term of INSTRUCTIONS_TERMS[format].has) assert.ok(instructions.includes(term), term);
  for (const term of INSTRUCTIONS_TERMS[format].lacks) {
    assert.ok(!instructions.includes(term), `${format} instructions mention ${term}`);
  }
  assert.equal(instructions, mainModule.serverInstructions(minWords, format));
}

Deno.test("the default format is text: the spec's descriptions; instructions in the outline's terms", async () => {
  await using server = await startServer(["-A"]);
  const { tools } = await server.client.listTools();
  assert.deepEqual(tools.map((tool) => tool.description), [INDEX_DESCRIPTION, SELECT_DESCRIPTION]);
  assertInstructions(server.client.getInstructions() ?? "", "text");
  assert.deepEqual(server.stderr().split("\n").filter((line) => line.includes("mdsel-claude")), []);
});

Deno.test("MDSEL_FORMAT=json: descriptions and instructions name what the JSON carries", async () => {
  await using server = await startServer(["-A"], { MDSEL_FORMAT: "json" });
  const { tools } = await server.client.listTools();
  assert.deepEqual(tools.map((tool) => tool.description), [
    INDEX_DESCRIPTION_JSON,
    SELECT_DESCRIPTION_JSON,
  ]);
  assertInstructions(server.client.getInstructions() ?? "", "json");
  // The rest of the listing does not depend on the format.
  await using textServer = await startServer(["-A"]);
  const textTools = (await textServer.client.listTools()).tools;
  const withoutDescriptions = (list: typeof tools) =>
    list.map(({ description: _, ...rest }) => rest);
  assert.deepEqual(withoutDescriptions(tools), withoutDescriptions(textTools));
});

Deno.test(
  "MDSEL_FORMAT=bogus: text, with one stderr line; json adds --json to both tools",
  POSIX_ONLY,
  async () => {
    const log = await Deno.makeTempFile();
    const fakes = await writeFakes({ mdsel: `echo "$@" >> '${log}'\necho ok` });
    const calls = async (env: Record<string, string>) => {
      await using server = await startServer(["-A"], { MDSEL_BIN: fakes.path("mdsel"), ...env });
      await Deno.writeTextFile(log, "");
      await callText(server.client, "mdsel_index", { files: ["/a.md"] });
      await callText(server.client, "mdsel_select", { selector: "h1.0", files: ["/a.md"] });
      const { tools } = await server.client.listTools();
      return {
        args: await Deno.readTextFile(log),
        descriptions: tools.map((tool) => tool.description),
        instructions: server.client.getInstructions(),
        stderr: server.stderr().split("\n").filter((line) => line.includes("MDSEL_FORMAT")),
      };
    };
    const textArgs = "index -- /a.md\nselect -- h1.0 /a.md\n";
    assert.deepEqual(await calls({ MDSEL_FORMAT: "bogus" }), {
      args: textArgs,
      descriptions: [INDEX_DESCRIPTION, SELECT_DESCRIPTION],
      instructions: mainModule.serverInstructions(200, "text"),
      stderr: ["mdsel-claude: ignoring MDSEL_FORMAT='bogus' (use text or json); using text"],
    });
    assert.equal((await calls({})).args, textArgs);
    assert.equal(
      (await calls({ MDSEL_FORMAT: "json" })).args,
      "index --json -- /a.md\nselect --json -- h1.0 /a.md\n",
    );
    await Deno.remove(fakes.dir, { recursive: true });
    await Deno.remove(log);
  },
);

Deno.test("MDSEL_MIN_WORDS shapes the descriptions and the instructions; a non-number means 200, with one stderr line", async () => {
  {
    await using server = await startServer(["-A"], { MDSEL_MIN_WORDS: "750" });
    const { tools } = await server.client.listTools();
    assert.equal(
      tools[0].description,
      INDEX_DESCRIPTION.replace("over 200 words", "over 750 words"),
    );
    assertInstructions(server.client.getInstructions() ?? "", "text", 750);
    assert.equal(server.stderr().match(/MDSEL_MIN_WORDS/g), null);
  }
  {
    await using server = await startServer(["-A"], { MDSEL_MIN_WORDS: "lots" });
    const { tools } = await server.client.listTools();
    assert.equal(tools[0].description, INDEX_DESCRIPTION);
    const lines = server.stderr().split("\n").filter((line) => line.includes("MDSEL_MIN_WORDS"));
    assert.deepEqual(lines, [
      "mdsel-claude: ignoring MDSEL_MIN_WORDS='lots' (not a whole number); using 200",
    ]);
  }
});

/** The calls compared against a direct run of the bundled CLI. */
const VERBATIM_CASES: {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  cli: string[];
}[] = [
  { name: "index one file", tool: "mdsel_index", args: { files: ["readme.md"] }, cli: ["index"] },
  {
    name: "index two files",
    tool: "mdsel_index",
    args: { files: ["readme.md", "guide.md"] },
    cli: ["index"],
  },
  {
    name: "select a section",
    tool: "mdsel_select",
    args: { selector: "h2.0", files: ["readme.md"] },
    cli: ["select"],
  },
  {
    name: "select with fan-out",
    tool: "mdsel_select",
    args: { selector: "h2/code.0", files: ["readme.md", "guide.md"] },
    cli: ["select"],
  },
  {
    name: "an unresolved selector",
    tool: "mdsel_select",
    args: { selector: "h2.5", files: ["readme.md"] },
    cli: ["select"],
  },
  {
    name: "an invalid selector",
    tool: "mdsel_select",
    args: { selector: "foo[0]", files: ["readme.md"] },
    cli: ["select"],
  },
  {
    name: "an unknown namespace",
    tool: "mdsel_select",
    args: { selector: "gude::h2.0", files: ["readme.md", "guide.md"] },
    cli: ["select"],
  },
  // A missing Markdown file and a folder pass the server's boundaries: mdsel answers them.
  {
    name: "a missing file",
    tool: "mdsel_index",
    args: { files: ["readme.md", "missing.md"] },
    cli: ["index"],
  },
  {
    name: "a directory",
    tool: "mdsel_select",
    args: { selector: "h1.0", files: ["."] },
    cli: ["select"],
  },
];

/**
 * Runs every verbatim case through a server and directly, and compares: text
 * byte for byte; JSON without its timestamp.
 */
async function assertVerbatim(
  server: Awaited<ReturnType<typeof startServer>>,
  format: "text" | "json",
): Promise<void> {
  const dir = examplesDir();
  for (const testCase of VERBATIM_CASES) {
    const args = structuredClone(testCase.args) as { selector?: string; files: string[] };
    args.files = args.files.map((file) => join(dir, file));
    const result = await callText(server.client, testCase.tool, args);
    const cliArgs = [
      ...testCase.cli,
      ...(format === "json" ? ["--json"] : []),
      "--",
      ...(args.selector === undefined ? [] : [args.selector]),
      ...args.files,
    ];
    const direct = await mdsel(cliArgs, { cwd: dir });
    const name = `${testCase.name} (${format})`;
    assert.equal(result.isError, direct.code !== 0, `${name}: isError`);
    if (format === "text") {
      assert.equal(result.text, direct.stdout, `${name}: the tool result is what mdsel printed`);
      continue;
    }
    assert.deepEqual(
      withoutTimestamp(result.text),
      withoutTimestamp(direct.stdout),
      `${name}: the tool result is what mdsel printed`,
    );
    assert.ok(result.text.endsWith("}\n"), `${name}: output kept as printed`);
  }
}

Deno.test(
  "-A with no mdsel on PATH: the bundled engine answers, verbatim, in both formats",
  POSIX_ONLY,
  async () => {
    const which = await new Deno.Command("/bin/sh", {
      args: ["-c", "command -v mdsel"],
      env: { PATH: BASE_PATH },
      clearEnv: true,
    }).output();
    assert.equal(which.success, false, "mdsel must not be on the test PATH");
    {
      await using server = await startServer(["-A"]);
      await assertVerbatim(server, "text");
    }
    {
      await using server = await startServer(["-A"], { MDSEL_FORMAT: "json" });
      await assertVerbatim(server, "json");
    }
  },
);

Deno.test("sandboxed (--allow-run=mdsel --allow-read) with the bundled CLI installed as mdsel: verbatim", async () => {
  const bin = await installBundledMdsel();
  try {
    const env = { PATH: pathWith(bin) };
    {
      await using server = await startServer(SANDBOXED, env);
      await assertVerbatim(server, "text");
    }
    {
      await using server = await startServer([...SANDBOXED, "--allow-env=MDSEL_FORMAT"], {
        ...env,
        MDSEL_FORMAT: "json",
      });
      await assertVerbatim(server, "json");
    }
  } finally {
    await Deno.remove(join(bin, ".."), { recursive: true });
  }
});

Deno.test("the engine's settings in the server's env reach the bundled engine", async () => {
  const dir = examplesDir();
  const args = { selector: "h2.0", files: [join(dir, "readme.md")] };
  const cli = ["select", "--", args.selector, ...args.files];
  const env = { MDSEL_PAGE_WORDS: "5" };
  await using server = await startServer(["-A"], env);
  const result = await callText(server.client, "mdsel_select", args);
  const paged = await mdsel(cli, { cwd: dir, env });
  assert.notEqual(paged.stdout, (await mdsel(cli, { cwd: dir })).stdout, "the setting matters");
  assert.deepEqual(result, { isError: paged.code !== 0, text: paged.stdout });
});

Deno.test("sandboxed with no mdsel on PATH: a clear message naming the fix", async () => {
  await using server = await startServer(SANDBOXED);
  const result = await callText(server.client, "mdsel_index", {
    files: [join(examplesDir(), "readme.md")],
  });
  assert.deepEqual(result, {
    isError: true,
    text:
      // Run from a checkout, the remedy installs the checkout's CLI.
      `Cannot find the mdsel CLI: install it (deno install -g -n mdsel --allow-read --config ${
        join(ROOT, "deno.json")
      } ${
        join(ROOT, "mdsel", "cli.ts")
      }) on the server's PATH, or set MDSEL_BIN (or run the server with -A to use the bundled one)`,
  });
});

Deno.test(
  "invalid arguments are refused with a reason, and mdsel never runs",
  POSIX_ONLY,
  async () => {
    const log = await Deno.makeTempFile();
    const fakes = await writeFakes({ mdsel: `echo "$@" >> '${log}'\necho '{}'` });
    await using server = await startServer(["-A"], { MDSEL_BIN: fakes.path("mdsel") });
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["mdsel_select", { selector: "", files: ["/a.md"] }, /must not be empty at selector$/],
      ["mdsel_select", { selector: "h1", files: [] }, /must name at least one file at files$/],
      ["mdsel_select", { files: ["/a.md"] }, /must be a string at selector$/],
      ["mdsel_select", { selector: 5, files: ["/a.md"] }, /must be a string at selector$/],
      [
        "mdsel_select",
        { selector: "h1", files: "/a.md" },
        /must be an array of file paths at files$/,
      ],
      ["mdsel_index", { files: [] }, /must name at least one file at files$/],
      ["mdsel_index", { files: [""] }, /must not be empty at files\[0\]$/],
      ["mdsel_index", { files: [7] }, /must be a string at files\[0\]$/],
      ["mdsel_index", {}, /must be an array of file paths at files$/],
      // What the operating system cannot pass: a NUL, an argument or a list too long.
      ["mdsel_select", { selector: "h1\0", files: ["/a.md"] }, /must not hold a NUL character/],
      [
        "mdsel_select",
        { selector: "h1.0/".repeat(28_000), files: ["/a.md"] },
        /must be at most 10,000 characters \(it has 140,000\) at selector$/,
      ],
      ["mdsel_index", { files: ["/a\0.md"] }, /must not hold a NUL character at files\[0\]$/],
      [
        "mdsel_index",
        { files: ["/" + "a".repeat(5000) + ".md"] },
        /must be at most 4,096 characters \(it has 5,004\) at files\[0\]$/,
      ],
      [
        "mdsel_index",
        { files: Array.from({ length: 400 }, (_, i) => `/${"d".repeat(4000)}/${i}.md`) },
        /must hold at most 1,048,576 characters of paths in all .*name a folder or a glob instead at files$/,
      ],
    ];
    for (const [tool, args, reason] of cases) {
      const result = await callText(server.client, tool, args);
      assert.equal(result.isError, true, JSON.stringify(args));
      assert.match(result.text, reason);
      assert.ok(
        !result.text.includes("\n"),
        `one line for ${JSON.stringify(args)}: ${result.text}`,
      );
    }
    // A well-formed call does run it, so the log would have caught the others.
    assert.deepEqual(await callText(server.client, "mdsel_index", { files: ["/a.md"] }), {
      isError: false,
      text: "{}\n",
    });
    assert.equal(await Deno.readTextFile(log), "index -- /a.md\n");
    await Deno.remove(fakes.dir, { recursive: true });
    await Deno.remove(log);
  },
);

Deno.test(
  "boundaries: a path beyond --allow-read, or not Markdown, is refused in one line, and mdsel never runs",
  POSIX_ONLY,
  async () => {
    const dir = await Deno.makeTempDir({ prefix: "mdsel-allowed-" });
    await Deno.writeTextFile(join(dir, "a.md"), "# A\n");
    await Deno.writeTextFile(join(dir, "notes.txt"), "notes\n");
    await Deno.mkdir(join(dir, "folder"));
    const log = await Deno.makeTempFile();
    const fakes = await writeFakes({ mdsel: `echo "$@" >> '${log}'\necho ran` });
    const outside = join(examplesDir(), "readme.md");
    const refusals: [string, Record<string, unknown>, string][] = [
      [
        "mdsel_index",
        { files: [join(dir, "a.md"), outside] },
        `Not allowed to read ${outside}: the server was started without read access to it (--allow-read)`,
      ],
      [
        "mdsel_select",
        { selector: "h1.0", files: [outside] },
        `Not allowed to read ${outside}: the server was started without read access to it (--allow-read)`,
      ],
      [
        "mdsel_index",
        { files: [join(dir, "notes.txt")] },
        `Not a Markdown file: ${
          join(dir, "notes.txt")
        } (the tools read .md, .markdown and .mdx files; set MDSEL_ALLOW_ANY_FILE=1 and start the server with --allow-env=MDSEL_ALLOW_ANY_FILE to allow any file)`,
      ],
      [
        "mdsel_select",
        { selector: "h1.0", files: [join(dir, "a.md"), join(dir, "notes.txt")] },
        `Not a Markdown file: ${
          join(dir, "notes.txt")
        } (the tools read .md, .markdown and .mdx files; set MDSEL_ALLOW_ANY_FILE=1 and start the server with --allow-env=MDSEL_ALLOW_ANY_FILE to allow any file)`,
      ],
    ];
    {
      await using server = await startServer(["--allow-run=mdsel", `--allow-read=${dir}`], {
        PATH: pathWith(fakes.dir),
      });
      for (const [tool, args, text] of refusals) {
        assert.deepEqual(await callText(server.client, tool, args), { isError: true, text });
      }
      assert.equal(await Deno.readTextFile(log), "", "mdsel never ran");
      // Inside the boundary: a Markdown file, a missing one (mdsel reports it), a folder.
      const passes = [join(dir, "a.md"), join(dir, "missing.md"), join(dir, "folder"), dir];
      for (const file of passes) {
        assert.deepEqual(await callText(server.client, "mdsel_index", { files: [file] }), {
          isError: false,
          text: "ran\n",
        });
      }
      assert.equal(
        await Deno.readTextFile(log),
        passes.map((file) => `index -- ${file}\n`).join(""),
      );
    }
    {
      // MDSEL_ALLOW_ANY_FILE=1 lifts the extension check, not the read permission.
      await Deno.writeTextFile(log, "");
      await using server = await startServer(
        ["--allow-run=mdsel", `--allow-read=${dir}`, "--allow-env=MDSEL_ALLOW_ANY_FILE"],
        { PATH: pathWith(fakes.dir), MDSEL_ALLOW_ANY_FILE: "1" },
      );
      const file = join(dir, "notes.txt");
      assert.deepEqual(
        await callText(server.client, "mdsel_select", { selector: "h1", files: [file] }),
        {
          isError: false,
          text: "ran\n",
        },
      );
      assert.deepEqual(await callText(server.client, "mdsel_index", { files: [outside] }), {
        isError: true,
        text: refusals[0][2],
      });
      assert.equal(await Deno.readTextFile(log), `select -- h1 ${file}\n`);
    }
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(fakes.dir, { recursive: true });
    await Deno.remove(log);
  },
);

Deno.test(
  "selectors and file names starting with '-' are never taken for options",
  POSIX_ONLY,
  async () => {
    const dir = await Deno.makeTempDir();
    await Deno.writeTextFile(join(dir, "-notes.md"), "# Notes\n\n## --help\n\nbody\n");
    const fakes = await writeFakes({ mdsel: `printf '%s\\n' "$@"` });
    {
      await using server = await startServer(["-A"], { MDSEL_BIN: fakes.path("mdsel") });
      const result = await callText(server.client, "mdsel_select", {
        selector: "--full",
        files: ["-x.md", "--json.md"],
      });
      assert.deepEqual(result, {
        isError: false,
        text: "select\n--\n--full\n-x.md\n--json.md\n",
      });
    }
    {
      // The real engine, on a real file whose name starts with '-'.
      await using server = await startServer(["-A"], { PATH: BASE_PATH, MDSEL_FORMAT: "json" });
      const result = await callText(server.client, "mdsel_select", {
        selector: "h2.0",
        files: [join(dir, "-notes.md")],
      });
      assert.equal(result.isError, false);
      assert.equal(JSON.parse(result.text).data.matches[0].content, "## --help\n\nbody");
    }
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(fakes.dir, { recursive: true });
  },
);

Deno.test(
  "faults of mdsel: timeout, flood, signal, stderr only, silent failure, not executable, missing binary",
  POSIX_ONLY,
  async () => {
    const pidFile = await Deno.makeTempFile();
    const fakes = await writeFakes({
      hang: `echo $$ > '${pidFile}'\nexec sleep 600`,
      flood: `exec yes 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'`,
      segv: `kill -SEGV $$`,
      stderr: `echo 'mdsel: something broke' >&2\nexit 3`,
      silent: `exit 4`,
    });
    const file = { files: ["/a.md"] };
    const run = async (bin: string, env: Record<string, string> = {}) => {
      await using server = await startServer(["-A"], { MDSEL_BIN: bin, ...env });
      return await callText(server.client, "mdsel_index", file);
    };

    // The fake hangs 600 s: the answer naming the timeout shows the call did not wait for it.
    assert.deepEqual(await run(fakes.path("hang"), { MDSEL_TIMEOUT_MS: "500" }), {
      isError: true,
      text: "mdsel timed out after 0.5 s",
    });
    const pid = Number(await Deno.readTextFile(pidFile));
    await waitFor(() => !isRunning(pid), "the hung mdsel to be gone");

    assert.deepEqual(await run(fakes.path("flood"), { MDSEL_MAX_OUTPUT_BYTES: "65536" }), {
      isError: true,
      text: "mdsel output exceeded 64 KiB",
    });
    assert.deepEqual(await run(fakes.path("segv")), {
      isError: true,
      text: "mdsel was killed by signal SIGSEGV",
    });
    assert.deepEqual(await run(fakes.path("stderr")), {
      isError: true,
      text: "mdsel: something broke\n",
    });
    assert.deepEqual(await run(fakes.path("silent")), {
      isError: true,
      text: "mdsel exited with code 4",
    });
    await Deno.chmod(fakes.path("silent"), 0o644);
    assert.deepEqual(await run(fakes.path("silent")), {
      isError: true,
      text: `Cannot run ${fakes.path("silent")}: permission denied (is it an executable file?)`,
    });
    const missing = join(fakes.dir, "no-such-mdsel");
    assert.deepEqual(await run(missing), {
      isError: true,
      text: `Cannot find the mdsel CLI at MDSEL_BIN='${missing}': fix MDSEL_BIN or unset it`,
    });
    await Deno.remove(fakes.dir, { recursive: true });
    await Deno.remove(pidFile);
  },
);

Deno.test(
  "sandboxed (--allow-run=mdsel), where Deno refuses a group kill: a timeout still kills mdsel itself",
  POSIX_ONLY,
  async () => {
    const pidFile = await Deno.makeTempFile();
    const fakes = await writeFakes({ mdsel: `echo $$ > '${pidFile}'\nexec sleep 600` });
    await using server = await startServer(
      ["--allow-run=mdsel", "--allow-read", "--allow-env=MDSEL_TIMEOUT_MS"],
      { PATH: pathWith(fakes.dir), MDSEL_TIMEOUT_MS: "500" },
    );
    assert.deepEqual(await callText(server.client, "mdsel_index", { files: ["/a.md"] }), {
      isError: true,
      text: "mdsel timed out after 0.5 s",
    });
    const pid = Number(await Deno.readTextFile(pidFile));
    await waitFor(() => !isRunning(pid), "the timed-out mdsel to be killed");
    await Deno.remove(fakes.dir, { recursive: true });
    await Deno.remove(pidFile);
  },
);

Deno.test(
  "sandboxed: MDSEL_BIN outside --allow-run is refused with the missing flag",
  POSIX_ONLY,
  async () => {
    const fakes = await writeFakes({ other: "echo '{}'" });
    await using server = await startServer([...SANDBOXED, "--allow-env"], {
      MDSEL_BIN: fakes.path("other"),
    });
    const result = await callText(server.client, "mdsel_index", { files: ["/a.md"] });
    assert.deepEqual(result, {
      isError: true,
      text: `Not allowed to run ${fakes.path("other")}: start the server with --allow-run=${
        fakes.path("other")
      } (or -A)`,
    });
    await Deno.remove(fakes.dir, { recursive: true });
  },
);

Deno.test("twenty concurrent calls all get their own right answers", async () => {
  const dir = await Deno.makeTempDir();
  const file = join(dir, "many.md");
  const sections = Array.from({ length: 20 }, (_, i) => `## Part ${i}\n\nBody of part ${i}.\n`);
  await Deno.writeTextFile(file, `# Many\n\n${sections.join("\n")}`);
  await using server = await startServer(["-A"], { MDSEL_FORMAT: "json" });
  const results = await Promise.all(
    sections.map((_, i) =>
      callText(server.client, "mdsel_select", { selector: `h2.${i}`, files: [file] })
    ),
  );
  results.forEach((result, i) => {
    assert.equal(result.isError, false);
    const [match] = JSON.parse(result.text).data.matches;
    assert.equal(match.selector, `many::heading:h2[${i}]`);
    assert.equal(match.content, `## Part ${i}\n\nBody of part ${i}.`);
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a cancelled call kills its mdsel", POSIX_ONLY, async () => {
  const pidFile = await Deno.makeTempFile();
  const fakes = await writeFakes({ hang: `echo $$ > '${pidFile}'\nexec sleep 600` });
  await using server = await startServer(["-A"], { MDSEL_BIN: fakes.path("hang") });
  const controller = new AbortController();
  const call = server.client.callTool(
    { name: "mdsel_index", arguments: { files: ["/a.md"] } },
    undefined,
    {
      signal: controller.signal,
    },
  );
  await waitFor(async () => (await Deno.readTextFile(pidFile)) !== "", "the fake to start");
  const pid = Number(await Deno.readTextFile(pidFile));
  controller.abort();
  await assert.rejects(call);
  await waitFor(() => !isRunning(pid), "the cancelled mdsel to be killed");
  await Deno.remove(fakes.dir, { recursive: true });
  await Deno.remove(pidFile);
});

Deno.test("stdout carries only JSON-RPC; a malformed line does not stop the server; closing stdin ends it within 2 s", async () => {
  const server = spawnRaw(["-A"]);
  await server.send('this is not json\n{"jsonrpc":"2.0","oops":true}\n');
  await server.send(INITIALIZE + "\n");
  const init = await server.response(1);
  assert.ok(init.result, JSON.stringify(init));
  await server.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
  await server.send(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "mdsel_index", arguments: { files: [join(examplesDir(), "readme.md")] } },
    }) + "\n",
  );
  const call = await server.response(2) as {
    result: { content: { text: string }[]; isError?: boolean };
  };
  assert.equal(call.result.isError, undefined);
  assert.match(call.result.content[0].text, /Project Title/);

  await server.closeStdin();
  // It exits once stdin closes, with nothing else to end it (a server that stayed would hang
  // the test: no measure of time, which a loaded machine would stretch).
  const status = await server.child.status;
  assert.equal(status.code, 0);
  await server.stdoutDone;
  for (const line of server.lines) assert.equal(JSON.parse(line).jsonrpc, "2.0", line);
  assert.match(await server.stderrText, /JSON|Unexpected|parse/i);
});

for (const signal of ["SIGTERM", "SIGHUP"] as const) {
  Deno.test(`${signal} ends the server and the mdsel it is running`, POSIX_ONLY, async () => {
    const pidFile = await Deno.makeTempFile();
    const fakes = await writeFakes({ hang: `echo $$ > '${pidFile}'\nexec sleep 600` });
    const server = spawnRaw(["-A"], { MDSEL_BIN: fakes.path("hang") });
    await server.send(INITIALIZE + "\n");
    await server.response(1);
    await server.send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "mdsel_index", arguments: { files: ["/a.md"] } },
      }) + "\n",
    );
    await waitFor(async () => (await Deno.readTextFile(pidFile)) !== "", "the fake to start");
    const pid = Number(await Deno.readTextFile(pidFile));
    server.child.kill(signal);
    const status = await server.child.status;
    assert.equal(status.code, 0);
    await waitFor(() => !isRunning(pid), "the running mdsel to be killed");
    await server.stdoutDone;
    await server.stderrText;
    await server.closeStdin().catch(() => {});
    await Deno.remove(fakes.dir, { recursive: true });
    await Deno.remove(pidFile);
  });
}

Deno.test("folders, globs, several selectors and search: through the server, sandboxed too", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_folder_" });
  await Deno.mkdir(join(dir, "docs", "guide"), { recursive: true });
  await Deno.writeTextFile(join(dir, "docs", "api.md"), "# API\n\nCalls.\n\n## Request\n\nSend.\n");
  await Deno.writeTextFile(join(dir, "docs", "guide", "start.md"), "# Start\n\nRead the API.\n");
  await Deno.writeTextFile(join(dir, "outside.md"), "# Outside\n");
  const docs = join(dir, "docs");
  const glob = join(dir, "docs", "**", "*.md");
  const calls: [string, Record<string, unknown>, string[]][] = [
    ["mdsel_index", { files: [docs] }, ["index", "--", docs]],
    ["mdsel_index", { files: [glob] }, ["index", "--", glob]],
    ["mdsel_select", { selector: "start::h1.0", files: [docs] }, [
      "select",
      "--",
      "start::h1.0",
      docs,
    ]],
    // Several selectors, and a search, in one call each.
    ["mdsel_select", { selector: "api::h2.0, start::h1.0", files: [docs] }, [
      "select",
      "--",
      "api::h2.0, start::h1.0",
      docs,
    ]],
    ["mdsel_select", { selector: "send request", files: [glob] }, [
      "select",
      "--",
      "send request",
      glob,
    ]],
  ];
  const bin = await installBundledMdsel();
  try {
    for (
      const [flags, env] of [
        [["-A"], {}],
        [["--allow-run=mdsel", `--allow-read=${dir}`], { PATH: pathWith(bin) }],
      ] as const
    ) {
      await using server = await startServer([...flags], env);
      for (const [tool, args, cli] of calls) {
        const direct = await mdsel(cli);
        assert.equal(direct.code, 0, direct.stdout);
        assert.deepEqual(await callText(server.client, tool, args), {
          isError: false,
          text: direct.stdout,
        }, `${flags.join(" ")} ${tool} ${JSON.stringify(args)}`);
      }
    }
    const searched = (await mdsel(["select", "--", "send request", glob])).stdout;
    assert.match(searched, /^search: (\d+ sections? match|the best \d+ of \d+ matching sections)/);
    assert.match(searched, /\napi.md\n api::h2\.0 Request\n/);
    // The index of a folder lists both files; the glob's base bounds what it may read.
    const folder = (await mdsel(["index", "--", docs])).stdout;
    assert.match(folder, /^api .*api\.md \[4 words\]\n/);
    assert.match(folder, /\nstart .*start\.md \[4 words\]\n/);
    const [bundledRead] = bundledMdsel([docs]).args.filter((arg) => arg.startsWith("--allow-read"));
    // Besides the engine's own modules (its parsing workers load them like files).
    assert.equal(bundledRead, `--allow-read=${docs},${join(ROOT, "mdsel")}`);
    await using narrow = await startServer(["--allow-run=mdsel", `--allow-read=${docs}`], {
      PATH: pathWith(bin),
    });
    const refused = await callText(narrow.client, "mdsel_index", {
      files: [join(dir, "*.md")],
    });
    assert.deepEqual(refused, {
      isError: true,
      text: `Not allowed to read ${
        join(dir, "*.md")
      }: the server was started without read access to it (--allow-read)`,
    });
  } finally {
    await Deno.remove(join(bin, ".."), { recursive: true });
    await Deno.remove(dir, { recursive: true });
  }
});

const HAS_SCRIPT = (() => {
  try {
    return Deno.statSync("/usr/bin/script").isFile;
  } catch {
    return false;
  }
})();

Deno.test({
  name:
    "started by hand in a terminal, the server says on stderr what it is and waits; Ctrl+D ends it",
  // util-linux's script(1) gives the server a terminal as stdin.
  ignore: !HAS_SCRIPT,
  async fn() {
    const child = new Deno.Command("/usr/bin/script", {
      args: ["-qec", `'${Deno.execPath()}' run -A main.ts`, "/dev/null"],
      cwd: ROOT,
      env: { HOME: Deno.env.get("HOME") ?? "/root", PATH: BASE_PATH, NO_COLOR: "1" },
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    let seen = "";
    const reading = (async () => {
      for await (const chunk of child.stdout) seen += new TextDecoder().decode(chunk);
    })();
    await waitFor(() => seen.includes("Waiting for input"), "the note on the terminal", 10_000);
    assert.match(
      seen,
      /mdsel-claude: an MCP server speaking JSON-RPC on stdin; Claude Code starts it/,
    );
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode("\x04"));
    assert.equal((await child.status).code, 0);
    await writer.close().catch(() => {});
    await reading;
  },
});

Deno.test("through the server, a relative path's error names the folder it was resolved against, verbatim from mdsel", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "mdsel_relative_" }));
  try {
    await Deno.writeTextFile(`${dir}/Util.md`, "# Util\n\nText.\n");
    await using server = await startServer(["-A"], {}, dir);
    const index = await callText(server.client, "mdsel_index", { files: ["Dispatcher.md"] });
    assert.deepEqual(index, {
      text: `error FILE_NOT_FOUND: File not found: Dispatcher.md (relative to ${dir})\n`,
      isError: true,
    });
    const select = await callText(server.client, "mdsel_select", {
      selector: "h1.0",
      files: ["Util.md", "Dispatcher.md"],
    });
    assert.equal(select.isError, true);
    assert.ok(
      select.text.includes(`File not found: Dispatcher.md (relative to ${dir})`),
      select.text,
    );
    assert.ok(select.text.includes("# Util"), select.text);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("through the server, a glob that reads nothing gets the engine's own error, verbatim", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "mdsel_glob_" }));
  try {
    await Deno.mkdir(join(dir, "a", "b"), { recursive: true });
    await Deno.writeTextFile(join(dir, "a", "x.md"), "# X\n");
    // No file to read: the engine still loads the modules of its command (the glob's, here).
    const glob = `${dir}/a/*/../*.md`;
    await using server = await startServer(["-A"]);
    for (
      const [tool, args] of [
        ["mdsel_index", { files: [glob] }],
        ["mdsel_select", { selector: "h1.0", files: [glob] }],
      ] as const
    ) {
      const direct = await mdsel([
        tool === "mdsel_index" ? "index" : "select",
        "--",
        ...("selector" in args ? [args.selector] : []),
        glob,
      ]);
      assert.match(direct.stdout, /cannot go up with '\.\.' after a wildcard/);
      assert.deepEqual(await callText(server.client, tool, args), {
        isError: true,
        text: direct.stdout,
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
