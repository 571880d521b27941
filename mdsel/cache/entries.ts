/**
 * The store's entries table: its schema, and how a call's entries are read.
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
`;

/** One entry as stored; times in milliseconds since the epoch. */
export interface StoredEntry {
  /** The file's `stat` key when the entry was written. */
  readonly stat: string;
  readonly written: number;
  readonly used: number;
  readonly data: string;
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

const COLUMNS = "path, stat, written, used, data, segment, slot";
/** The same without the data (`""`), to learn which entries there are. */
const STAT_COLUMNS = "path, stat, written, used, '' AS data, segment, slot";

type _Statements = Record<"some" | "count" | "range", StatementSync>;
const _prepared = new WeakMap<DatabaseSync, { data: _Statements; stats: _Statements }>();

/**
 * The entries of some files (absolute paths) by path, of one kind and version: one range of the
 * index, under the deepest folder holding them all, when it holds not many more; else each file's.
 * Without `withData`, each entry's data is `""`.
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
): Map<string, StoredEntry> {
  let prepared = _prepared.get(db);
  if (prepared === undefined) {
    prepared = { data: _statements(db, COLUMNS), stats: _statements(db, STAT_COLUMNS) };
    _prepared.set(db, prepared);
  }
  const statements = withData ? prepared.data : prepared.stats;
  type Row = StoredEntry & { path: string };
  const found = new Map<string, StoredEntry>();
  const folder = paths.length < RANGE_FROM ? "" : _commonFolder(paths);
  if (folder !== "") {
    // The separator's next character ends the folder's range.
    const end = folder.slice(0, -1) + String.fromCharCode(folder.charCodeAt(folder.length - 1) + 1);
    const { n } = statements.count.get(kind, folder, end) as { n: number };
    if (n <= 2 * paths.length) {
      const wanted = new Set(paths);
      for (const row of statements.range.all(kind, folder, end, version) as unknown as Row[]) {
        if (wanted.has(row.path)) found.set(row.path, row);
      }
      return found;
    }
  }
  const rows = statements.some.all(kind, version, JSON.stringify(paths)) as unknown as Row[];
  for (const row of rows) found.set(row.path, row);
  return found;
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
 * The bytes the cap counts: the entries, and the stale postings of their segments.
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
      "(SELECT coalesce(sum(bytes - live), 0) FROM segments) AS bytes",
  ).get() as { bytes: number }).bytes;
}
