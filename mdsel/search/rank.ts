/**
 * The ranking of sections for a query: BM25F over the fields, the body's best passage, the share
 * of the query's words held, the section as one text fused in for a keyword query (CombSUM).
 *
 * @module
 */
import { BODY, FIELD_COUNT, JSX } from "./data.ts";
import { fileMatcher, type TermMatch, type TermSpec } from "./match.ts";
import type { SearchQuery } from "./query.ts";
import { fileTerms } from "./file_words.ts";
import { TermPlaces } from "./term_places.ts";
import { EVENT_SPAN, SectionWorks } from "./work.ts";
import { Gathered, WindowScorer } from "./window.ts";
import { applyKind } from "./changes.ts";
import { BM25, type RankedDocument, rankingInForce, type Scored, SHARED_HINTS } from "./ranking.ts";

const HEADING = 0;

/** Whether a query is a few keywords (or holds a quoted phrase) rather than a question. */
function _isKeywordQuery(query: SearchQuery): boolean {
  if (query.phrases.length > 0) return true;
  const required = query.words.filter((word) => !word.optional).length;
  return required < (query.question ? 2 : 4);
}

class _TermInfo {
  /** Per field, the file's name last: in how many sections it stands there. */
  readonly df: Float64Array = new Float64Array(FIELD_COUNT + 1);
  bodyIdf = 0;

  /** @param id Its matches stand in the call's match arrays from `matchStart[id]`. */
  constructor(readonly id: number) {}
}

/**
 * Scores every section that holds any of the query's terms, unordered.
 *
 * @param match Which query terms a document term reaches.
 */
export function scoreSections(
  docs: readonly RankedDocument[],
  query: SearchQuery,
  specs: readonly TermSpec[],
  match: (term: string) => readonly TermMatch[],
  termPlaces: TermPlaces = TermPlaces.of(docs.map((doc) => doc.data)),
): Scored[] {
  const { docStart, term: termOf, placeStart, placeEnd, places } = termPlaces;
  const ranking = rankingInForce();
  const { k1, b } = BM25;
  // Per field (heading, heading path, body, JSX attributes, then the file's name): its weight.
  const fields = [ranking.heading, ranking.place, 1, ranking.attributes, ranking.place];
  // Per document term met: what it matches (flat, from `matchStarts[id]`), and its df per field.
  const infos = new Map<string, _TermInfo>();
  const matchStarts: number[] = [0];
  const matchSpecs: number[] = [];
  const matchWeights: number[] = [];
  const infoOf = (term: string, matches: readonly TermMatch[]): _TermInfo => {
    let info = infos.get(term);
    if (info === undefined) {
      info = new _TermInfo(matchStarts.length - 1);
      for (let m = 0; m < matches.length; m++) {
        matchSpecs.push(matches[m].spec);
        matchWeights.push(matches[m].weight);
      }
      matchStarts.push(matchSpecs.length);
      infos.set(term, info);
    }
    return info;
  };
  let sections = 0;
  let jsxHeld = 0;
  const totalLength = new Array(FIELD_COUNT + 1).fill(0);
  // Per document: how many terms its file's name has, and those the query reaches with their counts.
  const fileSizes = new Array<number>(docs.length);
  const reachedInFile = new Array<[_TermInfo, number][] | undefined>(docs.length);
  const names: string[] = [];
  const counts: number[] = [];
  // Most names reach no query term: their field's size is all the ranking needs of them.
  const mayReach = fileMatcher(specs);
  for (let d = 0; d < docs.length; d++) {
    const { data, file } = docs[d];
    const known = data.file?.words === file ? data.file.size : undefined;
    if (known !== undefined && !mayReach(file)) {
      fileSizes[d] = known;
      continue;
    }
    fileSizes[d] = fileTerms(file, names, counts);
    for (let i = 0; i < names.length; i++) {
      const matches = match(names[i]);
      if (matches.length > 0) {
        (reachedInFile[d] ??= []).push([infoOf(names[i], matches), counts[i]]);
      }
    }
  }
  // Per document: where its sections' numbers start among the call's.
  const offsets = new Int32Array(docs.length);
  for (let d = 0; d < docs.length; d++) {
    const { data } = docs[d];
    const n = data.sections.length;
    offsets[d] = sections;
    sections += n;
    for (let i = 0; i < data.lengths.length; i++) totalLength[i % FIELD_COUNT] += data.lengths[i];
    for (let i = JSX; i < data.lengths.length; i += FIELD_COUNT) if (data.lengths[i] > 0) jsxHeld++;
    totalLength[FIELD_COUNT] += fileSizes[d] * n;
    for (let t = docStart[d]; t < docStart[d + 1]; t++) {
      const term = termOf[t];
      const matches = match(term);
      if (matches.length === 0) continue;
      const row = infoOf(term, matches).df;
      for (let p = placeStart[t]; p < placeEnd[t];) {
        const field = places[p + 1];
        row[field]++;
        p += 3 + (field === BODY ? places[p + 2] : 0);
      }
    }
    const terms = reachedInFile[d];
    if (terms !== undefined) {
      for (let i = 0; i < terms.length; i++) terms[i][0].df[FIELD_COUNT] += n;
    }
  }
  const average = totalLength.map((total) => total / Math.max(1, sections));
  // The JSX field's length is normalised by the sections that have one: most have none.
  average[JSX] = totalLength[JSX] / Math.max(1, jsxHeld);
  // Tags' attributes are reference tables: read for a query naming an identifier only.
  const jsxOff = fields[JSX] === 0 || !query.identifier;
  const idf = (df: number) => Math.log(1 + (sections - df + 0.5) / (df + 0.5));
  const short = (tf: number, df: number, length: number, avg: number) =>
    idf(df) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / Math.max(avg, 1e-9)));
  for (const info of infos.values()) info.bodyIdf = idf(info.df[BODY]);
  const matchStart = Int32Array.from(matchStarts);
  const matchSpec = Int32Array.from(matchSpecs);
  const matchWeight = Float64Array.from(matchWeights);

  // Per section: each query term's BM25 in the short fields, and where the body holds it.
  const works = new SectionWorks();
  const workAt = new Int32Array(sections).fill(-1);
  const workOf = (d: number, s: number): number => {
    let at = workAt[offsets[d] + s];
    if (at === -1) workAt[offsets[d] + s] = at = works.add(d, s);
    return at;
  };
  const holdEvidence = (at: number, id: number, evidence: number, heading = false) => {
    for (let m = matchStart[id]; m < matchStart[id + 1]; m++) {
      if (heading) works.holdHeading(at, matchSpec[m], matchWeight[m] * evidence);
      else works.holdField(at, matchSpec[m], matchWeight[m] * evidence);
    }
  };
  // Per document: the BM25 of each reached term of its file's name, as `reachedInFile` orders them.
  const fileScores = new Array<number[] | undefined>(docs.length);
  for (let d = 0; d < docs.length; d++) {
    const terms = reachedInFile[d];
    if (terms === undefined) continue;
    fileScores[d] = terms.map(([info, tf]) =>
      fields[FIELD_COUNT] * short(tf, info.df[FIELD_COUNT], fileSizes[d], average[FIELD_COUNT])
    );
  }
  for (let d = 0; d < docs.length; d++) {
    const { data } = docs[d];
    const terms = reachedInFile[d];
    for (let t = docStart[d]; t < docStart[d + 1]; t++) {
      const info = infos.get(termOf[t]);
      if (info === undefined) continue;
      const { id, df } = info;
      let inFile = 0;
      if (terms !== undefined) {
        for (let i = 0; i < terms.length; i++) {
          if (terms[i][0] !== info) continue;
          inFile = fileScores[d]![i];
          break;
        }
      }
      let section = -1;
      let sum = 0;
      for (let p = placeStart[t], end = placeEnd[t]; p < end;) {
        const s = places[p];
        const field = places[p + 1];
        const tf = places[p + 2];
        const at = p + 3;
        p = at + (field === BODY ? tf : 0);
        if (field === JSX && jsxOff) continue;
        if (s !== section) {
          if (section !== -1 && sum + inFile > 0) {
            holdEvidence(workOf(d, section), id, sum + inFile);
          }
          section = s;
          sum = 0;
        }
        if (field !== BODY) {
          const length = data.lengths[s * FIELD_COUNT + field];
          const value = fields[field] * short(tf, df[field], length, average[field]);
          sum += value;
          if (field === HEADING) holdEvidence(workOf(d, s), id, value, true);
          continue;
        }
        const work = workOf(d, s);
        const length = data.lengths[s * FIELD_COUNT + BODY];
        const whole = short(tf, df[BODY], length, average[BODY]);
        const index = works.addTerm(work, id, info.bodyIdf, whole);
        for (let i = 0; i < tf; i++) {
          if (!works.addEvent(work, places[at + i] * EVENT_SPAN + index)) break;
        }
      }
      if (section !== -1 && sum + inFile > 0) holdEvidence(workOf(d, section), id, sum + inFile);
    }
  }
  for (let d = 0; d < docs.length; d++) {
    const terms = reachedInFile[d];
    if (terms === undefined) continue;
    const n = docs[d].data.sections.length;
    for (let i = 0; i < terms.length; i++) {
      const { id } = terms[i][0];
      const score = fileScores[d]![i];
      for (let s = 0; s < n; s++) holdEvidence(workOf(d, s), id, score);
    }
  }
  works.seal();
  const gathered = new Gathered(works, matchStart, matchSpec, matchWeight);

  // How rare each query word is; the last section counted for each word, plus one.
  const specWords = specs.map(({ word, next }) => next === undefined ? [word] : [word, next]);
  const wordDf = new Array(query.words.length).fill(0);
  const counted = new Int32Array(query.words.length);
  let e = 0;
  const hold = (spec: number) => {
    for (const word of specWords[spec]) {
      if (counted[word] === e + 1) continue;
      counted[word] = e + 1;
      wordDf[word]++;
    }
  };
  for (; e < works.count; e++) gathered.forEachSpec(e, hold);

  const required = query.words.map((_, i) => i).filter((i) => !query.words[i].optional);
  const weighed = required.length > 0
    ? required
    : query.words.map((_, i) => i).filter((i) => !query.words[i].hint);
  const weights = new Float64Array(query.words.length);
  for (const i of weighed) weights[i] = idf(wordDf[i]);
  const totalWeight = weighed.reduce((sum, i) => sum + weights[i], 0);
  // The caller's words make up for question words a section lacks; many of them share one weight.
  const hints = query.words.filter((word) => word.hint).length;
  const hintShare = ranking.aside * Math.min(1, SHARED_HINTS / Math.max(1, hints));
  for (let i = 0; i < query.words.length; i++) {
    if (query.words[i].hint) weights[i] = hintShare * idf(wordDf[i]);
  }

  // A question's answer is a passage; a few words (a known item's) may stand anywhere in a section.
  const fuse = _isKeywordQuery(query) ? ranking.whole : 0;
  const scorer = new WindowScorer(query, specs, specWords, weights, totalWeight, fuse > 0);
  const results: Scored[] = new Array(works.count);
  for (let e = 0; e < works.count; e++) results[e] = scorer.score(gathered, e);
  if (fuse > 0) {
    // Score fusion (CombSUM): each ranking relative to its best.
    let bestPassage = 1e-9;
    let bestKnown = 1e-9;
    for (const result of results) {
      bestPassage = Math.max(bestPassage, result.score);
      bestKnown = Math.max(bestKnown, result.known ?? 0);
    }
    for (const result of results) {
      result.score = result.score / bestPassage + fuse * (result.known ?? 0) / bestKnown;
    }
  }
  applyKind(results, docs, query, specWords);
  return results;
}
