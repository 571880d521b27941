/**
 * The cache's store: one SQLite database (`node:sqlite`, in WAL mode so readers never wait on a
 * writer), private to its user. Entries are keyed by kind (`doc`, or `search`, whose terms are in
 * the postings of `segments.ts` and which goes with its file's `doc` entry) and absolute path.
 * Nothing here fails a call: a busy database is skipped, and any other error turns the store off
 * for the call with one warning line. A file that is no database, or a corrupt one, is removed;
 * another program's database is left alone.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import {
  ENTRIES_SCHEMA,
  entriesTotal,
  type EntryBatch,
  type NewEntry,
  readEntries,
  type StoredEntry,
} from "./entries.ts";
import {
  dropSegments,
  dropStaleSegments,
  insertRows,
  readPostings,
  type StoredPostings,
  termsEndingWith,
  termsStartingWith,
  termsWithStems,
  writeSegment,
} from "./segments.ts";
import {
  isBusy,
  prepareStoreFile,
  removeOlderStores,
  storeFailure,
  storeWarning,
} from "./store_file.ts";

/** The store's file in the cache folder: its schema's version is in its name. */
export const STORE_FILE = "cache-v2.sqlite";

/** `PRAGMA application_id` of the store: "mdsl". */
const APPLICATION_ID = 0x6d64736c;
/** The schema's version (`PRAGMA user_version`). */
const SCHEMA_VERSION = 2;

/** The longest a call waits for another process's write, in milliseconds. */
const _BUSY_TIMEOUT_MS = 100;

/** A use older than this is written down again (a read does not write every time). */
const USE_GRANULARITY_MS = 60 * 60 * 1000;

/** Eviction empties the store down to this share of its cap, so it does not run at every write. */
const EVICT_TO = 0.9;

/** The data of an entry whose segment the cap refused: this, then the cap in force. */
const _REFUSED = "refused under ";

export type { EntryBatch, NewEntry, StoredEntry };

const SCHEMA = `
${ENTRIES_SCHEMA}
PRAGMA application_id = ${APPLICATION_ID};
PRAGMA user_version = ${SCHEMA_VERSION};
`;

/** The cache's database, open for one call. */
export class CacheStore {
  readonly #db: DatabaseSync;
  readonly #path: string;
  readonly #maxBytes: number;
  #warning?: string;
  #broken = false;
  #reading = false;

  private constructor(db: DatabaseSync, path: string, maxBytes: number) {
    this.#db = db;
    this.#path = path;
    this.#maxBytes = maxBytes;
  }

  /**
   * Opens (or creates) the store in a folder: the folder `0700` and the file
   * `0600` when they are created here.
   *
   * @param maxBytes The most bytes the entries may hold together.
   * @returns The store, or the warning line saying why there is none
   *   (`undefined` too when another process held it busy).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { CacheStore } from "./store.ts";
   * const dir = await Deno.makeTempDir();
   * const { store } = await CacheStore.open(dir, 1e6);
   * const entries = [{ path: "/a.md", stat: "1:2:3:4:5", data: "{}" }];
   * store!.put([{ kind: "doc", version: "1", entries, used: [] }]);
   * assert.equal(store!.get("doc", "1", ["/a.md", "/b.md"]).get("/a.md")?.data, "{}");
   * store!.close();
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  static async open(
    dir: string,
    maxBytes: number,
  ): Promise<{ store?: CacheStore; warning?: string }> {
    const path = `${dir}${dir.endsWith("/") || dir.endsWith("\\") ? "" : "/"}${STORE_FILE}`;
    let db: DatabaseSync | undefined;
    try {
      prepareStoreFile(dir, path);
      const { DatabaseSync } = await import("node:sqlite");
      db = new DatabaseSync(path);
      db.exec(`PRAGMA busy_timeout = ${_BUSY_TIMEOUT_MS}`);
      // Read in one transaction: another process may be writing the schema of a new file.
      db.exec("BEGIN");
      let kind = _fileKind(db);
      db.exec("COMMIT");
      if (kind === "new") {
        // A new file: WAL first (outside a transaction), then the schema, once, under the write
        // lock, unless a process that took the lock first has written it meanwhile.
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("BEGIN IMMEDIATE");
        kind = _fileKind(db);
        if (kind === "new") db.exec(SCHEMA);
        db.exec("COMMIT");
        if (kind === "new") removeOlderStores(dir, DatabaseSync, APPLICATION_ID, SCHEMA_VERSION);
      }
      if (kind === "foreign") {
        db.close();
        return { warning: storeWarning(path, "it is not mdsel's cache; left as it is") };
      }
      const version = (db.prepare("PRAGMA user_version").get() as { user_version: number })
        .user_version;
      if (version !== SCHEMA_VERSION) {
        db.close();
        return { warning: storeWarning(path, `its schema is version ${version}; left as it is`) };
      }
      // Recursive triggers: a `doc` entry removed removes its `search` entry, updating the totals.
      db.exec(
        "PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 16777216; " +
          "PRAGMA recursive_triggers = ON",
      );
      return { store: new CacheStore(db, path, maxBytes) };
    } catch (error) {
      try {
        db?.close();
      } catch {
        // closed already
      }
      return { warning: storeFailure(error, path) };
    }
  }

  /** The first problem the store met in this call, as one line for stderr. */
  get warning(): string | undefined {
    return this.#warning;
  }

  /** Whether the store failed in this call, a busy database included (it is used no more then). */
  get failed(): boolean {
    return this.#broken;
  }

  /**
   * Reads from one snapshot of the store from now until the next write (or the close): entries and
   * postings read in between agree with each other, whatever other processes write meanwhile.
   */
  holdSnapshot(): void {
    if (this.#broken || this.#reading) return;
    try {
      this.#db.exec("BEGIN");
      this.#reading = true;
    } catch (error) {
      this.#fail(error);
    }
  }

  /**
   * The entries of some files, of one kind and version.
   *
   * @param version The kind's version: entries of another are left out.
   * @param paths Absolute paths.
   * @returns The entries found, by path (none when the store failed).
   */
  get(kind: string, version: string, paths: readonly string[]): Map<string, StoredEntry> {
    if (this.#broken || paths.length === 0) return new Map();
    try {
      return readEntries(this.#db, kind, version, paths);
    } catch (error) {
      this.#fail(error);
      return new Map();
    }
  }

  /**
   * Whether an entry stands for one the cap refused (see {@linkcode CacheStore.put}), under a cap
   * no larger than today's: writing it again would be refused again.
   */
  refused(entry: StoredEntry): boolean {
    if (entry.segment !== null || !entry.data.startsWith(_REFUSED)) return false;
    return Number(entry.data.slice(_REFUSED.length)) >= this.#maxBytes;
  }

  /**
   * The postings of some terms in some segments.
   *
   * @returns Each term's postings per segment that has it (none when the store failed).
   */
  postings(terms: readonly string[], segments: readonly number[]): StoredPostings[] {
    if (terms.length === 0 || segments.length === 0) return [];
    return this.#list(() => readPostings(this.#db, terms, segments));
  }

  /**
   * The terms of any entry's postings that start with a prefix, the prefix itself included, from
   * `minLength` to `maxLength` UTF-16 code units long.
   *
   * @returns The terms, sorted (none when the store failed).
   */
  termsStartingWith(prefix: string, minLength = 0, maxLength = Infinity): string[] {
    return this.#list(() => termsStartingWith(this.#db, prefix, minLength, maxLength));
  }

  /**
   * The terms of any entry's postings whose stem is one of some stems.
   *
   * @returns Each term and its stem (none when the store failed).
   */
  termsWithStems(stems: readonly string[]): [string, string][] {
    if (stems.length === 0) return [];
    return this.#list(() => termsWithStems(this.#db, stems));
  }

  /**
   * The terms of any entry's postings that end with a suffix, from `minLength` to `maxLength`
   * UTF-16 code units long.
   *
   * @returns The terms (none when the store failed).
   */
  termsEndingWith(suffix: string, minLength: number, maxLength: number): string[] {
    return this.#list(() => termsEndingWith(this.#db, suffix, minLength, maxLength));
  }

  /**
   * Writes entries in one transaction, notes the use of others, drops the postings that have mostly
   * gone stale and evicts the least recently used entries past the cap. Entries whose postings the
   * cap cannot hold are written without data or postings, as refused (see
   * {@linkcode CacheStore.refused}). Skipped, silently, when another process holds the database
   * longer than {@linkcode _BUSY_TIMEOUT_MS}.
   *
   * @param written When the files were read, at the latest, in milliseconds since the epoch: a time
   *   taken before their `stat`s (the racy rule counts from it). Now when not given.
   */
  put(batches: readonly EntryBatch[], written?: number): void {
    this.#endSnapshot();
    if (this.#broken) return;
    const now = Date.now();
    const readAt = Math.min(written ?? now, now);
    const stale = batches.map((batch) =>
      batch.used.filter(([, at]) => now - at > USE_GRANULARITY_MS).map(([path]) => path)
    );
    if (batches.every((batch, i) => batch.entries.length === 0 && stale[i].length === 0)) return;
    const db = this.#db;
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      this.#fail(error);
      return;
    }
    try {
      const upsert = (rows: number, row: (k: number) => SQLInputValue[]) =>
        insertRows(
          db,
          "INSERT INTO entries (kind, path, version, stat, written, used, bytes, data, segment, " +
            "slot) VALUES",
          10,
          rows,
          row,
          "ON CONFLICT (kind, path) DO UPDATE SET " +
            "version = excluded.version, stat = excluded.stat, written = excluded.written, " +
            "used = excluded.used, bytes = excluded.bytes, data = excluded.data, " +
            "segment = excluded.segment, slot = excluded.slot",
        );
      batches.forEach(({ kind, version, entries, postings, stems }, i) => {
        const bytes = entries.map((entry) =>
          _entryBytes(entry, entry.data) + (entry.postingsBytes ?? 0)
        );
        const total = bytes.reduce((sum, size) => sum + size, 0);
        // A segment the cap cannot hold is not written: it would be evicted at once.
        // Its entries say so instead, so that the next call does not derive it all again.
        const fits = postings === undefined || total <= this.#maxBytes * EVICT_TO;
        const segment = postings === undefined || entries.length === 0 || !fits
          ? null
          : writeSegment(db, postings, stems ?? new Map(), total);
        const refused = `${_REFUSED}${this.#maxBytes}`;
        upsert(entries.length, (k) => {
          const entry = entries[k];
          return [
            kind,
            entry.path,
            version,
            entry.stat,
            readAt,
            now,
            fits ? bytes[k] : _entryBytes(entry, refused),
            fits ? entry.data : refused,
            segment,
            segment === null ? null : entry.slot ?? null,
          ];
        });
        if (stale[i].length > 0) {
          db.prepare(
            "UPDATE entries SET used = ? WHERE kind = ? AND path IN (SELECT value FROM json_each(?))",
          ).run(now, kind, JSON.stringify(stale[i]));
        }
      });
      dropStaleSegments(db);
      this.#evict();
      db.exec("COMMIT");
    } catch (error) {
      try {
        db.exec("ROLLBACK");
      } catch {
        // no transaction left to roll back
      }
      this.#fail(error);
    }
  }

  /**
   * Removes the entries of some files (they are gone, or no longer read).
   *
   * @param paths Absolute paths.
   */
  remove(kind: string, paths: readonly string[]): void {
    this.#endSnapshot();
    if (this.#broken || paths.length === 0) return;
    try {
      this.#db.prepare(
        "DELETE FROM entries WHERE kind = ? AND path IN (SELECT value FROM json_each(?))",
      )
        .run(kind, JSON.stringify(paths));
    } catch (error) {
      this.#fail(error);
    }
  }

  /**
   * How many bytes the store holds, as the cap counts them: its entries,
   * and the postings of entries gone that still wait in their segment.
   *
   * @returns The total (0 when the store failed).
   */
  totalBytes(): number {
    try {
      return entriesTotal(this.#db);
    } catch (error) {
      this.#fail(error);
      return 0;
    }
  }

  /** Closes the database. */
  close(): void {
    this.#endSnapshot();
    try {
      this.#db.close();
    } catch {
      // closed already
    }
  }

  #endSnapshot(): void {
    if (!this.#reading) return;
    this.#reading = false;
    try {
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#fail(error);
    }
  }

  /**
   * Evicts the least recently used entries until the store is under its cap: the entries of a
   * segment all at once, with their postings, by their latest use.
   */
  #evict(): void {
    const db = this.#db;
    const oldest = db.prepare(
      "SELECT 0 AS segment, id, bytes, used, written FROM entries WHERE segment IS NULL " +
        "UNION ALL SELECT segments.id, 0, segments.bytes, max(entries.used), max(entries.written) " +
        "FROM segments JOIN entries ON entries.segment = segments.id GROUP BY segments.id " +
        "ORDER BY used, written LIMIT 1000",
    );
    const remove = db.prepare("DELETE FROM entries WHERE id IN (SELECT value FROM json_each(?))");
    for (let total = entriesTotal(db); total > this.#maxBytes; total = entriesTotal(db)) {
      let excess = total - Math.floor(this.#maxBytes * EVICT_TO);
      const entries: number[] = [];
      const segments: number[] = [];
      type Row = { segment: number; id: number; bytes: number };
      for (const row of oldest.iterate() as Iterable<Row>) {
        if (row.segment === 0) entries.push(row.id);
        else segments.push(row.segment);
        excess -= row.bytes;
        if (excess <= 0) break;
      }
      if (entries.length === 0 && segments.length === 0) {
        dropStaleSegments(db, true);
        return;
      }
      remove.run(JSON.stringify(entries));
      dropSegments(db, segments);
      dropStaleSegments(db);
    }
  }

  /** A list read from the store: none once it failed, or when the read fails it. */
  #list<T>(read: () => T[]): T[] {
    if (this.#broken) return [];
    try {
      return read();
    } catch (error) {
      this.#fail(error);
      return [];
    }
  }

  #fail(error: unknown): void {
    this.#broken = true;
    this.#reading = false;
    if (isBusy(error)) return; // another process holds it: this call goes without
    this.#warning ??= storeFailure(error, this.#path);
  }
}

/** The bytes an entry holds with some data, as the cap counts them (its postings aside). */
function _entryBytes(entry: NewEntry, data: string): number {
  return data.length + entry.path.length + entry.stat.length + 64;
}

/**
 * Whether a database file is mdsel's store, a new (empty) file, or another program's; read within
 * the caller's transaction, so that both of what it reads are of one state of the file.
 */
function _fileKind(db: DatabaseSync): "ours" | "new" | "foreign" {
  const { n } = db.prepare("SELECT count(*) AS n FROM sqlite_schema").get() as { n: number };
  const { application_id: id } = db.prepare("PRAGMA application_id").get() as {
    application_id: number;
  };
  if (id === APPLICATION_ID) return "ours";
  return id === 0 && n === 0 ? "new" : "foreign";
}
