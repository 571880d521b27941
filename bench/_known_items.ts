/**
 * Known items (issue 36): queries about random sections of a docs set, as
 * someone who has seen the section types them to find it again. Four kinds,
 * as the issue names them, one in four each:
 *
 * - **words**: three distinctive words of the section's own text (letters
 *   only, 4 or more; in at most 1% of the folder's sections, and at least 3);
 * - **identifier**: an identifier of the section (an inline code span, or a
 *   token of its heading or prose, shaped like code: `a.b`, `snake_case`,
 *   `camelCase`, `f()`, `--flag`), as distinctive as the words (in at most 1%
 *   of the sections, and at least 3), and one distinctive word of its own text;
 * - **how do I**: `how do I` and the word of its heading (3 letters or more,
 *   no stop word, in at most 3 headings of the folder, so that it can name the
 *   section) found in the fewest sections;
 * - **phrase**: four words in a row of its prose (one run of words without
 *   punctuation or markup between them, two of them no stop words), in
 *   double quotes, a run no other section's text holds.
 *
 * The sections asked about have a heading an ATX grep finds (`#` to `######`
 * at the start of its line), text of their own before any subsection, and
 * fit one page (`PAGE_WORDS` words, `PAGE_CHARS` characters): the sections
 * the search token benchmark asks about. The target is that very section, as
 * the retrieval test and the search token benchmark count a hit (not a parent
 * or a child). The same seed and set give the same items; each set's random
 * source is seeded by the seed and its id, so adding a set moves no other
 * set's items. Nothing here reads the ranking: the words are the source's.
 *
 * @module
 */
import { relative } from "node:path";
import type { MdDocument } from "../mdsel/parse/document.ts";
import { STOP_WORDS } from "../mdsel/search/english.ts";
import { type Rng, seededRng } from "../tests/mdsel/_generate.ts";
import type { DocsAnswer } from "./_docs_sets.ts";
import { PAGE_CHARS, PAGE_WORDS } from "./_tokens.ts";

/** The kinds of known item. */
export type KnownKind = "words" | "identifier" | "how do I" | "phrase";

/** The kinds, in the order items are drawn. */
export const KNOWN_KINDS: readonly KnownKind[] = ["words", "identifier", "how do I", "phrase"];

/** One known item. */
export interface KnownItem {
  /** `<set>-k01`. */
  readonly id: string;
  /** Its docs set. */
  readonly set: string;
  /** Its kind. */
  readonly kind: KnownKind;
  /** The query. */
  readonly query: string;
  /** The target section, as the one answer (same shape as a natural question's). */
  readonly answers: readonly [DocsAnswer];
  /** What a skilled agent would grep for it (the cheapest that is in the file is charged). */
  readonly greps: readonly string[];
}

/** One section: its place and its words. */
interface _Section {
  readonly doc: MdDocument;
  readonly heading: string;
  /** Heading line, 1-based. */
  readonly line: number;
  /** Whether it may be asked about. */
  readonly target: boolean;
  /** Its own text (heading excluded), as written. */
  readonly own: string;
  /** Its prose (paragraphs, lists, tables, quotes of its own text). */
  readonly prose: string;
  /** Distinct words (letters, lower case) of its heading and own text. */
  readonly words: ReadonlySet<string>;
  /** Its heading and own text lower-cased, runs of other characters as one space, padded. */
  readonly flat: string;
}

const WORD = /\p{L}+/gu;
const PROSE_KINDS = new Set(["paragraph", "list", "table", "blockquote"]);

/**
 * Each set's random source: the seed mixed with the id's FNV-1a hash.
 *
 * @param seed The benchmark's seed.
 * @param id The set's id.
 * @returns A random source.
 */
export function setRng(seed: number, id: string): Rng {
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return seededRng((seed ^ hash) >>> 0);
}

/**
 * Up to `count` known items about a folder's sections, the four kinds in turn.
 *
 * @param set The set's id.
 * @param docs The folder's documents.
 * @param folder The folder, for relative file names.
 * @param count How many items.
 * @param rng The random source.
 * @returns The items.
 */
export function knownItems(
  set: string,
  docs: readonly MdDocument[],
  folder: string,
  count: number,
  rng: Rng,
): KnownItem[] {
  const sections = docs.flatMap(_sections);
  const spread = new Map<string, number>();
  for (const section of sections) {
    for (const word of section.words) spread.set(word, (spread.get(word) ?? 0) + 1);
  }
  const headings = new Map<string, number>();
  for (const section of sections) {
    for (const word of new Set(section.heading.toLowerCase().match(WORD) ?? [])) {
      headings.set(word, (headings.get(word) ?? 0) + 1);
    }
  }
  const rareLimit = Math.max(3, Math.floor(sections.length / 100));
  const identifiersCache = new Map<_Section, string[]>();
  const identifiersOf = (section: _Section) => {
    let found = identifiersCache.get(section);
    if (found === undefined) {
      found = _identifiers(`${section.heading}\n${section.prose}`);
      identifiersCache.set(section, found);
    }
    return found;
  };
  const codeSpread = new Map<string, number>();
  for (const section of sections) {
    for (const identifier of new Set(identifiersOf(section).map((id) => id.toLowerCase()))) {
      codeSpread.set(identifier, (codeSpread.get(identifier) ?? 0) + 1);
    }
  }
  const rare = (section: _Section) =>
    [...section.words].filter((word) =>
      word.length >= 4 && !STOP_WORDS.has(word) && spread.get(word)! <= rareLimit &&
      _ownWords(section).has(word)
    );
  const targets = sections.filter((section) => section.target);
  const used = new Set<string>();
  const items: KnownItem[] = [];
  const pick = <T>(values: readonly T[]) => values[rng.int(0, values.length - 1)];
  const build = (kind: KnownKind, section: _Section): { query: string; greps: string[] } | null => {
    switch (kind) {
      case "words": {
        const words = rare(section);
        if (words.length < 3) return null;
        const picked: string[] = [];
        while (picked.length < 3) {
          const word = pick(words);
          if (!picked.includes(word)) picked.push(word);
        }
        return { query: picked.join(" "), greps: picked };
      }
      case "identifier": {
        const identifiers = identifiersOf(section).filter((identifier) =>
          codeSpread.get(identifier.toLowerCase())! <= rareLimit
        );
        if (identifiers.length === 0) return null;
        const identifier = pick(identifiers);
        const inside = new Set(identifier.toLowerCase().match(WORD) ?? []);
        const words = rare(section).filter((word) => !inside.has(word));
        if (words.length === 0) return null;
        const word = pick(words);
        return { query: `${identifier} ${word}`, greps: [identifier.toLowerCase(), word] };
      }
      case "how do I": {
        const words = [...new Set(section.heading.toLowerCase().match(WORD) ?? [])]
          .filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
        // A word of at most 3 headings of the folder, so that the query can name this section.
        const named = words.filter((word) => headings.get(word)! <= 3);
        if (named.length === 0) return null;
        const fewest = Math.min(...named.map((word) => spread.get(word) ?? 0));
        const word = pick(named.filter((word) => (spread.get(word) ?? 0) === fewest));
        return { query: `how do I ${word}`, greps: [word] };
      }
      case "phrase": {
        const runs = section.prose.split(/[^\p{L}\p{N} ]+/u).map((run) =>
          run.trim().split(/ +/).filter(Boolean)
        ).filter((run) => run.length >= 4);
        for (let tries = 0; tries < 8 && runs.length > 0; tries++) {
          const run = pick(runs);
          const at = rng.int(0, run.length - 4);
          const words = run.slice(at, at + 4);
          const phrase = words.join(" ").toLowerCase();
          if (words.filter((word) => !STOP_WORDS.has(word.toLowerCase())).length < 2) continue;
          const holders = sections.filter((other) => other.flat.includes(` ${phrase} `));
          if (holders.length !== 1 || holders[0] !== section) continue;
          return {
            query: `"${words.join(" ")}"`,
            greps: [phrase, ...words.map((w) => w.toLowerCase()).filter((w) => !STOP_WORDS.has(w))],
          };
        }
        return null;
      }
    }
  };
  for (let i = 0; items.length < count && i < count * 50 && targets.length > 0; i++) {
    const kind = KNOWN_KINDS[items.length % KNOWN_KINDS.length];
    const section = pick(targets);
    const key = `${section.doc.filePath}:${section.line}:${kind}`;
    if (used.has(key)) continue;
    const built = build(kind, section);
    if (built === null) continue;
    used.add(key);
    items.push({
      id: `${set}-k${String(items.length + 1).padStart(2, "0")}`,
      set,
      kind,
      query: built.query,
      answers: [{
        file: relative(folder, section.doc.filePath),
        line: section.line,
        heading: section.heading,
      }],
      greps: built.greps,
    });
  }
  return items;
}

/** The words of a section's own text (not its heading). */
function _ownWords(section: _Section): ReadonlySet<string> {
  return _ownCache.get(section) ?? (() => {
    const words = new Set(_withoutLinks(section.own).toLowerCase().match(WORD) ?? []);
    _ownCache.set(section, words);
    return words;
  })();
}
const _ownCache = new WeakMap<_Section, ReadonlySet<string>>();

function _withoutLinks(text: string): string {
  return text.replace(/\]\([^)]*\)/g, "]").replace(/https?:\/\/\S+/g, " ");
}

/** Tokens shaped like code, from inline code spans and from the text around them. */
function _identifiers(text: string): string[] {
  const found = new Set<string>();
  const shaped = (token: string) =>
    token.length >= 3 && token.length <= 40 && /\p{L}/u.test(token) &&
    !/^https?:|^(e\.g|i\.e|etc)\b/i.test(token) && !/^[\d.]+$/.test(token) &&
    (/[a-z][A-Z]/.test(token) || /\w[._:]\w/.test(token) || /\(\)$/.test(token) ||
      /^--?\w/.test(token));
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const token = match[1].trim();
    if (/^[@\w$.:/#-]+(\(\))?$/.test(token) && shaped(token)) found.add(token);
  }
  const plain = _withoutLinks(text.replace(/`[^`\n]+`/g, " "));
  for (
    const match of plain.matchAll(/(?<![\w.$-])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?/g)
  ) {
    if (shaped(match[0]) && !/\.$/.test(match[0])) found.add(match[0]);
  }
  return [...found].sort();
}

function _sections(doc: MdDocument): _Section[] {
  const { nodes, sectionEnds, wordPrefix } = doc.top;
  const { text, starts, ends } = doc.lines;
  const slice = (from: number, to: number) =>
    to > from ? text.slice(starts[nodes[from].startLine], ends[nodes[to - 1].endLine]) : "";
  const sections: _Section[] = [];
  const flat = (value: string) =>
    ` ${value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()} `;
  const make = (heading: string, line: number, from: number, own: number, target: boolean) => {
    const ownText = slice(from, own);
    const prose = nodes.slice(from, own).filter((node) => PROSE_KINDS.has(node.kind)).map((node) =>
      text.slice(starts[node.startLine], ends[node.endLine])
    ).join("\n");
    const words = new Set(
      `${heading}\n${_withoutLinks(ownText)}`.toLowerCase().match(WORD) ?? [],
    );
    sections.push({
      doc,
      heading,
      line,
      target,
      own: ownText,
      prose,
      words,
      flat: flat(`${heading} ${ownText}`),
    });
  };
  let first = 0;
  while (first < nodes.length && nodes[first].kind !== "heading") first++;
  if (first > 0) make("", nodes[0].startLine + 1, 0, first, false);
  for (let i = first; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.kind !== "heading") continue;
    let own = i + 1;
    while (own < nodes.length && nodes[own].kind !== "heading") own++;
    const end = sectionEnds[i];
    const source = text.slice(starts[node.startLine], ends[nodes[end - 1].endLine]);
    const target = own > i + 1 && wordPrefix[end] - wordPrefix[i] <= PAGE_WORDS &&
      source.length <= PAGE_CHARS && /^#{1,6}\s/.test(source) && node.text.trim() !== "";
    make(node.text, node.startLine + 1, i + 1, own, target);
  }
  return sections;
}
