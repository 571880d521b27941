// What the ranking gathers per section before it scores it (SectionWorks), as
// the scores show it, never how it lays it out: each section's evidence stays
// its own and its body's positions stand for the right terms, in order,
// whatever order the ranking meets the documents and their terms in; a section
// takes MAX_EVENTS positions, then no more, and a score reads those alone.
import assert from "node:assert/strict";
import type { SearchData } from "../../../mdsel/search/data.ts";
import { searchData } from "../../../mdsel/search/data.ts";
import { fileWords } from "../../../mdsel/search/file_words.ts";
import { termMatcher, termSpecs } from "../../../mdsel/search/match.ts";
import { parseQuery } from "../../../mdsel/search/query.ts";
import { scoreSections } from "../../../mdsel/search/rank.ts";
import { RANKING } from "../../../mdsel/search/ranking.ts";
import { MAX_EVENTS, SectionWorks } from "../../../mdsel/search/work.ts";
import { fc } from "../../_fast_check.ts";
import { doc } from "../_docs.ts";

/** Words a query asks for, in several forms, and words around them. */
const WORDS = ["abort", "aborts", "signal", "signals", "request", "requests", "retry", "timeout"];
const FILLER = ["the", "page", "sends", "when", "server", "fetch"];

const markdown = fc.array(
  fc.tuple(
    fc.constantFrom("", "", "", "# ", "## ", "- "),
    fc.array(fc.constantFrom(...WORDS, ...FILLER), { minLength: 1, maxLength: 80, size: "large" }),
  ),
  { minLength: 1, maxLength: 8 },
).map((lines) => lines.map(([mark, words]) => `${mark}${words.join(" ")}`).join("\n\n") + "\n");

/** What the ranking tells of a section. */
interface Outcome {
  score: number;
  known?: number;
  heading?: number;
  changes?: boolean;
  specs: number[];
}

/** What the ranking tells of each section it scores, by document (its name) and section. */
function scores(
  named: readonly (readonly [string, SearchData])[],
  query: string,
): Map<string, Outcome> {
  const parsed = parseQuery(query);
  const specs = termSpecs(parsed, RANKING.aside, RANKING.aside);
  const docs = named.map(([name, data]) => ({ data, file: fileWords(`${name}.md`) }));
  const scored = scoreSections(docs, parsed, specs, termMatcher(specs));
  return new Map(
    scored.map((result): [string, Outcome] => [`${named[result.doc][0]} ${result.section}`, {
      score: result.score,
      known: result.known,
      heading: result.heading,
      changes: result.changes,
      specs: [...result.specs].sort((a, b) => a - b),
    }]),
  );
}

/** The items in an order the seed picks (a Fisher-Yates shuffle). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

Deno.test("section works: each section scores the same whatever order its documents and terms come in", () => {
  fc.assert(
    fc.property(
      fc.array(markdown, { minLength: 1, maxLength: 4 }),
      fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
      fc.nat(),
      (texts, words, seed) => {
        const query = words.join(" ");
        const parsed = parseQuery(query);
        const match = termMatcher(termSpecs(parsed, RANKING.aside, RANKING.aside));
        const keep = (term: string) => match(term).length > 0;
        const named = texts.map((text, i) =>
          [`d${i}`, searchData(doc(text, `d${i}`), keep)] as const
        );
        // The documents in another order, and each one's terms too.
        const reordered = shuffled(named, seed).map(([name, data], i) =>
          [name, { ...data, terms: new Map(shuffled([...data.terms], seed + i + 1)) }] as const
        );
        assert.deepEqual(scores(reordered, query), scores(named, query));
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("section works: a section's words near each other score above the same words far apart", () => {
  const filler = Array(200).fill("page").join(" ");
  // Once each (a few positions), and twenty times each (many).
  for (const times of [1, 20]) {
    const alphas = Array(times).fill("alpha").join(" ");
    const omegas = Array(times).fill("omega").join(" ");
    const near = searchData(doc(`# Words\n\n${alphas} ${omegas} ${filler}\n`, "near"));
    const far = searchData(doc(`# Words\n\n${alphas} ${filler} ${omegas}\n`, "far"));
    const scored = scores([["near", near], ["far", far]], "alpha omega");
    const score = (key: string) => scored.get(key)!.score;
    assert.ok(score("near 0") > score("far 0"), `${times}: ${score("near 0")} > ${score("far 0")}`);
  }
});

Deno.test("section works: a section takes MAX_EVENTS body positions, then no more; another its own", () => {
  const works = new SectionWorks();
  const a = works.add(0, 0);
  const b = works.add(0, 1);
  for (let i = 0; i < MAX_EVENTS; i++) assert.ok(works.addEvent(a, MAX_EVENTS - i), `event ${i}`);
  assert.equal(works.addEvent(a, 0), false);
  assert.equal(works.addEvent(a, MAX_EVENTS + 1), false);
  assert.ok(works.addEvent(b, 5));
});

Deno.test("section works: a score reads a section's first MAX_EVENTS body positions, no more", () => {
  // Two documents alike but for where "omega" stands: after many "alpha"s, or before them.
  const outcome = (many: number) => {
    const alphas = Array(many).fill("alpha").join(" ");
    const last = searchData(doc(`# Words\n\n${alphas} omega\n`, "last"));
    const first = searchData(doc(`# Words\n\nomega ${alphas}\n`, "first"));
    const scored = scores([["last", last], ["first", first]], "alpha omega");
    const score = (key: string) => scored.get(key)!.score;
    return { last: score("last 0"), first: score("first 0") };
  };
  // "alpha" and its stem term take two positions each: under the cap, the two score the same.
  const under = outcome(MAX_EVENTS / 2 - 1);
  assert.equal(under.last, under.first);
  // Past it, the "omega" met after them stands in the body alone, in no passage with "alpha".
  const past = outcome(MAX_EVENTS);
  assert.ok(past.first > past.last, `${past.first} > ${past.last}`);
});
