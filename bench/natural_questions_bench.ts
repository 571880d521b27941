/**
 * The natural-question benchmark (issue 25): 97 questions as developers ask
 * them, written before their docs were read and answered by hand
 * (`tests/mdsel/_natural_questions.ts`), searched over each documentation
 * set's folder (Bun's, the Vercel AI SDK's, Mastra's and Fastify's docs).
 * For each ranker: hit@1, hit@3 and MRR (first ten results), at the section
 * level (a section that answers) and at the file level (a file that holds
 * one), per set, per family and over all.
 *
 * Rankers: this engine (in-process), a plain SQLite FTS5 `bm25()` over one
 * row per section, and with `--bin <mdsel>` another engine (an earlier
 * commit's CLI, say), one process per question.
 *
 * ```sh
 * deno run -A bench/natural_questions_bench.ts [--bin path/to/mdsel] [--list] [--json]
 *   [--ranking '{"second": 0.2}']
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { loadWorkspace } from "../mdsel/cache/workspace.ts";
import { RANKING } from "../mdsel/search/ranking.ts";
import {
  ensureNaturalSets,
  NATURAL_QUESTIONS,
  NATURAL_SETS,
  naturalFolder,
  type NaturalQuestion,
} from "../tests/mdsel/_natural_questions.ts";
import {
  cliRanker,
  engineRanker,
  fts5Ranker,
  type QuestionRank,
  rankOf,
  type Scores,
  scoresOf,
} from "./_natural.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    bin: { type: "string" },
    list: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    ranking: { type: "string" },
  },
});
// `--ranking '{"second":0.2}'` tries other values of the ranking's knobs.
const ranking = { ...RANKING, ...JSON.parse(options.ranking ?? "{}") };

await ensureNaturalSets();
const ranks = new Map<string, QuestionRank[]>();
const add = (ranker: string, rank: QuestionRank) =>
  ranks.set(ranker, [...(ranks.get(ranker) ?? []), rank]);

for (const set of NATURAL_SETS) {
  const folder = naturalFolder(set);
  const questions = NATURAL_QUESTIONS.filter((question) => question.set === set);
  const workspace = await loadWorkspace([folder]);
  const engine = engineRanker(workspace, folder, ranking);
  const fts5 = fts5Ranker(workspace, folder);
  const other = options.bin === undefined ? undefined : await cliRanker(options.bin, folder);
  for (const question of questions) {
    add("engine", rankOf(question, engine(question.question)));
    add("fts5", rankOf(question, fts5.rank(question.question)));
    if (other !== undefined) add("bin", rankOf(question, await other(question.question)));
  }
  fts5.close();
}

interface Row {
  readonly ranker: string;
  readonly group: string;
  readonly questions: number;
  readonly section: Scores;
  readonly file: Scores;
}

const rows: Row[] = [];
for (const [ranker, all] of ranks) {
  const groups: [string, (question: NaturalQuestion) => boolean][] = [
    ["all", () => true],
    ...NATURAL_SETS.map((
      set,
    ): [string, (q: NaturalQuestion) => boolean] => [set, (q) => q.set === set]),
    ...["how-to", "concept", "api", "error", "config"].map((
      family,
    ): [string, (q: NaturalQuestion) => boolean] => [family, (q) => q.family === family]),
  ];
  for (const [group, test] of groups) {
    const chosen = all.filter((rank) => test(rank.question));
    rows.push({
      ranker,
      group,
      questions: chosen.length,
      section: scoresOf(chosen.map((rank) => rank.section)),
      file: scoresOf(chosen.map((rank) => rank.file)),
    });
  }
}

if (options.json) {
  console.log(JSON.stringify({ rows, ranks: Object.fromEntries(ranks) }, null, 1));
} else {
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`.padStart(6);
  console.log(
    "ranker  group     n   | section hit@1 hit@3  MRR  | file hit@1 hit@3  MRR",
  );
  for (const row of rows) {
    console.log(
      `${row.ranker.padEnd(7)} ${row.group.padEnd(8)} ${String(row.questions).padStart(3)}   |` +
        `        ${pct(row.section.hit1)} ${pct(row.section.hit3)} ${
          row.section.mrr.toFixed(2)
        } |` +
        `      ${pct(row.file.hit1)} ${pct(row.file.hit3)} ${row.file.mrr.toFixed(2)}`,
    );
  }
  if (options.list) {
    for (const [ranker, all] of ranks) {
      console.log(`\n${ranker}: rank of the first answer (section / file), then the top 3`);
      for (const rank of all) {
        const show = (value: number | null) => value === null ? "-" : String(value);
        console.log(
          `${rank.question.id.padEnd(11)} ${show(rank.section).padStart(2)} / ${
            show(rank.file).padStart(2)
          }  ${rank.question.question}  ->  ${rank.top.join(", ")}`,
        );
      }
    }
  }
}
