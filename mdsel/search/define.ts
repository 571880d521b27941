/**
 * Definitions, for `what is` questions: the concept a question asks about, and the subject a
 * section's start defines (`X is`, `X refers to`, `X lets`, not `X is now`).
 *
 * @module
 */
import { stemTerm } from "./data.ts";
import { CONCEPT_END, DEFINING_VERB, STOP_WORDS } from "./english.ts";
import { searchTerms } from "./text.ts";

const _CONCEPT_QUESTION = /^\s*what\s+(?:is|are|does|do)\s+(.+?)\s*\??\s*$/i;
/**
 * The concept a `what is` question asks about: per word, its term and stem; `undefined` for
 * any other query.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { conceptOf } from "./define.ts";
 * assert.deepEqual(conceptOf("what are scorers in Mastra?"), [["scorers", "~scorer"]]);
 * ```
 */
export function conceptOf(query: string): string[][] | undefined {
  const match = _CONCEPT_QUESTION.exec(query);
  if (match === null) return undefined;
  const words: string[][] = [];
  for (const token of match[1].split(/\s+/)) {
    const bare = token.replace(/^[`"'(]+|[`"'),.?!:;]+$/g, "");
    if (CONCEPT_END.has(bare.toLowerCase())) break;
    const keys = _keys(bare);
    if (keys.length > 0) words.push(keys);
  }
  return words.length > 0 ? words : undefined;
}

/** A word's term as written (not an identifier's parts) and its stem; none for a stop word. */
function _keys(word: string): string[] {
  const [term] = searchTerms(word);
  if (term === undefined || STOP_WORDS.has(term)) return [];
  const stem = stemTerm(term);
  return stem === undefined ? [term] : [term, stem];
}

const _SENTENCES = 3;
/** A definition: its subject (up to four words, after an article), then its verb. */
const _DEFINING = new RegExp(
  String.raw`^(?:(?:the|a|an)\s+)?((?:[\w@./-]+\s+){0,3}?[\w@./-]+)\s+` + DEFINING_VERB.source,
  "i",
);
/** After `.`, `!`, `?` or `:`, at a blank line, before a list item. */
const _SENTENCE_END = /(?<=[.!?:])\s+|\n\s*\n|\n\s*[-*+]\s|\n\s*\d+[.)]\s/;

/**
 * The subject a section's own text defines in one of its first sentences, or `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { definedSubject } from "./define.ts";
 * assert.equal(definedSubject("**Working memory** is what an agent keeps."), "Working memory");
 * ```
 */
export function definedSubject(text: string): string | undefined {
  const plain = text.replace(/[*_`]+/g, "").replace(/<[^>\n]*>/g, " ");
  let seen = 0;
  for (const raw of plain.split(_SENTENCE_END)) {
    const sentence = raw.trim();
    if (sentence === "" || /^(?:import|export)\s/.test(sentence)) continue;
    const match = _DEFINING.exec(sentence);
    if (match !== null) return match[1];
    if (++seen >= _SENTENCES) break;
  }
  return undefined;
}

/**
 * Whether a defined subject names a concept: each word is one of the concept's, the head (last)
 * among them; a stop word (`this agent`) names a particular one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { conceptOf, namesConcept } from "./define.ts";
 * assert.equal(namesConcept("This agent", conceptOf("what is an agent in the AI SDK")!), false);
 * ```
 */
export function namesConcept(subject: string, concept: readonly string[][]): boolean {
  const words = subject.split(/\s+/).map(_keys);
  if (words.some((keys) => keys.length === 0)) return false;
  const same = (a: readonly string[], b: readonly string[]) => a.some((key) => b.includes(key));
  if (!words.every((word) => concept.some((keys) => same(word, keys)))) return false;
  const head = concept[concept.length - 1];
  return words.some((word) => same(word, head));
}
