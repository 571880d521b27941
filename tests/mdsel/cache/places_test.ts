// The stem term's places merged in one pass: the same as mergePlaces, for
// lists in order (as postings give them) and for lists that are not.
import assert from "node:assert/strict";
import { mergeOrderedPlaces } from "../../../mdsel/cache/places.ts";
import { mergePlaces } from "../../../mdsel/cache/search_record.ts";
import { BODY } from "../../../mdsel/search/data.ts";
import { fc } from "../../_fast_check.ts";

/** A places list: per (section, field) group, a count and, in the body, as many positions. */
const places = (ordered: boolean) =>
  fc.uniqueArray(
    fc.record({
      section: fc.nat(5),
      field: fc.nat(3),
      positions: fc.array(fc.nat(40), { minLength: 1, maxLength: 4 }),
    }),
    { selector: (group) => group.section * 4 + group.field, maxLength: 6 },
  ).map((groups) => {
    if (ordered) groups.sort((a, b) => a.section * 4 + a.field - (b.section * 4 + b.field));
    const list: number[] = [];
    for (const { section, field, positions } of groups) {
      list.push(section, field, positions.length);
      if (field === BODY) list.push(...(ordered ? positions.sort((a, b) => a - b) : positions));
    }
    return list;
  });

Deno.test("search places: lists in order merge as mergePlaces merges them", () => {
  fc.assert(
    fc.property(fc.array(places(true), { minLength: 1, maxLength: 4 }), (lists) => {
      assert.deepEqual(mergeOrderedPlaces(lists), mergePlaces(lists));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("search places: lists out of order merge as mergePlaces merges them", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(places(true), places(false)), { minLength: 1, maxLength: 4 }),
      (lists) => assert.deepEqual(mergeOrderedPlaces(lists), mergePlaces(lists)),
    ),
    { numRuns: 2000 },
  );
});
