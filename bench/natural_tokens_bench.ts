/**
 * What an agent pays, in characters of tool results, to reach the section
 * that answers a natural question (the 97 of `bench:natural`, written before
 * the docs were read, answers judged by hand), two ways:
 *
 * 1. **by hand** (a skilled agent, flattered): `grep -rni` of the one word of
 *    the question, and the one judged answer, that cost least (the word must
 *    be in the answer's file; an agent cannot know which word that is), the
 *    file's headings (`grep -n '^#'`), then a Read of exactly the answer's
 *    lines.
 * 2. **search**: `mdsel_select` with the question over its folder, through
 *    the real server (stdio, SDK client, the bundled engine or `MDSEL_BIN`),
 *    then `mdsel_select` of the results in the order shown until one holds a
 *    judged answer's source (none when the search answer carries it; the
 *    result whose source the search answer carries is not selected again). No
 *    result holding one leaves the agent doing it by hand after all, charged
 *    on top.
 *
 * Each call costs its result plus 400 characters for the call itself. Run it
 * beside an engine before a change with `MDSEL_BIN=<its mdsel>`.
 *
 * ```sh
 * deno run -A bench/natural_tokens_bench.ts [--json]
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadWorkspace } from "../mdsel/cache/workspace.ts";
import {
  ensureNaturalSets,
  NATURAL_QUESTIONS,
  NATURAL_SETS,
  naturalFolder,
} from "../tests/mdsel/_natural_questions.ts";
import { callText, startServer } from "../tests/_server.ts";
import { locate, questionWords } from "./_route.ts";
import {
  type Call,
  callsCost,
  grepHeadings,
  grepOutput,
  grepSectionRanges,
  grepWord,
  holdsSource,
  mdselVariables,
  quantile,
  readCalls,
  searchResultLabels,
  shownSource,
  splitLines,
} from "./_tokens.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: { json: { type: "boolean", default: false } },
});

interface Priced {
  readonly id: string;
  readonly hand: number;
  readonly search: number;
  /** 1-based place of the first result holding an answer, 0 when none. */
  readonly rank: number;
  readonly calls: number;
  readonly searchChars: number;
}

const priced: Priced[] = [];
const started = performance.now();
await ensureNaturalSets();
const server = await startServer(["-A"], mdselVariables());
try {
  for (const set of NATURAL_SETS) {
    const folder = naturalFolder(set);
    const { docs } = await loadWorkspace([folder]);
    const files = new Map(docs.map((doc) => [doc.filePath, splitLines(doc.lines.text)]));
    const byPath = new Map(docs.map((doc) => [doc.filePath, doc]));
    for (const question of NATURAL_QUESTIONS.filter((question) => question.set === set)) {
      const located = question.answers.flatMap((answer) => {
        const doc = byPath.get(join(folder, answer.file));
        const found = doc && locate(doc, answer);
        return found ? [found] : [];
      });
      if (located.length !== question.answers.length) {
        throw new Error(`${question.id}: an answer is not where the fixture says`);
      }
      const sources = located.map(({ path, first, last }) =>
        files.get(path)!.slice(first - 1, last).join("\n")
      );

      // By hand: the cheapest word and answer, as if the agent knew which.
      let hand = Infinity;
      for (const answer of located) {
        const lines = files.get(answer.path)!;
        const text = lines.join("\n").toLowerCase();
        const words = questionWords(question.question).filter((word) => text.includes(word));
        if (words.length === 0) continue;
        const grep = words.map((word) => grepWord(files, folder, word)).reduce((best, call) =>
          call.chars < best.chars ? call : best
        );
        const headings = grepHeadings(lines);
        const outline: Call = { call: "grep -n '^#'", chars: grepOutput(headings).length };
        const ranges = answer.intro
          ? [[answer.first, answer.last] as [number, number]]
          : grepSectionRanges(headings, answer.first, answer.last, lines.length);
        const reads = ranges.flatMap(([first, last]) => readCalls(lines, first, last));
        hand = Math.min(hand, callsCost([grep, outline, ...reads]));
      }
      if (hand === Infinity) {
        throw new Error(`${question.id}: no word of it is in an answer's file`);
      }

      // Search, then select in the order shown until an answer's source.
      const found = await callText(server.client, "mdsel_select", {
        selector: question.question,
        files: [folder],
      });
      const holds = (text: string) => sources.some((source) => holdsSource(text, source));
      const calls: Call[] = [{ call: "search", chars: found.text.length }];
      let rank = holds(found.text) ? 1 : 0;
      const labels = searchResultLabels(found.text);
      const shown = shownSource(found.text);
      for (let i = 0; rank === 0 && i < labels.length; i++) {
        // Its source was in the search answer: the agent read it there.
        if (labels[i] === shown) continue;
        const answer = await callText(server.client, "mdsel_select", {
          selector: labels[i],
          files: [folder],
        });
        calls.push({ call: labels[i], chars: answer.text.length });
        if (!answer.isError && holds(answer.text)) rank = i + 1;
      }
      priced.push({
        id: question.id,
        hand,
        search: callsCost(calls) + (rank === 0 ? hand : 0),
        rank,
        calls: calls.length,
        searchChars: found.text.length,
      });
    }
  }
} finally {
  await server[Symbol.asyncDispose]();
}

const ratios = priced.map((q) => q.search / q.hand);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const figures = {
  questions: priced.length,
  ratio: {
    median: quantile(ratios, 0.5),
    p90: quantile(ratios, 0.9),
    total: sum(priced.map((q) => q.search)) / sum(priced.map((q) => q.hand)),
  },
  hand: { median: quantile(priced.map((q) => q.hand), 0.5) },
  search: { median: quantile(priced.map((q) => q.search), 0.5) },
  searchAnswer: { median: quantile(priced.map((q) => q.searchChars), 0.5) },
  found: {
    first: priced.filter((q) => q.rank === 1).length / priced.length,
    top3: priced.filter((q) => q.rank >= 1 && q.rank <= 3).length / priced.length,
    any: priced.filter((q) => q.rank >= 1).length / priced.length,
  },
  oneCall: priced.filter((q) => q.calls === 1 && q.rank === 1).length / priced.length,
  seconds: Math.round((performance.now() - started) / 100) / 10,
};

if (options.json) {
  console.log(JSON.stringify({ ...figures, priced }, null, 1));
} else {
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const x = (value: number) => `${value.toFixed(2)}x`;
  console.log(`${figures.questions} natural questions, search then select against by hand:`);
  console.log(
    `cost median ${x(figures.ratio.median)}, p90 ${x(figures.ratio.p90)}, total ${
      x(figures.ratio.total)
    } (hand median ${Math.round(figures.hand.median)} chars, search ${
      Math.round(figures.search.median)
    }, search answer ${Math.round(figures.searchAnswer.median)})`,
  );
  console.log(
    `an answer's source reached by the result shown first ${pct(figures.found.first)}, ` +
      `in the first 3 ${pct(figures.found.top3)}, at all ${pct(figures.found.any)}; ` +
      `in one call ${pct(figures.oneCall)} (${figures.seconds} s)`,
  );
}
