// Big documentation trees for the tree benchmark (bench/tree_bench.ts) and
// the big-folder tests, written from fixed seeds, of realistic shapes:
// - "tldr": 7,425 command pages of about 600 bytes in 14 folders, the shape of
//   the tldr pages (common/ and linux/ hold most of them);
// - "docs": 20,000 pages in 14 language folders, two to four levels deep,
//   sized like documentation pages (most of 1-2 KB, a tail of long ones), of
//   real prose: sections of the corpus's npm docs (tests/_corpus.ts), cut up.
import { join } from "node:path";
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
