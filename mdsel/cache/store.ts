/**
 * The cache's store: one SQLite database (Deno's built-in `node:sqlite`, in
 * WAL mode, so readers never wait on a writer) in the cache folder, private
 * to its user. Entries are keyed by kind (`doc` for a parsed document; a
 * later kind may hold a file's search data) and the file's absolute path; each
 * carries its kind's version, the file's `stat` key, when it was written and
 * last used, and its data.
 *
 * Nothing here ever fails a call: a busy database is skipped (a write waits
 * {@linkcode BUSY_TIMEOUT_MS} at most), and any other error turns the store off
 * for the rest of the call with one warning line. A file that is not a
 * database, or a corrupt one, is removed (the next call starts a new one); a
 * database of another program is left alone.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";

/** The store's file in the cache folder: its schema's version is in its name. */
export const STORE_FILE = "cache-v1.sqlite";

/** `PRAGMA application_id` of the store: "mdsl". */
const APPLICATION_ID = 0x6d64736c;
/** The schema's version (`PRAGMA user_version`). */
const SCHEMA_VERSION = 1;

/** The longest a call waits for another process's write, in milliseconds. */
export const BUSY_TIMEOUT_MS = 100;

/** A use older than this is written down again (a read does not write every time). */
const USE_GRANULARITY_MS = 60 * 60 * 1000;

/** Eviction empties the store down to this share of its cap, so that it does not run at every write. */
const EVICT_TO = 0.9;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  kind TEXT NOT NULL,
  path TEXT NOT NULL,
  version TEXT NOT NULL,
  stat TEXT NOT NULL,
  written INTEGER NOT NULL,
  used INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (kind, path)
);
CREATE INDEX IF NOT EXISTS entries_used ON entries (used);
CREATE TABLE IF NOT EXISTS totals (id INTEGER PRIMARY KEY CHECK (id = 0), bytes INTEGER NOT NULL);
INSERT OR IGNORE INTO totals VALUES (0, 0);
CREATE TRIGGER IF NOT EXISTS entries_added AFTER INSERT ON entries
  BEGIN UPDATE totals SET bytes = bytes + NEW.bytes; END;
CREATE TRIGGER IF NOT EXISTS entries_removed AFTER DELETE ON entries
  BEGIN UPDATE totals SET bytes = bytes - OLD.bytes; END;
CREATE TRIGGER IF NOT EXISTS entries_changed AFTER UPDATE OF bytes ON entries
  BEGIN UPDATE totals SET bytes = bytes - OLD.bytes + NEW.bytes; END;
PRAGMA application_id = ${APPLICATION_ID};
PRAGMA user_version = ${SCHEMA_VERSION};
`;

/** One entry as stored. */
export interface StoredEntry {
  /** The file's `stat` key when the entry was written. */
  readonly stat: string;
  /** When it was written, in milliseconds since the epoch. */
  readonly written: number;
  /** When it was last used, in milliseconds since the epoch. */
  readonly used: number;
  /** Its data. */
  readonly data: string;
}

/** One entry to write. */
export interface NewEntry {
  /** The file's absolute path. */
  readonly path: string;
  /** The file's `stat` key, taken before it was read. */
  readonly stat: string;
  /** The data. */
  readonly data: string;
}

/** SQLite's primary result codes the store tells apart. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** The cache's database, open for one call. */
export class CacheStore {
  readonly #db: DatabaseSync;
  readonly #path: string;
  readonly #maxBytes: number;
  #warning?: string;
  #broken = false;
  #select?: StatementSync;

  private constructor(db: DatabaseSync, path: string, maxBytes: number) {
    this.#db = db;
    this.#path = path;
    this.#maxBytes = maxBytes;
  }

  /**
   * Opens (or creates) the store in a folder: the folder `0700` and the file
   * `0600` when they are created here.
   *
   * @param dir The cache folder.
   * @param maxBytes The most bytes the entries may hold together.
   * @returns The store, or the warning line saying why there is none
   * (`undefined` too when another process held it busy).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { CacheStore } from "./store.ts";
   * const dir = await Deno.makeTempDir();
   * const { store } = await CacheStore.open(dir, 1e6);
   * store!.put("doc", "1", [{ path: "/a.md", stat: "1:2:3:4:5", data: "{}" }], []);
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
      _prepareFile(dir, path);
      const { DatabaseSync } = await import("node:sqlite");
      db = new DatabaseSync(path);
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      const id = (db.prepare("PRAGMA application_id").get() as { application_id: number })
        .application_id;
      if (id !== APPLICATION_ID) {
        const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema").get() as { n: number };
        if (id !== 0 || tables.n > 0) {
          db.close();
          return { warning: _warning(path, "it is not mdsel's cache; left as it is") };
        }
        // A new file: WAL first (outside a transaction), then the schema, once.
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("BEGIN IMMEDIATE");
        db.exec(SCHEMA);
        db.exec("COMMIT");
      } else {
        const version = (db.prepare("PRAGMA user_version").get() as { user_version: number })
          .user_version;
        if (version !== SCHEMA_VERSION) {
          db.close();
          return { warning: _warning(path, `its schema is version ${version}; left as it is`) };
        }
      }
      db.exec("PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 16777216");
      return { store: new CacheStore(db, path, maxBytes) };
    } catch (error) {
      try {
        db?.close();
      } catch {
        // closed already
      }
      return { warning: _failure(error, path) };
    }
  }

  /**
   * The first problem the store met in this call, as one line for stderr.
   *
   * @returns The line, or `undefined`.
   */
  get warning(): string | undefined {
    return this.#warning;
  }

  /**
   * The entries of some files, of one kind and version.
   *
   * @param kind The kind.
   * @param version The kind's version: entries of another are left out.
   * @param paths Absolute paths.
   * @returns The entries found, by path (none when the store failed).
   */
  get(kind: string, version: string, paths: readonly string[]): Map<string, StoredEntry> {
    const found = new Map<string, StoredEntry>();
    if (this.#broken || paths.length === 0) return found;
    try {
      this.#select ??= this.#db.prepare(
        "SELECT path, stat, written, used, data FROM entries " +
          "WHERE kind = ? AND version = ? AND path IN (SELECT value FROM json_each(?))",
      );
      const rows = this.#select.all(kind, version, JSON.stringify(paths)) as unknown as {
        path: string;
        stat: string;
        written: number;
        used: number;
        data: string;
      }[];
      for (const row of rows) found.set(row.path, row);
    } catch (error) {
      this.#fail(error);
    }
    return found;
  }

  /**
   * Writes entries in one transaction, notes the use of others, and evicts
   * the least recently used entries past the cap. Skipped, silently, when
   * another process holds the database longer than {@linkcode BUSY_TIMEOUT_MS}.
   *
   * @param kind The kind.
   * @param version The kind's version.
   * @param entries The entries to write (replacing any of the same path).
   * @param used Paths whose entries this call used, as `[path, last use]`.
   */
  put(
    kind: string,
    version: string,
    entries: readonly NewEntry[],
    used: readonly (readonly [string, number])[],
  ): void {
    if (this.#broken) return;
    const now = Date.now();
    const stale = used.filter(([, at]) => now - at > USE_GRANULARITY_MS).map(([path]) => path);
    if (entries.length === 0 && stale.length === 0) return;
    const db = this.#db;
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      this.#fail(error);
      return;
    }
    try {
      const upsert = db.prepare(
        "INSERT INTO entries (kind, path, version, stat, written, used, bytes, data) " +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, path) DO UPDATE SET " +
          "version = excluded.version, stat = excluded.stat, written = excluded.written, " +
          "used = excluded.used, bytes = excluded.bytes, data = excluded.data",
      );
      for (const entry of entries) {
        const bytes = entry.data.length + entry.path.length + entry.stat.length + 64;
        upsert.run(kind, entry.path, version, entry.stat, now, now, bytes, entry.data);
      }
      if (stale.length > 0) {
        db.prepare(
          "UPDATE entries SET used = ? WHERE kind = ? AND path IN (SELECT value FROM json_each(?))",
        ).run(now, kind, JSON.stringify(stale));
      }
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
   * @param kind The kind.
   * @param paths Absolute paths.
   */
  remove(kind: string, paths: readonly string[]): void {
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
   * How many bytes the entries hold together, as the cap counts them.
   *
   * @returns The total (0 when the store failed).
   */
  totalBytes(): number {
    try {
      return (this.#db.prepare("SELECT bytes FROM totals").get() as { bytes: number }).bytes;
    } catch (error) {
      this.#fail(error);
      return 0;
    }
  }

  /** Closes the database. */
  close(): void {
    try {
      this.#db.close();
    } catch {
      // closed already
    }
  }

  #evict(): void {
    const db = this.#db;
    const total = (db.prepare("SELECT bytes FROM totals").get() as { bytes: number }).bytes;
    if (total <= this.#maxBytes) return;
    let excess = total - Math.floor(this.#maxBytes * EVICT_TO);
    const victims: number[] = [];
    const oldest = db.prepare("SELECT rowid AS id, bytes FROM entries ORDER BY used, written");
    for (const row of oldest.iterate() as Iterable<{ id: number; bytes: number }>) {
      victims.push(row.id);
      excess -= row.bytes;
      if (excess <= 0) break;
    }
    db.prepare("DELETE FROM entries WHERE rowid IN (SELECT value FROM json_each(?))")
      .run(JSON.stringify(victims));
  }

  #fail(error: unknown): void {
    this.#broken = true;
    if (_isBusy(error)) return; // another process holds it: this call goes without
    this.#warning ??= _failure(error, this.#path);
  }
}

/** The folder (0700) and the file (0600), made when missing. */
function _prepareFile(dir: string, path: string): void {
  try {
    Deno.statSync(dir);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  Deno.openSync(path, { read: true, write: true, create: true, mode: 0o600 }).close();
}

function _code(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === "number" ? code & 0xff : undefined;
}

/** SQLite's messages for its codes, for errors that come without the code. */
const BUSY_MESSAGE = /database (table )?is locked|database is busy/i;
const BROKEN_MESSAGE = /file is not a database|database disk image is malformed/i;

function _message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function _isBusy(error: unknown): boolean {
  const code = _code(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED || BUSY_MESSAGE.test(_message(error));
}

/**
 * The warning for an error, after removing a file that is no database or a
 * corrupt one (with its WAL), so that the next call starts a new one.
 */
function _failure(error: unknown, path: string): string | undefined {
  if (_isBusy(error)) return undefined;
  const code = _code(error);
  if (code === SQLITE_NOTADB || code === SQLITE_CORRUPT || BROKEN_MESSAGE.test(_message(error))) {
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      try {
        Deno.removeSync(file);
      } catch {
        // gone already, or not ours to remove
      }
    }
    return _warning(path, "it was not a readable database; removed, the next call starts anew");
  }
  return _warning(path, _message(error).replace(/\s+/g, " "));
}

function _warning(path: string, reason: string): string {
  return `warning: the cache '${path}' is not used (${reason})`;
}
