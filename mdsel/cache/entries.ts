/**
 * The store's entries table: its schema, and how a call's entries are read: a folder's at once from
 * its snapshot, which any write under the folder removes.
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { SEGMENTS_SCHEMA } from "./segments.ts";

/** The entries, their totals, and the triggers that keep those and the segments' `live` bytes. */
export const ENTRIES_SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  path TEXT NOT NULL,
  version TEXT NOT NULL,
  stat TEXT NOT NULL,
  written INTEGER NOT NULL,
  used INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  data TEXT NOT NULL,
  segment INTEGER,
  slot INTEGER,
  UNIQUE (kind, path)
);
CREATE TABLE IF NOT EXISTS totals (id INTEGER PRIMARY KEY CHECK (id = 0), bytes INTEGER NOT NULL);
INSERT OR IGNORE INTO totals VALUES (0, 0);
${SEGMENTS_SCHEMA}
CREATE TRIGGER IF NOT EXISTS entries_added AFTER INSERT ON entries
  BEGIN UPDATE totals SET bytes = bytes + NEW.bytes; END;
CREATE TRIGGER IF NOT EXISTS entries_removed AFTER DELETE ON entries BEGIN
  UPDATE totals SET bytes = bytes - OLD.bytes;
  UPDATE segments SET live = live - OLD.bytes WHERE id = OLD.segment;
  DELETE FROM entries WHERE OLD.kind = 'doc' AND kind = 'search' AND path = OLD.path;
END;
CREATE TRIGGER IF NOT EXISTS entries_changed AFTER UPDATE OF bytes ON entries
  BEGIN UPDATE totals SET bytes = bytes - OLD.bytes + NEW.bytes; END;
CREATE TRIGGER IF NOT EXISTS entries_moved AFTER UPDATE OF segment ON entries
  WHEN OLD.segment IS NOT NULL AND OLD.segment IS NOT NEW.segment
  BEGIN UPDATE segments SET live = live - OLD.bytes WHERE id = OLD.segment; END;
CREATE TRIGGER IF NOT EXISTS entries_rewritten AFTER UPDATE OF stat ON entries
  WHEN NEW.kind = 'doc' AND OLD.stat IS NOT NEW.stat
  BEGIN DELETE FROM entries WHERE kind = 'search' AND path = NEW.path AND stat != NEW.stat; END;
CREATE TABLE IF NOT EXISTS folders (
  kind TEXT NOT NULL,
  version TEXT NOT NULL,
  folder TEXT NOT NULL,
  stop TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  n INTEGER NOT NULL,
  rows TEXT NOT NULL,
  PRIMARY KEY (kind, version, folder)
);
CREATE TRIGGER IF NOT EXISTS folder_added AFTER INSERT ON entries BEGIN
  DELETE FROM folders WHERE kind = NEW.kind AND NEW.path >= folder AND NEW.path < stop;
END;
CREATE TRIGGER IF NOT EXISTS folder_removed AFTER DELETE ON entries BEGIN
  DELETE FROM folders WHERE kind = OLD.kind AND OLD.path >= folder AND OLD.path < stop;
END;
CREATE TRIGGER IF NOT EXISTS folder_changed AFTER UPDATE ON entries BEGIN
  DELETE FROM folders WHERE kind = OLD.kind AND OLD.path >= folder AND OLD.path < stop;
  DELETE FROM folders WHERE kind = NEW.kind AND NEW.path >= folder AND NEW.path < stop;
END;
`;

/** One entry as stored; times in milliseconds since the epoch. */
export interface StoredEntry {
  /** The file's `stat` key when the entry was written. */
  readonly stat: string;
  readonly written: number;
  readonly used: number;
  /** Its data; `""` when read as JSON already (`value`). */
  readonly data: string;
  /** Its data parsed as JSON, when a folder's snapshot gave it so. */
  readonly value?: unknown;
  /** The segment holding its postings, and its place there (entries written with postings). */
  readonly segment: number | null;
  readonly slot: number | null;
}

/** One entry to write, for a file's absolute path and its `stat` key taken before it was read. */
export interface NewEntry {
  readonly path: string;
  readonly stat: string;
  readonly data: string;
  /** Its place in the postings written with it (see {@linkcode EntryBatch.postings}). */
  readonly slot?: number;
  /** Bytes it holds beside its data: its share of those postings. */
  readonly postingsBytes?: number;
}

/** Entries of one kind and version to write, and the entries of that kind a call used. */
export interface EntryBatch {
  readonly kind: string;
  readonly version: string;
  /** The entries to write (replacing any of the same path). */
  readonly entries: readonly NewEntry[];
  /** Paths whose entries the call used, as `[path, last use]`. */
  readonly used: readonly (readonly [string, number])[];
  /** The entries' postings by term (opaque blobs naming them by slot): one new segment. */
  readonly postings?: ReadonlyMap<string, Uint8Array>;
  /** The stem of each term of the postings that has one. */
  readonly stems?: ReadonlyMap<string, string>;
}

/** Under this many paths, each entry is looked up alone: a range would read more than it saves. */
const RANGE_FROM = 32;
/** The most folders' snapshots kept (each holds a copy of its folder's entries). */
const MAX_FOLDERS = 8;

const COLUMNS = "path, stat, written, used, data, segment, slot";
/** The same without the data (`""`), to learn which entries there are. */
const STAT_COLUMNS = "path, stat, written, used, '' AS data, segment, slot";

/** A range of entries a call read, by kind, version and folder, to keep a snapshot of. */
export interface FolderRange {
  readonly kind: string;
  readonly version: string;
  readonly folder: string;
  readonly end: string;
  /** Whether it was read from its snapshot. */
  readonly current: boolean;
}

type _Statements = Record<"some" | "count" | "range", StatementSync>;
type _Row = StoredEntry & { path: string };
const _prepared = new WeakMap<DatabaseSync, { data: _Statements; stats: _Statements }>();

/**
 * The entries of some files (absolute paths) by path, of one kind and version: one range of the
 * index, under the deepest folder holding them all, when it holds not many more; else each file's.
 * Without `withData`, each entry's data is `""`. A range with data is read from the folder's snapshot
 * when it has one, and is added to `ranges` (see {@linkcode keepFolders}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DatabaseSync } from "node:sqlite";
 * import { ENTRIES_SCHEMA, readEntries } from "./entries.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec(ENTRIES_SCHEMA);
 * db.exec("INSERT INTO entries (kind, path, version, stat, written, used, bytes, data) " +
 *   "VALUES ('doc', '/a.md', '1', 's', 0, 0, 1, 'x')");
 * assert.equal(readEntries(db, "doc", "1", ["/a.md", "/b.md"]).get("/a.md")?.data, "x");
 * assert.equal(readEntries(db, "doc", "2", ["/a.md"]).size, 0);
 * ```
 */
export function readEntries(
  db: DatabaseSync,
  kind: string,
  version: string,
  paths: readonly string[],
  withData = true,
  ranges?: FolderRange[],
): Map<string, StoredEntry> {
  let prepared = _prepared.get(db);
  if (prepared === undefined) {
    prepared = { data: _statements(db, COLUMNS), stats: _statements(db, STAT_COLUMNS) };
    _prepared.set(db, prepared);
  }
  const statements = withData ? prepared.data : prepared.stats;
  const found = new Map<string, StoredEntry>();
  const folder = paths.length < RANGE_FROM ? "" : _commonFolder(paths);
  if (folder !== "") {
    // The separator's next character ends the folder's range.
    const end = folder.slice(0, -1) + String.fromCharCode(folder.charCodeAt(folder.length - 1) + 1);
    const wanted = new Set(paths);
    const snapshot = withData ? _snapshot(db, kind, version, folder, 2 * paths.length) : undefined;
    if (snapshot !== undefined) {
      for (const row of snapshot) if (wanted.has(row.path)) found.set(row.path, row);
      ranges?.push({ kind, version, folder, end, current: true });
      return found;
    }
    const { n } = statements.count.get(kind, folder, end) as { n: number };
    if (n <= 2 * paths.length) {
      for (const row of statements.range.all(kind, folder, end, version) as unknown as _Row[]) {
        if (wanted.has(row.path)) found.set(row.path, row);
      }
      if (withData) ranges?.push({ kind, version, folder, end, current: false });
      return found;
    }
  }
  const rows = statements.some.all(kind, version, JSON.stringify(paths)) as unknown as _Row[];
  for (const row of rows) found.set(row.path, row);
  return found;
}

/** A folder's entries as its snapshot holds them, when it holds at most `most` and is readable. */
function _snapshot(
  db: DatabaseSync,
  kind: string,
  version: string,
  folder: string,
  most: number,
): _Row[] | undefined {
  const row = db.prepare(
    "SELECT rows FROM folders WHERE kind = ? AND version = ? AND folder = ? AND n <= ?",
  ).get(kind, version, folder, most) as { rows: string } | undefined;
  if (row === undefined) return undefined;
  try {
    const rows = JSON.parse(row.rows) as unknown[][];
    return rows.map(([path, stat, written, used, data, segment, slot]) => {
      if (typeof path !== "string" || typeof stat !== "string") {
        throw new TypeError("Not a snapshot");
      }
      const text = typeof data === "string";
      return {
        path,
        stat,
        written,
        used,
        data: text ? data : "",
        value: text ? undefined : data,
        segment,
        slot,
      } as _Row;
    });
  } catch {
    return undefined; // not a snapshot of this engine: the entries are read
  }
}

/**
 * Keeps a snapshot of each range of entries a call read that has none, in the caller's write
 * transaction, as the entries are after its writes; the oldest past 8 go. An entry written or
 * removed under a folder removes the folder's snapshot (the schema's triggers).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DatabaseSync } from "node:sqlite";
 * import { ENTRIES_SCHEMA, type FolderRange, keepFolders, readEntries } from "./entries.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec(ENTRIES_SCHEMA);
 * const paths = Array.from({ length: 40 }, (_, i) => `/d/${i}.md`);
 * for (const path of paths) {
 *   db.prepare("INSERT INTO entries (kind, path, version, stat, written, used, bytes, data) " +
 *     "VALUES ('search', ?, '1', 's', 0, 0, 1, 'x')").run(path);
 * }
 * const ranges: FolderRange[] = [];
 * readEntries(db, "search", "1", paths, true, ranges);
 * keepFolders(db, ranges);
 * readEntries(db, "search", "1", paths, true, ranges);
 * assert.equal(ranges[1].current, true);
 * db.exec("DELETE FROM entries WHERE path = '/d/0.md'"); // and the snapshot with it
 * assert.equal(readEntries(db, "search", "1", paths).size, 39);
 * ```
 */
export function keepFolders(db: DatabaseSync, ranges: readonly FolderRange[]): void {
  const current = db.prepare("SELECT 1 FROM folders WHERE kind = ? AND version = ? AND folder = ?");
  const keep = db.prepare(
    "INSERT OR REPLACE INTO folders (kind, version, folder, stop, bytes, n, rows) " +
      "SELECT ?1, ?2, ?3, ?4, length(rows), n, rows FROM (SELECT " +
      "json_group_array(json_array(path, stat, written, used, " +
      "iif(json_valid(data), json(data), data), segment, slot)) AS rows, " +
      "count(*) AS n FROM entries WHERE kind = ?1 AND path >= ?3 AND path < ?4 AND version = ?2)",
  );
  for (const { kind, version, folder, end } of ranges) {
    if (current.get(kind, version, folder) === undefined) keep.run(kind, version, folder, end);
  }
  db.exec(
    "DELETE FROM folders WHERE rowid NOT IN " +
      `(SELECT rowid FROM folders ORDER BY rowid DESC LIMIT ${MAX_FOLDERS})`,
  );
}

/**
 * Drops every folder's snapshot (the entries stay).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DatabaseSync } from "node:sqlite";
 * import { dropFolders, ENTRIES_SCHEMA, entriesTotal } from "./entries.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec(ENTRIES_SCHEMA);
 * db.exec("INSERT INTO folders VALUES ('doc', '1', '/d/', '/d0', 500, 1, '[]')");
 * assert.equal(entriesTotal(db), 500);
 * dropFolders(db);
 * assert.equal(entriesTotal(db), 0);
 * ```
 */
export function dropFolders(db: DatabaseSync): void {
  db.exec("DELETE FROM folders");
}

function _statements(db: DatabaseSync, columns: string): _Statements {
  return {
    some: db.prepare(
      `SELECT ${columns} FROM entries ` +
        "WHERE kind = ? AND version = ? AND path IN (SELECT value FROM json_each(?))",
    ),
    count: db.prepare(
      "SELECT count(*) AS n FROM entries WHERE kind = ? AND path >= ? AND path < ?",
    ),
    range: db.prepare(
      `SELECT ${columns} FROM entries WHERE kind = ? AND path >= ? AND path < ? AND version = ?`,
    ),
  };
}

/** The deepest folder holding every path, with its final separator (`/` or `\`); `""` for none. */
function _commonFolder(paths: readonly string[]): string {
  let first = paths[0];
  let last = paths[0];
  for (const path of paths) {
    if (path < first) first = path;
    else if (path > last) last = path;
  }
  let common = 0;
  while (common < first.length && first.charCodeAt(common) === last.charCodeAt(common)) common++;
  const prefix = first.slice(0, common);
  return prefix.slice(0, Math.max(prefix.lastIndexOf("/"), prefix.lastIndexOf("\\")) + 1);
}

/**
 * The bytes the cap counts: the entries, the stale postings of their segments, and the folders'
 * snapshots.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DatabaseSync } from "node:sqlite";
 * import { ENTRIES_SCHEMA, entriesTotal } from "./entries.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec(ENTRIES_SCHEMA);
 * db.exec("INSERT INTO entries (kind, path, version, stat, written, used, bytes, data) " +
 *   "VALUES ('doc', '/a.md', '1', 's', 0, 0, 100, 'x')");
 * assert.equal(entriesTotal(db), 100);
 * db.close();
 * ```
 */
export function entriesTotal(db: DatabaseSync): number {
  return (db.prepare(
    "SELECT (SELECT bytes FROM totals) + " +
      "(SELECT coalesce(sum(bytes - live), 0) FROM segments) + " +
      "(SELECT coalesce(sum(bytes), 0) FROM folders) AS bytes",
  ).get() as { bytes: number }).bytes;
}
