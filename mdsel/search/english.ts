/**
 * The English the search reads queries and sections by: stop words, question words, particles
 * of phrasal verbs, the words that end a concept or say a query asks about changes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { QUESTION_WORDS, STOP_WORDS } from "./english.ts";
 * assert.ok(STOP_WORDS.has("the") && QUESTION_WORDS.has("how"));
 * ```
 *
 * @module
 */
// The English list alone: the package's entry loads every language.
// @ts-types="./stopword.d.ts"
import { eng as ENGLISH_STOP_WORDS } from "stopword/src/stopwords_eng.js";

/** Words left out of queries and indexes. */
export const STOP_WORDS: ReadonlySet<string> = new Set(ENGLISH_STOP_WORDS);

/** The first words of a question (a query ending in `?` is one too). */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  ["how", "what", "why", "where", "when", "which", "can", "should"],
);

/** Question words the stop-word list lacks: they add to a score, their absence costs nothing. */
export const QUERY_FILLERS: ReadonlySet<string> = new Set(
  ["does", "doing", "did", "done", "will", "shall", "may", "its", "whom", "whose", "vs", "versus"],
);

/** Words that say how a question is asked rather than what it is about: optional as fillers are. */
export const ASKING_WORDS: ReadonlySet<string> = new Set([
  ...["difference", "differences", "compare", "comparison", "work", "works", "mean", "means"],
  ...["happen", "happens", "possible", "way", "ways", "want", "need"],
]);

/** The verbs a question asks with, which docs seldom write where they answer it. */
export const QUESTION_VERBS: ReadonlySet<string> = new Set([
  ...["add", "change", "configure", "customize", "customise", "enable", "get", "make", "set"],
  ...["specify", "use"],
]);

/** The particles of phrasal verbs, written as one with their verb in nouns (`login`, `setup`). */
export const PARTICLES: ReadonlySet<string> = new Set(
  ["up", "out", "in", "on", "off", "down", "over", "back", "away"],
);

/** Words that end a `what is` question's concept: what follows says where it stands, or asks more. */
export const CONCEPT_END: ReadonlySet<string> = new Set([
  ...["in", "for", "with", "within", "inside", "on", "from", "when", "and", "or", "why", "how"],
  ...["vs", "versus", "compared", "do"],
]);

/** A definition's verb after its subject (`is`, `refers to`, `lets`), not `is now`, `are used`. */
export const DEFINING_VERB =
  /(?:(?:is|are)(?!\s+(?:\w+ed|now|not|no|also|still|always|never|only|then|being)\b)|refers?\s+to|means?|lets?|allows?|provides?|enables?|helps?|represents?|describes?|gives?)\b/;

/** Words that say a query is about changes: then upgrade notes are what it wants. */
export const CHANGE_WORDS =
  /^(?:migrat\w*|upgrad\w*|changelog|changes?|changed|breaking|deprecat\w*|removed|renamed|release|releases|v\d[\w.]*|\d+(?:\.\d+)+|version|legacy)$/;
