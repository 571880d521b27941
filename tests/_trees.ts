// Big documentation trees for the tree benchmark (bench/tree_bench.ts) and
// the big-folder tests, written from fixed seeds, of realistic shapes:
// - "tldr": 7,425 command pages of about 600 bytes in 14 folders, the shape of
//   the tldr pages (common/ and linux/ hold most of them), drawn from 48 words:
//   the worst case of a search, whose words reach nearly every page;
// - "tldr-real": the same pages made of real text: the sentences and code
//   lines of the corpus's npm docs (tests/_corpus.ts);
// - "docs": 20,000 pages in 14 language folders, two to four levels deep,
//   sized like documentation pages (most of 1-2 KB, a tail of long ones), of
//   real prose: sections of the corpus's npm docs (tests/_corpus.ts), cut up;
// - "astro": 2,569 `.mdx` pages in 14 language folders, the shape of Astro's
//   docs (`src/content/docs` of withastro/docs: English holds 420 pages, each
//   translation fewer), the pages the real MDX docs of the MDX corpus
//   (tests/_mdx_corpus.ts), placed under each language as they are nested.
import { dirname, join, relative } from "node:path";
import { type Rng, seededRng } from "./mdsel/_generate.ts";

/** A tree written to disk, and what it holds. */
export interface WrittenTree {
  /** Its root folder. */
  readonly root: string;
  /** Every folder under the root (relative, without the root itself). */
  readonly folders: string[];
  /** How many files it holds. */
  readonly files: number;
  /** How many bytes its files hold. */
  readonly bytes: number;
}

const TLDR_FOLDERS: [string, number][] = [
  ["common", 2990],
  ["linux", 2410],
  ["osx", 640],
  ["windows", 520],
  ["android", 180],
  ["freebsd", 150],
  ["openbsd", 140],
  ["netbsd", 120],
  ["sunos", 90],
  ["cisco-ios", 60],
  ["dos", 50],
  ["solaris", 40],
  ["aix", 20],
  ["plan9", 15],
];

const WORDS = (
  "list show create remove copy move archive compress extract print search replace " +
  "file files directory path user group process network port server client service " +
  "config option value key token image video audio package module version branch " +
  "commit remote local output input format verbose recursive force quiet interactive"
).split(" ");

function _pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(0, items.length - 1)];
}

function _sentence(rng: Rng, words: number): string {
  const text = Array.from({ length: words }, () => _pick(rng, WORDS)).join(" ");
  return text[0].toUpperCase() + text.slice(1);
}

/** A tldr-style page: a title, a description and 4-8 examples. */
function _tldrPage(rng: Rng, command: string): string {
  const lines = [
    `# ${command}`,
    "",
    `> ${_sentence(rng, rng.int(6, 14))}.`,
    `> More information: <https://example.org/${command}>.`,
  ];
  for (let i = rng.int(4, 8); i > 0; i--) {
    lines.push(
      "",
      `- ${_sentence(rng, rng.int(4, 10))}:`,
      "",
      `\`${command} --${_pick(rng, WORDS)} {{${_pick(rng, WORDS)}}}\``,
    );
  }
  return lines.join("\n") + "\n";
}

/**
 * Writes the tldr-shaped tree (7,425 pages in 14 folders) under `dir`, once.
 *
 * @param dir Where to write it (its `pages/` folder is the tree's root).
 * @returns The tree.
 */
export async function tldrTree(dir: string): Promise<WrittenTree> {
  const root = join(dir, "pages");
  const rng = seededRng(7425);
  let files = 0;
  let bytes = 0;
  for (const [folder, count] of TLDR_FOLDERS) {
    await Deno.mkdir(join(root, folder), { recursive: true });
    for (let i = 0; i < count; i++) {
      const command = `${_pick(rng, WORDS)}-${folder}-${i}`;
      const text = _tldrPage(rng, command);
      await Deno.writeTextFile(join(root, folder, `${command}.md`), text);
      files++;
      bytes += text.length;
    }
  }
  return { root, folders: TLDR_FOLDERS.map(([folder]) => folder), files, bytes };
}

/** Sentences and code lines of real Markdown, to make pages of. */
interface RealText {
  readonly sentences: string[];
  readonly code: string[];
  readonly words: string[];
}

const COMMAND_LINE = /^[a-z][\w.-]*( \S+)+$/;

/** The prose sentences, code lines and words of some Markdown texts, each once, in order. */
function _realText(texts: readonly string[]): RealText {
  const sentences = new Set<string>();
  const code = new Set<string>();
  const words = new Set<string>();
  for (const text of texts) {
    let fenced = false;
    for (const raw of text.split("\n")) {
      const line = raw.trim();
      if (/^(```|~~~)/.test(line)) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        // A command line: a word, then its arguments.
        if (line.length <= 40 && COMMAND_LINE.test(line) && !/[`{}]|\/\/|[,;:([]$/.test(line)) {
          code.add(line);
        }
        continue;
      }
      if (!/^[A-Za-z]/.test(line)) continue; // headings, lists, tables, HTML, quotes
      for (const sentence of line.split(/(?<=[.!?])\s+/)) {
        const balanced = (sentence.match(/`/g)?.length ?? 0) % 2 === 0;
        if (sentence.length >= 20 && sentence.length <= 80 && balanced && !/[{}]/.test(sentence)) {
          sentences.add(sentence.replace(/[.!?:,;]?$/, ""));
        }
      }
      for (const word of line.toLowerCase().match(/\b[a-z]{4,12}\b/g) ?? []) words.add(word);
    }
  }
  return { sentences: [...sentences], code: [...code], words: [...words] };
}

/** A tldr-style page of real text: a title, a description and 5-8 examples. */
function _tldrRealPage(rng: Rng, real: RealText, command: string): string {
  const lines = [
    `# ${command}`,
    "",
    `> ${_pick(rng, real.sentences)}.`,
    `> More information: <https://example.org/${command}>.`,
  ];
  for (let i = rng.int(5, 8); i > 0; i--) {
    lines.push(
      "",
      `- ${_pick(rng, real.sentences)}:`,
      "",
      `\`${command} ${_pick(rng, real.code)} {{${_pick(rng, real.words)}}}\``,
    );
  }
  return lines.join("\n") + "\n";
}

/**
 * Writes the tldr-shaped tree (7,425 pages in 14 folders, as
 * {@linkcode tldrTree}) made of real text, under `dir`: each page's command a
 * word of the texts, its description and examples their prose sentences,
 * each example's command line one of their code lines.
 *
 * @param dir Where to write it (its `pages/` folder is the tree's root).
 * @param texts Real Markdown texts (the corpus's files, in a fixed order).
 * @param folders Its folders and how many pages each holds (the tldr pages' by default).
 * @returns The tree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tldrRealTree } from "./_trees.ts";
 * const dir = await Deno.makeTempDir();
 * const text = "Some prose of a real page, long enough to keep.\n\n~~~sh\nnpm install x\n~~~\n";
 * const tree = await tldrRealTree(dir, [text], [["common", 3]]);
 * assert.equal(tree.files, 3);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function tldrRealTree(
  dir: string,
  texts: readonly string[],
  folders: readonly [string, number][] = TLDR_FOLDERS,
): Promise<WrittenTree> {
  const root = join(dir, "pages");
  const real = _realText(texts);
  const rng = seededRng(7426);
  let files = 0;
  let bytes = 0;
  for (const [folder, count] of folders) {
    await Deno.mkdir(join(root, folder), { recursive: true });
    const named = new Set<string>();
    for (let i = 0; i < count; i++) {
      let command = _pick(rng, real.words);
      if (rng.int(0, 2) === 0) command += `-${_pick(rng, real.words)}`;
      while (named.has(command)) command += `-${rng.int(0, 9)}`;
      named.add(command);
      const text = _tldrRealPage(rng, real, command);
      await Deno.writeTextFile(join(root, folder, `${command}.md`), text);
      files++;
      bytes += new TextEncoder().encode(text).length;
    }
  }
  return { root, folders: folders.map(([folder]) => folder), files, bytes };
}

/**
 * Writes the docs-shaped tree (20,000 pages in 14 language folders, nested)
 * under `dir`, cut from real Markdown sections.
 *
 * @param dir Where to write it (its `docs/` folder is the tree's root).
 * @param sections Real Markdown sections to build pages from.
 * @param count How many pages (20,000 by default).
 * @returns The tree.
 */
export async function docsTree(
  dir: string,
  sections: readonly string[],
  count = 20_000,
): Promise<WrittenTree> {
  const root = join(dir, "docs");
  const rng = seededRng(20_000);
  const languages = [
    "en",
    "de",
    "es",
    "fr",
    "it",
    "ja",
    "ko",
    "pl",
    "pt-br",
    "ru",
    "zh-cn",
    "zh-tw",
    "ar",
    "hi",
  ];
  const areas = ["guides", "reference", "tutorial", "recipes", "concepts", "integrations"];
  const folders = new Set<string>();
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    // English holds a third of the pages; the other languages share the rest.
    const language = i % 3 === 0 ? "en" : languages[1 + (i % (languages.length - 1))];
    const parts = [language, _pick(rng, areas)];
    if (rng.int(0, 2) > 0) parts.push(`${_pick(rng, WORDS)}-${rng.int(0, 9)}`);
    if (rng.int(0, 4) === 0) parts.push(_pick(rng, WORDS));
    for (let depth = 1; depth <= parts.length; depth++) {
      folders.add(parts.slice(0, depth).join("/"));
    }
    // Most pages are short; one in twenty is long.
    const target = rng.int(0, 19) === 0 ? rng.int(3000, 9000) : rng.int(400, 1800);
    let text = `# ${_sentence(rng, rng.int(2, 5))}\n\n`;
    while (text.length < target) text += _pick(rng, sections) + "\n\n";
    text = text.slice(0, target + 200);
    const folder = join(root, ...parts);
    await Deno.mkdir(folder, { recursive: true });
    await Deno.writeTextFile(join(folder, `page-${i}.md`), text);
    bytes += new TextEncoder().encode(text).length;
  }
  return { root, folders: [...folders].sort(), files: count, bytes };
}

/** Astro's language folders and how many pages each holds (2,569 in all). */
const ASTRO_LANGUAGES: [string, number][] = [
  ["en", 420],
  ["ja", 260],
  ["zh-cn", 250],
  ["fr", 240],
  ["es", 230],
  ["de", 220],
  ["ko", 210],
  ["pt-br", 180],
  ["it", 150],
  ["ru", 120],
  ["zh-tw", 100],
  ["ar", 80],
  ["pl", 60],
  ["hi", 49],
];

/** Pages over this many bytes are left out of the Astro-shaped tree (Astro has none so big). */
const ASTRO_MAX_PAGE_BYTES = 64 * 1024;

/**
 * Writes the Astro-shaped MDX tree (2,569 `.mdx` pages in 14 language
 * folders) under `dir`: each language holds the first pages of a seeded
 * shuffle of the MDX corpus, at their paths inside their packages.
 *
 * @param dir Where to write it (its `docs/` folder is the tree's root).
 * @param corpusDir The MDX corpus's folder.
 * @param files The MDX corpus's files (absolute paths under `corpusDir`).
 * @returns The tree.
 */
export async function astroTree(
  dir: string,
  corpusDir: string,
  files: readonly string[],
): Promise<WrittenTree> {
  const root = join(dir, "docs");
  const pages: { path: string; text: string }[] = [];
  for (const file of files) {
    const text = await Deno.readTextFile(file);
    if (new TextEncoder().encode(text).length > ASTRO_MAX_PAGE_BYTES) continue;
    // `ai@6.0.326/docs/x.mdx` is `ai/docs/x.mdx`: the version is no folder of a docs site,
    // and no folder is hidden (Mastra's `.docs/`): a folder walk skips those.
    const path = relative(corpusDir, file).replace(/@[\d.]+(?=\/)/, "").replace(/(^|\/)\./g, "$1");
    pages.push({ path, text });
  }
  const rng = seededRng(2569);
  for (let i = pages.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [pages[i], pages[j]] = [pages[j], pages[i]];
  }
  const folders = new Set<string>();
  let count = 0;
  let bytes = 0;
  for (const [language, total] of ASTRO_LANGUAGES) {
    for (let i = 0; i < total; i++) {
      const page = pages[i % pages.length];
      const path = join(language, i < pages.length ? page.path : `more-${i}-${page.path}`);
      for (let folder = dirname(path); folder !== "."; folder = dirname(folder)) {
        folders.add(folder);
      }
      await Deno.mkdir(dirname(join(root, path)), { recursive: true });
      await Deno.writeTextFile(join(root, path), page.text);
      count++;
      bytes += new TextEncoder().encode(page.text).length;
    }
  }
  return { root, folders: [...folders].sort(), files: count, bytes };
}

/** Languages whose words a pseudo-translation writes in CJK characters (Hangul for Korean). */
const CJK_LANGUAGES = new Set(["ja", "zh-cn", "zh-tw", "ko"]);
const SYLLABLES = (
  "ka to ri ne sa mo lu pe di ga vo zu che bra sti gen ung ell ier ois ado ion aft lich ment"
).split(" ");

function _hash(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** A word as a language's pseudo-translation writes it: the same word always the same way. */
function _translatedWord(word: string, language: string): string {
  let hash = _hash(`${language}:${word.toLowerCase()}`);
  let out = "";
  if (CJK_LANGUAGES.has(language)) {
    const base = language === "ko" ? 0xac00 : 0x4e00;
    for (let i = Math.max(1, Math.min(4, Math.ceil(word.length / 3))); i > 0; i--) {
      out += String.fromCharCode(base + hash % 8000);
      hash = Math.imul(hash, 31) >>> 0;
    }
    return out;
  }
  for (let i = Math.max(1, Math.round(word.length / 3)); i > 0; i--) {
    out += SYLLABLES[hash % SYLLABLES.length];
    hash = Math.imul(hash ^ (hash >>> 13), 2654435761) >>> 0;
  }
  return /^[A-Z]/.test(word) ? out[0].toUpperCase() + out.slice(1) : out;
}

/** A page's prose in a language's pseudo-translation: code, imports, JSX and lines with code left as they are. */
function _translatedPage(text: string, language: string): string {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return line;
    }
    if (fenced || /^\s*(import|export)\b/.test(line) || /[<{}`]/.test(line)) return line;
    if (line.startsWith("---")) return line;
    return line.replace(/[A-Za-z][a-z]+/g, (word) => _translatedWord(word, language));
  }).join("\n");
}

/**
 * Writes the Astro-shaped tree with each translation's prose in words of
 * its own (a deterministic pseudo-translation per language, CJK characters
 * for Japanese, Chinese and Korean), under `dir`, once: the vocabulary of 14
 * languages (61,000 terms against 12,900), as a real translated site has.
 *
 * @param dir Where to write it (its `docs/` folder is the tree's root).
 * @param astro The Astro-shaped tree ({@linkcode astroTree}).
 * @returns The tree.
 */
export async function translatedAstroTree(dir: string, astro: WrittenTree): Promise<WrittenTree> {
  const root = join(dir, "docs");
  let files = 0;
  let bytes = 0;
  const visit = async (folder: string) => {
    for await (const entry of Deno.readDir(folder)) {
      const path = join(folder, entry.name);
      if (entry.isDirectory) {
        await visit(path);
        continue;
      }
      const inside = relative(astro.root, path);
      const language = inside.split("/")[0];
      const text = await Deno.readTextFile(path);
      const written = language === "en" ? text : _translatedPage(text, language);
      await Deno.mkdir(dirname(join(root, inside)), { recursive: true });
      await Deno.writeTextFile(join(root, inside), written);
      files++;
      bytes += new TextEncoder().encode(written).length;
    }
  };
  await visit(astro.root);
  return { root, folders: astro.folders, files, bytes };
}

/**
 * A tree written once: read from its manifest (`<name>.json` in `dir`) when a
 * run wrote it before, else written by `make` and its manifest saved.
 *
 * @param dir The folder of the manifests.
 * @param name The tree's name.
 * @param make Writes the tree.
 * @returns What was written.
 */
export async function cachedTree(
  dir: string,
  name: string,
  make: () => Promise<WrittenTree>,
): Promise<WrittenTree> {
  const manifest = join(dir, `${name}.json`);
  try {
    return JSON.parse(await Deno.readTextFile(manifest));
  } catch {
    const written = await make();
    await Deno.writeTextFile(manifest, JSON.stringify(written));
    return written;
  }
}
