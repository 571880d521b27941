import assert from "node:assert/strict";
import { join, relative } from "node:path";
import {
  CORPUS_DIR,
  CORPUS_PACKAGES,
  corpusFilesOver,
  countWords,
  ensureCorpus,
  isKept,
} from "./_corpus.ts";

/** The installer needs `npm` and its registry; without `npm` these tests are skipped. */
const hasNpm = await new Deno.Command("npm", {
  args: ["--version"],
  stdout: "null",
  stderr: "null",
})
  .output()
  .then((output) => output.success, () => false);

Deno.test("isKept keeps Markdown outside node_modules, within the package's include list", () => {
  assert.ok(isKept("README.md"));
  assert.ok(isKept("docs/guide.MARKDOWN"));
  assert.ok(isKept("docs/page.mdx"));
  assert.ok(!isKept("index.js"));
  assert.ok(!isKept("node_modules/x/README.md"));
  assert.ok(!isKept("lib/node_modules/x/README.md"));
  const include = ["docs/", "README.md"];
  assert.ok(isKept("docs/api/Client.md", include));
  assert.ok(isKept("README.md", include));
  assert.ok(!isKept("CHANGELOG.md", include));
  assert.ok(!isKept("docs-old/a.md", include));
  assert.ok(!isKept("sub/README.md", include));
});

Deno.test("countWords counts whitespace-separated runs, as wc -w", () => {
  assert.equal(countWords(""), 0);
  assert.equal(countWords("  one\ttwo\n\nthree  "), 3);
});

Deno.test({
  name: "ensureCorpus: concurrent installs of one package end with one complete copy",
  ignore: !hasNpm,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "mdsel-corpus-" });
    try {
      const packages = [{ name: "commander", version: "14.0.3" }];
      const [a, b] = await Promise.all([
        ensureCorpus({ dir, packages }),
        ensureCorpus({ dir, packages }),
      ]);
      assert.deepEqual(a, [join(dir, "commander@14.0.3", "Readme.md")]);
      assert.deepEqual(b, a);
      assert.deepEqual(await Array.fromAsync(Deno.readDir(join(dir, ".tmp"))), []);
      // Installed is installed: the folder is not replaced.
      const before = await Deno.stat(join(dir, "commander@14.0.3"));
      assert.deepEqual(await ensureCorpus({ dir, packages }), a);
      assert.deepEqual((await Deno.stat(join(dir, "commander@14.0.3"))).ino, before.ino);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "the shared corpus: about 230 files, 45 over 2,000 words, no bundled dependency docs",
  ignore: !hasNpm,
  async fn() {
    const files = await ensureCorpus();
    assert.ok(files.length > 200 && files.length < 260, `${files.length} files`);
    assert.deepEqual(files, [...files].sort());
    for (const file of files) {
      const inside = relative(CORPUS_DIR, file);
      assert.ok(!inside.includes("node_modules"), inside);
      assert.ok(CORPUS_PACKAGES.some((p) => inside.startsWith(`${p.name}@${p.version}/`)), inside);
    }
    assert.ok(files.some((file) => file.endsWith("npm@12.2.0/docs/content/using-npm/config.md")));
    const big = await corpusFilesOver(2000);
    assert.equal(big.length, 45);
    const largest = big.reduce((a, b) => (b.words > a.words ? b : a));
    assert.equal(relative(CORPUS_DIR, largest.path), "@anthropic-ai/sdk@1.10.0/CHANGELOG.md");
    assert.equal(largest.words, 14140);
    assert.equal(largest.package, "@anthropic-ai/sdk@1.10.0");
  },
});
