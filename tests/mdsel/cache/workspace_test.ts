import assert from "node:assert/strict";
import { join } from "node:path";
import { DEFAULT_ENGINE_SETTINGS } from "../../../mdsel/settings/engine_settings.ts";
import { DeferredDocument } from "../../../mdsel/cache/deferred_document.ts";
import { expandPaths } from "../../../mdsel/files/expand_paths.ts";
import { loadExpanded, loadWorkspace } from "../../../mdsel/cache/workspace.ts";
import { callText, startServer } from "../../_server.ts";
import { mdsel, withTempDir } from "../_cli.ts";

/** A folder of `count` hard links to one file of `bytes` bytes: big to read, cheap to make. */
async function linkedFolder(dir: string, count: number, bytes: number): Promise<string> {
  const section = "## Section\n\nabort request signal words to find\n\n";
  const original = join(dir, "original.md");
  await Deno.writeTextFile(
    original,
    "# Big\n\n" + section.repeat(Math.ceil(bytes / section.length)),
  );
  const folder = join(dir, "links");
  await Deno.mkdir(folder);
  for (let i = 0; i < count; i++) await Deno.link(original, join(folder, `f${i}.md`));
  return folder;
}

Deno.test("MDSEL_MAX_BYTES: a call over it is refused before anything is parsed", async () => {
  await withTempDir({}, async (dir) => {
    // 100 links to 20 MB: 2 GB, which ran the engine out of memory.
    const folder = await linkedFolder(dir, 100, 20_000_000);
    for (
      const args of [
        ["select", "--", "abort request", folder],
        ["index", "--", folder],
        ["select", "--json", "--", "h1.0", folder],
      ]
    ) {
      const result = await mdsel(args, { timeoutMs: 60_000 });
      assert.equal(result.code, 1, result.stdout.slice(0, 500));
      const message =
        "Too much to read: 100 files hold 2 GB, more than the 32 MB one call may read " +
        "(MDSEL_MAX_BYTES); name fewer files, a smaller folder or a narrower glob";
      if (args.includes("--json")) {
        const envelope = JSON.parse(result.stdout);
        assert.deepEqual(envelope.errors, [
          { type: "PROCESSING_ERROR", code: "TOO_MANY_BYTES", message },
        ]);
      } else {
        // One line, and no "no section matches" above it.
        assert.equal(result.stdout, `error PROCESSING_ERROR: ${message}\n`);
      }
    }
    // 1,000 links to 200 KB: 200 MB, which ran past the default timeout.
    await Deno.mkdir(join(dir, "many"));
    const many = await linkedFolder(join(dir, "many"), 1000, 200_000);
    const result = await mdsel(["select", "--", "abort request", many], { timeoutMs: 60_000 });
    assert.equal(result.code, 1);
    assert.match(
      result.stdout,
      /^error PROCESSING_ERROR: Too much to read: 1,000 files hold 200(\.\d)? MB/,
    );
  });
});

Deno.test("MDSEL_MAX_BYTES: the limit is a setting, and the server passes it on", async () => {
  const text = "# A\n\n" + "word ".repeat(100) + "\n";
  await withTempDir({ "a.md": text, "b.md": text }, async (dir) => {
    const low = await mdsel(["index", "--", dir], { env: { MDSEL_MAX_BYTES: "600" } });
    assert.equal(low.code, 1);
    assert.equal(
      low.stdout,
      "error PROCESSING_ERROR: Too much to read: 2 files hold 1 KB, more than the 600 bytes one call " +
        "may read (MDSEL_MAX_BYTES); name fewer files, a smaller folder or a narrower glob\n",
    );
    // One file over the limit on its own is an error of its own; the others are read.
    const alone = await mdsel(["index", "--", join(dir, "a.md"), "/no/such.md"], {
      env: { MDSEL_MAX_BYTES: "100" },
    });
    assert.match(
      alone.stdout,
      /^error PROCESSING_ERROR: File too large: .*a\.md holds 506 bytes, more than the 100 bytes one call may read \(MDSEL_MAX_BYTES\)\n/,
    );
    const ok = await mdsel(["index", "--", dir], { env: { MDSEL_MAX_BYTES: "10000" } });
    assert.equal(ok.code, 0, ok.stdout);
    await using server = await startServer(["-A"], { MDSEL_MAX_BYTES: "600" });
    const refused = await callText(server.client, "mdsel_index", { files: [dir] });
    assert.equal(refused.isError, true);
    assert.equal(refused.text, low.stdout);
  });
});

Deno.test("loadWorkspace counts sizes from stat, over every file of the call", async () => {
  await withTempDir({ "a.md": "# A\n", "b/c.md": "# C\n", "b/d.md": "# D\n" }, async (dir) => {
    const all = await loadWorkspace([join(dir, "a.md"), join(dir, "b")], { maxBytes: 12 });
    assert.deepEqual(all.docs.map((doc) => doc.namespace), ["a", "c", "d"]);
    const over = await loadWorkspace([join(dir, "a.md"), join(dir, "b")], { maxBytes: 11 });
    assert.deepEqual(over.docs, []);
    assert.equal(
      over.errors[0].message,
      "Too much to read: 3 files hold 12 bytes, more than the 11 bytes one call may read " +
        "(MDSEL_MAX_BYTES); name fewer files, a smaller folder or a narrower glob",
    );
  });
  assert.equal(DEFAULT_ENGINE_SETTINGS.maxBytes, 32_000_000);
});

Deno.test("loadWorkspace: documents outside `only` are parsed when asked for, the same as parsed at once", async () => {
  const mdx = "import { X } from './x'\n\n# Title\n\n<X>\n## Inside\n</X>\n\n```js\ncode\n```\n";
  const md = "# Plain\n\n- list\n\n> quote\n";
  await withTempDir({ "a.mdx": mdx, "b.md": md, "c.mdx": "# C\n" }, async (dir) => {
    const all = await loadWorkspace([dir], { maxBytes: 1e6 });
    const some = await loadWorkspace([dir], { maxBytes: 1e6, only: new Set(["c"]) });
    assert.deepEqual(some.docs.map((doc) => doc.namespace), ["a", "b", "c"]);
    assert.deepEqual(some.docs.map((doc) => doc instanceof DeferredDocument), [true, true, false]);
    for (const [i, doc] of some.docs.entries()) {
      assert.deepEqual(doc.top.nodes, all.docs[i].top.nodes, doc.namespace);
      assert.equal(doc.syntax, all.docs[i].syntax);
      assert.equal(doc.lines.text, all.docs[i].lines.text);
    }
    // A namespace that is no file's: nothing is left unparsed.
    const none = await loadWorkspace([dir], { maxBytes: 1e6, only: new Set(["c", "d"]) });
    assert.ok(none.docs.every((doc) => !(doc instanceof DeferredDocument)));
  });
});

Deno.test("loadExpanded: a found file removed before it is read is skipped with a warning; one named outright is an error", async () => {
  const files = Object.fromEntries(
    ["a", "b", "c", "d", "e", "f", "g"].map((name) => [`docs/${name}.mdx`, `# ${name}\n`]),
  );
  const cases: {
    name: string;
    paths: string[];
    removed: string[];
    cache?: true;
    warning?: (at: (path: string) => string) => string;
    error?: string;
  }[] = [
    {
      name: "one file of a folder",
      paths: ["docs"],
      removed: ["docs/b.mdx"],
      warning: (at) => `Skipped ${at("docs/b.mdx")}: it was removed while the call ran`,
    },
    {
      name: "two files of a glob",
      paths: ["docs/*.mdx"],
      removed: ["docs/a.mdx", "docs/c.mdx"],
      warning: (at) =>
        `Skipped 2 files removed while the call ran: ${at("docs/a.mdx")}, ${at("docs/c.mdx")}`,
    },
    {
      name: "thousands gone at once are one line: the first three named",
      paths: ["docs"],
      removed: ["docs/a.mdx", "docs/b.mdx", "docs/d.mdx", "docs/e.mdx", "docs/f.mdx"],
      warning: (at) =>
        `Skipped 5 files removed while the call ran: ${at("docs/a.mdx")}, ${at("docs/b.mdx")}, ` +
        `${at("docs/d.mdx")} and 2 more`,
    },
    {
      name: "through the cache, as a search reads it",
      paths: ["docs"],
      removed: ["docs/g.mdx"],
      cache: true,
      warning: (at) => `Skipped ${at("docs/g.mdx")}: it was removed while the call ran`,
    },
    {
      name: "a file named outright",
      paths: ["docs/a.mdx", "docs/b.mdx"],
      removed: ["docs/b.mdx"],
      error: "FILE_NOT_FOUND",
    },
  ];
  for (const { name, paths, removed, cache, warning, error } of cases) {
    await withTempDir(files, async (dir) => {
      const at = (path: string) => join(dir, path);
      const expanded = await expandPaths(paths.map(at));
      // Removed after the folder was listed, as a `git checkout` during the call removes them.
      for (const path of removed) await Deno.remove(at(path));
      const settings = { dir: join(dir, "cache"), maxBytes: 1e9, warnings: [] };
      const workspace = await loadExpanded(expanded, {
        maxBytes: 1e6,
        ...(cache ? { cache: settings, search: true } : {}),
      });
      const left = expanded.files.map((file) => file.path).filter((path) =>
        !removed.map(at).includes(path)
      );
      assert.deepEqual(workspace.docs.map((doc) => doc.filePath), left, name);
      assert.deepEqual(workspace.errors.map((entry) => entry.code), error ? [error] : [], name);
      assert.deepEqual(workspace.warnings, warning ? [warning(at)] : [], name);
      workspace.finish?.();
    });
  }
});

Deno.test("loadWorkspace: a folder or glob whose every file is skipped is an error, with the warnings", async () => {
  const binary = "# x\n\0";
  await withTempDir(
    { "bin/a.md": binary, "bin/b.md": binary, "mixed/a.md": binary, "mixed/b.md": "# B\n" },
    async (dir) => {
      const cases: [string[], string[], number][] = [
        [["bin"], ["No readable Markdown files in bin: all 2 were skipped (see the warnings)"], 2],
        [
          ["bin/*.md"],
          ["No readable Markdown files in bin: all 2 were skipped (see the warnings)"],
          2,
        ],
        [["mixed"], [], 1],
        [["bin", "mixed"], [
          "No readable Markdown files in bin: all 2 were skipped (see the warnings)",
        ], 3],
      ];
      for (const [paths, errors, warnings] of cases) {
        const at = paths.map((path) => join(dir, path));
        const workspace = await loadWorkspace(at, { maxBytes: 1e6 });
        const messages = workspace.errors.map((entry) => entry.message.replaceAll(`${dir}/`, ""));
        assert.deepEqual(messages, errors, paths.join(" "));
        assert.equal(workspace.warnings.length, warnings, paths.join(" "));
      }
      // Through the CLI: exit 1 where it printed the warning alone and exited 0.
      for (
        const args of [["index", "bin"], ["select", "h1.0", "bin"], ["select", "words", "bin"]]
      ) {
        const result = await mdsel([...args.slice(0, -1), join(dir, "bin")]);
        assert.equal(result.code, 1, result.stdout);
        assert.match(result.stdout, /^error PROCESSING_ERROR: No readable Markdown files in /);
      }
    },
  );
});
