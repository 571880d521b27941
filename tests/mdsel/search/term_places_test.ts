// The flat terms and places the ranking reads: every document's terms come
// back from them as its search data holds them, in order, past any growth.
import assert from "node:assert/strict";
import { loadWorkspace } from "../../../mdsel/cache/workspace.ts";
import { searchData } from "../../../mdsel/search/data.ts";
import { TermPlaces } from "../../../mdsel/search/term_places.ts";
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

Deno.test("term places: a document without terms, and places reserved then used", () => {
  const places = new TermPlaces();
  places.endDocument();
  const start = places.reserve(5000);
  for (let i = 0; i < 4; i++) places.places[start + i] = i;
  places.used = start + 4;
  places.addTerm("a", start, 4);
  places.addTerm("b", start + 1, 3);
  places.endDocument();
  assert.deepEqual([...places.termsOf(0)], []);
  assert.deepEqual([...places.termsOf(1)], [["a", [0, 1, 2, 3]], ["b", [1, 2, 3]]]);
  assert.equal(places.used, 4);
});
