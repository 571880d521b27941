// Search data as the cache keeps it, and back: the record and the postings
// of every file of both corpora give back the search data (a stem term's
// places merged from its words'), and the record's version moves with what
// search data is made of.
import assert from "node:assert/strict";
import { loadWorkspace } from "../../../mdsel/cache/workspace.ts";
import { type SearchData, searchData, STEM, stemTerm } from "../../../mdsel/search/data.ts";
import type { MdDocument } from "../../../mdsel/parse/document.ts";
import {
  mergePlaces,
  PostingsWriter,
  readPostingsInto,
  SEARCH_RECORD_VERSION,
  searchDataOf,
  searchRecordOf,
} from "../../../mdsel/cache/search_record.ts";
import { TermPlaces } from "../../../mdsel/search/term_places.ts";
import { CORPUS_DIR, ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";
import { fc } from "../../_fast_check.ts";
import { doc } from "../_docs.ts";
import { sha256 } from "../../_sha256.ts";
import { ensureSearchCorpus } from "../../_search_corpus.ts";

await ensureCorpus();
await ensureMdxCorpus();
// The corpus folder also holds the search corpus when another test installed it: hash it always.
await ensureSearchCorpus();

/** A term's postings in a segment, each document's places as an array. */
function readPostings(
  blob: Uint8Array,
  docOf: (slot: number) => number,
  visit: (doc: number, rank: number, places: number[]) => void,
): void {
  const into = new TermPlaces();
  readPostingsInto(blob, docOf, into, (doc, rank, start, end) => {
    visit(doc, rank, Array.from(into.places.subarray(start, end)));
    into.used = 0; // the buffer serves each document in turn
  });
}

/** Each document's whole search data, its terms written at slot `slotOf(i)`. */
function writeAll(
  docs: readonly MdDocument[],
  slotOf: (i: number) => number = (i) => i,
): [SearchData[], PostingsWriter] {
  const writer = new PostingsWriter();
  const all = docs.map((parsed, i) =>
    searchData(parsed, undefined, (terms) => writer.add(slotOf(i), terms))
  );
  return [all, writer];
}

/** Search data as plain data, its terms in order. */
function plain(data: SearchData): unknown {
  return { ...data, terms: [...data.terms] };
}

/**
 * Writes documents' search data as a segment, then reads every term back as
 * a call would (its words' places for a stem term), for the documents at
 * the slots `docOf` names.
 */
function roundTrip(
  all: readonly SearchData[],
  writer: PostingsWriter,
  docOf: (slot: number) => number,
): SearchData[] {
  const postings = writer.postings();
  const stems = writer.stems();
  const found = all.map(() => [] as [number, string, readonly number[]][]);
  const words = all.map(() => new Map<string, [number, number[]][]>());
  for (const [term, blob] of postings) {
    assert.ok(!term.startsWith(STEM), `a stem term is not written: ${term}`);
    readPostings(blob, (slot) => slot % 3 === 0 ? docOf(slot / 3) : -1, (doc, rank, places) => {
      found[doc].push([rank, term, places]);
      const stem = stems.get(term);
      if (stem === undefined) return;
      const lists = words[doc].get(stem) ?? [];
      lists.push([rank, places]);
      words[doc].set(stem, lists);
    });
  }
  return all.map((data, doc) => {
    for (const [stem, lists] of words[doc]) {
      const rank = Math.min(...lists.map(([rank]) => rank)) + 1;
      found[doc].push([rank, stem, mergePlaces(lists.map(([, places]) => places))]);
    }
    const terms = found[doc].sort((a, b) => a[0] - b[0]).map(([, term, places]) =>
      [term, places] as const
    );
    const record = JSON.parse(JSON.stringify(searchRecordOf(data)));
    return searchDataOf(record, new Map(terms));
  });
}

for (const [name, root] of [["Markdown", CORPUS_DIR], ["MDX", MDX_CORPUS_DIR]] as const) {
  Deno.test(`search record: every file of the ${name} corpus comes back as its search data`, async () => {
    const { docs } = await loadWorkspace([root], { maxBytes: 64_000_000 });
    const [all, writer] = writeAll(docs, (i) => i * 3);
    const back = roundTrip(all, writer, (slot) => slot);
    assert.equal(back.length, all.length);
    all.forEach((data, i) => {
      assert.deepEqual(plain(back[i]), plain(data), docs[i].filePath);
    });
  });
}

Deno.test("search record: a reader skips the documents its call does not have", () => {
  const texts = ["# Alpha\n\nWords words.\n", "# Beta\n\nWords.\n", "# Gamma\n\nMore words.\n"];
  // Only the middle document is the call's, as its document 0.
  const [, writer] = writeAll(texts.map((text, i) => doc(text, `d${i}`)));
  const seen: number[][] = [];
  readPostings(writer.postings().get("words")!, (slot) => slot === 1 ? 0 : -1, (doc, rank) => {
    seen.push([doc, rank]);
  });
  assert.deepEqual(seen, [[0, 2]]);
  assert.throws(
    () => readPostings(new Uint8Array([0, 9, 1]), (slot) => slot, () => {}),
    RangeError,
  );
  assert.throws(
    () => readPostingsInto(new Uint8Array([0, 9, 1]), (slot) => slot, new TermPlaces(), () => {}),
    RangeError,
  );
});

Deno.test("search record: reading postings into a buffer gives what reading them as arrays gives", async () => {
  const { docs } = await loadWorkspace([CORPUS_DIR, MDX_CORPUS_DIR], { maxBytes: 64_000_000 });
  const [, writer] = writeAll(docs, (i) => i * 2);
  // A small buffer, grown as it fills; every other slot not the call's.
  const into = new TermPlaces();
  for (const [term, blob] of writer.postings()) {
    const arrays: unknown[] = [];
    const flat: unknown[] = [];
    const docOf = (slot: number) => slot % 4 === 0 ? slot / 4 : -1;
    readPostings(blob, docOf, (doc, rank, places) => arrays.push([doc, rank, places]));
    readPostingsInto(blob, docOf, into, (doc, rank, start, end) => {
      flat.push([doc, rank, Array.from(into.places.subarray(start, end))]);
    });
    assert.deepEqual(flat, arrays, term);
  }
});

Deno.test("search record: a stem term's places are its words' merged, in section and field order", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.array(fc.constantFrom("redirect", "redirects", "redirecting", "other", "# Redirected"), {
          maxLength: 12,
        }),
        { minLength: 1, maxLength: 5 },
      ),
      (parts) => {
        const text = parts.map((words, i) => `## Part ${i}\n\n${words.join(" ")}\n`).join("\n");
        const data = searchData(doc(`# Redirects\n\n${text}`, "r"));
        const stem = stemTerm("redirects")!;
        const words = [...data.terms].filter(([term]) => stemTerm(term) === stem);
        assert.deepEqual(mergePlaces(words.map(([, places]) => places)), data.terms.get(stem));
      },
    ),
  );
});

/**
 * The search records and postings written for every file of both corpora,
 * hashed: cached search data is read only by the code that wrote it. When
 * this fails, what search data holds changed: raise SEARCH_RECORD_VERSION in
 * mdsel/cache/search_record.ts and write both new values here. A comment or a
 * refactor that writes the same data moves neither.
 */
const SEARCH_FINGERPRINT = {
  version: 4,
  sha256: "fd444e8599e2f73a91d30e4ddbc6fd87ecbc64b41d7b7801b2c28587ad636853",
};

Deno.test("search record: its version moves whenever what search data holds does", async () => {
  const { docs } = await loadWorkspace([CORPUS_DIR, MDX_CORPUS_DIR], { maxBytes: 64_000_000 });
  const sorted = docs.toSorted((a, b) => a.filePath < b.filePath ? -1 : 1);
  const [all, writer] = writeAll(sorted);
  const parts = all.map((data) => JSON.stringify(searchRecordOf(data)));
  for (const [term, blob] of [...writer.postings()].sort(([a], [b]) => a < b ? -1 : 1)) {
    parts.push(`${term} ${Array.from(blob).join(",")}`);
  }
  assert.deepEqual(
    { version: SEARCH_RECORD_VERSION, sha256: await sha256(parts.join("\n")) },
    SEARCH_FINGERPRINT,
    "What search data holds changed: raise SEARCH_RECORD_VERSION in mdsel/cache/search_record.ts, " +
      "so that no cache entry of the old search data is read, and set SEARCH_FINGERPRINT in " +
      "this test to the new version and sha256.",
  );
});
