import assert from "node:assert/strict";
import { expandPaths, isMarkdownPath, MAX_FILES } from "../../../mdsel/files/expand_paths.ts";
import { compileGlob } from "../../../mdsel/files/glob.ts";
import { loadWorkspace } from "../../../mdsel/cache/workspace.ts";
import { mdsel } from "../_cli.ts";

/**
 * A folder tree for the tests, removed afterwards. The body gets a function
 * that puts the folder before a relative path (tests run in parallel in one
 * process, so they never change the working directory).
 */
async function inTree(
  files: Record<string, string | Uint8Array>,
  body: (at: (path: string) => string, relative: (path: string) => string) => Promise<void>,
) {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_files_" });
  try {
    for (const [name, content] of Object.entries(files)) {
      const path = `${dir}/${name}`;
      await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
      if (typeof content === "string") await Deno.writeTextFile(path, content);
      else await Deno.writeFile(path, content);
    }
    await body((path) => `${dir}/${path}`, (path) => path.slice(dir.length + 1));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const TREE = {
  "docs/b.md": "# B\n",
  "docs/a.markdown": "# A\n",
  "docs/guide/z.mdx": "# Z\n",
  "docs/guide/y.MD": "# Y\n",
  "docs/notes.txt": "not markdown",
  "docs/.hidden/secret.md": "# hidden\n",
  "docs/node_modules/pkg/README.md": "# dependency\n",
  "README.md": "# Root\n",
};

Deno.test("a folder is every Markdown file under it, sorted, without dot-folders and node_modules", async () => {
  await inTree(TREE, async (at, relative) => {
    const { files, errors } = await expandPaths([at("docs"), at("README.md")]);
    assert.deepEqual(errors, []);
    assert.deepEqual(files.map(({ path, expanded }) => ({ path: relative(path), expanded })), [
      { path: "docs/a.markdown", expanded: true },
      { path: "docs/b.md", expanded: true },
      { path: "docs/guide/y.MD", expanded: true },
      { path: "docs/guide/z.mdx", expanded: true },
      { path: "README.md", expanded: false },
    ]);
    // A trailing slash, and a file named twice, change nothing.
    const again = await expandPaths([at("docs/"), at("docs/b.md")]);
    assert.deepEqual(again.files.map((file) => relative(file.path)), [
      "docs/a.markdown",
      "docs/b.md",
      "docs/guide/y.MD",
      "docs/guide/z.mdx",
    ]);
  });
});

Deno.test("a glob is expanded from its fixed base; a path that exists is never a glob", async () => {
  await inTree({ ...TREE, "odd[1].md": "# literal\n" }, async (at, relative) => {
    const { files } = await expandPaths([at("docs/**/*.md"), at("*.md")]);
    assert.deepEqual(files.map((file) => relative(file.path)), [
      "docs/b.md",
      "README.md",
      "odd[1].md",
    ]);
    const literal = await expandPaths([at("odd[1].md")]);
    assert.deepEqual(literal.files, [{ path: at("odd[1].md"), expanded: false }]);
    const bases = (glob: string) => [
      ...new Set(compileGlob(glob).alternatives.map((alt) => alt.base)),
    ];
    assert.deepEqual(bases("docs/**/*.md"), ["docs"]);
    assert.deepEqual(bases("*.md"), ["."]);
    assert.deepEqual(bases("docs/*.{md,mdx}"), ["docs"]);
    // Braces without a wildcard name files.
    assert.deepEqual(bases("docs/{a,b}.md"), ["docs/a.md", "docs/b.md"]);
  });
});

Deno.test("an empty folder and a glob matching nothing are clear errors", async () => {
  await inTree({ "empty/notes.txt": "x" }, async (at) => {
    const { files, errors } = await expandPaths([at("empty"), at("docs/**/*.md")]);
    assert.deepEqual(files, []);
    assert.deepEqual(errors.map((error) => [error.code, error.file]), [
      ["NO_MARKDOWN_FILES", at("empty")],
      ["NO_MATCH", at("docs/**/*.md")],
    ]);
    assert.match(errors[0].message, /^No Markdown files in folder: .*empty \(looked for \.md/);
    assert.equal(errors[1].message, `No Markdown files match '${at("docs/**/*.md")}'`);
  });
});

Deno.test("more files than the limit is one clear error, and nothing is read", async () => {
  assert.equal(MAX_FILES, 20_000);
  const many: Record<string, string> = {};
  for (let i = 0; i <= 50; i++) many[`many/f${i}.md`] = "# F\n";
  await inTree(many, async (at) => {
    const { files, errors } = await expandPaths([at("many")], { maxFiles: 50 });
    assert.deepEqual(files, []);
    assert.equal(errors.length, 1);
    assert.equal(errors[0].code, "TOO_MANY_FILES");
    assert.equal(errors[0].type, "PROCESSING_ERROR");
    assert.equal(
      errors[0].message,
      "Too many files: 51 Markdown files named, at most 50 are read in one call " +
        "(MDSEL_MAX_FILES); name a smaller folder or a narrower glob",
    );
    // The setting reaches the CLI.
    const cli = await mdsel(["index", "--", at("many")], { env: { MDSEL_MAX_FILES: "50" } });
    assert.equal(cli.stdout, `error PROCESSING_ERROR: ${errors[0].message}\n`);
    const raised = await mdsel(["index", "--", at("many")], { env: { MDSEL_MAX_FILES: "51" } });
    assert.equal(raised.code, 0);
  });
});

Deno.test("a binary file found in a folder is skipped with a warning; named outright it is an error", async () => {
  await inTree(
    { "docs/ok.md": "# OK\n", "docs/bin.md": new Uint8Array([0x23, 0, 0x0a]) },
    async (at) => {
      const folder = await loadWorkspace([at("docs")]);
      assert.deepEqual(folder.docs.map((doc) => doc.filePath), [at("docs/ok.md")]);
      assert.deepEqual(folder.errors, []);
      assert.deepEqual(folder.warnings, [
        `Skipped ${at("docs/bin.md")}: it looks binary (it contains a NUL byte)`,
      ]);
      const named = await loadWorkspace([at("docs/bin.md")]);
      assert.equal(named.errors[0].code, "BINARY_FILE");
    },
  );
});

Deno.test("a subfolder removed after its parent was listed is left out, not 'permission denied'", async () => {
  await inTree({ "docs/a.md": "# A\n", "docs/gone/b.md": "# B\n" }, async (at) => {
    // Removed just after its parent is listed, as a `git checkout` during the call removes it.
    const readDirSync = Deno.readDirSync;
    Deno.readDirSync = (path) => {
      const entries = [...readDirSync(path)];
      if (path === at("docs")) Deno.removeSync(at("docs/gone"), { recursive: true });
      return entries.values();
    };
    try {
      const { files, errors, warnings } = await expandPaths([at("docs")]);
      assert.deepEqual(files.map((file) => file.path), [at("docs/a.md")]);
      assert.deepEqual([errors, warnings], [[], []]);
    } finally {
      Deno.readDirSync = readDirSync;
    }
  });
});

Deno.test("isMarkdownPath knows .md, .markdown and .mdx in any case", () => {
  assert.deepEqual(
    ["a.md", "b.MARKDOWN", "c.Mdx", "d.txt", "md", "e.md.bak"].map(isMarkdownPath),
    [true, true, true, false, false, false],
  );
});
