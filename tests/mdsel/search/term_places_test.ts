// The flat terms and places the ranking reads: every document's terms come
// back from them as its search data holds them, in order, past any growth;
// and terms added any way the readers add them (appended, written in room
// reserved, sharing another's places) come back as added.
import assert from "node:assert/strict";
import { loadWorkspace } from "../../../mdsel/cache/workspace.ts";
import { searchData } from "../../../mdsel/search/data.ts";
import { TermPlaces } from "../../../mdsel/search/term_places.ts";
import { fc } from "../../_fast_check.ts";
import { CORPUS_DIR, ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";

await ensureCorpus();
await ensureMdxCorpus();

Deno.test("term places: each document's terms come back in order, with their places", async () => {
  const { docs } = await loadWorkspace([CORPUS_DIR, MDX_CORPUS_DIR], { maxBytes: 64_000_000 });
  const all = docs.map((parsed) => searchData(parsed));
  const places = TermPlaces.of(all);
  assert.equal(places.count, all.length);
  all.forEach((data, d) => {
    const back = places.termsOf(d);
    assert.deepEqual([...back], [...data.terms], docs[d].filePath);
  });
});

/**
 * A term's places: a few, or more than the first buffer holds (twice over); what they hold
 * does not matter (TermPlaces reads none of them).
 */
const list = fc.record({
  length: fc.oneof({ arbitrary: fc.nat(300), weight: 4 }, fc.integer({ min: 8000, max: 20000 })),
  seed: fc.nat(1000),
}).map(({ length, seed }) => Array.from({ length }, (_, i) => (seed + 7 * i) % 1000));

/** A count of documents or terms: a few, or about as many as the first arrays hold. */
const count = fc.oneof(fc.nat(5), fc.integer({ min: 1000, max: 1100 }));

/** How a term's places come in: appended whole or a slice, written in room reserved, or shared. */
const term = fc.record({
  places: list,
  how: fc.constantFrom("append", "slice", "reserve", "share"),
  cut: fc.nat(),
});

Deno.test("term places: terms added in any way come back as added, past any growth, shared or not", () => {
  fc.assert(
    fc.property(
      // A document of many terms of one place, then many empty ones: past the first arrays.
      count,
      count,
      fc.array(fc.array(term, { maxLength: 6 }), { maxLength: 8 }),
      (many, blank, docs) => {
        const places = new TermPlaces();
        const expected: Map<string, number[]>[] = [];
        const padding = new Map<string, number[]>();
        for (let t = 0; t < many; t++) {
          places.addTerm(`p${t}`, places.append([t]), 1);
          padding.set(`p${t}`, [t]);
        }
        places.endDocument();
        expected.push(padding);
        for (let d = 0; d < blank; d++) {
          places.endDocument();
          expected.push(new Map());
        }
        // The last term added: where its places stand, and them.
        let last: [number, number[]] | undefined;
        for (const terms of docs) {
          const want = new Map<string, number[]>();
          terms.forEach(({ places: list, how, cut }, t) => {
            let start: number;
            let added = list;
            if (how === "share" && last !== undefined) {
              // All the last term's places, or their end: two terms may share them.
              const skip = cut % (last[1].length + 1);
              [start, added] = [last[0] + skip, last[1].slice(skip)];
            } else if (how === "slice") {
              const from = cut % (list.length + 1);
              added = list.slice(from, from + (cut % 97));
              start = places.append(list, from, from + added.length);
            } else if (how === "reserve") {
              start = places.reserve(list.length + cut % 50);
              list.forEach((place, i) => places.places[start + i] = place);
              places.used = start + list.length;
            } else start = places.append(list);
            places.addTerm(`t${t}`, start, added.length);
            want.set(`t${t}`, added);
            last = [start, added];
          });
          places.endDocument();
          expected.push(want);
        }
        assert.equal(places.count, expected.length);
        expected.forEach((want, d) => assert.deepEqual(places.termsOf(d), want, `document ${d}`));
      },
    ),
    { numRuns: 200 },
  );
});
