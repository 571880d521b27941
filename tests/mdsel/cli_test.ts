import assert from "node:assert/strict";
import * as cli from "../../mdsel/cli.ts";
import { VERSION } from "../../mdsel/settings/version.ts";

const { run } = cli;

Deno.test("the CLI module's public API", () => {
  assert.deepEqual(Object.keys(cli).sort(), ["main", "run"]);
});

Deno.test("the engine version is the package version", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
  );
  assert.equal(VERSION, config.version);
  const { code, stdout } = await run(["--version"]);
  assert.equal(code, 0);
  assert.ok(stdout.startsWith(`mdsel ${VERSION} `), stdout);
});

Deno.test("--help prints usage on stdout; no arguments print it on stderr with exit 2", async () => {
  const help = await run(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^mdsel - /);
  assert.equal(help.stderr, "");
  const bare = await run([]);
  assert.equal(bare.code, 2);
  assert.equal(bare.stdout, "");
  assert.equal(bare.stderr, help.stdout);
});

Deno.test("--help covers index, select and search, with examples of each", async () => {
  const { stdout } = await run(["--help"]);
  assert.match(stdout, /^mdsel - select parts of Markdown documents by selector, or search them\n/);
  assert.ok(stdout.includes("\n  mdsel select [--json] [--] <words> <files...>\n"));
  assert.match(stdout, /\nSearch: what is not a selector is a search/);
  assert.ok(stdout.includes("\n  mdsel select 'abort request' docs/\n"));
  assert.ok(stdout.includes("\n  mdsel index README.md\n"));
  assert.match(stdout, /\| help \[index\|select\|format\]/);
  assert.match(stdout, /\nMore: mdsel help index \| mdsel help select \| mdsel help format\n/);
});

Deno.test("help <command> and <command> --help print that command's own help", async () => {
  const usage = (await run(["--help"])).stdout;
  assert.deepEqual(await run(["help"]), { code: 0, stdout: usage, stderr: "" });
  const texts: string[] = [];
  for (const topic of ["index", "select", "format"]) {
    const help = await run(["help", topic]);
    assert.equal(help.code, 0, topic);
    assert.equal(help.stderr, "");
    assert.ok(help.stdout.startsWith(`mdsel ${topic} - `), help.stdout);
    assert.notEqual(help.stdout, usage);
    assert.deepEqual(await run([topic, "--help"]), help, `${topic} --help`);
    texts.push(help.stdout);
  }
  const [index, select] = texts;
  assert.match(select, /\nSelectors: /);
  assert.match(select, /\n {2}intro +the text before the first heading\n/);
  assert.match(select, /\nSearch: /);
  assert.ok(select.includes("\n  mdsel select 'abort request' docs/\n"));
  assert.doesNotMatch(select, /--lines/);
  assert.ok(index.includes("\n  --lines "));
  assert.doesNotMatch(index, /\nSelectors: /);
  // Every example names a command of its own help.
  for (const [topic, text] of [["index", index], ["select", select]]) {
    const examples = text.split("\nExamples:\n")[1].split("\n\n")[0].trim().split("\n");
    assert.ok(examples.length >= 4, topic);
    for (const line of examples) assert.ok(line.trim().startsWith(`mdsel ${topic} `), line);
  }
  const bogus = await run(["help", "bogus"]);
  assert.equal(bogus.code, 2);
  assert.match(
    bogus.stderr,
    /^error: unknown help topic 'bogus' \(use index, select or format\)\n/,
  );
});

Deno.test("the examples of the help run: exit 0 on a folder that holds what they name", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_help_" });
  const cwd = Deno.cwd();
  try {
    await Deno.mkdir(`${dir}/docs`);
    const page =
      "# Guide\n\n## Install\n\n```sh\nnpm i\n```\n\nabort request with content collections\n";
    await Deno.writeTextFile(`${dir}/README.md`, page);
    await Deno.writeTextFile(`${dir}/docs/guide.mdx`, page);
    Deno.chdir(dir);
    for (
      const command of [
        ["index", "README.md"],
        ["select", "h2.0", "README.md"],
        ["select", "h2.0/code.0", "README.md"],
        ["select", "abort request", "docs/"],
        ["select", '"content collections"', "docs/**/*.mdx"],
      ]
    ) {
      const result = await run(command);
      assert.equal(result.code, 0, `${command.join(" ")}: ${result.stdout}${result.stderr}`);
    }
  } finally {
    Deno.chdir(cwd);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("usage errors: exit 2, one error line and a hint on stderr, nothing on stdout", async () => {
  const every = [
    ["bogus"],
    ["index"],
    ["index", "x.md", "--bogus"],
    ["select"],
    ["select", "h2.0"],
    ["select", "--json", "abort request"],
    ["format", "index", "select"],
    ["format", "--full"],
    ["help", "bogus"],
  ];
  for (const args of every) {
    const result = await run(args);
    assert.equal(result.code, 2, args.join(" "));
    assert.equal(result.stdout, "");
    const lines = result.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^error: /);
    assert.equal(lines[1], "Run 'mdsel --help' for usage.");
  }
});

Deno.test("format describes each output and --example shows real output", async () => {
  const terse = await run(["format"]);
  assert.equal(terse.code, 0);
  assert.match(terse.stdout, /^index --json: /);
  assert.match(terse.stdout, /\nselect --json: /);
  const example = await run(["format", "select", "--example"]);
  const json = example.stdout.split("\n")[1];
  const envelope = JSON.parse(json);
  assert.equal(envelope.data.matches[0].selector, "sample::heading:h2[0]");
  assert.equal(envelope.data.matches[0].content, "## Install\n\n```sh\ndeno install\n```");
});

async function withFiles(files: Record<string, string>, body: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("text select: labels for several matches, a page footer, unresolved and error lines", async () => {
  await withFiles({ "a.md": "# A\n\none two\n\nthree four\n", "b.md": "# B\n" }, async (dir) => {
    const several = await run(["select", "h1.0", `${dir}/a.md`, `${dir}/b.md`]);
    assert.equal(several.code, 0);
    assert.equal(
      several.stdout,
      "a::heading:h1[0]:\n# A\n\none two\n\nthree four\nb::heading:h1[0]:\n# B\n",
    );
    const paged = await run(["select", "h1.0", `${dir}/a.md`], { env: { MDSEL_PAGE_WORDS: "3" } });
    assert.equal(paged.stdout, "# A\n\none two\n[page 1 of 2, next: a::heading:h1[0]?page=2]\n");
    const last = await run(["select", "h1.0?page=2", `${dir}/a.md`], {
      env: { MDSEL_PAGE_WORDS: "3" },
    });
    assert.equal(last.stdout, "three four\n[page 2 of 2]\n");
    const missing = await run(["select", "h1.3", `${dir}/a.md`, `${dir}/none.md`]);
    assert.equal(missing.code, 1);
    assert.equal(
      missing.stdout,
      "not found: h1.3\na has h1.0 only, no h1.3\nclosest: h1.0\n" +
        `error FILE_NOT_FOUND: File not found: ${dir}/none.md\n`,
    );
    const invalid = await run(["select", "h2.x", `${dir}/a.md`]);
    assert.equal(invalid.code, 1);
    assert.equal(
      invalid.stdout,
      "error INVALID_SELECTOR: Expected an index but found 'x' at column 4 - indexes are whole numbers from 0\n" +
        "selector: h2.x\n" +
        "             ^\n",
    );
  });
});

Deno.test("settings: bad values fall back to defaults with one warning line", async () => {
  await withFiles({ "a.md": "# A\n\none two three\n" }, async (dir) => {
    const result = await run(["select", "--json", "h1.0", `${dir}/a.md`], {
      env: { MDSEL_PAGE_WORDS: "lots", MDSEL_INDEX_MAX_CHARS: "0" },
    });
    assert.equal(result.code, 0);
    assert.equal(JSON.parse(result.stdout).data.matches[0].truncated, false);
    assert.equal(
      result.stderr,
      "warning: ignoring MDSEL_PAGE_WORDS='lots' (not a positive whole number)\n" +
        "warning: ignoring MDSEL_INDEX_MAX_CHARS='0' (not a positive whole number)\n",
    );
  });
});

Deno.test("index: --full lifts the budget that MDSEL_INDEX_MAX_CHARS sets", async () => {
  const text = Array.from({ length: 20 }, (_, i) => `# H${i}\n\n## Sub ${i}\n\n### Deep ${i}\n`)
    .join("\n");
  await withFiles({ "a.md": text }, async (dir) => {
    const env = { MDSEL_INDEX_MAX_CHARS: "12000" };
    const limited = JSON.parse((await run(["index", "--json", `${dir}/a.md`], { env })).stdout);
    assert.equal(limited.data.documents[0].max_depth, 2);
    assert.equal(limited.data.documents[0].headings_omitted, 20);
    const full = JSON.parse(
      (await run(["index", "--json", "--full", `${dir}/a.md`], { env })).stdout,
    );
    assert.equal(full.data.documents[0].headings.length, 60);
    assert.equal(full.data.documents[0].max_depth, undefined);
    // The text index always lists two levels, so past its budget it is cut.
    const small = { MDSEL_INDEX_MAX_CHARS: "300" };
    const text = (await run(["index", `${dir}/a.md`], { env: small })).stdout;
    assert.match(
      text,
      /\n\[outline cut after h\d\.\d+: \d+ more headings not shown; select them by number, e\.g\. h\d\.\d+\]\n$/,
    );
    assert.ok(text.length <= 300, `${text.length}`);
    assert.ok(text.includes("\nh1.0 H0\n"));
    const all = (await run(["index", "--full", `${dir}/a.md`], { env: small })).stdout;
    assert.equal(all.split("\n").filter((line) => /^ *h\d\./.test(line)).length, 60);
  });
});

Deno.test("invalid UTF-8: replaced, warned in the envelope (JSON) or on a closing line (text)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/bad.md`, new Uint8Array([0x23, 0x20, 0x41, 0xff, 0x0a]));
    const json = await run(["index", "--json", `${dir}/bad.md`]);
    assert.equal(json.code, 0);
    const envelope = JSON.parse(json.stdout);
    assert.equal(envelope.data.documents[0].headings[0].text, "A\uFFFD");
    assert.deepEqual(envelope.warnings, [`Invalid UTF-8 in ${dir}/bad.md: replaced with U+FFFD`]);
    const text = await run(["index", `${dir}/bad.md`]);
    assert.equal(
      text.stdout,
      `bad ${dir}/bad.md [1 words]\nh1.0 A\uFFFD\n` +
        `[warning: Invalid UTF-8 in ${dir}/bad.md: replaced with U+FFFD]\n`,
    );
    assert.equal(text.stderr, "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("without --allow-read, the permission error names the flag", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_noread_" });
  try {
    await Deno.writeTextFile(`${dir}/Util.md`, "# Util\n");
    const cli = new URL("../../mdsel/cli.ts", import.meta.url).pathname;
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", "--no-prompt", cli, "index", "Util.md"],
      cwd: dir,
      stdin: "null",
    }).output();
    assert.equal(output.code, 1);
    assert.equal(
      new TextDecoder().decode(output.stdout),
      "error PROCESSING_ERROR: Permission denied: Util.md (run mdsel with --allow-read)\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
