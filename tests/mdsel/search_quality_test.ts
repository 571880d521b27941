// Search quality, held to thresholds on the docs-sets benchmark (bench/docs_sets/):
// the natural questions of all 12 sets, written before their docs were read and
// answered by hand, alone and with the caller's keywords after them (written
// blind), and known items, in each half of the split. The floors sit a few
// points under today's figures, so that a ranking change is free to move any
// question as long as the whole holds; `deno task bench:sets` prints the figures,
// and the "A ranks above B" pairs of search_test.ts and ranking_test.ts state behaviour.
import assert from "node:assert/strict";
import { loadWorkspace } from "../../mdsel/cache/workspace.ts";
import { docsSets, type Half, readSplit } from "../../bench/_docs_sets.ts";
import { engineRanker, fts5Ranker, rankOf, type Scores, scoresOf } from "../../bench/_natural.ts";
import { type QueryType, setQueries } from "../../bench/_set_queries.ts";

/** Known items per set: a quarter of the benchmark's, enough for a floor. */
const ITEMS = 20;

/** The floors, per half: hit@1 and hit@3 of each kind of query. */
const FLOORS: Record<Half, Record<"natural" | "keywords" | "known", [number, number]>> = {
  tune: { natural: [0.56, 0.78], keywords: [0.61, 0.85], known: [0.76, 0.85] },
  test: { natural: [0.51, 0.7], keywords: [0.57, 0.78], known: [0.77, 0.87] },
};

// One of the sets is a Debian package (fetched with apt-get): the test runs on Linux.
Deno.test({
  name: "search quality: each half of the docs sets above its floors, well above FTS5",
  ignore: Deno.build.os !== "linux",
}, async () => {
  const split = await readSplit();
  const ranks = new Map<string, (number | null)[]>();
  const add = (key: string, rank: number | null) => {
    const list = ranks.get(key) ?? [];
    list.push(rank);
    ranks.set(key, list);
  };
  for (const set of await docsSets()) {
    const half = split[set.spec.id];
    const workspace = await loadWorkspace([set.folder]);
    const search = engineRanker(workspace, set.folder);
    const fts5 = fts5Ranker(workspace, set.folder);
    const types: QueryType[] = ["natural", "keywords", "known"];
    for (const query of await setQueries(set, workspace.docs, { items: ITEMS, seed: 7, types })) {
      const rank = rankOf(query.q, search(query.text)).section;
      add(`${half} ${query.type}`, rank);
      if (query.type === "natural") {
        add("all natural", rank);
        add("fts5 natural", rankOf(query.q, fts5.rank(query.text)).section);
      }
    }
    fts5.close();
  }
  const figures = (key: string): Scores => scoresOf(ranks.get(key) ?? []);
  const shown = (key: string) => {
    const { hit1, hit3, mrr } = figures(key);
    return `${key}: hit@1 ${hit1.toFixed(3)} hit@3 ${hit3.toFixed(3)} MRR ${mrr.toFixed(3)}`;
  };
  const summary = [...ranks.keys()].sort().map(shown).join("; ");
  for (const [half, floors] of Object.entries(FLOORS)) {
    for (const [type, [hit1, hit3]] of Object.entries(floors)) {
      const got = figures(`${half} ${type}`);
      assert.ok((ranks.get(`${half} ${type}`)?.length ?? 0) >= 80, `${half} ${type}: ${summary}`);
      assert.ok(got.hit1 >= hit1 && got.hit3 >= hit3, `${half} ${type} floors: ${summary}`);
    }
  }
  // The caller's words help, on both halves.
  for (const half of ["tune", "test"]) {
    assert.ok(
      figures(`${half} keywords`).hit3 >= figures(`${half} natural`).hit3,
      `keywords: ${summary}`,
    );
  }
  const ours = figures("all natural");
  const theirs = figures("fts5 natural");
  assert.ok(ours.mrr >= theirs.mrr + 0.1 && ours.hit1 >= theirs.hit1 + 0.1, `FTS5: ${summary}`);
});
