// Search data as the cache keeps it, and back: the record and the postings
// of every file of both corpora give back the search data (a stem term's
// places merged from its words'), and the record's version moves with what
// search data is made of.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { loadWorkspace } from "../../../mdsel/io/workspace.ts";
import { type SearchData, searchData, STEM, stemTerm } from "../../../mdsel/search/data.ts";
import {
  mergePlaces,
  PostingsWriter,
  readPostings,
  readPostingsInto,
  SEARCH_RECORD_VERSION,
  searchDataOf,
  searchRecordOf,
} from "../../../mdsel/search/record.ts";
import { TermPlaces } from "../../../mdsel/search/term_places.ts";
import { CORPUS_DIR, ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";
import { fc } from "../../_fast_check.ts";
import { doc } from "../_docs.ts";

await ensureCorpus();
await ensureMdxCorpus();

/** Search data as plain data, its terms in order. */
function plain(data: SearchData): unknown {
  return { ...data, terms: [...data.terms] };
}

/**
 * Writes documents' search data as a segment, then reads every term back as
 * a call would (its words' places for a stem term), for the documents at
 * the slots `docOf` names.
 */
function roundTrip(all: readonly SearchData[], docOf: (slot: number) => number): SearchData[] {
  const writer = new PostingsWriter();
  all.forEach((data, slot) => writer.add(slot * 3, data));
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
    const all = docs.map((parsed) => searchData(parsed));
    const back = roundTrip(all, (slot) => slot);
    assert.equal(back.length, all.length);
    all.forEach((data, i) => {
      assert.deepEqual(plain(back[i]), plain(data), docs[i].filePath);
    });
  });
}

Deno.test("search record: a reader skips the documents its call does not have", () => {
  const texts = ["# Alpha\n\nWords words.\n", "# Beta\n\nWords.\n", "# Gamma\n\nMore words.\n"];
  const all = texts.map((text, i) => searchData(doc(text, `d${i}`)));
  // Only the middle document is the call's, as its document 0.
  const writer = new PostingsWriter();
  all.forEach((data, slot) => writer.add(slot, data));
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
  const writer = new PostingsWriter();
  docs.forEach((parsed, slot) => writer.add(slot * 2, searchData(parsed)));
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
 * What search data is made of, hashed: a record written from one must never
 * be read by another. When this fails, search data changed: raise
 * SEARCH_RECORD_VERSION in mdsel/search/record.ts, and write both new
 * values here. An edit that keeps search data as it was (the same sections,
 * terms, places and lengths for every document, checked old against new)
 * moves only the sha256.
 */
const SEARCH_FINGERPRINT = {
  version: 3,
  sha256: "68cf017cc5417618dad05b23e41842a6e3a6c288fee65c9c460c850d351fc735",
};

Deno.test("search record: its version moves whenever search data does", async () => {
  const root = new URL("../../../", import.meta.url);
  const parts: string[] = [];
  for (const name of ["data.ts", "text.ts", "record.ts", "file_words.ts"]) {
    const path = fileURLToPath(new URL(`mdsel/search/${name}`, root));
    // Line endings as git may check them out on Windows do not change search data.
    parts.push(name, (await Deno.readTextFile(path)).replaceAll("\r\n", "\n"));
  }
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  parts.push(JSON.stringify(config.imports.stemmer));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\0")));
  const sha256 = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
  assert.deepEqual(
    { version: SEARCH_RECORD_VERSION, sha256 },
    SEARCH_FINGERPRINT,
    "Search data changed (mdsel/search/data.ts, text.ts, record.ts, file_words.ts or the " +
      "stemmer): raise SEARCH_RECORD_VERSION in mdsel/search/record.ts, so that no cache " +
      "entry of the old search data is read, and set SEARCH_FINGERPRINT in this test to the new " +
      "version and sha256.",
  );
});
