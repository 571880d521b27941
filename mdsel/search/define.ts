/**
 * Definitions, for concept questions (`what is working memory?`): a section
 * whose own text opens by defining the concept ("Working memory is ...")
 * answers better than one that only mentions it. A definition is one of a
 * section's first sentences whose subject is the concept's words, followed
 * by `is`, `are`, `refers to`, `lets`... (not `are used`, `is now`, `is not`).
 *
 * @module
 */
import { stemTerm } from "./data.ts";
import { CONCEPT_END, DEFINING_VERB, STOP_WORDS } from "./english.ts";
import { searchTerms } from "./text.ts";

/** A concept question: `what is`, `what are`, `what does`, then the concept. */
const _CONCEPT_QUESTION = /^\s*what\s+(?:is|are|does|do)\s+(.+?)\s*\??\s*$/i;
/**
 * The concept a `what is` question asks about: per word, its keys (its term
 * as written and its stem); `undefined` when the query is no such question.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { conceptOf } from "./define.ts";
 * assert.deepEqual(conceptOf("what are scorers in Mastra?"), [["scorers", "~scorer"]]);
 * assert.deepEqual(conceptOf("what does fastify-plugin do"), [["fastify-plugin"]]);
 * assert.equal(conceptOf("how do I add a scorer?"), undefined);
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

/**
 * A word's keys: its term as written (not the parts of an identifier) and
 * its stem; none for a stop word.
 */
function _keys(word: string): string[] {
  const [term] = searchTerms(word);
  if (term === undefined || STOP_WORDS.has(term)) return [];
  const stem = stemTerm(term);
  return stem === undefined ? [term] : [term, stem];
}

/** How many sentences of a section's start may define what it is about. */
const _SENTENCES = 3;
/** A definition: its subject (up to four words, after an article), then its verb. */
const _DEFINING = new RegExp(
  String.raw`^(?:(?:the|a|an)\s+)?((?:[\w@./-]+\s+){0,3}?[\w@./-]+)\s+` + DEFINING_VERB.source,
  "i",
);
/** Where a sentence ends: after `.`, `!`, `?` or `:`, at a blank line, before a list item. */
const _SENTENCE_END = /(?<=[.!?:])\s+|\n\s*\n|\n\s*[-*+]\s|\n\s*\d+[.)]\s/;

/**
 * The subject of the definition a section's own text opens with: the words
 * before `is`, `are`, `refers to`, ... in one of its first sentences; or
 * `undefined` when its start defines nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { definedSubject } from "./define.ts";
 * assert.equal(definedSubject("**Working memory** is what an agent keeps."), "Working memory");
 * assert.equal(definedSubject("Scorers are used by agents."), undefined);
 * assert.equal(definedSubject("The hook is now inherited by plugins."), undefined);
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
 * Whether a definition's subject ({@linkcode definedSubject}) names a concept
 * ({@linkcode conceptOf}): each of its words is one of the concept's, and it
 * holds the concept's head (last) word. A stop word (`this agent`) names a
 * particular one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { conceptOf, namesConcept } from "./define.ts";
 * const concept = conceptOf("what is an agent in the AI SDK")!;
 * assert.equal(namesConcept("Agents", concept), true);
 * assert.equal(namesConcept("ToolLoopAgent", concept), false);
 * assert.equal(namesConcept("This agent", concept), false);
 * ```
 */
export function namesConcept(subject: string, concept: readonly string[][]): boolean {
  const words = subject.split(/\s+/).map(_keys);
  if (words.length === 0 || words.some((keys) => keys.length === 0)) return false;
  const same = (a: readonly string[], b: readonly string[]) => a.some((key) => b.includes(key));
  if (!words.every((word) => concept.some((keys) => same(word, keys)))) return false;
  const head = concept[concept.length - 1];
  return words.some((word) => same(word, head));
}
