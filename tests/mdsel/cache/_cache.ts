// What the cache's tests share: answers compared without their timestamp,
// waiting until files are old enough for the cache to trust, and the entries
// a cache folder holds.
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { RACY_MS } from "../../../mdsel/cache/file_key.ts";
import { STORE_FILE } from "../../../mdsel/cache/store.ts";
import { run } from "../../../mdsel/cli.ts";

/** One answer of the CLI. */
export interface Answer {
  code: number;
  stdout: string;
  stderr: string;
}

/** Without the cache. */
export const NO_CACHE = { MDSEL_CACHE: "0" };

/**
 * One in-process run with exactly this environment.
 *
 * @param args The arguments after `mdsel`.
 * @param env The environment.
 * @returns The answer.
 */
export async function mdsel(args: readonly string[], env: Record<string, string>): Promise<Answer> {
  return await run(args, { env });
}

/**
 * An answer without the timestamp JSON answers hold: the rest must be the same.
 *
 * @param answer The answer.
 * @returns It, comparable.
 */
export function comparable(answer: Answer): Answer {
  return { ...answer, stdout: answer.stdout.replace(/"timestamp":"[^"]*"/g, '"timestamp":""') };
}

/**
 * Waits until every file under some folders last changed at least RACY_MS
 * ago (their entries are trusted then).
 *
 * @param paths The files and folders.
 */
export async function settle(...paths: string[]): Promise<void> {
  let newest = 0;
  const visit = (path: string) => {
    const info = Deno.statSync(path);
    newest = Math.max(newest, info.mtime?.getTime() ?? 0, info.ctime?.getTime() ?? 0);
    if (info.isDirectory) {
      for (const entry of Deno.readDirSync(path)) visit(join(path, entry.name));
    }
  };
  for (const path of paths) visit(path);
  // ctime comes in whole seconds: it may be up to a second later than it says.
  const wait = newest + 1000 + RACY_MS + 50 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * The entries of a cache folder of one kind: path and when each was written.
 *
 * @param dir The cache folder.
 * @param kind The kind.
 * @returns The entries.
 */
export function entries(dir: string, kind = "doc"): Map<string, number> {
  return query(
    dir,
    (db) =>
      new Map(
        (db.prepare("SELECT path, written FROM entries WHERE kind = ?").all(kind) as {
          path: string;
          written: number;
        }[]).map((row) => [row.path, row.written]),
      ),
  );
}

/**
 * Reads a cache folder's database.
 *
 * @param dir The cache folder.
 * @param read What to read.
 * @returns What it read.
 */
export function query<T>(dir: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(dir, STORE_FILE), { readOnly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * A small page of one word, the same length for every word of five letters
 * (an edit of the same size is one of another such word).
 *
 * @param word The word.
 * @returns The page.
 */
export function wordPage(word: string): string {
  return `# Page\n\nThe ${word} section.\n\n## More\n\nText ${word}.\n`;
}

/**
 * Writes the folder the edit tests change: a page for each word
 * (`a.md` for the first, and so on, `e` left for a file added later), an MDX
 * page and a file that is no Markdown (to be copied over a page).
 *
 * @param docs The folder, made.
 * @param words The pages' words.
 */
export async function writeEditedDocs(docs: string, words: readonly string[]): Promise<void> {
  await Deno.mkdir(docs);
  const names = "abcdfghijk";
  for (const [i, word] of words.entries()) {
    await Deno.writeTextFile(join(docs, `${names[i]}.md`), wordPage(word));
  }
  await Deno.writeTextFile(join(docs, "m.mdx"), "import X from './x'\n\n# MDX\n\n<X>golfs</X>\n");
  await Deno.writeTextFile(join(docs, "copy-source.txt"), wordPage("bravi"));
}
