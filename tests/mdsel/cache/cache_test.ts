// The engine's cache through the CLI: the same answers with it (cold and
// warm), without it, and with it corrupt, foreign, truncated, full or
// unwritable; never stale (same-size edits in the same second, restored
// modification times, deletes, renames, adds, .gitignore); many processes at
// once; the sandboxed engine; the size cap. Every test uses a cache folder of
// its own, never the user's.
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { STORE_FILE } from "../../../mdsel/cache/store.ts";
import { CORPUS_DIR, ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";
import { mdsel as mdselProcessOf, withTempDir } from "../_cli.ts";
import {
  type Answer,
  comparable,
  entries,
  mdsel,
  NO_CACHE,
  query,
  settle,
  wordPage,
  writeEditedDocs,
} from "./_cache.ts";
import { isFresh } from "../../../mdsel/cache/file_key.ts";
import { loadWorkspace } from "../../../mdsel/cache/workspace.ts";

const markdownRoot = (await ensureCorpus(), CORPUS_DIR.replace(/\/$/, ""));
const mdxRoot = (await ensureMdxCorpus(), MDX_CORPUS_DIR.replace(/\/$/, ""));

/** What an agent asks of a folder: indexes, searches and selects, text and JSON. */
async function questions(folder: string, query: string): Promise<string[][]> {
  const index = JSON.parse((await mdsel(["index", "--json", "--full", folder], NO_CACHE)).stdout);
  const docs = index.data.documents as { namespace: string; headings: unknown[] }[];
  const named = docs.filter((doc) => doc.headings.length > 2).slice(0, 4);
  return [
    ["index", folder],
    ["index", "--json", folder],
    ["index", "--lines", folder],
    ["select", "--", query, folder],
    ["select", "--json", "--", query, folder],
    ["select", "--", query.split(" ")[0], folder],
    ["select", "h2.0", folder],
    ...named.flatMap((doc) => [
      ["select", `${doc.namespace}::h2.0`, folder],
      ["select", "--json", `${doc.namespace}::root`, folder],
      ["select", `${doc.namespace}::h1.0/h2.1`, folder],
    ]),
  ];
}

for (
  const [name, folder, query] of [
    ["Markdown", markdownRoot, "abort request signal"],
    ["MDX", mdxRoot, "tool calling stream"],
  ] as const
) {
  Deno.test(`cache: the ${name} corpus answers the same without the cache, cold and warm`, async () => {
    await withTempDir({}, async (cache) => {
      await settle(folder);
      const env = { MDSEL_CACHE_DIR: cache };
      const asked = await questions(folder, query);
      const expected = await Promise.all(
        asked.map(async (args) => comparable(await mdsel(args, NO_CACHE))),
      );
      for (const [round, label] of [[0, "cold"], [1, "warm"]] as const) {
        const before = round === 0 ? new Map() : entries(cache);
        for (let i = 0; i < asked.length; i++) {
          const answer = comparable(await mdsel(asked[i], env));
          assert.deepEqual(answer, expected[i], `${label}: mdsel ${asked[i].join(" ")}`);
        }
        const after = entries(cache);
        if (round === 0) assert.ok(after.size > 100, `${after.size} entries`);
        // Warm: every file came from the cache (an entry is written again only when its file is parsed).
        else assert.deepEqual(after, before, "no file was parsed again");
      }
    });
  });
}

Deno.test("cache: a select naming a file parses and writes that file only", async () => {
  const pages = Object.fromEntries(
    ["a", "b", "c"].map((name) => [`docs/${name}.mdx`, `# ${name}\n\n## Part\n\nText.\n`]),
  );
  await withTempDir(pages, async (dir) => {
    const cache = join(dir, "cache");
    const docs = join(dir, "docs");
    await settle(docs);
    const answer = await mdsel(["select", "b::h2.0", docs], { MDSEL_CACHE_DIR: cache });
    assert.equal(answer.stdout, "## Part\n\nText.\n");
    assert.deepEqual([...entries(cache).keys()], [join(docs, "b.mdx")]);
    await mdsel(["select", "h2.0", docs], { MDSEL_CACHE_DIR: cache });
    assert.equal(entries(cache).size, 3);
  });
});

Deno.test("cache: an edit shows in the next call, whatever its times say", async () => {
  await withTempDir({}, async (dir) => {
    const docs = join(dir, "docs");
    await writeEditedDocs(docs, ["alpha", "bravo", "charl", "delta", "foxtr", "golfs"]);
    const env = { MDSEL_CACHE_DIR: join(dir, "cache") };
    const asked = [
      ["index", docs],
      ["index", "--json", docs],
      ["select", "--", "section text", docs],
      ["select", "--json", "--", "alpha bravo charl delta echos foxtr golfs", docs],
    ];
    const check = async (label: string) => {
      for (const args of asked) {
        assert.deepEqual(
          comparable(await mdsel(args, env)),
          comparable(await mdsel(args, NO_CACHE)),
          `${label}: mdsel ${args.join(" ")}`,
        );
      }
    };
    await settle(docs);
    await check("cold");
    const written = entries(env.MDSEL_CACHE_DIR);
    await check("warm");
    assert.deepEqual(entries(env.MDSEL_CACHE_DIR), written, "the warm calls read the cache");
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
    await check("after the edits");
    // JSON: every result's snippet, the text's first few only.
    const search = await mdsel(["select", "--json", "--", "alphx bravi echos golfx", docs], env);
    for (const word of ["alphx", "bravi", "echos", "golfx"]) {
      assert.match(search.stdout, new RegExp(word));
    }
    const index = (await mdsel(["index", docs], env)).stdout;
    assert.doesNotMatch(index, /\bc\.md|\bd\.md|\bf\.md/);
  });
});

Deno.test("cache: an edit of the same size in the same tick, times put back, is seen (the racy rule)", async () => {
  await withTempDir({}, async (dir) => {
    const env = { MDSEL_CACHE_DIR: join(dir, "cache") };
    const file = join(dir, "page.mdx");
    for (let round = 0; round < 3; round++) {
      await Deno.writeTextFile(file, `# Title\n\nWord one${round}.\n`);
      const { mtime, atime } = await Deno.stat(file);
      const first = await mdsel(["select", "--", `one${round}`, file], env);
      assert.match(first.stdout, new RegExp(`one${round}`));
      // Same size, same times: only the racy rule tells the entry is not to be trusted.
      await Deno.writeTextFile(file, `# Title\n\nWord two${round}.\n`);
      await Deno.utime(file, atime!, mtime!);
      const second = await mdsel(["select", "--", `two${round}`, file], env);
      assert.match(second.stdout, new RegExp(`Word two${round}`), `round ${round}`);
      assert.deepEqual(
        comparable(await mdsel(["index", "--json", file], env)),
        comparable(await mdsel(["index", "--json", file], NO_CACHE)),
      );
    }
  });
});

Deno.test("cache: what a call writes counts as read before its stats, however long the call", async () => {
  // A call that took longer than the racy rule's 3 s once vouched, at its end, for a file it had read
  // in its first second: an edit of the same size in that second, its old mtime put back (same
  // ctime second: Deno gives ctime in whole seconds), stayed unseen. Each reading of the clock here
  // is a minute after the one before, so the call looks long: its entries must carry the first.
  for (const search of [false, true]) {
    await withTempDir({}, async (dir) => {
      const file = join(dir, "page.mdx");
      await Deno.writeTextFile(file, "# Title\n\nWord one.\n");
      const cache = { dir: join(dir, "cache"), maxBytes: 1e9, warnings: [] };
      const realNow = Date.now;
      const base = realNow();
      let reads = 0;
      Date.now = () => base + 60_000 * reads++;
      try {
        // A search's call writes when its answer is done, what it derived.
        const workspace = await loadWorkspace([file], { maxBytes: 1e6, cache, search });
        workspace.search?.dataFor(workspace.docs, [], () => false);
        workspace.finish?.();
      } finally {
        Date.now = realNow;
      }
      assert.ok(reads > 1, "the call read the clock more than once");
      const written = query(
        cache.dir,
        (db) =>
          db.prepare("SELECT kind, written FROM entries").all() as {
            kind: string;
            written: number;
          }[],
      );
      assert.ok(written.length > 0);
      for (const row of written) assert.equal(row.written, base, `${row.kind}, search ${search}`);
    });
  }
});

Deno.test("cache: a time in whole seconds counts as the end of its second (racy rule)", () => {
  // ctime 10.000 may stand for 10.999: an entry read at 13.5 s is not yet to be trusted.
  const key = "3:5123:10000:7:8";
  assert.equal(isFresh(key, key, 13_500), false);
  assert.equal(isFresh(key, key, 14_000), true);
  const precise = "3:5123:10250:7:8";
  assert.equal(isFresh(precise, precise, 13_250), true);
});

Deno.test("cache: a corrupt, truncated or foreign cache file, or an unwritable folder, gives the same answer", async () => {
  await withTempDir({}, async (dir) => {
    const cache = join(dir, "cache");
    const env = { MDSEL_CACHE_DIR: cache };
    const asked = ["select", "--", "tool calling", mdxRoot];
    const expected = await mdsel(asked, NO_CACHE);
    const at = join(cache, STORE_FILE);
    const same = async (label: string, lines: number) => {
      const answer = await mdsel(asked, env);
      assert.equal(answer.stdout, expected.stdout, label);
      assert.equal(answer.code, expected.code, label);
      const stderr = answer.stderr.split("\n").filter((line) => line !== "");
      assert.ok(stderr.length <= lines, `${label}: ${answer.stderr}`);
      for (const line of stderr) {
        assert.match(line, /^warning: the cache '.*' is not used \(/, label);
      }
      return stderr;
    };
    // Garbage: one line, and the next call starts anew.
    await Deno.mkdir(cache);
    await Deno.writeTextFile(at, "garbage ".repeat(1000));
    assert.equal((await same("garbage", 1)).length, 1);
    assert.equal((await same("rebuilt", 0)).length, 0);
    assert.ok(entries(cache).size > 100);
    // Truncated to a third.
    const bytes = await Deno.readFile(at);
    await Deno.writeFile(at, bytes.slice(0, Math.floor(bytes.length / 3)));
    await same("truncated", 1);
    await same("after the truncated file", 1);
    // Another program's database: left as it is, every time.
    await Deno.remove(cache, { recursive: true });
    await Deno.mkdir(cache);
    const other = new DatabaseSync(at);
    other.exec("CREATE TABLE mine (x); INSERT INTO mine VALUES (1)");
    other.close();
    const before = await Deno.readFile(at);
    assert.equal((await same("foreign", 1)).length, 1);
    assert.deepEqual(await Deno.readFile(at), before);
    // A folder that cannot be made (a file stands in its way).
    await Deno.writeTextFile(join(dir, "file"), "x");
    const blocked = await mdsel(asked, { MDSEL_CACHE_DIR: join(dir, "file", "cache") });
    assert.equal(blocked.stdout, expected.stdout);
    assert.ok(blocked.stderr.split("\n").filter(Boolean).length <= 1, blocked.stderr);
    // A folder the user may not write (not as root, whom nothing stops).
    if (Deno.build.os !== "windows" && Deno.uid() !== 0) {
      const locked = join(dir, "locked");
      await Deno.mkdir(locked, { mode: 0o500 });
      const refused = await mdsel(asked, { MDSEL_CACHE_DIR: locked });
      assert.equal(refused.stdout, expected.stdout);
      assert.ok(refused.stderr.split("\n").filter(Boolean).length <= 1, refused.stderr);
      await Deno.chmod(locked, 0o700);
    }
  });
});

Deno.test("cache: the size cap holds, least recently used first, with the same answers", async () => {
  await withTempDir({}, async (dir) => {
    const cache = join(dir, "cache");
    const env = { MDSEL_CACHE_DIR: cache, MDSEL_CACHE_MAX_BYTES: "200000" };
    for (const args of [["index", mdxRoot], ["select", "--", "agent memory", mdxRoot]]) {
      assert.deepEqual(await mdsel(args, env), await mdsel(args, NO_CACHE));
    }
    const db = new DatabaseSync(join(cache, STORE_FILE), { readOnly: true });
    // The entries, and the postings of entries gone that still wait in their segment.
    const { bytes } = db.prepare(
      "SELECT (SELECT bytes FROM totals) + " +
        "(SELECT coalesce(sum(bytes - live), 0) FROM segments) AS bytes",
    ).get() as { bytes: number };
    const { count } = db.prepare("SELECT count(*) AS count FROM entries").get() as {
      count: number;
    };
    db.close();
    assert.ok(bytes <= 200_000 && count > 0, `${bytes} bytes in ${count} entries`);
    const ignored = await mdsel(["index", mdxRoot], { ...env, MDSEL_CACHE_MAX_BYTES: "lots" });
    assert.match(ignored.stderr, /^warning: ignoring MDSEL_CACHE_MAX_BYTES='lots'/);
  });
});

/** One real CLI process, with exactly these permissions (and never a prompt). */
async function mdselProcess(
  args: readonly string[],
  permissions: readonly string[],
  env: Record<string, string>,
): Promise<Answer> {
  return await mdselProcessOf(args, {
    permissions: ["--no-prompt", ...permissions],
    env,
    timeoutMs: 120_000,
  });
}

Deno.test("cache: many processes at once against one cache, no answer lost or wrong", async () => {
  await withTempDir({}, async (dir) => {
    const cache = join(dir, "cache");
    const asked = [
      ["index", mdxRoot],
      ["select", "--", "tool calling stream", mdxRoot],
      ["select", "--json", "--", "agent memory", mdxRoot],
      ["index", "--json", markdownRoot],
      ["select", "--", "abort request signal", markdownRoot],
      ["select", "h2.0", mdxRoot],
      ["index", mdxRoot, markdownRoot],
      ["select", "--", "install configure", mdxRoot, markdownRoot],
    ];
    const expected = await Promise.all(
      asked.map(async (args) => comparable(await mdsel(args, NO_CACHE))),
    );
    for (const round of ["cold", "warm"]) {
      const answers = await Promise.all(
        asked.map((args) => mdselProcess(args, ["-A"], { MDSEL_CACHE_DIR: cache })),
      );
      answers.forEach((answer, i) => {
        assert.deepEqual(comparable(answer), expected[i], `${round}: mdsel ${asked[i].join(" ")}`);
      });
    }
    const db = new DatabaseSync(join(cache, STORE_FILE), { readOnly: true });
    const { integrity_check } = db.prepare("PRAGMA integrity_check").get() as {
      integrity_check: string;
    };
    const { count } = db.prepare("SELECT count(*) AS count FROM entries").get() as {
      count: number;
    };
    // Every search entry's postings are there: its segment is.
    const { searched, orphans } = db.prepare(
      "SELECT count(*) AS searched, " +
        "count(*) FILTER (WHERE segment NOT IN (SELECT id FROM segments)) AS orphans " +
        "FROM entries WHERE kind = 'search'",
    ).get() as { searched: number; orphans: number };
    db.close();
    assert.equal(integrity_check, "ok");
    assert.ok(count > 500, `${count} entries`);
    assert.ok(searched > 500, `${searched} search entries`);
    assert.equal(orphans, 0);
  });
});

Deno.test("cache: the sandboxed engine answers as before, without the cache, silently", async () => {
  await withTempDir({}, async (dir) => {
    const cache = join(dir, "cache");
    const asked = ["select", "--", "tool calling", mdxRoot];
    const expected = await mdsel(asked, NO_CACHE);
    const env = { MDSEL_CACHE_DIR: cache };
    for (
      const flags of [
        [`--allow-read=${mdxRoot}`],
        ["--allow-read", "--allow-env"],
        [`--allow-read=${mdxRoot}`, "--allow-env", `--allow-write=${cache}`],
        [`--allow-read=${mdxRoot},${cache}`, "--allow-env=MDSEL_CACHE", `--allow-write=${cache}`],
      ]
    ) {
      const answer = await mdselProcess(asked, flags, env);
      assert.deepEqual(answer, expected, flags.join(" "));
      assert.equal(await Deno.stat(cache).then(() => true, () => false), false, flags.join(" "));
    }
    // Granted the folder (and told where it is), the engine keeps its cache there.
    const granted = [
      `--allow-read=${mdxRoot},${cache}`,
      "--allow-env=MDSEL_CACHE_DIR",
      `--allow-write=${cache}`,
    ];
    assert.deepEqual(await mdselProcess(asked, granted, env), expected);
    assert.ok(entries(cache).size > 100);
    assert.deepEqual(await mdselProcess(asked, granted, env), expected);
  });
});
