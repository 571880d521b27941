// What the ranking gathers per section, in flat arrays: each section's items
// in the order added, whatever the order of the sections, and its events
// sorted and capped as the ranking reads them.
import assert from "node:assert/strict";
import { MAX_EVENTS, SectionWorks } from "../../../mdsel/search/work.ts";
import { fc } from "../../_fast_check.ts";

/** A section's items of a kind, as the sealed arrays hold them. */
function range<T extends Int32Array | Float64Array>(
  values: T,
  start: Int32Array,
  at: number,
): number[] {
  return [...values.subarray(start[at], start[at + 1])];
}

Deno.test("section works: each section's items in the order added, whatever the sections' order", () => {
  fc.assert(fc.property(
    fc.array(
      fc.record({
        owner: fc.nat(6),
        kind: fc.constantFrom("field", "heading", "term", "event"),
        int: fc.nat(30),
        value: fc.double({ noNaN: true, min: 0, max: 1e6 }),
      }),
      { maxLength: 300 },
    ),
    (items) => {
      const works = new SectionWorks();
      for (let s = 0; s < 7; s++) works.add(s % 3, s);
      const expected = Array.from({ length: 7 }, () => ({
        field: [] as number[][],
        heading: [] as number[][],
        term: [] as number[][],
        event: [] as number[],
      }));
      for (const { owner, kind, int, value } of items) {
        const want = expected[owner];
        if (kind === "field") {
          works.holdField(owner, int, value);
          want.field.push([int, value]);
        } else if (kind === "heading") {
          works.holdHeading(owner, int, value);
          want.heading.push([int, value]);
        } else if (kind === "term") {
          assert.equal(works.addTerm(owner, int, value, value / 2), want.term.length);
          want.term.push([int, value, value / 2]);
        } else {
          assert.ok(works.addEvent(owner, Math.round(value)));
          want.event.push(Math.round(value));
        }
      }
      works.seal();
      for (let s = 0; s < 7; s++) {
        const want = expected[s];
        assert.deepEqual([works.doc[s], works.section[s]], [s % 3, s]);
        const fields = range(works.fieldSpec, works.fieldStart, s);
        assert.deepEqual(
          fields.map((spec, i) => [spec, range(works.fieldValue, works.fieldStart, s)[i]]),
          want.field,
        );
        const headings = range(works.headingSpec, works.headingStart, s);
        assert.deepEqual(
          headings.map((spec, i) => [spec, range(works.headingValue, works.headingStart, s)[i]]),
          want.heading,
        );
        const terms = range(works.termMatch, works.termStart, s);
        assert.deepEqual(
          terms.map((match, i) => [
            match,
            range(works.termIdf, works.termStart, s)[i],
            range(works.termWhole, works.termStart, s)[i],
          ]),
          want.term,
        );
        assert.deepEqual(
          range(works.events, works.eventStart, s),
          want.event.sort((a, b) => a - b),
        );
      }
    },
  ));
});

Deno.test("section works: a section keeps its first events only", () => {
  const works = new SectionWorks();
  const a = works.add(0, 0);
  const b = works.add(0, 1);
  for (let i = 0; i < MAX_EVENTS; i++) assert.ok(works.addEvent(a, MAX_EVENTS - i));
  assert.equal(works.addEvent(a, 0), false);
  assert.ok(works.addEvent(b, 5));
  works.seal();
  const events = range(works.events, works.eventStart, a);
  assert.equal(events.length, MAX_EVENTS);
  assert.deepEqual([events[0], events.at(-1)], [1, MAX_EVENTS]);
  assert.deepEqual(range(works.events, works.eventStart, b), [5]);
});
