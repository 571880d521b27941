/**
 * What an agent pays, in characters of tool results, to find and read the
 * section that answers a keyword question in a folder of docs, two ways:
 *
 * 1. **by hand** (a skilled agent): `grep -rni <word>` over the folder's
 *    Markdown for the question's word with the shortest output (it cannot know
 *    which, so this flatters the hand route; spelt right even when the search
 *    is given a typo), `grep -n '^#'` of the file that
 *    holds the section, then a Read of exactly the section's lines.
 * 2. **search**: `mdsel_select` with the three words over the folder, through
 *    the real server (stdio, SDK client, bundled engine, its default text),
 *    then `mdsel_select` of the results in rank order until the section (one
 *    call when it ranks first). A section not among the results leaves the
 *    agent doing it by hand after all, and the search is charged on top.
 *
 * The questions are those of the retrieval test (`tests/_keyword_questions.ts`):
 * for each package of the corpus (`tests/_corpus.ts`), random sections with
 * text of their own that fit one page and whose heading a grep finds, asked
 * by three of their distinctive words. Each tool call costs its result plus
 * 400 characters for the call itself. `MDSEL_*` variables of this process are
 * passed to the server.
 *
 * ```sh
 * deno run -A bench/search_tokens_bench.ts [--json] [--seed 7] [--questions 15] [--typo]
 * ```
 *
 * @module
 */
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { loadWorkspace } from "../mdsel/io/workspace.ts";
import { CORPUS_DIR, CORPUS_PACKAGES, ensureCorpus } from "../tests/_corpus.ts";
import { type KeywordQuestion, keywordQuestions } from "../tests/_keyword_questions.ts";
import { callText, type RunningServer, startServer } from "../tests/_server.ts";
import { seededRng } from "../tests/mdsel/_generate.ts";
import {
  type Call,
  CALL_CHARS,
  callsCost,
  grepHeadings,
  grepOutput,
  grepSectionRanges,
  grepWord,
  holdsSource,
  mdselVariables,
  PAGE_CHARS,
  PAGE_WORDS,
  quantile,
  readCalls,
  searchResultLabels,
  splitLines,
} from "./_tokens.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    json: { type: "boolean", default: false },
    seed: { type: "string", default: "7" },
    questions: { type: "string", default: "15" },
    typo: { type: "boolean", default: false },
  },
});
const SEED = Number(options.seed);
const PER_PACKAGE = Number(options.questions);

interface Priced {
  package: string;
  file: string;
  target: string;
  query: string;
  hand: number;
  search: number;
  /** 1-based rank of the target among the search results, or 0 when absent. */
  rank: number;
  searchChars: number;
  largest: number;
  failure?: string;
}

async function priceQuestion(
  server: RunningServer,
  root: string,
  files: ReadonlyMap<string, string[]>,
  question: KeywordQuestion,
  query: string,
): Promise<Priced> {
  const lines = files.get(question.doc.filePath)!;
  // By hand: the cheapest grep of a rightly spelt word, the file's outline, the section's lines.
  const greps = question.query.split(" ").map((word) => grepWord(files, root, word));
  const grep = greps.reduce((best, call) => (call.chars < best.chars ? call : best));
  const headings = grepHeadings(lines);
  const outline: Call = { call: "grep -n '^#'", chars: grepOutput(headings).length };
  const ranges = grepSectionRanges(headings, question.startLine, question.endLine, lines.length);
  const reads = ranges.flatMap(([first, last]) => readCalls(lines, first, last));
  const handCalls = [grep, outline, ...reads];
  const hand = callsCost(handCalls);

  // Search, then select in rank order.
  const found = await callText(server.client, "mdsel_select", { selector: query, files: [root] });
  const labels = searchResultLabels(found.text);
  // One file in the folder: the results carry no namespace.
  const label = labels.some((found) => found.includes("::"))
    ? question.label
    : question.label.slice(question.label.indexOf("::") + 2);
  const rank = labels.indexOf(label) + 1;
  const calls: Call[] = [{ call: `mdsel_select '${query}'`, chars: found.text.length }];
  let failure: string | undefined;
  if (rank === 0) {
    failure = "not among the results";
  } else {
    for (const label of labels.slice(0, rank)) {
      const answer = await callText(server.client, "mdsel_select", {
        selector: label,
        files: [root],
      });
      calls.push({ call: `mdsel_select ${label}`, chars: answer.text.length });
      if (label !== question.label) continue;
      const source = lines.slice(question.startLine - 1, question.endLine).join("\n");
      if (answer.isError || !holdsSource(answer.text, source)) {
        failure = `${label} did not return the section`;
      }
    }
  }
  const search = callsCost(calls) + (failure === undefined ? 0 : hand);
  return {
    package: relative(CORPUS_DIR, root),
    file: relative(root, question.doc.filePath),
    target: question.label,
    query,
    hand,
    search,
    rank,
    searchChars: found.text.length,
    largest: Math.max(...calls.map((call) => call.chars)),
    ...(failure === undefined ? {} : { failure }),
  };
}

const started = performance.now();
await ensureCorpus();
const server = await startServer(["-A"], mdselVariables());
const rng = seededRng(SEED);
const priced: Priced[] = [];
try {
  for (const pkg of CORPUS_PACKAGES) {
    const root = join(CORPUS_DIR, `${pkg.name}@${pkg.version}`);
    const { docs } = await loadWorkspace([root]);
    const files = new Map(docs.map((doc) => [doc.filePath, splitLines(doc.lines.text)]));
    const questions = keywordQuestions(docs, PER_PACKAGE, rng, (question) => {
      const lines = files.get(question.doc.filePath)!;
      const source = lines.slice(question.startLine - 1, question.endLine).join("\n");
      return question.words <= PAGE_WORDS && source.length <= PAGE_CHARS &&
        /^#{1,6}\s/.test(lines[question.startLine - 1] ?? "");
    });
    for (const question of questions) {
      const query = options.typo ? question.typo : question.query;
      priced.push(await priceQuestion(server, root, files, question, query));
    }
  }
} finally {
  await server[Symbol.asyncDispose]();
}

const ratios = priced.map((q) => q.search / q.hand);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const report = {
  questions: priced.length,
  seed: SEED,
  typo: options.typo,
  callChars: CALL_CHARS,
  hand: { median: quantile(priced.map((q) => q.hand), 0.5) },
  search: { median: quantile(priced.map((q) => q.search), 0.5) },
  ratio: {
    median: quantile(ratios, 0.5),
    p90: quantile(ratios, 0.9),
    total: sum(priced.map((q) => q.search)) / sum(priced.map((q) => q.hand)),
  },
  searchAnswer: {
    median: quantile(priced.map((q) => q.searchChars), 0.5),
    max: Math.max(...priced.map((q) => q.searchChars)),
  },
  largestResult: Math.max(...priced.map((q) => q.largest)),
  ranks: {
    first: priced.filter((q) => q.rank === 1).length / priced.length,
    top3: priced.filter((q) => q.rank >= 1 && q.rank <= 3).length / priced.length,
  },
  failures: priced.filter((q) => q.failure !== undefined),
  seconds: Math.round((performance.now() - started) / 100) / 10,
  priced,
};

if (options.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const chars = (value: number) => `${Math.round(value).toLocaleString("en-US")} chars`;
  console.log(
    `${report.questions} keyword questions (${options.typo ? "with a typo, " : ""}seed ${SEED}) ` +
      `over ${CORPUS_PACKAGES.length} packages' docs; each call costs its result + ${CALL_CHARS} chars\n`,
  );
  console.log("| route | median cost |\n| --- | ---: |");
  console.log(
    `| by hand: grep the word, grep the outline, Read the lines | ${chars(report.hand.median)} |`,
  );
  console.log(`| search, then select | ${chars(report.search.median)} |`);
  console.log(
    `\nsearch / by hand, per question: median ${report.ratio.median.toFixed(2)}x, ` +
      `p90 ${report.ratio.p90.toFixed(2)}x; all questions together ${
        report.ratio.total.toFixed(2)
      }x`,
  );
  console.log(
    `search answer: median ${chars(report.searchAnswer.median)}, ` +
      `largest ${chars(report.searchAnswer.max)}; largest result ${chars(report.largestResult)}; ` +
      `target first ${pct(report.ranks.first)}, top 3 ${pct(report.ranks.top3)}; ` +
      `${report.failures.length} fell back to the hand route; ${report.seconds} s`,
  );
  for (const failure of report.failures.slice(0, 10)) {
    console.log(
      `  ${failure.package}/${failure.file} ${failure.target} '${failure.query}': ${failure.failure}`,
    );
  }
}
