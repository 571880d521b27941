/**
 * What each signal of the ranking model earns (issues 36 and 45): the
 * signals ({@linkcode RANKING}) as they are, then with one turned off (or set
 * to another value) at a time, each ranking every natural question (alone and
 * with the caller's keywords) and known item of every docs set
 * (`bench/_docs_sets.ts`) in-process, the folders loaded once, through the
 * ranking's test hook. Prints, per variant, each half's hit@1 and hit@3 of
 * each kind of query, and the change from the model as it is: a signal is
 * kept for what it earns on the test half, every kind of query together.
 * Ranks only; the folder route's cost is `bench/docs_sets_bench.ts`'s.
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
  { name: "heading 1.5 (not 4)", ranking: { ...RANKING, heading: 1.5 } },
  { name: "place off", ranking: { ...RANKING, place: 0 } },
  { name: "attributes off", ranking: { ...RANKING, attributes: 0 } },
  { name: "coverage off", ranking: { ...RANKING, coverage: 0 } },
  { name: "whole off", ranking: { ...RANKING, whole: 0 } },
  { name: "whole 2 (not 3)", ranking: { ...RANKING, whole: 2 } },
  { name: "aside off", ranking: { ...RANKING, aside: 0 } },
  { name: "aside 1 (as the question's words)", ranking: { ...RANKING, aside: 1 } },
  { name: "changes off", ranking: { ...RANKING, changes: 1 } },
  { name: "exact off", ranking: { ...RANKING, exact: 0 } },
];

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
