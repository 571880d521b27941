// `mdsel warm`, the server's finishing of the cache between calls: after
// one call of any kind over a folder (a search, an index, a select of one
// file's section) and a warm run, the next search parses and derives
// nothing and answers as without the cache; an edited file is the only one
// read again. Every test uses a cache folder of its own.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";
import { withTempDir } from "../_cli.ts";
import { comparable, entries, mdsel, NO_CACHE, settle, wordPage } from "./_cache.ts";

const mdxRoot = (await ensureMdxCorpus(), MDX_CORPUS_DIR.replace(/\/$/, ""));

/** The corpus's MDX files, copied to a folder of the test's (a part of the corpus, for speed). */
async function copyDocs(to: string, count: number): Promise<string[]> {
  const files: string[] = [];
  const visit = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) await visit(path);
      else if (entry.name.endsWith(".mdx")) files.push(path);
    }
  };
  await visit(mdxRoot);
  files.sort();
  await Deno.mkdir(to, { recursive: true });
  const copied: string[] = [];
  for (const [i, file] of files.slice(0, count).entries()) {
    const name = `p${String(i).padStart(3, "0")}.mdx`;
    await Deno.copyFile(file, join(to, name));
    copied.push(name.replace(/\.mdx$/, ""));
  }
  return copied;
}

for (const first of ["search", "index", "select"] as const) {
  Deno.test(`warm: after a first ${first} and a warm run, the next search parses and derives nothing`, async () => {
    await withTempDir({}, async (dir) => {
      const docs = join(dir, "docs");
      const names = await copyDocs(docs, 40);
      const cache = join(dir, "cache");
      const env = { MDSEL_CACHE_DIR: cache };
      await settle(docs);
      const args = first === "search"
        ? ["select", "--", "tool calling", docs]
        : first === "index"
        ? ["index", "--", docs]
        : ["select", "--", `${names[3]}::h1.0`, docs];
      const answer = await mdsel(args, env);
      assert.deepEqual(comparable(answer), comparable(await mdsel(args, NO_CACHE)), first);
      const warm = await mdsel(["warm", "--", docs], env);
      assert.equal(warm.code, 0);
      assert.match(warm.stdout, /^\d+ of 40 files derived\n$/);
      const docEntries = entries(cache, "doc");
      const searchEntries = entries(cache, "search");
      assert.equal(docEntries.size, 40, "every document written");
      assert.equal(searchEntries.size, 40, "every file's search data written");
      for (const words of ["agents memory", "streamText", "wrkflow sspend"]) {
        const asked = ["select", "--", words, docs];
        assert.deepEqual(
          comparable(await mdsel(asked, env)),
          comparable(await mdsel(asked, NO_CACHE)),
        );
      }
      assert.deepEqual(entries(cache, "doc"), docEntries, "no file parsed again");
      assert.deepEqual(entries(cache, "search"), searchEntries, "no file derived again");
      // A second run finds nothing to do.
      assert.equal((await mdsel(["warm", "--", docs], env)).stdout, "0 of 40 files derived\n");
    });
  });
}

Deno.test("warm: after an edit, a run derives the edited file only", async () => {
  await withTempDir({}, async (dir) => {
    const docs = join(dir, "docs");
    await copyDocs(docs, 10);
    const cache = join(dir, "cache");
    const env = { MDSEL_CACHE_DIR: cache };
    await settle(docs);
    assert.equal((await mdsel(["warm", "--", docs], env)).stdout, "10 of 10 files derived\n");
    const before = entries(cache, "search");
    await Deno.writeTextFile(join(docs, "p004.mdx"), wordPage("zebra"));
    await settle(docs);
    assert.equal((await mdsel(["warm", "--", docs], env)).stdout, "1 of 10 files derived\n");
    const after = entries(cache, "search");
    for (const [path, written] of before) {
      if (path.endsWith("p004.mdx")) assert.notEqual(after.get(path), written, path);
      else assert.equal(after.get(path), written, path);
    }
    const asked = ["select", "--", "zebra", docs];
    assert.deepEqual(comparable(await mdsel(asked, env)), comparable(await mdsel(asked, NO_CACHE)));
  });
});

Deno.test("warm: nothing to finish past the limits, without the cache, or for small Markdown", async () => {
  await withTempDir({}, async (dir) => {
    const docs = join(dir, "docs");
    await Deno.mkdir(docs);
    await Deno.writeTextFile(join(docs, "a.md"), wordPage("alpha"));
    const cache = join(dir, "cache");
    const small = await mdsel(["warm", "--", docs], { MDSEL_CACHE_DIR: cache });
    assert.equal(small.stdout, "0 of 1 files derived: too small to cache\n");
    await Deno.writeTextFile(join(docs, "b.mdx"), wordPage("bravo"));
    const over = await mdsel(["warm", "--", docs], {
      MDSEL_CACHE_DIR: cache,
      MDSEL_MAX_BYTES: "40",
    });
    assert.equal(over.stdout, "0 of 2 files derived: too many bytes\n");
    const capped = await mdsel(["warm", "--", docs], {
      MDSEL_CACHE_DIR: cache,
      MDSEL_CACHE_MAX_BYTES: "100",
    });
    assert.equal(capped.stdout, "0 of 2 files derived: more than the cache's cap holds\n");
    const off = await mdsel(["warm", "--", docs], NO_CACHE);
    assert.equal(off.stdout, "0 of 0 files derived: no cache\n");
    assert.equal((await mdsel(["warm"], NO_CACHE)).code, 2);
  });
});
