/**
 * Tunes the ranking's knobs on the tuning half of the docs sets only
 * (`bench/docs_sets/split.json`), by coordinate ascent: from
 * {@linkcode RANKING}, each knob in turn is tried at a few values around its
 * own, and the best one kept when it raises the objective by more than a
 * margin; rounds repeat until none does. The objective weighs every kind of
 * query alike: the mean, over natural questions alone, with the caller's
 * keywords, and known items, of (MRR + hit@3) / 2. The test half is ranked once, at the end, with the
 * model and the tuned knobs side by side: it gives figures, never a choice.
 *
 * ```sh
 * deno run -A bench/tune_ranking.ts [--rounds 2] [--margin 0.003] [--json]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { RANKING, type Ranking } from "../mdsel/search/ranking.ts";
import type { Half } from "./_docs_sets.ts";
import { engineRanker, scoresOf } from "./_natural.ts";
import { loadedSets, type Query } from "./_queries.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    rounds: { type: "string", default: "2" },
    margin: { type: "string", default: "0.003" },
    json: { type: "boolean", default: false },
    seed: { type: "string", default: "7" },
    items: { type: "string", default: "80" },
  },
});

/** A knob, how to read and set it, and the values to try from its current one. */
interface Knob {
  readonly name: string;
  readonly get: (ranking: Ranking) => number;
  readonly set: (ranking: Ranking, value: number) => Ranking;
  readonly tries: (value: number) => number[];
}

const _scaled = (value: number) => [value * 0.6, value * 1.5];
const _knob = <K extends keyof Ranking>(key: K, tries: (value: number) => number[]): Knob => ({
  name: key,
  get: (ranking) => ranking[key],
  set: (ranking, value) => ({ ...ranking, [key]: value }),
  tries,
});
const _unit = (value: number) => [value - 0.2, value + 0.2].filter((v) => v >= 0 && v <= 1);

/** The signals tuned, the lift (`exact`) left as it is: it is on or off. */
const KNOBS: readonly Knob[] = [
  _knob("heading", _scaled),
  _knob("place", _scaled),
  _knob("attributes", (value) => value === 0 ? [0.5] : _scaled(value)),
  _knob("coverage", _scaled),
  _knob("whole", (value) => [0, ..._scaled(value)]),
  _knob("aside", _unit),
  _knob("changes", _unit),
];

const loaded = await loadedSets(Number(options.items), Number(options.seed));

interface Figures {
  readonly objective: number;
  readonly natural: { hit1: number; hit3: number; mrr: number };
  readonly keywords: { hit1: number; hit3: number; mrr: number };
  readonly known: { hit1: number; hit3: number; mrr: number };
}

/** Ranks one half's queries with the knobs. */
function evaluate(ranking: Ranking, half: Half): Figures {
  const ranks: Record<Query["type"], (number | null)[]> = { natural: [], keywords: [], known: [] };
  for (const { set, half: setHalf, workspace, queries } of loaded) {
    if (setHalf !== half) continue;
    const rank = engineRanker(workspace, set.folder, ranking);
    for (const query of queries) ranks[query.type].push(query.rank(rank(query.text)));
  }
  const natural = scoresOf(ranks.natural);
  const keywords = scoresOf(ranks.keywords);
  const known = scoresOf(ranks.known);
  const objective = [natural, keywords, known].reduce((sum, s) => sum + (s.mrr + s.hit3) / 6, 0);
  return { objective, natural, keywords, known };
}

const margin = Number(options.margin);
let ranking: Ranking = RANKING;
let best = evaluate(ranking, "tune");
const steps: string[] = [`model: ${_line(best)}`];
console.error(steps[0]);
for (let round = 1; round <= Number(options.rounds); round++) {
  let changed = false;
  for (const knob of KNOBS) {
    const current = knob.get(ranking);
    let pick: { value: number; figures: Figures } | undefined;
    for (const value of knob.tries(current)) {
      const figures = evaluate(knob.set(ranking, Number(value.toFixed(3))), "tune");
      if (figures.objective > (pick?.figures.objective ?? best.objective + margin)) {
        pick = { value: Number(value.toFixed(3)), figures };
      }
    }
    if (pick === undefined) continue;
    ranking = knob.set(ranking, pick.value);
    best = pick.figures;
    changed = true;
    const step = `round ${round}: ${knob.name} ${current} -> ${pick.value}: ${_line(best)}`;
    steps.push(step);
    console.error(step);
  }
  if (!changed) break;
}

const report = {
  ranking,
  steps,
  tune: { model: evaluate(RANKING, "tune"), tuned: best },
  test: { model: evaluate(RANKING, "test"), tuned: evaluate(ranking, "test") },
};
if (options.json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`tuned knobs: ${JSON.stringify(ranking)}`);
  for (const half of ["tune", "test"] as const) {
    console.log(`${half}  model: ${_line(report[half].model)}`);
    console.log(`${half}  tuned: ${_line(report[half].tuned)}`);
  }
}

function _line({ objective, natural, keywords, known }: Figures): string {
  const pct = (x: number) => (x * 100).toFixed(1);
  const kind = (name: string, f: Figures["natural"]) =>
    `${name} ${pct(f.hit1)} / ${pct(f.hit3)} (MRR ${f.mrr.toFixed(3)})`;
  return `objective ${objective.toFixed(4)}; ${kind("natural", natural)}; ${
    kind("keywords", keywords)
  }; ${kind("known", known)}`;
}
