/**
 * The store's postings, so that a search reads only the terms its query reaches. The entries one
 * call writes together are one segment: per term, one row (not one per term and file) naming the
 * entries by their slot, in a blob only `mdsel/cache/search_record.ts` reads. An entry written again or
 * removed leaves its postings stale, skipped by readers, until its segment goes. The vocabulary
 * holds every term, also reversed (prefixes and suffixes are ranges), and its stem.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";

/** The tables of the postings (see `entries.ts` for the entries). */
export const SEGMENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS segments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  bytes INTEGER NOT NULL,
  live INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS postings (
  term TEXT NOT NULL,
  segment INTEGER NOT NULL,
  places BLOB NOT NULL,
  PRIMARY KEY (term, segment)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS vocabulary (
  term TEXT PRIMARY KEY,
  reversed TEXT NOT NULL,
  stem TEXT
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS vocabulary_reversed ON vocabulary (reversed);
CREATE INDEX IF NOT EXISTS vocabulary_stem ON vocabulary (stem) WHERE stem IS NOT NULL;
`;

/** The most segments kept: past it, those holding the fewest live bytes go. */
const _MAX_SEGMENTS = 64;
/** How many segments are left when there were too many. */
const SEGMENTS_AFTER = 48;

/** Above every character a term holds: the end of a range of terms with a prefix. */
const _LAST = "\u{10FFFF}";

/**
 * Writes a new segment's postings and vocabulary.
 *
 * @param db The database, in a write transaction.
 * @param bytes The bytes its entries hold together, as the cap counts them.
 * @returns The segment's id.
 */
export function writeSegment(
  db: DatabaseSync,
  postings: ReadonlyMap<string, Uint8Array>,
  stems: ReadonlyMap<string, string>,
  bytes: number,
): number {
  const { lastInsertRowid } = db.prepare("INSERT INTO segments (bytes, live) VALUES (?, ?)")
    .run(bytes, bytes);
  const segment = Number(lastInsertRowid);
  // In the order of the primary key: each row goes next to the one before.
  const terms = [...postings.keys()].sort(_byCodePoint);
  // Many rows a statement: one call per row costs more than the row.
  insertRows(db, "INSERT INTO postings (term, segment, places) VALUES", 3, terms.length, (i) => {
    const term = terms[i];
    return [term, segment, postings.get(term)!];
  });
  // The new terms in one statement: one call per term costs more than the insert itself.
  db.prepare(
    "INSERT OR IGNORE INTO vocabulary (term, reversed, stem) " +
      "SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)",
  ).run(JSON.stringify(terms.map((term) => [term, _reversed(term), stems.get(term) ?? null])));
  return segment;
}

/** The most rows one statement of {@linkcode insertRows} inserts. */
const _ROWS_PER_STATEMENT = 64;

/**
 * Inserts rows, many a statement (the statement's rows in order, as one
 * statement each would insert them).
 *
 * @param db The database.
 * @param insert The statement up to its values: `INSERT INTO t (a, b) VALUES`, and any clause
 *   after them in `tail`.
 * @param columns How many values a row has.
 * @param tail What follows the values (`ON CONFLICT ...`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DatabaseSync } from "node:sqlite";
 * import { insertRows } from "./segments.ts";
 * const db = new DatabaseSync(":memory:");
 * db.exec("CREATE TABLE t (a INTEGER, b TEXT)");
 * insertRows(db, "INSERT INTO t (a, b) VALUES", 2, 100, (i) => [i, `row ${i}`]);
 * const { n, a } = db.prepare("SELECT count(*) AS n, max(a) AS a FROM t").get()!;
 * assert.deepEqual([n, a], [100, 99]);
 * ```
 */
export function insertRows(
  db: DatabaseSync,
  insert: string,
  columns: number,
  count: number,
  row: (i: number) => SQLInputValue[],
  tail = "",
): void {
  const tuple = `(${new Array(columns).fill("?").join(", ")})`;
  const statement = (rows: number) =>
    db.prepare(`${insert} ${new Array(rows).fill(tuple).join(", ")} ${tail}`);
  const full = count >= _ROWS_PER_STATEMENT ? statement(_ROWS_PER_STATEMENT) : undefined;
  let i = 0;
  for (; i + _ROWS_PER_STATEMENT <= count; i += _ROWS_PER_STATEMENT) {
    const values: SQLInputValue[] = [];
    for (let k = i; k < i + _ROWS_PER_STATEMENT; k++) values.push(...row(k));
    full!.run(...values);
  }
  if (i < count) {
    const values: SQLInputValue[] = [];
    for (let k = i; k < count; k++) values.push(...row(k));
    statement(count - i).run(...values);
  }
}

/**
 * Drops the segments whose bytes are half stale or more, and the least live ones past
 * {@linkcode _MAX_SEGMENTS}, with the entries still in them (derived again when next searched).
 *
 * @param db The database, in a write transaction.
 * @param all Drops every segment (the store is being emptied).
 */
export function dropStaleSegments(db: DatabaseSync, all = false): void {
  const stale = db.prepare(`SELECT id FROM segments WHERE ${all ? "1" : "live * 2 <= bytes"}`)
    .all() as { id: number }[];
  const { count } = db.prepare("SELECT count(*) AS count FROM segments").get() as {
    count: number;
  };
  if (count - stale.length > _MAX_SEGMENTS) {
    stale.push(
      ...db.prepare(
        "SELECT id FROM segments WHERE live * 2 > bytes ORDER BY live DESC, id DESC " +
          `LIMIT -1 OFFSET ${SEGMENTS_AFTER}`,
      ).all() as { id: number }[],
    );
  }
  dropSegments(db, stale.map((row) => row.id));
}

/**
 * Drops segments: their postings, their vocabulary no other segment has, and their entries.
 *
 * @param db The database, in a write transaction.
 */
export function dropSegments(db: DatabaseSync, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const words = db.prepare(
    "DELETE FROM vocabulary WHERE term IN (SELECT term FROM postings WHERE segment = ?1) " +
      "AND NOT EXISTS (SELECT 1 FROM postings AS other " +
      "WHERE other.term = vocabulary.term AND other.segment != ?1)",
  );
  const postings = db.prepare("DELETE FROM postings WHERE segment = ?");
  const entries = db.prepare("DELETE FROM entries WHERE segment = ?");
  const segments = db.prepare("DELETE FROM segments WHERE id = ?");
  for (const id of ids) {
    words.run(id);
    postings.run(id);
    entries.run(id);
    segments.run(id);
  }
}

/** The postings of some terms in some segments. */
export function readPostings(
  db: DatabaseSync,
  terms: readonly string[],
  segments: readonly number[],
): StoredPostings[] {
  return db.prepare(
    "SELECT term, segment, places FROM postings WHERE term IN (SELECT value FROM json_each(?)) " +
      "AND segment IN (SELECT value FROM json_each(?))",
  ).all(JSON.stringify(terms), JSON.stringify(segments)) as unknown as StoredPostings[];
}

/**
 * The vocabulary's terms that start with a prefix, sorted, from `minLength` to `maxLength` UTF-16
 * code units long.
 */
export function termsStartingWith(
  db: DatabaseSync,
  prefix: string,
  minLength: number,
  maxLength: number,
): string[] {
  // SQLite counts characters; a character is one or two code units.
  const rows = db.prepare(
    "SELECT term FROM vocabulary WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?",
  ).all(
    prefix,
    prefix + _LAST,
    Math.ceil(minLength / 2),
    Number.isFinite(maxLength) ? maxLength : 0x7fffffff,
  ) as { term: string }[];
  return rows.map((row) => row.term).filter((term) =>
    term.length >= minLength && term.length <= maxLength && term.startsWith(prefix)
  );
}

/**
 * The vocabulary's terms that end with a suffix, from `minLength` to `maxLength` UTF-16 code
 * units long.
 */
export function termsEndingWith(
  db: DatabaseSync,
  suffix: string,
  minLength: number,
  maxLength: number,
): string[] {
  const reversed = _reversed(suffix);
  // SQLite counts characters; a character is one or two code units.
  const rows = db.prepare(
    "SELECT term FROM vocabulary WHERE reversed >= ? AND reversed < ? " +
      "AND length(term) BETWEEN ? AND ?",
  ).all(reversed, reversed + _LAST, Math.ceil(minLength / 2), maxLength) as { term: string }[];
  return rows.map((row) => row.term).filter((term) =>
    term.length >= minLength && term.length <= maxLength && term.endsWith(suffix)
  );
}

/** The vocabulary's terms whose stem is one of some stems, each with its stem. */
export function termsWithStems(db: DatabaseSync, stems: readonly string[]): [string, string][] {
  const rows = db.prepare(
    "SELECT term, stem FROM vocabulary WHERE stem IN (SELECT value FROM json_each(?))",
  ).all(JSON.stringify(stems)) as { term: string; stem: string }[];
  return rows.map((row) => [row.term, row.stem]);
}

/** Strings about as SQLite sorts them, so that rows go in about the order of their key. */
function _byCodePoint(a: string, b: string): number {
  // UTF-16 order: code point order but for astral characters against U+E000-U+FFFF.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A term's characters in reverse order. */
function _reversed(term: string): string {
  return Array.from(term).reverse().join("");
}

/** The postings of one term in one segment. */
export interface StoredPostings {
  readonly term: string;
  readonly segment: number;
  /** The blob, as written. */
  readonly places: Uint8Array;
}
