/**
 * The docs sets of the broad search benchmark (issue 36): every
 * `bench/docs_sets/<id>/set.json` (a folder of docs inside a pinned npm or
 * Debian package, its kind, and the natural questions written for it blind and
 * judged by hand, `questions.json`), plus the four sets of the natural
 * questions of issue 25 (`tests/mdsel/_natural_questions.ts`: Bun, the AI
 * SDK, Mastra, Fastify), which the ranking was tuned on.
 *
 * A set is installed once into the test cache (`tests/_cache.ts`), in
 * `docs-sets/<id>/<package>@<version>/`, only its Markdown files (`.md`,
 * `.mdx`, `.markdown`; Debian's `*.md.gz` unzipped) under its folder, those
 * under an `exclude` prefix left out. Like `tests/_corpus.ts`, it is built in
 * a temporary folder beside the cache and renamed into place: the first
 * rename wins, and whoever finds the folder there is done.
 *
 * - npm: `npm pack <name>@<version>`, `tar -xzf`, the folder relative to the
 *   tarball's top folder (`package/`);
 * - Debian: `apt-get download <name>=<version>`, `dpkg-deb -x`, the folder
 *   relative to the extracted root (`usr/share/doc/nodejs/api`).
 *
 * The split of the sets into a tuning half and a test half is
 * `bench/docs_sets/split.json` ({@linkcode assignSplit} says the rule; run
 * this module with `--split` to add sets the file does not name yet, never
 * moving one it names).
 *
 * @module
 */
import { dirname, join, relative, sep as SEPARATOR } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_CACHE_DIR } from "../tests/_cache.ts";
import { exists, renameIntoPlace, run } from "../tests/_corpus.ts";
import { BUN_DOCS } from "../tests/_search_corpus.ts";
import {
  ensureNaturalSets,
  NATURAL_QUESTIONS,
  naturalFolder,
  type NaturalSet,
} from "../tests/mdsel/_natural_questions.ts";

/** What a docs set is. */
export type DocsKind = "mdx" | "docusaurus" | "mdbook" | "github" | "api-reference" | "pages";

/** Where a set comes from. */
export type DocsSource =
  | { readonly npm: string; readonly version: string }
  | { readonly debian: string; readonly version: string };

/** `bench/docs_sets/<id>/set.json`. */
export interface DocsSetSpec {
  /** Its id, the folder's name. */
  readonly id: string;
  /** What kind of docs. */
  readonly kind: DocsKind;
  /** The package. */
  readonly source: DocsSource;
  /** The folder inside the package (npm: under `package/`; Debian: under the data root). */
  readonly folder: string;
  /** Path prefixes under the folder to leave out. */
  readonly exclude?: readonly string[];
  /** What it is. */
  readonly description: string;
}

/** A section that answers a question (as in `tests/mdsel/fixtures/natural/questions.json`). */
export interface DocsAnswer {
  /** The file, relative to the set's folder. */
  readonly file: string;
  /** The heading's line, 1-based (for an intro: its first line of text). */
  readonly line: number;
  /** The heading's text, or `null` for the text before the first heading. */
  readonly heading: string | null;
}

/** A natural question, judged by hand. */
export interface DocsQuestion {
  readonly id: string;
  readonly set: string;
  readonly family: string;
  readonly question: string;
  /** Best first; none when the docs do not answer it (such a question is not scored). */
  readonly answers: readonly DocsAnswer[];
}

/** An installed set with its questions. */
export interface DocsSet {
  readonly spec: DocsSetSpec;
  /** The folder searched, absolute. */
  readonly folder: string;
  /** Its natural questions that have answers. */
  readonly questions: readonly DocsQuestion[];
  /** Its questions the docs do not answer (left out of the scores). */
  readonly unanswered: number;
  /** One of the four sets the ranking was tuned on before issue 36. */
  readonly existing: boolean;
}

/** The half a set belongs to. */
export type Half = "tune" | "test";

/** Where the set folders are. */
export const DOCS_SETS_DIR: string = fileURLToPath(new URL("./docs_sets/", import.meta.url));

/** Where sets are installed: `docs-sets/` in the test cache. */
export const DOCS_SETS_CACHE: string = join(TEST_CACHE_DIR, "docs-sets", SEPARATOR);

/** The four sets of issue 25, as sets. */
export const EXISTING_SETS: readonly DocsSetSpec[] = [
  {
    id: "bun",
    kind: "mdx",
    source: { npm: BUN_DOCS.name, version: BUN_DOCS.version },
    folder: "docs",
    description: "Bun's docs as bun-types ships them (MDX), without the lint-rule pages",
  },
  {
    id: "ai",
    kind: "mdx",
    source: { npm: "ai", version: "6.0.326" },
    folder: "docs",
    description: "The Vercel AI SDK's docs (MDX)",
  },
  {
    id: "mastra",
    kind: "mdx",
    source: { npm: "@mastra/mcp-docs-server", version: "0.13.31" },
    folder: ".docs/raw",
    description: "Mastra's docs (MDX and Markdown)",
  },
  {
    id: "fastify",
    kind: "github",
    source: { npm: "fastify", version: "5.12.8" },
    folder: "docs",
    description: "Fastify's docs (plain GitHub Markdown)",
  },
];

const MARKDOWN = /\.(md|markdown|mdx)$/i;
const KINDS: readonly DocsKind[] = [
  "mdx",
  "docusaurus",
  "mdbook",
  "github",
  "api-reference",
  "pages",
];

/**
 * The sets `bench/docs_sets/*\/set.json` names, after the four existing ones,
 * each checked for the fields the benchmark needs.
 *
 * @returns The specs, existing first, then by id.
 * @throws {Error} When a `set.json` lacks a field or names another id than its folder.
 */
export async function readSetSpecs(): Promise<DocsSetSpec[]> {
  const specs: DocsSetSpec[] = [];
  for await (const entry of Deno.readDir(DOCS_SETS_DIR)) {
    if (!entry.isDirectory) continue;
    const path = join(DOCS_SETS_DIR, entry.name, "set.json");
    if (!(await exists(path))) continue;
    const spec = JSON.parse(await Deno.readTextFile(path)) as DocsSetSpec;
    const source = spec.source as Record<string, string> | undefined;
    const problems = [
      spec.id !== entry.name && `id ${JSON.stringify(spec.id)} is not the folder's name`,
      !KINDS.includes(spec.kind) && `kind ${JSON.stringify(spec.kind)} is not one of ${KINDS}`,
      !(source && (source.npm || source.debian) && source.version) &&
      "source needs npm or debian, and version",
      typeof spec.folder !== "string" && "folder is missing",
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(`${path}: ${problems.join("; ")}`);
    specs.push(spec);
  }
  specs.sort((a, b) => a.id < b.id ? -1 : 1);
  return [...EXISTING_SETS, ...specs];
}

/**
 * Installs a set (one that is not there yet) and returns its folder.
 *
 * @param spec The set.
 * @param dir The cache folder ({@linkcode DOCS_SETS_CACHE} by default).
 * @returns The folder to search, absolute.
 */
export async function ensureDocsSet(spec: DocsSetSpec, dir = DOCS_SETS_CACHE): Promise<string> {
  if (EXISTING_SETS.some((existing) => existing.id === spec.id)) {
    await ensureNaturalSets();
    return naturalFolder(spec.id as NaturalSet);
  }
  const source = spec.source;
  const name = "npm" in source ? source.npm : source.debian;
  const target = join(dir, spec.id, `${name}@${source.version}`.replace(/[^\w.@+-]/g, "_"));
  if (await exists(target)) return target;
  const tmpRoot = join(dir, ".tmp");
  await Deno.mkdir(tmpRoot, { recursive: true });
  const work = await Deno.makeTempDir({ dir: tmpRoot, prefix: `${spec.id}-` });
  try {
    const unpacked = join(work, "unpacked");
    await Deno.mkdir(unpacked);
    let root: string;
    if ("npm" in source) {
      await run("npm", [
        "pack",
        `${name}@${source.version}`,
        "--pack-destination",
        work,
        "--silent",
      ], work);
      const tarball = (await Array.fromAsync(Deno.readDir(work))).find((e) =>
        e.name.endsWith(".tgz")
      );
      if (!tarball) throw new Error(`npm pack ${name}@${source.version} left no tarball`);
      await run("tar", ["-xzf", join(work, tarball.name), "-C", unpacked]);
      const tops = await Array.fromAsync(Deno.readDir(unpacked));
      root = tops.length === 1 && tops[0].isDirectory ? join(unpacked, tops[0].name) : unpacked;
    } else {
      await run("apt-get", ["download", `${name}=${source.version}`], work);
      const deb = (await Array.fromAsync(Deno.readDir(work))).find((e) => e.name.endsWith(".deb"));
      if (!deb) throw new Error(`apt-get download ${name}=${source.version} left no .deb`);
      await run("dpkg-deb", ["-x", join(work, deb.name), unpacked]);
      root = unpacked;
    }
    const from = join(root, spec.folder);
    if (!(await exists(from))) throw new Error(`${spec.id}: no ${spec.folder} in the package`);
    const staged = join(work, "staged");
    await Deno.mkdir(staged);
    let kept = 0;
    for (const file of await _listFiles(from)) {
      let path = relative(from, file).split(SEPARATOR).join("/");
      if ((spec.exclude ?? []).some((prefix) => path.startsWith(prefix))) continue;
      if (`/${path}`.includes("/node_modules/")) continue;
      const gzipped = /\.(md|markdown|mdx)\.gz$/i.test(path);
      if (gzipped) {
        await run("gunzip", ["-f", file]);
        path = path.slice(0, -3);
      } else if (!MARKDOWN.test(path)) continue;
      await Deno.mkdir(dirname(join(staged, path)), { recursive: true });
      await Deno.rename(gzipped ? file.slice(0, -3) : file, join(staged, path));
      kept++;
    }
    if (kept === 0) throw new Error(`${spec.id}: no Markdown files under ${spec.folder}`);
    await renameIntoPlace(staged, target);
    return target;
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

/**
 * Every set, installed (two at a time), with its answered questions.
 *
 * @param only Ids to keep (all when empty).
 * @returns The sets, existing first, then by id.
 */
export async function docsSets(only: readonly string[] = []): Promise<DocsSet[]> {
  const specs = (await readSetSpecs()).filter((s) => only.length === 0 || only.includes(s.id));
  const sets: DocsSet[] = [];
  // npm pack and apt-get mostly wait on the network; two at a time is polite on shared cores.
  for (let i = 0; i < specs.length; i += 2) {
    sets.push(...await Promise.all(specs.slice(i, i + 2).map(_loadSet)));
  }
  return sets;
}

async function _loadSet(spec: DocsSetSpec): Promise<DocsSet> {
  const folder = await ensureDocsSet(spec);
  const existing = EXISTING_SETS.some((set) => set.id === spec.id);
  let questions: DocsQuestion[] = [];
  if (existing) {
    questions = NATURAL_QUESTIONS.filter((question) => question.set === spec.id);
  } else {
    const path = join(DOCS_SETS_DIR, spec.id, "questions.json");
    if (await exists(path)) questions = JSON.parse(await Deno.readTextFile(path));
  }
  const answered = questions.filter((question) => question.answers.length > 0);
  return {
    spec,
    folder,
    questions: answered,
    unanswered: questions.length - answered.length,
    existing,
  };
}

/** `bench/docs_sets/split.json`. */
export interface Split {
  /** The rule, in words. */
  readonly rule: string;
  /** Each set's half. */
  readonly sets: Readonly<Record<string, Half>>;
}

/** The rule {@linkcode assignSplit} follows, as `split.json` states it. */
export const SPLIT_RULE =
  "Decided without results, once per set: the four sets of issue 25 (bun, ai, mastra, fastify), " +
  "which the ranking was tuned on, are 'tune'. Each new set, taken by kind (alphabetical), then " +
  "by the sha256 of its id (hex, ascending), goes to the half with fewer sets of its kind; on a " +
  "tie, to the half with fewer sets; on a tie again, to 'test'. A set added later is assigned by " +
  "the same rule given the sets already assigned; no set named here ever moves.";

/**
 * Adds the sets `split` does not name yet, by {@linkcode SPLIT_RULE}.
 *
 * @param specs Every set.
 * @param split The assignments so far.
 * @returns The assignments, old and new.
 */
export async function assignSplit(
  specs: readonly DocsSetSpec[],
  split: Readonly<Record<string, Half>>,
): Promise<Record<string, Half>> {
  const sets: Record<string, Half> = { ...split };
  for (const existing of EXISTING_SETS) sets[existing.id] ??= "tune";
  const hash = async (id: string) =>
    [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(id)))]
      .map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const fresh = await Promise.all(
    specs.filter((spec) => !(spec.id in sets)).map(async (spec) => ({
      spec,
      hash: await hash(spec.id),
    })),
  );
  fresh.sort((a, b) =>
    a.spec.kind !== b.spec.kind ? (a.spec.kind < b.spec.kind ? -1 : 1) : a.hash < b.hash ? -1 : 1
  );
  const kindOf = new Map(specs.map((spec) => [spec.id, spec.kind]));
  const count = (half: Half, kind?: DocsKind) =>
    Object.entries(sets).filter(([id, h]) =>
      h === half && (kind === undefined || kindOf.get(id) === kind)
    ).length;
  for (const { spec } of fresh) {
    const [tune, test] = [count("tune", spec.kind), count("test", spec.kind)];
    if (tune !== test) sets[spec.id] = tune < test ? "tune" : "test";
    else sets[spec.id] = count("tune") < count("test") ? "tune" : "test";
  }
  return sets;
}

/**
 * Reads `bench/docs_sets/split.json`.
 *
 * @returns Each set's half (none when the file is missing).
 */
export async function readSplit(): Promise<Record<string, Half>> {
  const path = join(DOCS_SETS_DIR, "split.json");
  if (!(await exists(path))) return {};
  return (JSON.parse(await Deno.readTextFile(path)) as Split).sets;
}

/** Every file under `dir`, symlinks and `node_modules/` left out. */
async function _listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (folder: string) => {
    for await (const entry of Deno.readDir(folder)) {
      const path = join(folder, entry.name);
      if (entry.isDirectory && entry.name !== "node_modules") await walk(path);
      else if (entry.isFile) files.push(path);
    }
  };
  await walk(dir);
  return files.sort();
}

if (import.meta.main) {
  if (Deno.args.includes("--split")) {
    const specs = await readSetSpecs();
    const sets = await assignSplit(specs, await readSplit());
    const split: Split = { rule: SPLIT_RULE, sets };
    await Deno.writeTextFile(
      join(DOCS_SETS_DIR, "split.json"),
      `${JSON.stringify(split, null, 2)}\n`,
    );
    console.log(sets);
  } else {
    for (const set of await docsSets(Deno.args)) {
      console.log(
        `${set.spec.id.padEnd(17)} ${
          set.spec.kind.padEnd(13)
        } ${set.questions.length} questions  ${set.folder}`,
      );
    }
  }
}

/** What the caller adds to a natural question (issue 45), written blind. */
export interface CallerWords {
  /** 4-12 words the answer likely uses. */
  readonly keywords: string;
  /** 40-80 words as the docs would answer. */
  readonly passage: string;
}

/**
 * A set's caller's words, by question id (`docs_sets/caller_words/<id>.json`;
 * how they were written: `written_blind.txt` there).
 *
 * @param id The set's id.
 * @returns The words of each question that has them.
 */
export async function callerWords(id: string): Promise<Map<string, CallerWords>> {
  const path = join(DOCS_SETS_DIR, "caller_words", `${id}.json`);
  const entries: ({ id: string } & CallerWords)[] = await Deno.readTextFile(path).then(
    JSON.parse,
    (error) => error instanceof Deno.errors.NotFound ? [] : Promise.reject(error),
  );
  return new Map(entries.map(({ id, keywords, passage }) => [id, { keywords, passage }]));
}

/**
 * A question and the caller's words, in the form the tools ask for: after the question's `?`.
 *
 * @param question The question.
 * @param words The caller's words.
 * @returns The query.
 */
export function withCallerWords(question: string, words: string): string {
  const asked = question.trimEnd();
  return `${asked.endsWith("?") ? asked : `${asked}?`} ${words}`;
}
