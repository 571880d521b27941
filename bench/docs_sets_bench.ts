/**
 * The broad search benchmark (issue 36): every docs set of
 * `bench/_docs_sets.ts` (the four of issue 25 and those of
 * `bench/docs_sets/`), two kinds of query over each set's folder:
 *
 * - **natural questions**, written before the docs were read and judged by
 *   hand: hit@1, hit@3 and MRR of the first answering section in the first
 *   ten results (as `bench/natural_questions_bench.ts` counts them);
 * - **known items** (`bench/_known_items.ts`), about 80 seeded random
 *   sections per set, four kinds: target first, in the top 3, MRR (the
 *   target is that very section, as the retrieval test counts it).
 *
 * Both are priced on the folder route (`bench/_route.ts`: search through the
 * real server, select the first three results in order until one holds an
 * answer, else grep and Read on top) against a skilled agent with grep and
 * Read: median and total ratio, how many fell back, the median search answer.
 *
 * Figures are given per set and per half of `bench/docs_sets/split.json`.
 * Misses (`--misses`) are printed for the tuning half only: the test half
 * gives figures, never questions to fix (nor does `--json` carry its
 * questions).
 *
 * `--baseline <file>` (an earlier run's `--json`) prints each half's change and whether issue 36's
 * rule keeps it (gains on one kind of query and losses on the other only with a cheaper route).
 *
 * Rankings come from this engine in-process, or from another engine's CLI
 * (`--bin <mdsel>` or `MDSEL_BIN`, one process per query; the server then runs
 * it too), to pair figures before and after a change.
 *
 * ```sh
 * deno run -A bench/docs_sets_bench.ts [--misses] [--json] [--markdown] [--bin path/to/mdsel]
 *   [--sets bun,fastify] [--seed 7] [--items 80] [--no-route] [--baseline before.json]
 * ```
 *
 * @module
 */
import { join, resolve } from "node:path";
import { cpuUsage } from "node:process";
import { parseArgs } from "node:util";
import { loadWorkspace } from "../mdsel/cache/workspace.ts";
import { startServer } from "../tests/_server.ts";
import { type DocsQuestion, type DocsSet, docsSets, type Half, readSplit } from "./_docs_sets.ts";
import type { KnownItem } from "./_known_items.ts";
import { type QueryType, setQueries } from "./_set_queries.ts";
import {
  cliRanker,
  engineRanker,
  type QuestionRank,
  type RankedSection,
  rankOf,
  type Scores,
  scoresOf,
} from "./_natural.ts";
import { handCost, locate, questionWords, type RouteOutcome, searchRoute } from "./_route.ts";
import { mdselVariables, quantile, splitLines } from "./_tokens.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    bin: { type: "string" },
    json: { type: "boolean", default: false },
    misses: { type: "boolean", default: false },
    markdown: { type: "boolean", default: false },
    sets: { type: "string" },
    seed: { type: "string", default: "7" },
    items: { type: "string", default: "80" },
    "no-route": { type: "boolean", default: false },
    baseline: { type: "string" },
  },
});
const SEED = Number(options.seed);
const ITEMS = Number(options.items);
// A path is made absolute: the server runs in the checkout, not here.
const given = options.bin ?? Deno.env.get("MDSEL_BIN");
const BIN = given?.includes("/") ? resolve(given) : given;
const ROUTE = !options["no-route"];

/** One query of either kind, ranked and priced. */
interface Outcome {
  readonly set: string;
  readonly type: QueryType;
  /** The family of a natural question, the kind of a known item. */
  readonly family: string;
  readonly rank: QuestionRank<DocsQuestion | KnownItem>;
  readonly hand?: number;
  readonly route?: RouteOutcome;
}

/** What one set measured. */
interface SetRun {
  readonly set: DocsSet;
  readonly half: Half | "none";
  readonly outcomes: Outcome[];
  /** CPU seconds of the in-process searches (wall seconds with another engine's CLI). */
  readonly searchSeconds: number;
  /** Answers that name no section of their file (left out of the route). */
  readonly badAnswers: string[];
  /** Files in its folder. */
  readonly files: number;
}

const started = performance.now();
const split = await readSplit();
const only = options.sets?.split(",").filter(Boolean) ?? [];
const sets = await docsSets(only);
const server = ROUTE
  ? await startServer(["-A"], { ...mdselVariables(), ...(BIN ? { MDSEL_BIN: BIN } : {}) })
  : undefined;
const runs: SetRun[] = [];
try {
  for (const set of sets) runs.push(await runSet(set));
} finally {
  await server?.[Symbol.asyncDispose]();
}
const seconds = (performance.now() - started) / 1000;

async function runSet(set: DocsSet): Promise<SetRun> {
  const workspace = await loadWorkspace([set.folder]);
  const { docs } = workspace;
  const byPath = new Map(docs.map((doc) => [doc.filePath, doc]));
  const files = new Map(docs.map((doc) => [doc.filePath, splitLines(doc.lines.text)]));
  const queries = await setQueries(set, docs, { items: ITEMS, seed: SEED });

  // Rank every query.
  const ranked: RankedSection[][] = [];
  let searchSeconds: number;
  if (BIN === undefined) {
    const engine = engineRanker(workspace, set.folder);
    const before = cpuUsage();
    for (const query of queries) ranked.push(engine(query.text));
    const used = cpuUsage(before);
    searchSeconds = (used.user + used.system) / 1e6;
  } else {
    const other = await cliRanker(BIN, set.folder);
    const before = performance.now();
    for (const query of queries) ranked.push(await other(query.text));
    searchSeconds = (performance.now() - before) / 1000;
  }

  // Price every query on the folder route.
  const badAnswers: string[] = [];
  const outcomes: Outcome[] = [];
  for (const [i, query] of queries.entries()) {
    const rank = rankOf(query.q, ranked[i]);
    const family = query.type === "known"
      ? (query.q as KnownItem).kind
      : (query.q as DocsQuestion).family;
    const located = query.q.answers.flatMap((answer) => {
      const doc = byPath.get(join(set.folder, answer.file));
      const found = doc && locate(doc, answer);
      if (!found) badAnswers.push(`${query.q.id}: ${answer.file}:${answer.line}`);
      return found ? [found] : [];
    });
    if (server === undefined || located.length === 0) {
      outcomes.push({ set: set.spec.id, type: query.type, family, rank });
      continue;
    }
    const sources = located.map(({ path, first, last }) =>
      files.get(path)!.slice(first - 1, last).join("\n")
    );
    const terms = query.type === "known"
      ? (query.q as KnownItem).greps
      : questionWords((query.q as DocsQuestion).question);
    const hand = handCost(files, set.folder, located, terms);
    const route = await searchRoute(server, set.folder, query.text, sources, hand);
    outcomes.push({ set: set.spec.id, type: query.type, family, rank, hand, route });
  }
  return {
    set,
    half: split[set.spec.id] ?? "none",
    outcomes,
    searchSeconds,
    badAnswers,
    files: docs.length,
  };
}

/** The figures of a group of outcomes. */
interface Figures {
  readonly natural: { readonly n: number } & Scores;
  readonly known: { readonly n: number } & Scores;
  readonly route: {
    readonly n: number;
    readonly median: number;
    readonly total: number;
    readonly fellBack: number;
    readonly answerChars: number;
  };
  readonly naturalRoute: Figures["route"];
  readonly knownRoute: Figures["route"];
  /** The natural questions with the caller's keywords, and with a passage. */
  readonly keywords: { readonly n: number } & Scores;
  readonly passage: { readonly n: number } & Scores;
  readonly keywordsRoute: Figures["route"];
  readonly passageRoute: Figures["route"];
}

function figuresOf(outcomes: readonly Outcome[]): Figures {
  const scores = (type: QueryType) => {
    const chosen = outcomes.filter((o) => o.type === type);
    return { n: chosen.length, ...scoresOf(chosen.map((o) => o.rank.section)) };
  };
  const route = (chosen: readonly Outcome[]) => {
    const priced = chosen.filter((o) => o.route !== undefined && o.hand !== undefined);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    return {
      n: priced.length,
      median: quantile(priced.map((o) => o.route!.search / o.hand!), 0.5),
      total: sum(priced.map((o) => o.route!.search)) / sum(priced.map((o) => o.hand!)),
      fellBack: priced.filter((o) => o.route!.rank === 0).length,
      answerChars: quantile(priced.map((o) => o.route!.searchChars), 0.5),
    };
  };
  return {
    natural: scores("natural"),
    known: scores("known"),
    // The route of both kinds, natural questions in the form the tools ask for: with keywords.
    route: route(outcomes.filter((o) => o.type === "keywords" || o.type === "known")),
    naturalRoute: route(outcomes.filter((o) => o.type === "natural")),
    knownRoute: route(outcomes.filter((o) => o.type === "known")),
    keywords: scores("keywords"),
    passage: scores("passage"),
    keywordsRoute: route(outcomes.filter((o) => o.type === "keywords")),
    passageRoute: route(outcomes.filter((o) => o.type === "passage")),
  };
}

interface Row {
  readonly group: string;
  readonly kind: string;
  readonly half: string;
  readonly sets: number;
  readonly figures: Figures;
  readonly searchSeconds: number;
}

const rowOf = (group: string, kind: string, half: string, chosen: readonly SetRun[]): Row => ({
  group,
  kind,
  half,
  sets: chosen.length,
  figures: figuresOf(chosen.flatMap((run) => run.outcomes)),
  searchSeconds: chosen.reduce((sum, run) => sum + run.searchSeconds, 0),
});
const halves: (Half | "none")[] = ["tune", "test", "none"];
const halfRows = [
  ...halves.filter((half) => runs.some((run) => run.half === half)).map((half) =>
    rowOf(half, "", half, runs.filter((run) => run.half === half))
  ),
  rowOf("all", "", "", runs),
];
const setRows = halves.flatMap((half) =>
  runs.filter((run) => run.half === half).map((run) =>
    rowOf(run.set.spec.id, run.set.spec.kind, half, [run])
  )
);

/** The issue's targets, checked on all sets and on each half. */
function targets(rows: readonly Row[], perSet: readonly Row[]): string[] {
  const out: string[] = [];
  const check = (ok: boolean, text: string) => out.push(`${ok ? "met " : "MISS"} ${text}`);
  const all = rows[rows.length - 1].figures;
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  check(all.natural.hit1 >= 0.65, `natural right section first >= 65%: ${pct(all.natural.hit1)}`);
  check(all.natural.hit3 >= 0.85, `natural top 3 >= 85%: ${pct(all.natural.hit3)}`);
  const weak = perSet.filter((row) => row.figures.natural.n > 0 && row.figures.natural.hit3 < 0.75);
  check(
    weak.length === 0,
    `every set natural top 3 >= 75%: ${
      weak.length === 0 ? "all" : `${weak.length} below (${weak.map((row) => row.group)})`
    }`,
  );
  check(all.known.hit1 >= 0.85, `known items first >= 85%: ${pct(all.known.hit1)}`);
  check(all.known.hit3 >= 0.96, `known items top 3 >= 96%: ${pct(all.known.hit3)}`);
  if (all.route.n > 0) {
    check(
      all.route.total <= 0.55 && all.route.median <= 0.55,
      `folder route <= 0.55x: median ${all.route.median.toFixed(2)}x, total ${
        all.route.total.toFixed(2)
      }x`,
    );
  }
  const tune = rows.find((row) => row.half === "tune")?.figures;
  const test = rows.find((row) => row.half === "test")?.figures;
  if (tune && test) {
    const gaps: [string, number, number][] = [
      ["natural hit@1", tune.natural.hit1, test.natural.hit1],
      ["natural hit@3", tune.natural.hit3, test.natural.hit3],
      ["known first", tune.known.hit1, test.known.hit1],
      ["known top 3", tune.known.hit3, test.known.hit3],
    ];
    const below = gaps.filter(([, a, b]) => a - b > 0.05);
    check(
      below.length === 0,
      `test half within 5 points of the tuning half: ${
        gaps.map(([name, a, b]) => `${name} ${((b - a) * 100).toFixed(1)}`).join(", ")
      }`,
    );
  }
  return out;
}

/**
 * The change from an earlier `--json` run, half by half, and whether issue 36's rule keeps it: a
 * change that gains on one kind of query and loses on the other is kept only when the folder
 * route's total cost falls.
 */
function compare(before: { halves: Row[] }): string[] {
  const out: string[] = [];
  for (const row of halfRows) {
    const old = before.halves.find((other) => other.group === row.group);
    if (old === undefined) continue;
    const [a, b] = [old.figures, row.figures];
    const points = (x: number, y: number) =>
      `${y - x >= 0 ? "+" : ""}${((y - x) * 100).toFixed(1)}`;
    const natural = (b.natural.hit1 - a.natural.hit1) + (b.natural.hit3 - a.natural.hit3);
    const known = (b.known.hit1 - a.known.hit1) + (b.known.hit3 - a.known.hit3);
    // A run without the route has no ratio (NaN, null in JSON).
    const ratio = (value: number | null) =>
      value === null || Number.isNaN(value) ? "-" : `${value.toFixed(3)}x`;
    const cheaper = b.route.total < a.route.total;
    const mixed = (natural > 0 && known < 0) || (natural < 0 && known > 0);
    out.push(
      `${row.group.padEnd(5)} natural hit@1 ${points(a.natural.hit1, b.natural.hit1)}, hit@3 ${
        points(a.natural.hit3, b.natural.hit3)
      }; known first ${points(a.known.hit1, b.known.hit1)}, top 3 ${
        points(a.known.hit3, b.known.hit3)
      }; route total ${ratio(a.route.total)} -> ${ratio(b.route.total)}${
        mixed
          ? (cheaper
            ? " (mixed, kept: the route is cheaper)"
            : " (mixed: not kept unless the route is cheaper)")
          : ""
      }`,
    );
  }
  return out;
}

const tuneOnly = (outcome: Outcome) =>
  runs.find((run) => run.set.spec.id === outcome.set)?.half === "tune";

if (options.markdown) {
  const pct = (value: number, n: number) => n === 0 ? "-" : `${(value * 100).toFixed(1)}%`;
  const x = (value: number) => Number.isNaN(value) ? "-" : `${value.toFixed(2)}x`;
  console.log("| set | kind | half | source | files | questions (unanswered) | known items |");
  console.log("| --- | --- | --- | --- | ---: | ---: | ---: |");
  for (const run of runs) {
    const source = run.set.spec.source;
    const from = "npm" in source
      ? `npm ${source.npm}@${source.version}`
      : `Debian ${source.debian} ${source.version}`;
    console.log(
      `| ${run.set.spec.id} | ${run.set.spec.kind} | ${run.half} | ${from}, \`${run.set.spec.folder}\` | ${run.files} | ${run.set.questions.length} (${run.set.unanswered}) | ${
        run.outcomes.filter((o) => o.type === "known").length
      } |`,
    );
  }
  console.log(
    "\n| set | half | natural: n | hit@1 | hit@3 | MRR | known: n | first | top 3 | MRR |" +
      " route: median | total | fell back | search answer | search s |",
  );
  console.log(
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const row of [...setRows, ...halfRows]) {
    const f = row.figures;
    const bold = row.kind === "" ? "**" : "";
    console.log(
      `| ${bold}${row.group}${bold} | ${row.half} | ${f.natural.n} | ${
        pct(f.natural.hit1, f.natural.n)
      } | ${pct(f.natural.hit3, f.natural.n)} | ${
        f.natural.n === 0 ? "-" : f.natural.mrr.toFixed(2)
      } | ${f.known.n} | ${pct(f.known.hit1, f.known.n)} | ${pct(f.known.hit3, f.known.n)} | ${
        f.known.n === 0 ? "-" : f.known.mrr.toFixed(2)
      } | ${x(f.route.median)} | ${x(f.route.total)} | ${f.route.fellBack} | ${
        Number.isNaN(f.route.answerChars) ? "-" : Math.round(f.route.answerChars)
      } | ${row.searchSeconds.toFixed(1)} |`,
    );
  }
  console.log(
    "\n| half | natural: median, total, fell back | known: median, total, fell back | both: total |",
  );
  console.log("| --- | --- | --- | ---: |");
  for (const row of halfRows) {
    const r = (f: Figures["route"]) => `${x(f.median)}, ${x(f.total)}, ${f.fellBack} of ${f.n}`;
    console.log(
      `| ${row.group} | ${r(row.figures.naturalRoute)} | ${r(row.figures.knownRoute)} | ${
        x(row.figures.route.total)
      } |`,
    );
  }
  console.log(
    "\n| half | question alone: hit@1, hit@3, route | + keywords | + passage |",
  );
  console.log("| --- | --- | --- | --- |");
  for (const row of halfRows) {
    const f = row.figures;
    const c = (scores: Figures["natural"], route: Figures["route"]) =>
      `${pct(scores.hit1, scores.n)}, ${pct(scores.hit3, scores.n)}, ${x(route.total)}`;
    console.log(
      `| ${row.group} | ${c(f.natural, f.naturalRoute)} | ${c(f.keywords, f.keywordsRoute)} | ${
        c(f.passage, f.passageRoute)
      } |`,
    );
  }
  console.log("\n| half | query | hit@1 / first | hit@3 / top 3 | n |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const half of [...halves, "all"]) {
    const chosen = runs.filter((run) => half === "all" || run.half === half)
      .flatMap((run) => run.outcomes);
    for (const type of ["natural", "known"] as const) {
      const ofType = chosen.filter((o) => o.type === type);
      for (const family of [...new Set(ofType.map((o) => o.family))].sort()) {
        const ranks = ofType.filter((o) => o.family === family).map((o) => o.rank.section);
        const s = scoresOf(ranks);
        console.log(
          `| ${half} | ${type}: ${family} | ${pct(s.hit1, ranks.length)} | ${
            pct(s.hit3, ranks.length)
          } | ${ranks.length} |`,
        );
      }
    }
  }
  console.log("");
  for (const text of targets(halfRows, setRows)) console.log(`- ${text}`);
  const bad = runs.flatMap((run) => run.badAnswers);
  if (bad.length > 0) console.log(`\njudged answers naming no section: ${bad.join("; ")}`);
  console.log(`\n${seconds.toFixed(0)} s`);
} else if (options.json) {
  console.log(JSON.stringify(
    {
      seed: SEED,
      items: ITEMS,
      bin: BIN ?? null,
      seconds,
      halves: halfRows,
      sets: setRows,
      targets: targets(halfRows, setRows),
      // Per query, the tuning half's only: the test half gives figures, never questions.
      tune: runs.flatMap((run) => run.outcomes).filter(tuneOnly).map((o) => ({
        id: o.rank.question.id,
        type: o.type,
        family: o.family,
        query: "question" in o.rank.question ? o.rank.question.question : o.rank.question.query,
        rank: o.rank.section,
        top: o.rank.top,
        ...(o.route ? { hand: o.hand, route: o.route } : {}),
      })),
    },
    null,
    1,
  ));
} else {
  const pct = (value: number, n = 1) => (n === 0 ? "-" : `${(value * 100).toFixed(1)}`).padStart(5);
  const x = (value: number) => Number.isNaN(value) ? "    -" : `${value.toFixed(2)}x`;
  console.log(
    `${sets.length} docs sets; known items: seed ${SEED}, up to ${ITEMS} a set; ` +
      `${BIN ? `engine ${BIN} (search seconds are wall time)` : "this engine, in-process"}`,
  );
  console.log(
    "\nset            kind          half |  nat  hit@1 hit@3  MRR |  known first  top3  MRR |" +
      " route median total back | answer  search s",
  );
  const line = (row: Row) => {
    const f = row.figures;
    console.log(
      `${row.group.padEnd(14)} ${row.kind.padEnd(13)} ${row.half.padEnd(4)} | ${
        String(f.natural.n).padStart(4)
      }  ${pct(f.natural.hit1, f.natural.n)} ${pct(f.natural.hit3, f.natural.n)} ${
        f.natural.n === 0 ? "   -" : f.natural.mrr.toFixed(2)
      } | ${String(f.known.n).padStart(6)} ${pct(f.known.hit1)} ${pct(f.known.hit3)} ${
        f.known.mrr.toFixed(2)
      } | ${String(f.route.n).padStart(5)} ${x(f.route.median)} ${x(f.route.total)} ${
        String(f.route.fellBack).padStart(4)
      } | ${
        String(Number.isNaN(f.route.answerChars) ? "-" : Math.round(f.route.answerChars))
          .padStart(6)
      } ${row.searchSeconds.toFixed(1).padStart(9)}`,
    );
  };
  for (const row of setRows) line(row);
  console.log("");
  for (const row of halfRows) line(row);
  console.log("\nthe caller's words (hit@1 / hit@3, route total):");
  for (const row of halfRows) {
    const f = row.figures;
    const c = (name: string, scores: Figures["natural"], route: Figures["route"]) =>
      `${name} ${pct(scores.hit1, scores.n).trim()}/${pct(scores.hit3, scores.n).trim()} ${
        x(route.total)
      }`;
    console.log(
      `${row.group.padEnd(5)} ${c("alone", f.natural, f.naturalRoute)}; ${
        c("+keywords", f.keywords, f.keywordsRoute)
      }; ${c("+passage", f.passage, f.passageRoute)}`,
    );
  }
  console.log("\nby family of natural question and kind of known item (hit@1 / hit@3, n):");
  for (const half of [...halves, "all"]) {
    const chosen = runs.filter((run) => half === "all" || run.half === half)
      .flatMap((run) => run.outcomes);
    for (const type of ["natural", "known"] as const) {
      const ofType = chosen.filter((o) => o.type === type);
      if (ofType.length === 0) continue;
      const families = [...new Set(ofType.map((o) => o.family))].sort();
      const cells = families.map((family) => {
        const ranks = ofType.filter((o) => o.family === family).map((o) => o.rank.section);
        const s = scoresOf(ranks);
        return `${family} ${pct(s.hit1).trim()}/${pct(s.hit3).trim()} (${ranks.length})`;
      });
      console.log(`${half.padEnd(5)} ${type.padEnd(8)} ${cells.join(", ")}`);
    }
  }
  if (ROUTE) {
    console.log("\nfolder route by kind of query (search / skilled agent):");
    for (const row of halfRows) {
      const r = (name: string, f: Figures["route"]) =>
        `${name} ${f.n}: median ${x(f.median)}, total ${x(f.total)}, ${f.fellBack} fell back`;
      console.log(
        `${row.group.padEnd(5)} ${r("natural", row.figures.naturalRoute)}; ${
          r("known", row.figures.knownRoute)
        }; both total ${x(row.figures.route.total)}`,
      );
    }
  }
  console.log("\ntargets (all sets):");
  for (const text of targets(halfRows, setRows)) console.log(`  ${text}`);
  const bad = runs.flatMap((run) => run.badAnswers);
  if (bad.length > 0) {
    console.log(`\n${bad.length} judged answers name no section of their file: ${bad.join("; ")}`);
  }
  if (options.misses) {
    console.log(
      "\nmisses of the tuning half (rank of the target or first answer; what ranked first):",
    );
    for (const o of runs.flatMap((run) => run.outcomes).filter(tuneOnly)) {
      if (o.rank.section === 1) continue;
      const q = o.rank.question;
      console.log(
        `${q.id.padEnd(16)} ${o.family.padEnd(10)} ${String(o.rank.section ?? "-").padStart(2)}  ${
          "question" in q ? q.question : q.query
        }  ->  ${o.rank.top[0] ?? "(nothing)"}`,
      );
    }
  }
  if (options.baseline !== undefined) {
    console.log(`\nagainst ${options.baseline} (points, and the route's total ratio):`);
    for (const line of compare(JSON.parse(await Deno.readTextFile(options.baseline)))) {
      console.log(`  ${line}`);
    }
  }
  console.log(`\n${seconds.toFixed(1)} s`);
}
