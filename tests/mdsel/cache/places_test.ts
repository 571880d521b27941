// The stem term's places merged in one pass: the places of the words a stem
// term stems, as search data (and postings) give them, merge into the stem
// term's; and any lists, in order or not, merge as mergePlaces merges them.
import assert from "node:assert/strict";
import { mergeOrderedPlaces, mergePlaces } from "../../../mdsel/cache/search_record.ts";
import { BODY, FIELD_COUNT, searchData, STEM, stemTerm } from "../../../mdsel/search/data.ts";
import { fc } from "../../_fast_check.ts";
import { doc } from "../_docs.ts";

/**
 * A places list as `SearchData.terms` holds one: per (section, field) group, a count and, in
 * the body, as many positions; in order (groups by section then field, positions ascending)
 * or in any order.
 */
const places = (ordered: boolean) =>
  fc.uniqueArray(
    fc.record({
      section: fc.nat(5),
      field: fc.nat(FIELD_COUNT - 1),
      positions: fc.array(fc.nat(40), { minLength: 1, maxLength: 4 }),
    }),
    { selector: (group) => `${group.section} ${group.field}`, maxLength: 6 },
  ).map((groups) => {
    if (ordered) groups.sort((a, b) => a.section - b.section || a.field - b.field);
    const list: number[] = [];
    for (const { section, field, positions } of groups) {
      list.push(section, field, positions.length);
      if (field === BODY) list.push(...(ordered ? positions.sort((a, b) => a - b) : positions));
    }
    return list;
  });

/** Words of a few stems, in several forms, and others. */
const WORDS = ["redirect", "redirects", "redirecting", "Redirected", "install", "installs"];
const OTHERS = ["page", "run", "server"];

Deno.test("search places: the places of the words a stem term stems merge into its places", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(
          fc.constantFrom("", "", "# ", "## ", "- "),
          fc.array(fc.constantFrom(...WORDS, ...OTHERS), { minLength: 1, maxLength: 12 }),
        ),
        { minLength: 1, maxLength: 8 },
      ),
      (lines) => {
        const text = lines.map(([mark, words]) => `${mark}${words.join(" ")}`).join("\n\n");
        const data = searchData(doc(`${text}\n`, "r"));
        for (const [stem, merged] of data.terms) {
          if (!stem.startsWith(STEM)) continue;
          // Each word's places, in order, as search data and postings hold them.
          const words = [...data.terms].filter(([term]) => !term.startsWith(STEM))
            .filter(([term]) => stemTerm(term) === stem).map(([, places]) => places);
          assert.deepEqual(mergeOrderedPlaces(words), merged, stem);
          assert.deepEqual(mergeOrderedPlaces(words.toReversed()), merged, stem);
        }
      },
    ),
    { numRuns: 1000 },
  );
});

Deno.test("search places: any lists, in order or not, merge as mergePlaces merges them", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(places(true), places(false)), { minLength: 1, maxLength: 4 }),
      (lists) => assert.deepEqual(mergeOrderedPlaces(lists), mergePlaces(lists)),
    ),
    { numRuns: 2000 },
  );
});
