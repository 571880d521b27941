import assert from "node:assert/strict";
import { join } from "node:path";
import { expandPaths } from "../../../mdsel/files/expand_paths.ts";
import { mdsel, withTempDir } from "../_cli.ts";

const REPO = {
  ".git/HEAD": "ref: refs/heads/main\n",
  ".gitignore": "build/\n*.draft.md\n!keep.draft.md\n/top-only.md\n",
  "README.md": "# Readme\n",
  "top-only.md": "# Ignored at the top\n",
  "docs/top-only.md": "# Not the top one\n",
  "docs/a.md": "# A\n",
  "docs/b.draft.md": "# Draft\n",
  "docs/keep.draft.md": "# Kept\n",
  "docs/build/out.md": "# Built\n",
  "docs/api/.gitignore": "internal/\n!*.draft.md\nold-*.md\n!old-but-wanted.md\n",
  "docs/api/c.draft.md": "# Re-included by the deeper file\n",
  "docs/api/internal/secret.md": "# Internal\n",
  "docs/api/old-1.md": "# Old\n",
  "docs/api/old-but-wanted.md": "# Wanted\n",
  "build/root-build.md": "# Root build\n",
};

/** The files a call reads, relative to the tree. */
async function read(dir: string, paths: string[]): Promise<string[]> {
  const { files } = await expandPaths(paths.map((path) => join(dir, path)));
  return files.map((file) => file.path.slice(dir.length + 1));
}

Deno.test(".gitignore: nested files and negations, as git reads them", async () => {
  await withTempDir(REPO, async (dir) => {
    assert.deepEqual(await read(dir, ["."]), [
      "README.md",
      "docs/a.md",
      "docs/api/c.draft.md",
      "docs/api/old-but-wanted.md",
      "docs/keep.draft.md",
      "docs/top-only.md",
    ]);
    // A subfolder sees the rules of the folders above it, up to the repository's root.
    assert.deepEqual(await read(dir, ["docs/api"]), [
      "docs/api/c.draft.md",
      "docs/api/old-but-wanted.md",
    ]);
    // Globs too.
    assert.deepEqual(await read(dir, ["docs/**/*.md"]), [
      "docs/a.md",
      "docs/api/c.draft.md",
      "docs/api/old-but-wanted.md",
      "docs/keep.draft.md",
      "docs/top-only.md",
    ]);
    // Named outright, a file or a folder is read, ignored or not.
    assert.deepEqual(await read(dir, ["docs/b.draft.md", "docs/build"]), [
      "docs/b.draft.md",
      "docs/build/out.md",
    ]);
    // The server's check covers what any engine may read: every file.
    const all = await expandPaths([join(dir, "docs")], { gitignore: false });
    assert.equal(all.files.length, 9);
  });
});

Deno.test(".gitignore outside a git repository applies only inside the folder walked", async () => {
  const tree = { ...REPO } as Record<string, string>;
  delete tree[".git/HEAD"];
  await withTempDir(tree, async (dir) => {
    // No repository: the top .gitignore is not read for a walk of docs/, the nested one is.
    assert.deepEqual(await read(dir, ["docs"]), [
      "docs/a.md",
      "docs/api/c.draft.md",
      "docs/api/old-but-wanted.md",
      "docs/b.draft.md",
      "docs/build/out.md",
      "docs/keep.draft.md",
      "docs/top-only.md",
    ]);
    // Walked from the top, its .gitignore is the folder's own.
    assert.ok(!(await read(dir, ["."])).includes("docs/build/out.md"));
  });
});

Deno.test(".gitignore through the CLI: index and search leave ignored files out", async () => {
  await withTempDir(REPO, async (dir) => {
    const index = await mdsel(["index", "--", dir]);
    assert.equal(index.code, 0, index.stdout);
    assert.doesNotMatch(index.stdout, /Built|Internal|Root build|Draft\b/);
    assert.match(index.stdout, /Kept/);
    const search = await mdsel(["select", "--", "built", dir]);
    assert.doesNotMatch(search.stdout, /out\.md/);
  });
});
