/**
 * What an agent pays, in characters of tool results, to learn one section of
 * a big Markdown file, three ways:
 *
 * 1. **Read**: the whole file through Claude Code's Read (`cat -n` numbering,
 *    2,000 lines per call, long lines cut): the 100% baseline of each file.
 * 2. **grep + Read**: `grep -n '^#'` once, then a Read of the section's lines;
 *    later questions on the same file need only the Read.
 * 3. **mdsel**: `mdsel_index` once, then `mdsel_select` calls through the real
 *    server (stdio, SDK client, the bundled engine, the text format), drilling
 *    into folded sections by parsing only the text the tools return; later
 *    questions need only the selects.
 *
 * And the unguided agent, who Reads the whole file first as agents do by
 * default, with the Read hooks installed:
 *
 * 4. **Read + reminder**: the whole Read goes through, and the reminder
 *    follows each Read call (as Claude Code shows it: a `<system-reminder>`
 *    naming the hook); the answer is then in context.
 * 5. **guard, then mdsel**: the guard (the real `hooks/guard.ts`) denies the
 *    whole Read and its reason, the outline with line ranges, is what comes
 *    back; the agent drills with `mdsel_select` from that outline, as in 3.
 * 6. **guard, then Read lines**: after the guard's outline the agent reads the
 *    lines it gives for the section, or for its nearest listed ancestor when
 *    the section is folded away (the reminder follows each of those Reads).
 *
 * The corpus is the Markdown shipped in pinned npm packages
 * (`tests/_corpus.ts`); every file over 2,000 words asks up to 5 questions,
 * each about a section picked with a seeded generator among the sections that
 * fit one page (at most 2,000 words and 16,000 characters) and whose heading
 * a grep finds. Each tool call costs its result plus 400 characters for the
 * call itself. Figures are shares of the file's Read cost, so characters
 * against tokens does not matter.
 *
 * `MDSEL_*` variables of this process (e.g. `MDSEL_SIZE_WORDS`,
 * `MDSEL_MAX_CHARS`, `MDSEL_PAGE_WORDS`) are passed to the server, so two runs
 * compare budgets; the questions do not depend on them.
 *
 * ```sh
 * deno run -A bench/tokens_bench.ts [--json] [--seed 1] [--targets 5] [--min-words 2000] [--guard-words 2000]
 * ```
 *
 * @module
 */
import { relative } from "node:path";
import { parseArgs } from "node:util";
import { guard } from "../hooks/guard.ts";
import { REMINDER } from "../hooks/reminder.ts";
import { DEFAULT_GUARD_WORDS } from "../hooks/settings.ts";
import { CORPUS_DIR, type CorpusFile, corpusFilesOver } from "../tests/_corpus.ts";
import { callText, ROOT, type RunningServer, startServer } from "../tests/_server.ts";
import { seededRng } from "../tests/mdsel/_generate.ts";
import {
  type Call,
  CALL_CHARS,
  callsCost,
  drill,
  grepHeadings,
  grepOutput,
  grepSectionRanges,
  guardedRange,
  mdselVariables,
  PAGE_CHARS,
  PAGE_WORDS,
  parseOutline,
  quantile,
  readCalls,
  splitLines,
} from "./_tokens.ts";

const { values: options } = parseArgs({
  args: Deno.args,
  options: {
    json: { type: "boolean", default: false },
    seed: { type: "string", default: "1" },
    targets: { type: "string", default: "5" },
    "min-words": { type: "string", default: "2000" },
    "max-steps": { type: "string", default: "6" },
    concurrency: { type: "string", default: "2" },
    sections: { type: "string", default: "any" },
    "guard-words": { type: "string", default: String(DEFAULT_GUARD_WORDS) },
  },
});
const GUARD_WORDS = Number(options["guard-words"]);
const SEED = Number(options.seed);
const TARGETS = Number(options.targets);
const MIN_WORDS = Number(options["min-words"]);
const MAX_STEPS = Number(options["max-steps"]);
const CONCURRENCY = Number(options.concurrency);
/**
 * Which sections questions ask about: `any` heading (a section bigger than a
 * page is answered by its outline, as the spec means it), or only `page`
 * sections that fit one page (every answer is the section's whole content).
 */
const SECTIONS = options.sections === "page" ? "page" : "any";
/** The server's `MDSEL_SIZE_WORDS`: sections under it are small. */
const SIZE_WORDS = Number(Deno.env.get("MDSEL_SIZE_WORDS") ?? 500) || 500;

const STRATEGIES = [
  "Read",
  "grep+Read",
  "mdsel",
  "Read + reminder",
  "guard, then mdsel",
  "guard, then Read lines",
] as const;
type Strategy = typeof STRATEGIES[number];

/** What the reminder adds after a Read, as Claude Code 2.1.197 shows it to the model. */
const REMINDER_CONTEXT =
  `<system-reminder>\nPostToolUse:Read hook additional context: ${REMINDER}\n</system-reminder>`;

/** The cost of Read calls with the reminder after each. */
function remindedCost(reads: readonly Call[]): number {
  return callsCost(reads) + reads.length * REMINDER_CONTEXT.length;
}

/** A heading of `mdsel index --json`. */
interface JsonHeading {
  selector: string;
  depth: number;
  text: string;
  section_word_count: number;
  start_line: number;
  end_line: number;
}

interface Target {
  selector: string;
  text: string;
  ancestors: string[];
  startLine: number;
  endLine: number;
  words: number;
  chars: number;
}

interface Question {
  file: string;
  target: string;
  heading: string;
  /** Cost of the first question on the file and of a later one, per strategy. */
  first: Record<Strategy, number>;
  later: Record<Strategy, number>;
  selects: number;
  /** Outline answers of small folded sections on the way (each cost a second call). */
  smallOutlines: number;
  failure?: string;
  /** Why the drill from the guard's outline failed, when it did. */
  guardFailure?: string;
}

interface Largest {
  chars: number;
  file: string;
  call: string;
}

/** FNV-1a, so a file's questions depend on its path and the seed only. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function shortSelector(selector: string): string {
  const match = /heading:h([1-6])\[(\d+)\]$/.exec(selector);
  if (!match) throw new Error(`unexpected heading selector ${selector}`);
  return `h${match[1]}.${match[2]}`;
}

/** The engine's headings of every file, from one `mdsel index --json --full` run. */
async function indexHeadings(files: readonly string[]): Promise<Map<string, JsonHeading[]>> {
  // The engine's own defaults: the questions must not move with the budgets under test.
  const env = Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => !name.startsWith("MDSEL_")),
  );
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "mdsel/cli.ts", "index", "--json", "--full", "--", ...files],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const envelope = JSON.parse(new TextDecoder().decode(output.stdout));
  if (!output.success) throw new Error(`mdsel index failed: ${JSON.stringify(envelope.errors)}`);
  const byPath = new Map<string, JsonHeading[]>();
  for (const doc of envelope.data.documents) byPath.set(doc.file_path, doc.headings);
  return byPath;
}

function pickTargets(file: string, lines: readonly string[], headings: JsonHeading[]): Target[] {
  const candidates: Target[] = [];
  headings.forEach((heading, i) => {
    const source = lines.slice(heading.start_line - 1, heading.end_line).join("\n");
    const big = heading.section_word_count > PAGE_WORDS || source.length > PAGE_CHARS;
    if (big && SECTIONS === "page") return;
    // grep must find the heading (not a setext or indented one) for the comparison to hold.
    if (!/^#{1,6}\s/.test(lines[heading.start_line - 1] ?? "")) return;
    const ancestors: string[] = [];
    let depth = heading.depth;
    for (let j = i - 1; j >= 0 && depth > 1; j--) {
      if (headings[j].depth < depth) {
        ancestors.push(shortSelector(headings[j].selector));
        depth = headings[j].depth;
      }
    }
    candidates.push({
      selector: shortSelector(heading.selector),
      text: heading.text,
      ancestors,
      startLine: heading.start_line,
      endLine: heading.end_line,
      words: heading.section_word_count,
      chars: source.length,
    });
  });
  const rng = seededRng(SEED ^ hash(relative(CORPUS_DIR, file)));
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  return candidates.slice(0, TARGETS).sort((a, b) => a.startLine - b.startLine);
}

async function measureFile(
  server: RunningServer,
  file: CorpusFile,
  headings: JsonHeading[],
  noteLargest: (strategy: Strategy, call: Call) => void,
): Promise<{ questions: Question[]; grepContinuations: number }> {
  const name = relative(CORPUS_DIR, file.path);
  const lines = splitLines(await Deno.readTextFile(file.path));
  const targets = pickTargets(file.path, lines, headings);

  const read = readCalls(lines, 1, lines.length);
  read.forEach((call) => noteLargest("Read", call));
  read.forEach((call) => noteLargest("Read + reminder", call));
  const readCost = callsCost(read);

  const hits = grepHeadings(lines);
  const grep: Call = { call: "grep -n '^#'", chars: grepOutput(hits).length };
  noteLargest("grep+Read", grep);

  const index = await callText(server.client, "mdsel_index", { files: [file.path] });
  if (index.isError) throw new Error(`mdsel_index ${name}: ${index.text}`);
  const indexCall: Call = { call: "mdsel_index", chars: index.text.length };
  noteLargest("mdsel", indexCall);

  // The unguided agent's whole Read, before it runs: the guard's answer (none under its size).
  const denied = await guard(
    { hookEventName: "PreToolUse", toolName: "Read", toolInput: { file_path: file.path } },
    GUARD_WORDS,
  );
  const reason: string = denied === ""
    ? ""
    : JSON.parse(denied).hookSpecificOutput.permissionDecisionReason;
  const guardCall: Call = { call: "Read, denied by the guard", chars: reason.length };
  noteLargest("guard, then mdsel", guardCall);
  noteLargest("guard, then Read lines", guardCall);
  const guardOutline = parseOutline(reason);

  const questions: Question[] = [];
  let grepContinuations = 0;
  for (const target of targets) {
    const ranges = grepSectionRanges(hits, target.startLine, target.endLine, lines.length);
    grepContinuations += ranges.length - 1;
    const sectionReads = ranges.flatMap(([first, last]) => readCalls(lines, first, last));
    sectionReads.forEach((call) => noteLargest("grep+Read", call));

    const source = lines.slice(target.startLine - 1, target.endLine).join("\n");
    const drillTarget = {
      selector: target.selector,
      ancestors: target.ancestors,
      source,
      outlineAnswers: true,
    };
    const select = (selector: string) =>
      callText(server.client, "mdsel_select", { selector, files: [file.path] });
    const result = await drill(drillTarget, index.text, select, MAX_STEPS, SIZE_WORDS);
    result.calls.forEach((call) => noteLargest("mdsel", call));
    // A failed drill leaves the agent reading the file after all.
    const selects = callsCost(result.calls) + (result.ok ? 0 : readCost);

    // After the guard: drill from its outline, or read the lines it gives.
    const guarded = reason === ""
      ? undefined
      : await drill(drillTarget, reason, select, MAX_STEPS, SIZE_WORDS);
    guarded?.calls.forEach((call) => noteLargest("guard, then mdsel", call));
    const guardedSelects = guarded === undefined
      ? remindedCost(read)
      : callsCost(guarded.calls) + (guarded.ok ? 0 : remindedCost(read));
    const range = reason === "" ? undefined : guardedRange(guardOutline, target);
    // No range for it in the outline: Read with offset: 1, the whole file after all.
    const lineReads = range === undefined ? read : readCalls(lines, range[0], range[1]);
    lineReads.forEach((call) => noteLargest("guard, then Read lines", call));
    const guardCost = reason === "" ? 0 : callsCost([guardCall]);

    questions.push({
      file: name,
      target: target.selector,
      heading: target.text,
      first: {
        "Read": readCost,
        "grep+Read": callsCost([grep, ...sectionReads]),
        "mdsel": callsCost([indexCall]) + selects,
        "Read + reminder": remindedCost(read),
        "guard, then mdsel": guardCost + guardedSelects,
        "guard, then Read lines": guardCost + remindedCost(lineReads),
      },
      later: {
        "Read": 0,
        "grep+Read": callsCost(sectionReads),
        "mdsel": selects,
        "Read + reminder": 0,
        "guard, then mdsel": guardedSelects,
        "guard, then Read lines": remindedCost(lineReads),
      },
      selects: result.calls.length,
      smallOutlines: result.smallOutlines,
      ...(result.ok ? {} : { failure: result.failure }),
      ...(guarded === undefined || guarded.ok ? {} : { guardFailure: guarded.failure }),
    });
  }
  // Shares are per file: divide by its own Read cost.
  for (const question of questions) {
    for (const strategy of STRATEGIES) {
      question.first[strategy] /= readCost;
      question.later[strategy] /= readCost;
    }
  }
  return { questions, grepContinuations };
}

/** Starts the server; today's server answers in JSON by default, which the drill cannot read. */
async function startTextServer(
  probe: string,
): Promise<{ server: RunningServer; env: Record<string, string>; note?: string }> {
  const env = mdselVariables();
  let server = await startServer(["-A"], env);
  const answer = await callText(server.client, "mdsel_index", { files: [probe] });
  if (!answer.text.trimStart().startsWith("{")) return { server, env };
  await server[Symbol.asyncDispose]();
  if (env.MDSEL_FORMAT !== undefined) {
    throw new Error(`MDSEL_FORMAT=${env.MDSEL_FORMAT}: the benchmark reads the text format`);
  }
  const forced = { ...env, MDSEL_FORMAT: "text" };
  server = await startServer(["-A"], forced);
  return {
    server,
    env: forced,
    note: "the server's default format is JSON: measured with MDSEL_FORMAT=text",
  };
}

const started = performance.now();
const files = await corpusFilesOver(MIN_WORDS);
const headingsByPath = await indexHeadings(files.map((file) => file.path));
const { server, env, note } = await startTextServer(files[0].path);
const largest = Object.fromEntries(
  STRATEGIES.map((s) => [s, { chars: 0, file: "", call: "" }]),
) as Record<Strategy, Largest>;
const questions: Question[] = [];
let grepContinuations = 0;
try {
  let next = 0;
  // A few files at a time: each call is an engine process, and the machine has cores to spare.
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const name = relative(CORPUS_DIR, file.path);
      const noteLargest = (strategy: Strategy, call: Call) => {
        if (call.chars > largest[strategy].chars) {
          largest[strategy] = { chars: call.chars, file: name, call: call.call };
        }
      };
      const headings = headingsByPath.get(file.path);
      if (!headings) throw new Error(`mdsel index did not list ${file.path}`);
      const measured = await measureFile(server, file, headings, noteLargest);
      questions.push(...measured.questions);
      grepContinuations += measured.grepContinuations;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
} finally {
  await server[Symbol.asyncDispose]();
}
questions.sort((a, b) => a.file.localeCompare(b.file) || a.target.localeCompare(b.target));

const summary = Object.fromEntries(STRATEGIES.map((strategy) => {
  const first = questions.map((q) => q.first[strategy]);
  const later = questions.map((q) => q.later[strategy]);
  return [strategy, {
    first: { median: quantile(first, 0.5), p90: quantile(first, 0.9) },
    later: { median: quantile(later, 0.5), p90: quantile(later, 0.9) },
    largest: largest[strategy],
  }];
})) as Record<Strategy, {
  first: { median: number; p90: number };
  later: { median: number; p90: number };
  largest: Largest;
}>;
const failures = questions.filter((q) => q.failure !== undefined);
const guardFailures = questions.filter((q) => q.guardFailure !== undefined);
const selects = questions.map((q) => q.selects);
const report = {
  corpus: { files: files.length, minWords: MIN_WORDS, questions: questions.length, seed: SEED },
  callChars: CALL_CHARS,
  env,
  ...(note ? { note } : {}),
  summary,
  ratioFirstMedian: summary.mdsel.first.median / summary["grep+Read"].first.median,
  mdselSelects: { median: quantile(selects, 0.5), max: Math.max(...selects) },
  drillFailures: failures.map(({ file, target, failure }) => ({ file, target, failure })),
  guardDrillFailures: guardFailures.map(({ file, target, guardFailure }) => ({
    file,
    target,
    failure: guardFailure,
  })),
  guardWords: GUARD_WORDS,
  smallFolded: questions.filter((q) => q.smallOutlines > 0).length,
  grepContinuations,
  seconds: Math.round((performance.now() - started) / 100) / 10,
  questions,
};

if (options.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const envText = Object.entries(env).map(([k, v]) => `${k}=${v}`).join(" ") || "defaults";
  console.log(
    `${files.length} files over ${MIN_WORDS} words, ${questions.length} questions (seed ${SEED}) ` +
      `about ${SECTIONS === "any" ? "any section" : "sections that fit one page"}; ` +
      `each call costs its result + ${CALL_CHARS} chars; shares of reading the whole file.`,
  );
  console.log(`server env: ${envText}${note ? ` (${note})` : ""}\n`);
  console.log(
    "| strategy | first q. median | first q. p90 | later q. median | later q. p90 | largest result |\n" +
      "| --- | ---: | ---: | ---: | ---: | --- |",
  );
  for (const strategy of STRATEGIES) {
    const s = summary[strategy];
    const later = strategy === "Read" || strategy === "Read + reminder"
      ? ["- (in context)", "-"]
      : [pct(s.later.median), pct(s.later.p90)];
    console.log(
      `| ${strategy} | ${pct(s.first.median)} | ${pct(s.first.p90)} | ${later.join(" | ")} | ` +
        `${s.largest.chars.toLocaleString("en-US")} chars: ${s.largest.call}, ${s.largest.file} |`,
    );
  }
  console.log(
    `\nmdsel / grep+Read, first-question median: ${report.ratioFirstMedian.toFixed(2)}x; ` +
      `selects per question: median ${report.mdselSelects.median}, max ${report.mdselSelects.max}; ` +
      `drill failures: ${failures.length} of ${questions.length} ` +
      `(from the guard's outline: ${guardFailures.length}); ` +
      `questions that needed a second call for a small folded section: ${report.smallFolded}; ` +
      `grep reads cut short by '#' in code: ${grepContinuations}; ${report.seconds} s`,
  );
  for (const failure of failures.slice(0, 10)) {
    console.log(`  failed: ${failure.file} ${failure.target}: ${failure.failure}`);
  }
}
