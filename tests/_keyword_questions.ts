/**
 * Keyword questions on real docs: a random section with text of its own, and
 * three of its distinctive words (words of 4 letters or more found in at most
 * 3 sections of the folder), as an agent would ask for "the part about X".
 * The retrieval test ranks them; the search token benchmark prices them.
 *
 * @module
 */
import type { MdDocument } from "../mdsel/parse/document.ts";
import { formatPath, formatShortPath, type PathStep } from "../mdsel/query/selector_format.ts";
import { searchTerms } from "../mdsel/search/text.ts";
import type { Rng } from "./mdsel/_generate.ts";

/** One question. */
export interface KeywordQuestion {
  /** Three distinctive words of the section, space-separated. */
  readonly query: string;
  /** The same with a one-letter typo in one word. */
  readonly typo: string;
  /** The section's full selector, `ns::heading:h2[3]`. */
  readonly target: string;
  /** The section's short selector as a search over several files prints it, `ns::h2.3`. */
  readonly label: string;
  /** The section's document. */
  readonly doc: MdDocument;
  /** The section's heading line, 1-based. */
  readonly startLine: number;
  /** The section's last line (subsections included), 1-based. */
  readonly endLine: number;
  /** The section's words (subsections included). */
  readonly words: number;
}

/** A section with text of its own, and that text's words. */
interface _Section {
  readonly question: Omit<KeywordQuestion, "query" | "typo">;
  readonly words: ReadonlySet<string>;
}

/** A section's own words: letters only, 4 or more, link destinations left out. */
function _ownWords(text: string): string[] {
  return searchTerms(text.replace(/\]\([^)]*\)/g, "]")).filter((word) => /^\p{L}{4,}$/u.test(word));
}

/** A word with one letter (not the first) replaced by another. */
function _withTypo(word: string, rng: Rng): string {
  const at = rng.int(1, word.length - 1);
  const letters = "abcdefghijklmnopqrstuvwxyz".replace(word[at], "");
  return word.slice(0, at) + letters[rng.int(0, letters.length - 1)] + word.slice(at + 1);
}

/**
 * How distinctive a question's words are: in at most `maxSections` sections,
 * or in under `maxShare` of the sections.
 */
export interface Distinctive {
  /** Words in at most this many sections (3 by default). */
  readonly maxSections?: number;
  /** Words in under this share of the sections (0.05: under 5%); overrides `maxSections`. */
  readonly maxShare?: number;
}

/**
 * Up to `count` questions about the sections of `docs`.
 *
 * @param docs The documents of one folder.
 * @param count How many questions.
 * @param rng The random source (the same seed gives the same questions).
 * @param accept Which sections may be asked about (all by default).
 * @param distinctive Which words are distinctive (in at most 3 sections by default).
 * @returns The questions.
 */
export function keywordQuestions(
  docs: readonly MdDocument[],
  count: number,
  rng: Rng,
  accept: (question: Omit<KeywordQuestion, "query" | "typo">) => boolean = () => true,
  distinctive: Distinctive = {},
): KeywordQuestion[] {
  const sections = docs.flatMap(_sectionsWithText).filter((section) => accept(section.question));
  // How many sections each word appears in, to tell distinctive words.
  const spread = new Map<string, number>();
  for (const section of sections) {
    for (const word of section.words) spread.set(word, (spread.get(word) ?? 0) + 1);
  }
  const rare = distinctive.maxShare === undefined
    ? (n: number) => n <= (distinctive.maxSections ?? 3)
    : (n: number) => n < distinctive.maxShare! * sections.length;
  const questions: KeywordQuestion[] = [];
  for (let tries = 0; questions.length < count && tries < 1000 && sections.length > 0; tries++) {
    const section = sections[rng.int(0, sections.length - 1)];
    const candidates = [...section.words].filter((word) => rare(spread.get(word)!));
    if (candidates.length < 3) continue;
    const picked: string[] = [];
    while (picked.length < 3) {
      const word = candidates[rng.int(0, candidates.length - 1)];
      if (!picked.includes(word)) picked.push(word);
    }
    const typoAt = rng.int(0, 2);
    const typo = picked.map((word, i) => (i === typoAt ? _withTypo(word, rng) : word));
    questions.push({ ...section.question, query: picked.join(" "), typo: typo.join(" ") });
  }
  return questions;
}

function _sectionsWithText(doc: MdDocument): _Section[] {
  const { nodes, sectionEnds, ordinals, wordPrefix } = doc.top;
  return nodes.flatMap((node, i) => {
    if (node.kind !== "heading") return [];
    let own = i + 1;
    while (own < sectionEnds[i] && nodes[own].kind !== "heading") own++;
    if (own === i + 1) return [];
    const text = doc.lines.text.slice(
      doc.lines.starts[nodes[i + 1].startLine],
      doc.lines.ends[nodes[own - 1].endLine],
    );
    const path: PathStep[] = [{ type: { kind: "heading", depth: node.depth }, index: ordinals[i] }];
    const end = sectionEnds[i];
    return [{
      question: {
        target: formatPath(doc.namespace, path),
        label: `${doc.namespace}::${formatShortPath(path)}`,
        doc,
        startLine: node.startLine + 1,
        endLine: nodes[end - 1].endLine + 1,
        words: wordPrefix[end] - wordPrefix[i],
      },
      words: new Set(_ownWords(text)),
    }];
  });
}
