// The index of a folder too big to show whole: a tree folded by folder depth,
// in text and JSON, within the budget, every direct subfolder named.
import assert from "node:assert/strict";
import { join } from "node:path";
import { tldrTree } from "../../_trees.ts";
import { mdselInProcess, withTempDir } from "../_cli.ts";

const BUDGET = 40_000;

Deno.test("a tree of 7,425 pages: indexed within the budget, every direct subfolder with its files", async () => {
  await withTempDir({}, async (dir) => {
    const tree = await tldrTree(dir);
    const text = await mdselInProcess(["index", "--", tree.root]);
    assert.equal(text.code, 0, text.stdout.slice(0, 500));
    assert.ok(text.stdout.length <= BUDGET);
    const lines = text.stdout.split("\n");
    assert.equal(lines[0], `${tree.root}/ [7425 files, ${/\d+ words/.exec(lines[0])![0]}]`);
    for (const folder of tree.folders) {
      assert.ok(
        lines.some((line) => new RegExp(`^ ${folder}/ \\[\\d+ files, \\d+ words\\]$`).test(line)),
        `${folder} is named`,
      );
    }
    assert.match(text.stdout, / common\/ \[2990 files, /);
    assert.match(
      text.stdout,
      /\n\[14 folders folded \(their files and words shown\); index one \(e\.g\. .*pages\/aix\) to list its files, or a file for its outline\]\n$/,
    );
    // The JSON form carries the same tree.
    const json = JSON.parse((await mdselInProcess(["index", "--json", "--", tree.root])).stdout);
    assert.ok(JSON.stringify(json).length <= BUDGET);
    const folders = json.data.folders as {
      path: string;
      files: number;
      words: number;
      listed: boolean;
    }[];
    assert.equal(folders.length, 15);
    const common = folders.find((folder) => folder.path === `${tree.root}/common`)!;
    const words = Number(/ common\/ \[2990 files, (\d+) words\]/.exec(text.stdout)![1]);
    assert.deepEqual(common, { path: `${tree.root}/common`, files: 2990, words, listed: false });
    assert.equal(json.data.documents_omitted, 7425);
    // A subfolder, indexed on its own, lists its files.
    const aix = await mdselInProcess(["index", "--", join(tree.root, "aix")]);
    assert.equal(aix.code, 0);
    assert.ok(aix.stdout.length <= BUDGET);
  });
});

Deno.test("a folder tree folds by depth: files one line each, namespaces usable with the folder", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) {
    const folder = i % 3 === 0 ? "guides" : i % 3 === 1 ? "reference/api" : "reference/errors";
    files[`docs/${folder}/page-${i}.md`] = `# Page ${i} title\n\n${"word ".repeat(40)}\n\n` +
      Array.from({ length: 8 }, (_, j) => `## Part ${j} of page ${i}\n\ntext ${i} ${j}\n`).join(
        "\n",
      );
  }
  files["docs/index.md"] = "# Welcome\n\nStart here.\n";
  files["docs/README.md"] = "# Readme\n";
  files["docs/solo/only.md"] = "# Only\n";
  await withTempDir(files, async (dir) => {
    const root = join(dir, "docs");
    const { stdout, code } = await mdselInProcess(["index", "--", root]);
    assert.equal(code, 0);
    assert.ok(stdout.length <= BUDGET, String(stdout.length));
    const lines = stdout.split("\n");
    assert.equal(lines[0], `${root}/ [303 files, ${/\d+ words/.exec(lines[0])![0]}]`);
    assert.match(stdout, /\n solo\/ \[1 file, \d+ words\]\n/);
    // The root's own files, then its subfolders; files by namespace, name, size and first heading.
    assert.deepEqual(lines.slice(1, 5), [
      " readme README.md [1 words]",
      "  h1.0 Readme",
      " index index.md [3 words]",
      "  h1.0 Welcome",
    ]);
    assert.match(
      stdout,
      /\n guides\/ \[100 files, \d+ words\]\n {2}page-0 page-0\.md \[\d+ words\]\n {3}h1\.0 Page 0 title \[/,
    );
    assert.match(
      stdout,
      /\n reference\/ \[200 files, \d+ words\]\n {2}reference\/api\/ \[100 files, \d+ words\]\n/,
    );
    // A namespace from the output selects in a call over the same folder.
    const line = lines.find((line) => line.includes("page-7.md"))!;
    const namespace = line.trim().split(" ")[0];
    const selected = await mdselInProcess(["select", `${namespace}::h1.0`, root]);
    assert.equal(selected.code, 0, selected.stdout);
    assert.match(selected.stdout, /^# Page 7 title/);
  });
});
