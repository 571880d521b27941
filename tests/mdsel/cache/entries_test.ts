// The store's entries read by range (the deepest folder holding a call's
// files) give what a look-up of each file gives: with sibling folders whose
// names share a prefix, nested folders, other kinds and versions, files not
// held, a path named twice, Windows separators and too few files for a range;
// and so do folders' snapshots, after every kind of write, and corrupt.
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import {
  ENTRIES_SCHEMA,
  type FolderRange,
  keepFolders,
  readEntries,
} from "../../../mdsel/cache/entries.ts";
import { seededRng } from "../_generate.ts";

function database(rows: readonly [string, string, string][]): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(ENTRIES_SCHEMA);
  const insert = db.prepare(
    "INSERT INTO entries (kind, path, version, stat, written, used, bytes, data, segment, slot) " +
      "VALUES (?, ?, ?, 's', 1, 2, 3, ?, NULL, NULL)",
  );
  for (const [kind, path, version] of rows) insert.run(kind, path, version, `${kind}:${path}`);
  return db;
}

/** Each path's entry, looked up one by one. */
function oneByOne(db: DatabaseSync, kind: string, version: string, paths: readonly string[]) {
  const found = new Map<string, string>();
  const one = db.prepare("SELECT data FROM entries WHERE kind = ? AND version = ? AND path = ?");
  for (const path of paths) {
    const row = one.get(kind, version, path) as { data: string } | undefined;
    if (row !== undefined) found.set(path, row.data);
  }
  return found;
}

Deno.test("entries: a range reads what a look-up per file reads", () => {
  const rng = seededRng(37);
  const folders = [
    "/d/",
    "/d/a/",
    "/d/ab/",
    "/d/a/b/",
    "/d/a0/",
    "/d-x/",
    "/e/",
    "C:\\d\\",
    "C:\\d\\a\\",
    "/d/\u00e9/",
    "/d/\u4e2d/",
  ];
  const all: string[] = [];
  for (const folder of folders) {
    for (let i = 0; i < 30; i++) all.push(`${folder}p${i}.md`);
  }
  const rows: [string, string, string][] = [];
  for (const path of all) {
    const r = rng.int(0, 9);
    if (r === 0) continue; // not held
    rows.push([r === 1 ? "search" : "doc", path, r === 2 ? "old" : "1"]);
  }
  const db = database(rows);
  for (let round = 0; round < 200; round++) {
    // A folder's files, some of them, or files of several folders.
    const within = folders[rng.int(0, folders.length - 1)];
    const pool = rng.int(0, 2) === 0 ? all : all.filter((path) => path.startsWith(within));
    const paths = pool.filter(() => rng.int(0, 3) > 0);
    if (rng.int(0, 4) === 0 && paths.length > 0) paths.push(paths[0]);
    const found = readEntries(db, "doc", "1", paths);
    const expected = oneByOne(db, "doc", "1", paths);
    assert.deepEqual(
      new Map([...found].map(([path, entry]) => [path, entry.data])),
      expected,
      `round ${round}: ${paths.length} paths under ${within}`,
    );
  }
  db.close();
});

Deno.test("entries: every column as stored", () => {
  const db = database([]);
  db.exec(
    "INSERT INTO entries (kind, path, version, stat, written, used, bytes, data, segment, slot) " +
      "VALUES ('doc', '/d/x.md', '1', '1:2', 10, 20, 3, 'data', 4, 5)",
  );
  const paths = ["/d/x.md", ...Array.from({ length: 40 }, (_, i) => `/d/y${i}.md`)];
  for (const asked of [paths, ["/d/x.md"]]) {
    assert.deepEqual({ ...readEntries(db, "doc", "1", asked).get("/d/x.md") }, {
      path: "/d/x.md",
      stat: "1:2",
      written: 10,
      used: 20,
      data: "data",
      segment: 4,
      slot: 5,
    });
  }
  db.close();
});

Deno.test("entries: a folder's snapshot reads what the entries hold, after any write", () => {
  const rng = seededRng(41);
  const folders = ["/d/", "/d/a/", "/d/ab/", "/e/"];
  const all = folders.flatMap((folder) => Array.from({ length: 40 }, (_, i) => `${folder}${i}.md`));
  const db = database(all.map((path, i) => [i % 7 === 0 ? "doc" : "search", path, "1"]));
  // Some entries hold JSON, which a snapshot gives parsed.
  db.exec("UPDATE entries SET data = json_object('p', path) WHERE rowid % 2 = 0");
  const writes = [
    "INSERT INTO entries (kind, path, version, stat, written, used, bytes, data) " +
    "VALUES ('search', ?, '1', 'n', 1, 2, 3, 'new') ON CONFLICT DO NOTHING",
    "DELETE FROM entries WHERE path = ?",
    "UPDATE entries SET used = used + 1 WHERE path = ?",
    "UPDATE entries SET stat = 'changed', data = '[1]' WHERE path = ?",
    "UPDATE entries SET segment = 9, slot = 3 WHERE path = ?",
  ];
  const stored = (path: string) => oneByOne(db, "search", "1", [path]).get(path);
  let fromSnapshot = 0;
  for (let round = 0; round < 300; round++) {
    const folder = folders[rng.int(0, folders.length - 1)];
    const paths = [...all, "/d/new.md", "/e/new.md"].filter((path) => path.startsWith(folder));
    const ranges: FolderRange[] = [];
    const found = readEntries(db, "search", "1", paths, true, ranges);
    fromSnapshot += ranges.filter((range) => range.current).length;
    const expected = oneByOne(db, "search", "1", paths);
    const data = new Map([...found].map(([path, entry]) => [
      path,
      entry.value === undefined ? entry.data : JSON.stringify(entry.value),
    ]));
    assert.deepEqual(data, expected, `round ${round}: under ${folder}`);
    for (const [path, entry] of found) {
      const row = db.prepare(
        "SELECT stat, written, used, segment, slot FROM entries WHERE " +
          "kind = 'search' AND path = ?",
      ).get(path) as Record<string, unknown>;
      assert.deepEqual(
        [entry.stat, entry.written, entry.used, entry.segment, entry.slot],
        [row.stat, row.written, row.used, row.segment, row.slot],
        `round ${round}: ${path}`,
      );
      assert.ok(stored(path) !== undefined);
    }
    keepFolders(db, ranges);
    // A write anywhere, or a snapshot made unreadable.
    const write = rng.int(0, writes.length);
    if (write === writes.length) {
      db.exec(`UPDATE folders SET rows = '${rng.int(0, 1) ? "[[1,2" : "[[1]]"}'`);
    } else {
      const path = [...all, "/d/new.md", "/e/new.md"][rng.int(0, all.length + 1)];
      db.prepare(writes[write]).run(path);
    }
  }
  assert.ok(fromSnapshot > 50, `${fromSnapshot} reads from a snapshot`);
  db.close();
});
