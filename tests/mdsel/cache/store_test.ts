// The cache's store on its own: entries by kind, path and version; the size
// cap, least recently used first; a busy database never waits long; corrupt,
// truncated and foreign files, and a folder that cannot be made, never throw.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { entriesTotal } from "../../../mdsel/cache/entries.ts";
import { CacheStore, STORE_FILE } from "../../../mdsel/cache/store.ts";
import { withTempDir } from "../_cli.ts";

async function open(dir: string, maxBytes = 1e9): Promise<CacheStore> {
  const { store, warning } = await CacheStore.open(dir, maxBytes);
  assert.equal(warning, undefined);
  return store!;
}

/** Runs `work` on another connection to the store's file, its triggers run as the store runs them. */
function onFile<T>(dir: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(`${dir}/${STORE_FILE}`);
  try {
    db.exec("PRAGMA recursive_triggers = ON");
    return work(db);
  } finally {
    db.close();
  }
}

Deno.test("store: entries by kind, path and version; a new folder 0700, the file 0600", async () => {
  await withTempDir({}, async (root) => {
    const dir = `${root}/a/b/mdsel`;
    const store = await open(dir);
    store.put([{
      kind: "doc",
      version: "1",
      entries: [{ path: "/x.md", stat: "s1", data: "one" }],
      used: [],
    }]);
    store.put([{
      kind: "other",
      version: "1",
      entries: [{ path: "/x.md", stat: "s1", data: "other kind" }],
      used: [],
    }]);
    assert.equal(store.get("doc", "1", ["/x.md"]).get("/x.md")?.data, "one");
    assert.equal(store.get("doc", "2", ["/x.md"]).size, 0, "another version is no entry");
    assert.equal(store.get("other", "1", ["/x.md"]).get("/x.md")?.data, "other kind");
    store.put([{
      kind: "doc",
      version: "1",
      entries: [{ path: "/x.md", stat: "s2", data: "two" }],
      used: [],
    }]);
    const entry = store.get("doc", "1", ["/x.md", "/missing.md"]);
    assert.deepEqual([...entry.keys()], ["/x.md"]);
    assert.equal(entry.get("/x.md")?.stat, "s2");
    assert.ok(Math.abs(entry.get("/x.md")!.written - Date.now()) < 60_000);
    store.close();
    if (Deno.build.os !== "windows") {
      assert.equal(Deno.statSync(dir).mode! & 0o777, 0o700);
      assert.equal(Deno.statSync(`${dir}/${STORE_FILE}`).mode! & 0o777, 0o600);
    }
  });
});

Deno.test("store: the size cap evicts the least recently used entries first", async () => {
  await withTempDir({}, async (dir) => {
    const store = await open(dir, 10_000);
    const data = "x".repeat(1000);
    // Ten entries of about 1 KB, written (and so used) in turn.
    for (let i = 0; i < 8; i++) {
      store.put([{
        kind: "doc",
        version: "1",
        entries: [{ path: `/f${i}.md`, stat: "s", data }],
        used: [],
      }]);
    }
    // /f0.md is used again, long after its last use was written down.
    const db = new DatabaseSync(`${dir}/${STORE_FILE}`);
    db.exec("UPDATE entries SET used = used - 7200000 WHERE path != '/f1.md'");
    db.close();
    store.put([{ kind: "doc", version: "1", entries: [], used: [["/f0.md", 0]] }]);
    for (let i = 8; i < 12; i++) {
      store.put([{
        kind: "doc",
        version: "1",
        entries: [{ path: `/f${i}.md`, stat: "s", data }],
        used: [],
      }]);
    }
    const total = onFile(dir, entriesTotal);
    assert.ok(total <= 10_000, `${total} bytes`);
    const left = store.get("doc", "1", Array.from({ length: 12 }, (_, i) => `/f${i}.md`));
    // The newest stay, /f0.md (used again) stays; the oldest unused went first.
    for (const path of ["/f0.md", "/f11.md", "/f10.md", "/f9.md"]) {
      assert.ok(left.has(path), `${path} kept: ${[...left.keys()]}`);
    }
    assert.ok(!left.has("/f2.md"), "the oldest unused entry is evicted");
    // The total the cap counts is the sum of what is left.
    const sum = onFile(dir, (db) => db.prepare("SELECT sum(bytes) AS n FROM entries").get()!.n);
    assert.equal(total, sum);
    store.close();
  });
});

Deno.test("store: a write waits on another process's write a short bound at most, then goes without", async () => {
  await withTempDir({}, async (dir) => {
    (await open(dir)).close();
    const holder = new DatabaseSync(`${dir}/${STORE_FILE}`);
    holder.exec("BEGIN IMMEDIATE");
    const store = await open(dir);
    // The other process holds its write until after this one: the put returns only once its
    // bounded wait is over (no measure of it, which a loaded machine would stretch).
    store.put([{
      kind: "doc",
      version: "1",
      entries: [{ path: "/x.md", stat: "s", data: "d" }],
      used: [],
    }]);
    assert.equal(store.warning, undefined, "busy is no problem to report");
    // Readers never wait on a writer (WAL).
    assert.equal(store.get("doc", "1", ["/x.md"]).size, 0);
    store.close();
    holder.exec("ROLLBACK");
    holder.close();
  });
});

Deno.test("store: a file that is no database, or a corrupt one, is one warning and is removed", async () => {
  await withTempDir({}, async (dir) => {
    const path = `${dir}/${STORE_FILE}`;
    await Deno.writeTextFile(path, "not a database at all, just text\n".repeat(200));
    const first = await CacheStore.open(dir, 1e9);
    assert.equal(first.store, undefined);
    assert.match(
      first.warning!,
      /^warning: the cache '.*' is not used \(it was not a readable database/,
    );
    // The next call starts anew.
    const store = await open(dir);
    for (let i = 0; i < 200; i++) {
      store.put([{
        kind: "doc",
        version: "1",
        entries: [{ path: `/f${i}.md`, stat: "s", data: "y".repeat(2000) }],
        used: [],
      }]);
    }
    store.close();
    // Truncated to half: a corrupt database.
    const bytes = await Deno.readFile(path);
    await Deno.writeFile(path, bytes.slice(0, bytes.length >> 1));
    const { store: truncated, warning } = await CacheStore.open(dir, 1e9);
    let line = warning;
    if (truncated !== undefined) {
      const paths = Array.from({ length: 200 }, (_, i) => `/f${i}.md`);
      truncated.get("doc", "1", paths);
      truncated.put([{
        kind: "doc",
        version: "1",
        entries: [{ path: "/new.md", stat: "s", data: "z" }],
        used: [],
      }]);
      line = truncated.warning;
      truncated.close();
    }
    assert.match(line ?? "", /^warning: the cache '.*' is not used/);
    assert.equal(line!.split("\n").length, 1);
  });
});

Deno.test("store: another program's database is left as it is", async () => {
  await withTempDir({}, async (dir) => {
    const path = `${dir}/${STORE_FILE}`;
    const other = new DatabaseSync(path);
    other.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')");
    other.close();
    const before = await Deno.readFile(path);
    const { store, warning } = await CacheStore.open(dir, 1e9);
    assert.equal(store, undefined);
    assert.match(warning!, /it is not mdsel's cache; left as it is/);
    assert.deepEqual(await Deno.readFile(path), before);
  });
});

Deno.test("store: a new store removes the earlier schema's, and only if it is mdsel's", async () => {
  for (const ours of [true, false]) {
    await withTempDir({}, async (dir) => {
      const old = `${dir}/cache-v1.sqlite`;
      const db = new DatabaseSync(old);
      db.exec(`PRAGMA application_id = ${ours ? 0x6d64736c : 7}; CREATE TABLE t (x)`);
      db.close();
      await Deno.writeTextFile(`${old}-wal`, "");
      const { store, warning } = await CacheStore.open(dir, 1e9);
      assert.equal(warning, undefined);
      store!.close();
      const left = [...Deno.readDirSync(dir)].map((entry) => entry.name).filter((name) =>
        name.startsWith("cache-v1")
      ).sort();
      assert.deepEqual(left, ours ? [] : ["cache-v1.sqlite", "cache-v1.sqlite-wal"]);
      assert.ok(Deno.statSync(`${dir}/${STORE_FILE}`).isFile);
    });
  }
});

Deno.test("store: a folder that cannot be made is one warning, never an error", async () => {
  await withTempDir({}, async (dir) => {
    await Deno.writeTextFile(`${dir}/file`, "a file, not a folder");
    const { store, warning } = await CacheStore.open(`${dir}/file/mdsel`, 1e9);
    assert.equal(store, undefined);
    assert.match(warning!, /^warning: the cache '.*' is not used \(.+\)$/);
  });
});

/** One segment's batch: entries of kind "search" at slots 0.., each with postings of some terms. */
function searchBatch(paths: readonly string[], terms: readonly string[], stat = "s") {
  const blob = new Uint8Array(100);
  return {
    kind: "search",
    version: "1",
    entries: paths.map((path, slot) => ({ path, stat, data: "{}", slot, postingsBytes: 100 })),
    used: [],
    postings: new Map(terms.map((term) => [term, blob])),
    stems: new Map(terms.filter((term) => /s$/.test(term)).map((term) => [term, "~stem"])),
  };
}

Deno.test("store: postings by term and segment; the vocabulary by prefix, suffix and stem", async () => {
  await withTempDir({}, async (dir) => {
    const store = await open(dir);
    store.put([searchBatch(["/a.md", "/b.md"], ["request", "requests", "redirect", "é😀x"])]);
    const [{ segment }] = [...store.get("search", "1", ["/a.md"]).values()];
    assert.equal(typeof segment, "number");
    assert.deepEqual(store.get("search", "1", ["/b.md"]).get("/b.md")?.slot, 1);
    const rows = store.postings(["requests", "missing"], [segment!]);
    assert.deepEqual(rows.map((row) => [row.term, row.segment, row.places.length]), [
      ["requests", segment, 100],
    ]);
    assert.deepEqual(store.postings(["requests"], [segment! + 1]), []);
    assert.deepEqual(store.termsStartingWith("req"), ["request", "requests"]);
    assert.deepEqual(store.termsStartingWith("req", 0, 7), ["request"]);
    assert.deepEqual(store.termsStartingWith("é"), ["é😀x"]);
    assert.deepEqual(store.termsEndingWith("est", 4, 8).sort(), ["request"]);
    assert.deepEqual(store.termsEndingWith("😀x", 2, 4), ["é😀x"]);
    assert.deepEqual(store.termsWithStems(["~stem"]), [["requests", "~stem"]]);
    store.close();
  });
});

Deno.test("store: a search entry goes with its doc entry; a segment half stale goes whole", async () => {
  await withTempDir({}, async (dir) => {
    const store = await open(dir);
    const paths = ["/a.md", "/b.md", "/c.md", "/d.md"];
    store.put([
      {
        kind: "doc",
        version: "1",
        entries: paths.map((path) => ({ path, stat: "s", data: "d" })),
        used: [],
      },
      searchBatch(paths, ["one", "two"]),
    ]);
    const count = (sql: string) => onFile(dir, (db) => (db.prepare(sql).get() as { n: number }).n);
    assert.equal(count("SELECT count(*) AS n FROM entries WHERE kind = 'search'"), 4);
    // The doc entry of /a.md written again for another stat: its search entry goes.
    store.put([{
      kind: "doc",
      version: "1",
      entries: [{ path: "/a.md", stat: "t", data: "d" }],
      used: [],
    }]);
    assert.equal(store.get("search", "1", ["/a.md"]).size, 0);
    // /b.md's doc entry removed: its search entry goes; half the segment is stale, so all of it goes.
    onFile(dir, (db) => db.exec("DELETE FROM entries WHERE kind = 'doc' AND path = '/b.md'"));
    store.put([{
      kind: "doc",
      version: "1",
      entries: [{ path: "/e.md", stat: "s", data: "d" }],
      used: [],
    }]);
    assert.equal(count("SELECT count(*) AS n FROM entries WHERE kind = 'search'"), 0);
    assert.equal(count("SELECT count(*) AS n FROM segments"), 0);
    assert.equal(count("SELECT count(*) AS n FROM postings"), 0);
    assert.equal(count("SELECT count(*) AS n FROM vocabulary"), 0);
    // The total the cap counts is the sum of what is left.
    assert.equal(onFile(dir, entriesTotal), count("SELECT sum(bytes) AS n FROM entries"));
    store.close();
  });
});

Deno.test("store: the size cap evicts a segment whole, by its entries' latest use", async () => {
  await withTempDir({}, async (dir) => {
    const store = await open(dir, 3000);
    // A segment of two entries (about 800 bytes), then doc entries of about 600 bytes.
    store.put([searchBatch(["/s1.md", "/s2.md"], ["word"])]);
    const db = new DatabaseSync(`${dir}/${STORE_FILE}`);
    db.exec("UPDATE entries SET used = used - 1000, written = written - 1000");
    db.close();
    const data = "x".repeat(500);
    for (let i = 0; i < 6; i++) {
      store.put([{
        kind: "doc",
        version: "1",
        entries: [{ path: `/f${i}.md`, stat: "s", data }],
        used: [],
      }]);
    }
    const total = onFile(dir, entriesTotal);
    assert.ok(total <= 3000, `${total} bytes`);
    // The segment, the oldest, went whole: no entry of it is left, nor its postings.
    assert.equal(store.get("search", "1", ["/s1.md", "/s2.md"]).size, 0);
    assert.deepEqual(store.postings(["word"], [1]), []);
    assert.ok(store.get("doc", "1", ["/f5.md"]).has("/f5.md"));
    // A segment larger than the cap is not written at all.
    store.put([searchBatch(Array.from({ length: 40 }, (_, i) => `/big${i}.md`), ["big"])]);
    assert.equal(store.get("search", "1", ["/big0.md"]).size, 0);
    assert.ok(onFile(dir, entriesTotal) <= 3000);
    store.close();
  });
});

Deno.test("store: a folder read is kept whole for the next call, within the cap", async () => {
  await withTempDir({}, async (dir) => {
    const paths = Array.from({ length: 40 }, (_, i) => `/docs/${i}.md`);
    const entries = paths.map((path) => ({ path, stat: "s", data: JSON.stringify({ p: path }) }));
    const doc = (more: typeof entries = []) => ({
      kind: "doc",
      version: "1",
      entries: more,
      used: [],
    });
    const snapshots = () => onFile(dir, (db) => db.prepare("SELECT n FROM folders").all().length);
    let store = await open(dir);
    store.put([doc(entries)]);
    store.get("doc", "1", paths, true, true);
    store.close(); // read only: nothing kept
    store = await open(dir);
    store.get("doc", "1", paths);
    store.put([doc()]);
    assert.equal(snapshots(), 0, "a read not asked to keep keeps nothing");
    store = await open(dir);
    assert.equal(store.get("doc", "1", paths, true, true).size, 40);
    store.put([doc()]);
    assert.equal(snapshots(), 1, "a call that read the folder keeps it");
    // The next call reads the same entries, parsed.
    store = await open(dir);
    const again = store.get("doc", "1", paths, true, true);
    assert.deepEqual(again.get("/docs/3.md")?.value, { p: "/docs/3.md" });
    assert.equal(again.size, 40);
    // A write elsewhere keeps it; one under the folder drops it, and that call keeps none.
    store.put([doc([{ path: "/other/x.md", stat: "s", data: "x" }])]);
    assert.equal(snapshots(), 1);
    store = await open(dir);
    store.get("doc", "1", paths, true, true);
    store.put([doc([{ path: "/docs/new.md", stat: "s", data: "y" }])]);
    assert.equal(snapshots(), 0, "a call that writes under the folder copies it not");
    store = await open(dir);
    store.get("doc", "1", paths, true, true);
    store.put([doc([{ path: "/docs/new2.md", stat: "s", data: "y" }])]);
    assert.equal(snapshots(), 0, "nor does one that found no copy and writes under it");
    store = await open(dir);
    assert.ok(store.get("doc", "1", [...paths, "/docs/new.md"], true, true).has("/docs/new.md"));
    store.put([doc()]);
    assert.equal(snapshots(), 1, "the next call that reads takes it again");
    // At most 8 folders are kept.
    store = await open(dir);
    for (let f = 0; f < 10; f++) {
      const folder = Array.from({ length: 40 }, (_, i) => `/f${f}/${i}.md`);
      store.put([doc(folder.map((path) => ({ path, stat: "s", data: "d" })))]);
    }
    for (let f = 0; f < 10; f++) {
      store.get("doc", "1", Array.from({ length: 40 }, (_, i) => `/f${f}/${i}.md`), true, true);
    }
    store.put([doc()]);
    assert.equal(snapshots(), 8);
    // Past the cap, the snapshots go first: the entries stay.
    onFile(dir, (db) => db.exec("DELETE FROM folders"));
    store = await open(dir, onFile(dir, entriesTotal) + 50);
    store.get("doc", "1", paths, true, true);
    store.put([doc()]);
    assert.equal(snapshots(), 0);
    assert.equal(store.get("doc", "1", paths).size, 40);
    store.close();
  });
});
