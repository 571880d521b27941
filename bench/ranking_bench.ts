/**
 * What each signal of the ranking model earns (issue 36): the ranking's
 * knobs ({@linkcode RANKING}) as they are, then with one signal turned off
 * (or set to another value) at a time, each ranking every natural question
 * and known item of every docs set (`bench/_docs_sets.ts`) in-process, the
 * folders loaded once. Prints, per variant, each half's natural hit@1 and
 * hit@3 and known items' first and top 3, and the change from the model as it
 * is: a signal is kept for what it earns on the test half, both kinds of
 * query together. Ranks only; the folder route's cost is
 * `bench/docs_sets_bench.ts`'s.
 *
 * ```sh
 * deno run -A bench/ranking_bench.ts [--only=name,...] [--json]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { RANKING, type Ranking } from "../mdsel/search/ranking.ts";
import type { Half } from "./_docs_sets.ts";
import { engineRanker, scoresOf } from "./_natural.ts";
import { loadedSets, type Query, RANKED_TYPES } from "./_queries.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    only: { type: "string" },
    json: { type: "boolean", default: false },
    seed: { type: "string", default: "7" },
    items: { type: "string", default: "80" },
  },
});

/** The model's signals, each with the value that turns it off (or tries another). */
const VARIANTS: readonly { readonly name: string; readonly ranking: Ranking }[] = [
  { name: "model", ranking: RANKING },
  { name: "outside the window off", ranking: { ...RANKING, outside: 0 } },
  { name: "a file's second result off", ranking: { ...RANKING, second: 0 } },
  { name: "fuse 2 for all", ranking: { ...RANKING, keywordFuse: 2 } },
  { name: "fuse 2.5 for all", ranking: { ...RANKING, fuse: 2.5, keywordFuse: 2.5 } },
  { name: "fuse 3 for all", ranking: { ...RANKING, fuse: 3, keywordFuse: 3 } },
  { name: "partHeld 0.3", ranking: { ...RANKING, partHeld: 0.3 } },
  { name: "weak 0.3", ranking: { ...RANKING, partHeld: 0.3, hint: 0.3 } },
  { name: "weak 0.35", ranking: { ...RANKING, partHeld: 0.35, part: 0.35 } },
  { name: "JSX field off", ranking: _fields(3, 0) },
  {
    name: "candidate",
    ranking: {
      ...RANKING,
      outside: 0,
      second: 0,
      keywordFuse: 2.5,
      fuse: 2.5,
      partHeld: 0.35,
      part: 0.35,
    },
  },
];

function _fields(field: number, weight: number): Ranking {
  const fields = [...RANKING.fields] as [number, number, number, number, number];
  fields[field] = weight;
  return { ...RANKING, fields };
}

const loaded = await loadedSets(Number(options.items), Number(options.seed));
const only = options.only?.split(",");
const variants = VARIANTS.filter((v, i) =>
  i === 0 || !only || only.some((o) => v.name.includes(o))
);

type Figures = Record<`${Half} ${Query["type"]}`, { hit1: number; hit3: number; n: number }>;
const results: { name: string; figures: Figures }[] = [];
for (const variant of variants) {
  const ranks = new Map<string, (number | null)[]>();
  for (const { set, workspace, queries } of loaded) {
    const rank = engineRanker(workspace, set.folder, variant.ranking);
    for (const query of queries) {
      const key = `${query.half} ${query.type}`;
      ranks.set(key, [...(ranks.get(key) ?? []), query.rank(rank(query.text))]);
    }
  }
  const figures = {} as Figures;
  for (const [key, list] of ranks) {
    const { hit1, hit3 } = scoresOf(list);
    figures[key as keyof Figures] = { hit1: hit1 * 100, hit3: hit3 * 100, n: list.length };
  }
  results.push({ name: variant.name, figures });
  if (!options.json) console.error(`${variant.name}: done`);
}

if (options.json) console.log(JSON.stringify(results, null, 2));
else console.log(_table(results));

function _table(rows: readonly { name: string; figures: Figures }[]): string {
  const keys = RANKED_TYPES.flatMap((type) => [`tune ${type}`, `test ${type}`] as const);
  const base = rows[0].figures;
  const head = `| variant | ${keys.map((k) => `${k} @1 / @3`).join(" | ")} |`;
  const line = `| --- | ${keys.map(() => "---").join(" | ")} |`;
  const body = rows.map(({ name, figures }) =>
    `| ${name} | ${
      keys.map((key) => {
        const f = figures[key];
        if (f === undefined) return "-";
        if (figures === base) return `${f.hit1.toFixed(1)} / ${f.hit3.toFixed(1)} (${f.n})`;
        const d1 = f.hit1 - base[key].hit1;
        const d3 = f.hit3 - base[key].hit3;
        const signed = (d: number) => `${d >= 0 ? "+" : ""}${d.toFixed(1)}`;
        return `${signed(d1)} / ${signed(d3)}`;
      }).join(" | ")
    } |`
  );
  return [head, line, ...body].join("\n");
}
