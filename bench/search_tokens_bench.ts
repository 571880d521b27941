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
 *    When the search answer already holds the section's source (its best
 *    result stood out and was small), it is the only call; when it holds
 *    another section's, that result is not selected again.
 *
 * Two sets of questions (`tests/_keyword_questions.ts`), each about random
 * sections with text of their own that fit one page and whose heading a grep
 * finds, asked by three of their distinctive words:
 *
 * - **packages**: those of the retrieval test, 15 per package of the corpus
 *   (`tests/_corpus.ts`), each package's docs its own folder, words in at
 *   most 3 of its sections;
 * - **folder**: one folder of several hundred real docs files, Bun's 342 MDX
 *   pages (`tests/_search_corpus.ts`, installed from npm), words in under 5%
 *   of its sections: harder, since such words are far less distinctive.
 *
 * Each tool call costs its result plus 400 characters for the call itself.
 * `MDSEL_*` variables of this process are passed to the server.
 *
 * ```sh
 * deno run -A bench/search_tokens_bench.ts [--json] [--seed 7] [--questions 15] [--typo]
 *   [--set packages|folder|all] [--folder-questions 150]
 * ```
 *
 * @module
 */
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { loadWorkspace } from "../mdsel/cache/workspace.ts";
import { CORPUS_DIR, CORPUS_PACKAGES, ensureCorpus } from "../tests/_corpus.ts";
import {
  type Distinctive,
  type KeywordQuestion,
  keywordQuestions,
} from "../tests/_keyword_questions.ts";
import { BUN_DOCS, ensureSearchCorpus, searchFolder } from "../tests/_search_corpus.ts";
import { callText, type RunningServer, startServer } from "../tests/_server.ts";
import { type Rng, seededRng } from "../tests/mdsel/_generate.ts";
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
  shownSource,
  splitLines,
} from "./_tokens.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    json: { type: "boolean", default: false },
    seed: { type: "string", default: "7" },
    questions: { type: "string", default: "15" },
    "folder-questions": { type: "string", default: "150" },
    typo: { type: "boolean", default: false },
    set: { type: "string", default: "all" },
  },
});
const SEED = Number(options.seed);
const PER_PACKAGE = Number(options.questions);
const FOLDER_QUESTIONS = Number(options["folder-questions"]);

interface Priced {
  package: string;
  file: string;
  target: string;
  query: string;
  hand: number;
  search: number;
  /** 1-based rank of the target among the search results, or 0 when absent. */
  rank: number;
  /** Calls the search route made (1 when the search answer held the section). */
  calls: number;
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

  // Search, then select in rank order, unless the search answer holds the section already.
  const source = lines.slice(question.startLine - 1, question.endLine).join("\n");
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
  } else if (!holdsSource(found.text, source)) {
    const shown = shownSource(found.text);
    for (const label of labels.slice(0, rank)) {
      // Its source was in the search answer: the agent read it there.
      if (label === shown) continue;
      const answer = await callText(server.client, "mdsel_select", {
        selector: label,
        files: [root],
      });
      calls.push({ call: `mdsel_select ${label}`, chars: answer.text.length });
      if (label !== labels[rank - 1]) continue;
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
    calls: calls.length,
    searchChars: found.text.length,
    largest: Math.max(...calls.map((call) => call.chars)),
    ...(failure === undefined ? {} : { failure }),
  };
}

/** One folder and how many questions to ask about it. */
interface Folder {
  root: string;
  questions: number;
  distinctive: Distinctive;
}

/** Prices the questions of each folder in turn, through one server. */
async function priceFolders(folders: readonly Folder[], rng: Rng): Promise<Priced[]> {
  const server = await startServer(["-A"], mdselVariables());
  const priced: Priced[] = [];
  try {
    for (const folder of folders) {
      const { docs } = await loadWorkspace([folder.root]);
      const files = new Map(docs.map((doc) => [doc.filePath, splitLines(doc.lines.text)]));
      const questions = keywordQuestions(docs, folder.questions, rng, (question) => {
        const lines = files.get(question.doc.filePath)!;
        const source = lines.slice(question.startLine - 1, question.endLine).join("\n");
        return question.words <= PAGE_WORDS && source.length <= PAGE_CHARS &&
          /^#{1,6}\s/.test(lines[question.startLine - 1] ?? "");
      }, folder.distinctive);
      for (const question of questions) {
        const query = options.typo ? question.typo : question.query;
        priced.push(await priceQuestion(server, folder.root, files, question, query));
      }
    }
  } finally {
    await server[Symbol.asyncDispose]();
  }
  return priced;
}

/** The figures of one set of questions. */
function summarize(priced: readonly Priced[]) {
  const ratios = priced.map((q) => q.search / q.hand);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    questions: priced.length,
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
    oneCall: priced.filter((q) => q.calls === 1 && q.failure === undefined).length /
      priced.length,
    failures: priced.filter((q) => q.failure !== undefined),
  };
}

function printSet(title: string, figures: ReturnType<typeof summarize>): void {
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const chars = (value: number) => `${Math.round(value).toLocaleString("en-US")} chars`;
  console.log(`\n${title}\n`);
  console.log("| route | median cost |\n| --- | ---: |");
  console.log(
    `| by hand: grep the word, grep the outline, Read the lines | ${chars(figures.hand.median)} |`,
  );
  console.log(`| search, then select | ${chars(figures.search.median)} |`);
  console.log(
    `\nsearch / by hand, per question: median ${figures.ratio.median.toFixed(2)}x, ` +
      `p90 ${figures.ratio.p90.toFixed(2)}x; all questions together ${
        figures.ratio.total.toFixed(2)
      }x`,
  );
  console.log(
    `search answer: median ${chars(figures.searchAnswer.median)}, ` +
      `largest ${chars(figures.searchAnswer.max)}; largest result ${
        chars(figures.largestResult)
      }; ` +
      `target first ${pct(figures.ranks.first)}, top 3 ${pct(figures.ranks.top3)}; ` +
      `answered in one call ${pct(figures.oneCall)}; ` +
      `${figures.failures.length} fell back to the hand route`,
  );
  for (const failure of figures.failures.slice(0, 10)) {
    console.log(
      `  ${failure.package}/${failure.file} ${failure.target} '${failure.query}': ${failure.failure}`,
    );
  }
}

const started = performance.now();
const set = options.set;
const sets: { name: string; title: string; priced: Priced[] }[] = [];
if (set === "packages" || set === "all") {
  await ensureCorpus();
  const folders = CORPUS_PACKAGES.map((pkg) => ({
    root: join(CORPUS_DIR, `${pkg.name}@${pkg.version}`),
    questions: PER_PACKAGE,
    distinctive: { maxSections: 3 },
  }));
  const priced = await priceFolders(folders, seededRng(SEED));
  sets.push({
    name: "packages",
    title:
      `${priced.length} keyword questions (${options.typo ? "with a typo, " : ""}seed ${SEED}) ` +
      `over ${CORPUS_PACKAGES.length} packages' docs, words in at most 3 sections; ` +
      `each call costs its result + ${CALL_CHARS} chars`,
    priced,
  });
}
if (set === "folder" || set === "all") {
  await ensureSearchCorpus();
  const root = searchFolder(BUN_DOCS);
  const priced = await priceFolders(
    [{ root, questions: FOLDER_QUESTIONS, distinctive: { maxShare: 0.05 } }],
    seededRng(SEED),
  );
  sets.push({
    name: "folder",
    title:
      `${priced.length} keyword questions (${options.typo ? "with a typo, " : ""}seed ${SEED}) ` +
      `over one folder, Bun's docs (${BUN_DOCS.name}@${BUN_DOCS.version}, 342 MDX files), ` +
      `words in under 5% of its sections; each call costs its result + ${CALL_CHARS} chars`,
    priced,
  });
}
const seconds = Math.round((performance.now() - started) / 100) / 10;

if (options.json) {
  const report = Object.fromEntries(
    sets.map(({ name, priced }) => [name, { ...summarize(priced), priced }]),
  );
  console.log(JSON.stringify({ seed: SEED, typo: options.typo, seconds, ...report }, null, 2));
} else {
  for (const { title, priced } of sets) printSet(title, summarize(priced));
  console.log(`\n${seconds} s`);
}
