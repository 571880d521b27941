// Searches through the cache's index, through the CLI: the same answers as
// without the cache (text and JSON, every kind of query), a cold search
// that writes what it parsed and the next the search data, warm calls that
// derive nothing, edits seen at once and only the files edited derived
// again, corrupt postings, the warnings of files not read, segments that go
// once stale, the size cap. Every test uses a cache folder of its own.
import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { STORE_FILE } from "../../../mdsel/cache/store.ts";
import { CORPUS_DIR, ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";
import { mdsel as mdselProcess, withTempDir } from "../_cli.ts";
import {
  comparable,
  entries,
  mdsel,
  NO_CACHE,
  query,
  settle,
  wordPage,
  writeEditedDocs,
} from "./_cache.ts";

const markdownRoot = (await ensureCorpus(), CORPUS_DIR.replace(/\/$/, ""));
const mdxRoot = (await ensureMdxCorpus(), MDX_CORPUS_DIR.replace(/\/$/, ""));

/** Asks each search with and without the cache, and says where they differ. */
async function same(
  asked: readonly (readonly string[])[],
  env: Record<string, string>,
  label: string,
): Promise<void> {
  for (const args of asked) {
    assert.deepEqual(
      comparable(await mdsel(args, env)),
      comparable(await mdsel(args, NO_CACHE)),
      `${label}: mdsel ${args.join(" ")}`,
    );
  }
}

/** Searches of a folder: words, other forms, typos, prefixes, phrases, identifiers, a file's words, none. */
function searches(folder: string, queries: readonly string[]): string[][] {
  return queries.flatMap((words, i) => [
    ["select", "--", words, folder],
    ...(i < 3 ? [["select", "--json", "--", words, folder]] : []),
  ]);
}

for (
  const [name, folder, queries] of [
    ["Markdown", markdownRoot, [
      "abort request signal",
      "redirecting requests",
      "reqest tmeout",
      "middlew",
      '"connection pool"',
      "fs.readFile encoding",
      "按钮 点击",
      "zzqqxxvv",
      "fastify::plugins",
    ]],
    ["MDX", mdxRoot, [
      "tool calling stream",
      "agents memory",
      "wrkflow sspend",
      "streamText",
      '"tool calling" errors',
    ]],
  ] as const
) {
  Deno.test(`search cache: the ${name} corpus's searches answer the same, cold and warm, and warm derives nothing`, async () => {
    await withTempDir({}, async (cache) => {
      await settle(folder);
      const env = { MDSEL_CACHE_DIR: cache };
      const asked = searches(folder, queries);
      await same(asked, env, "cold");
      const written = entries(cache, "search");
      assert.ok(written.size > 100, `${written.size} search entries`);
      await same(asked, env, "warm");
      assert.deepEqual(entries(cache, "search"), written, "no file derived again");
    });
  });
}

Deno.test("search cache: a cold search writes what it parsed and an MDX file's search data; the next writes the rest from the records", async () => {
  await withTempDir({}, async (dir) => {
    const docs = join(dir, "docs");
    await writeEditedDocs(docs, ["alpha", "bravo", "charl"]);
    const cache = join(dir, "cache");
    const env = { MDSEL_CACHE_DIR: cache };
    const asked = [["select", "--", "alpha bravo", docs], ["select", "--json", "--", "alph", docs]];
    await settle(docs);
    await same(asked.slice(0, 1), env, "cold");
    const parsed = entries(cache, "doc");
    assert.equal(parsed.size, 3, "a.md, b.md and c.md parsed and written");
    const fast = entries(cache, "search");
    assert.deepEqual([...fast.keys()].map((path) => basename(path)), ["m.mdx"], "read fast, whole");
    await same(asked.slice(1), env, "from the records");
    assert.deepEqual(entries(cache, "doc"), parsed, "no file parsed again");
    const written = entries(cache, "search");
    assert.deepEqual([...written.keys()].sort(), [...parsed.keys(), ...fast.keys()].sort());
    await same(asked, env, "warm");
    assert.deepEqual(entries(cache, "search"), written, "no file derived again");
  });
});

Deno.test("search cache: an edit is searched at once; only the files edited are derived again", async () => {
  await withTempDir({}, async (dir) => {
    const docs = join(dir, "docs");
    await writeEditedDocs(docs, ["alpha", "bravo", "charl", "delta", "foxtr", "golfs", "hotel"]);
    const env = { MDSEL_CACHE_DIR: join(dir, "cache") };
    const words = "alpha alphx bravo bravi charl delta echos foxtr golfs golfx hotel";
    const asked = [
      ["select", "--", words, docs],
      ["select", "--json", "--", words, docs],
      ["select", "--", "section", docs],
      ["select", "--", "alphz", docs],
    ];
    await settle(docs);
    await same(asked, env, "cold");
    const written = entries(env.MDSEL_CACHE_DIR, "search");
    assert.equal(written.size, 8);
    await same(asked, env, "warm");
    assert.deepEqual(entries(env.MDSEL_CACHE_DIR, "search"), written);
    // a: the same size, its modification time put back (touch -r).
    const a = join(docs, "a.md");
    const { mtime, atime } = await Deno.stat(a);
    await Deno.writeTextFile(a, wordPage("alphx"));
    await Deno.utime(a, atime!, mtime!);
    // b: another file of the same size copied over it with its times (cp -p).
    const source = join(docs, "copy-source.txt");
    const sourceInfo = await Deno.stat(source);
    await Deno.copyFile(source, join(docs, "b.md"));
    await Deno.utime(join(docs, "b.md"), sourceInfo.atime!, sourceInfo.mtime!);
    // c: deleted; d: renamed; e: added; f: newly ignored by git; g: edited at once, same size.
    await Deno.remove(join(docs, "c.md"));
    await Deno.rename(join(docs, "d.md"), join(docs, "d2.md"));
    await Deno.writeTextFile(join(docs, "e.md"), wordPage("echos"));
    await Deno.writeTextFile(join(docs, ".gitignore"), "f.md\n");
    await Deno.writeTextFile(join(docs, "g.md"), wordPage("golfx"));
    await same(asked, env, "after the edits");
    // JSON: every result's snippet, the text's first few only.
    const found = (await mdsel(["select", "--json", "--", "alphx bravi echos golfx", docs], env))
      .stdout;
    for (const word of ["alphx", "bravi", "echos", "golfx"]) assert.match(found, new RegExp(word));
    // Gone: the deleted file's word, the ignored file's (the others' are one typo from the new words).
    for (const word of ["charl", "foxtr"]) {
      assert.doesNotMatch((await mdsel(["select", "--", word, docs], env)).stdout, /Page/, word);
    }
    // The files not edited kept their entries; h.md and m.mdx were never derived again.
    const after = entries(env.MDSEL_CACHE_DIR, "search");
    for (const file of ["h.md", "m.mdx"]) {
      const path = join(docs, file);
      assert.equal(after.get(path), written.get(path), file);
    }
    for (const file of ["a.md", "b.md", "g.md"]) {
      assert.notEqual(after.get(join(docs, file)), written.get(join(docs, file)), file);
    }
  });
});

Deno.test("search cache: a file named twice in a call (relative and absolute) answers as without the cache", async () => {
  await withTempDir({}, async (dir) => {
    const folder = join(dir, "docs");
    await Deno.mkdir(folder);
    const from = join(mdxRoot, "ai@6.0.326", "docs", "02-foundations");
    for (const entry of Deno.readDirSync(from)) {
      if (entry.isFile) await Deno.copyFile(join(from, entry.name), join(folder, entry.name));
    }
    const page = [...Deno.readDirSync(folder)].map((entry) => entry.name).sort()[0];
    await settle(folder);
    // Processes in the folder's parent, so that `docs` is a name of its own (not made absolute).
    const options = (env: Record<string, string>) => ({
      cwd: dir,
      env,
      permissions: ["--allow-read", "--allow-env", "--allow-write"],
    });
    const env = { MDSEL_CACHE_DIR: join(dir, "cache") };
    const named = [["docs", folder], [folder, `docs/${page}`], [
      `docs/${page}`,
      join(folder, page),
    ]];
    const asked = named.flatMap((paths) => [
      ["select", "--", "model provider", ...paths],
      ["select", "--json", "--", "prompt", ...paths],
    ]);
    for (const args of asked) {
      const expected = comparable(await mdselProcess(args, options(NO_CACHE)));
      // The folder's searches find something (a page alone may hold no word of it).
      if (args.includes("docs")) assert.equal(expected.code, 0, expected.stderr);
      // Cold, then warm: every spelling reads the entries the others wrote.
      for (const round of ["cold", "warm"]) {
        const cached = comparable(await mdselProcess(args, options(env)));
        assert.deepEqual(cached, expected, `${round}: mdsel ${args.join(" ")}`);
      }
    }
  });
});

Deno.test("search cache: the warnings of files not read are those a read gives, in order", async () => {
  const invalid = new Uint8Array([...new TextEncoder().encode("# Bytes\n\nWord "), 0xff, 0x0a]);
  await withTempDir({
    "docs/a.mdx": "# A\n\nA word <!-- a comment MDX rejects -->\n",
    "docs/b.md": invalid,
    "docs/c.mdx": "import X from './x'\n\n# C\n\n<X>word</X>\n",
    "docs/d.md": "# D\n\nword\n",
  }, async (dir) => {
    const docs = join(dir, "docs");
    const env = { MDSEL_CACHE_DIR: join(dir, "cache") };
    await settle(docs);
    const asked = [["select", "--", "word", docs], ["select", "--json", "--", "word", docs]];
    await same(asked, env, "cold");
    const answer = await mdsel(asked[0], env);
    assert.match(answer.stdout, /Not valid MDX in .*a\.mdx/);
    assert.match(answer.stdout, /Invalid UTF-8 in .*b\.md/);
    await same(asked, env, "warm");
    assert.equal(entries(env.MDSEL_CACHE_DIR, "search").size, 4);
    // A search in one file: the files the cache holds say what reading them says, not what
    // parsing them said (a.mdx is not parsed, so MDX has nothing to reject), as without it.
    const inC = [["select", "--", "c::word", docs], ["select", "--json", "--", "c::word", docs]];
    await same(inC, env, "in one file");
    const one = await mdsel(inC[0], env);
    assert.doesNotMatch(one.stdout, /Not valid MDX/);
    assert.match(one.stdout, /Invalid UTF-8 in .*b\.md/);
  });
});

Deno.test("search cache: corrupt postings or vocabulary give the same answer", async () => {
  await withTempDir({}, async (dir) => {
    await settle(mdxRoot);
    const cache = join(dir, "cache");
    const env = { MDSEL_CACHE_DIR: cache };
    const asked = [["select", "--", "tool calling", mdxRoot], ["select", "--", "agnt", mdxRoot]];
    await same(asked, env, "cold");
    const db = new DatabaseSync(join(cache, STORE_FILE));
    // Postings that are no postings: the call answers again without the cache.
    db.exec("UPDATE postings SET places = x'ffffffffff01' WHERE term IN ('tool', 'calling')");
    db.close();
    await same(asked, env, "garbage postings");
    const other = new DatabaseSync(join(cache, STORE_FILE));
    other.exec("DROP TABLE vocabulary");
    other.close();
    await same(asked, env, "no vocabulary");
  });
});

Deno.test("search cache: a segment goes once half of it is stale; the answers stay the same", async () => {
  await withTempDir({}, async (dir) => {
    const docs = join(dir, "docs");
    await Deno.mkdir(docs);
    const names = ["a", "b", "c", "d", "e", "f"];
    for (const name of names) {
      await Deno.writeTextFile(join(docs, `${name}.mdx`), `# ${name}\n\nWord ${name}one.\n`);
    }
    const cache = join(dir, "cache");
    const env = { MDSEL_CACHE_DIR: cache };
    const asked = [["select", "--", "word", docs], ["select", "--", "aone dtwo", docs]];
    await settle(docs);
    await same(asked, env, "cold");
    const segments = () => query(cache, (db) => db.prepare("SELECT id FROM segments").all().length);
    const first = query(cache, (db) => db.prepare("SELECT min(id) AS id FROM segments").get()) as {
      id: number;
    };
    assert.equal(segments(), 1);
    // Four of six files edited, one call each: the first segment goes with its last two files.
    for (const name of names.slice(0, 4)) {
      await Deno.writeTextFile(join(docs, `${name}.mdx`), `# ${name}\n\nWord ${name}two.\n`);
      await same(asked, env, `${name} edited`);
    }
    const ids = query(cache, (db) => db.prepare("SELECT id FROM segments").all()) as {
      id: number;
    }[];
    assert.ok(ids.every(({ id }) => id !== first.id), "the stale segment went");
    assert.ok(ids.length <= 4, `${ids.length} segments`);
    await same(asked, env, "after");
    // Nothing refers to a segment that went.
    const orphans = query(cache, (db) =>
      db.prepare(
        "SELECT count(*) AS n FROM postings WHERE segment NOT IN (SELECT id FROM segments)",
      ).get()) as { n: number };
    assert.equal(orphans.n, 0);
  });
});

Deno.test("search cache: the size cap counts the postings; a segment over it is not written, nor derived whole again", async () => {
  await withTempDir({}, async (dir) => {
    await settle(mdxRoot);
    const asked = [["select", "--", "agent memory", mdxRoot]];
    /** The search entries with postings, and those the cap refused under `cap`. */
    const counts = (cache: string, cap: string) =>
      query(cache, (db) =>
        db.prepare(
          "SELECT count(segment) AS held, " +
            "coalesce(sum(segment IS NULL AND data = 'refused under ' || ?), 0) AS refused " +
            "FROM entries WHERE kind = 'search'",
        ).get(cap)) as { held: number; refused: number };
    for (const [cap, held] of [[String(64 * 1024 * 1024), true], ["1000000", false]] as const) {
      const cache = join(dir, `cache-${cap}`);
      const env = { MDSEL_CACHE_DIR: cache, MDSEL_CACHE_MAX_BYTES: cap };
      await same(asked, env, `cap ${cap}`);
      await same(asked, env, `cap ${cap}, again`);
      const { total } = query(cache, (db) =>
        db.prepare(
          "SELECT (SELECT bytes FROM totals) + " +
            "(SELECT coalesce(sum(bytes - live), 0) FROM segments) AS total",
        ).get()) as { total: number };
      assert.ok(total <= Number(cap), `${total} bytes under ${cap}`);
      const { held: withPostings, refused } = counts(cache, cap);
      assert.equal(withPostings > 0, held, `cap ${cap}: ${withPostings} with postings`);
      assert.equal(refused > 0, !held, `cap ${cap}: ${refused} refused`);
      if (held) continue;
      // Refused: the next search derives what its query reaches only, and writes nothing.
      const before = entries(cache, "search");
      await same(asked, env, `cap ${cap}, a third time`);
      assert.deepEqual(entries(cache, "search"), before);
      // A larger cap tries again, and holds them.
      const larger = { ...env, MDSEL_CACHE_MAX_BYTES: String(64 * 1024 * 1024) };
      await same(asked, larger, "a larger cap");
      assert.ok(counts(cache, cap).held > 0, "held under a larger cap");
    }
  });
});
