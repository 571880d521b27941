/**
 * The store's postings: the entries one call writes are one segment, with one row per term naming
 * them by slot (read by `search_record.ts`), and the vocabulary of every term, reversed and stemmed.
 * @module
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";

/** The tables of the postings (`entries.ts` has the entries'). */
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

/** The most segments kept: past it, those holding the fewest live bytes go, down to 48. */
const _MAX_SEGMENTS = 64;
const SEGMENTS_AFTER = 48;

/** Above every character a term holds: the end of a range of terms with a prefix. */
const _LAST = "\u{10FFFF}";

/**
 * Writes a new segment's postings and vocabulary, in the caller's write transaction; `bytes` are
 * what its entries hold together, as the cap counts them.
 *
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
  // In the order of the primary key (UTF-16 order: about as SQLite sorts, but for astral characters
  // against U+E000-U+FFFF), many rows a statement: one call per row costs more.
  const terms = [...postings.keys()].sort();
  const put = (sql: string, row: (term: string) => SQLInputValue[]) =>
    insertRows(db, sql, 3, terms.length, (i) => row(terms[i]));
  put("INSERT INTO postings (term, segment, places) VALUES", (t) => [t, segment, postings.get(t)!]);
  put(
    "INSERT OR IGNORE INTO vocabulary (term, reversed, stem) VALUES",
    (t) => [t, _reversed(t), stems.get(t) ?? null],
  );
  return segment;
}

const _ROWS_PER_STATEMENT = 64;

/**
 * Inserts `count` rows of `columns` values, many a statement, in order: `insert` is the statement
 * up to its values (`INSERT INTO t (a, b) VALUES`), `tail` what follows them (`ON CONFLICT ...`).
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
  let full: StatementSync | undefined;
  for (let i = 0; i < count; i += _ROWS_PER_STATEMENT) {
    const rows = Math.min(_ROWS_PER_STATEMENT, count - i);
    const values: SQLInputValue[] = [];
    for (let k = i; k < i + rows; k++) values.push(...row(k));
    (rows === _ROWS_PER_STATEMENT ? full ??= statement(rows) : statement(rows)).run(...values);
  }
}

/**
 * Drops (in a write transaction) the segments half stale or more, or `all`, and the least live past
 * {@linkcode _MAX_SEGMENTS}, with the entries still in them (derived again when next searched).
 */
export function dropStaleSegments(db: DatabaseSync, all = false): void {
  const stale = db.prepare(`SELECT id FROM segments WHERE ${all ? "1" : "live * 2 <= bytes"}`)
    .all() as { id: number }[];
  const { n } = db.prepare("SELECT count(*) AS n FROM segments").get() as { n: number };
  if (n - stale.length > _MAX_SEGMENTS) {
    stale.push(
      ...db.prepare(
        "SELECT id FROM segments WHERE live * 2 > bytes ORDER BY live DESC, id DESC " +
          `LIMIT -1 OFFSET ${SEGMENTS_AFTER}`,
      ).all() as { id: number }[],
    );
  }
  dropSegments(db, stale.map((row) => row.id));
}

/** Drops segments: their postings, their vocabulary no other segment has, and their entries. */
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
    for (const statement of [words, postings, entries, segments]) statement.run(id);
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
 * The vocabulary's terms that start (sorted) or end with `affix`, from `minLength` to `maxLength`
 * UTF-16 code units long.
 */
export function termsWith(
  db: DatabaseSync,
  end: "start" | "end",
  affix: string,
  minLength: number,
  maxLength: number,
): string[] {
  const [column, from] = end === "start" ? ["term", affix] : ["reversed", _reversed(affix)];
  // SQLite counts characters; a character is one or two code units.
  const rows = db.prepare(
    `SELECT term FROM vocabulary WHERE ${column} >= ? AND ${column} < ? ` +
      "AND length(term) BETWEEN ? AND ?",
  ).all(
    from,
    from + _LAST,
    Math.ceil(minLength / 2),
    Number.isFinite(maxLength) ? maxLength : 0x7fffffff,
  ) as { term: string }[];
  return rows.map((row) => row.term).filter((term) =>
    term.length >= minLength && term.length <= maxLength &&
    (end === "start" ? term.startsWith(affix) : term.endsWith(affix))
  );
}

/** The vocabulary's terms whose stem is one of some stems, each with its stem. */
export function termsWithStems(db: DatabaseSync, stems: readonly string[]): [string, string][] {
  const rows = db.prepare(
    "SELECT term, stem FROM vocabulary WHERE stem IN (SELECT value FROM json_each(?))",
  ).all(JSON.stringify(stems)) as { term: string; stem: string }[];
  return rows.map((row) => [row.term, row.stem]);
}

function _reversed(term: string): string {
  return Array.from(term).reverse().join("");
}

/** The postings of one term in one segment: the blob, as written. */
export interface StoredPostings {
  readonly term: string;
  readonly segment: number;
  readonly places: Uint8Array;
}
