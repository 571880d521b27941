/**
 * Scoring a ranking against the natural questions (issue 25): where the
 * first section that answers a question ranks, and the first section of a
 * file that holds an answer; hit@1, hit@3 and MRR over a set of questions.
 * Three rankers: this engine in-process, any `mdsel` CLI (`MDSEL_BIN`, for
 * an engine before a change), and a plain baseline, SQLite FTS5's `bm25()`
 * over one row per section (Deno's built-in `node:sqlite`).
 *
 * @module
 */
import { relative } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { searchWorkspace } from "../mdsel/commands/search_command.ts";
import { DEFAULT_SELECT_SETTINGS } from "../mdsel/commands/select_command.ts";
import type { Workspace } from "../mdsel/cache/workspace.ts";
import type { MdDocument } from "../mdsel/parse/document.ts";
import { sliceLines } from "../mdsel/parse/source_lines.ts";
import { STOP_WORDS } from "../mdsel/search/english.ts";
import { RANKING, type Ranking, withRanking } from "../mdsel/search/ranking.ts";
import type { NaturalAnswer, NaturalQuestion } from "../tests/mdsel/_natural_questions.ts";

/** How deep a ranking is read: a search shows at most ten results. */
export const DEPTH = 10;

/** One section a ranking returned. */
export interface RankedSection {
  /** Its file, relative to the folder searched. */
  readonly file: string;
  /** Its first line, 1-based (its heading's, or the intro's first). */
  readonly startLine: number;
  /** Whether it is the text before the first heading. */
  readonly intro: boolean;
  /** How the ranking named it (`ns::h2.3`). */
  readonly label: string;
}

/** Where a question's answers rank (1-based), or `null` when not in the first ten. */
export interface QuestionRank<Q = NaturalQuestion> {
  /** The question. */
  readonly question: Q;
  /** The first result that is an answer. */
  readonly section: number | null;
  /** The first result in a file holding an answer. */
  readonly file: number | null;
  /** The first three results' labels. */
  readonly top: readonly string[];
}

/** Hit rates and mean reciprocal rank, in [0, 1]. */
export interface Scores {
  readonly hit1: number;
  readonly hit3: number;
  readonly mrr: number;
}

/**
 * Where a question's answers stand in a ranking.
 *
 * @param question The question and its answers.
 * @param ranked The ranking, best first.
 * @returns The ranks of the first answer and of the first file holding one.
 */
export function rankOf<Q extends { readonly answers: readonly NaturalAnswer[] } = NaturalQuestion>(
  question: Q,
  ranked: readonly RankedSection[],
): QuestionRank<Q> {
  const isAnswer = (result: RankedSection) =>
    question.answers.some((answer) =>
      answer.file === result.file &&
      (answer.heading === null ? result.intro : !result.intro && answer.line === result.startLine)
    );
  const files = new Set(question.answers.map((answer) => answer.file));
  const shown = ranked.slice(0, DEPTH);
  const section = shown.findIndex(isAnswer);
  const file = shown.findIndex((result) => files.has(result.file));
  return {
    question,
    section: section === -1 ? null : section + 1,
    file: file === -1 ? null : file + 1,
    top: shown.slice(0, 3).map((result) => result.label),
  };
}

/**
 * hit@1, hit@3 and MRR of ranks.
 *
 * @param ranks 1-based ranks, `null` for not found.
 * @returns The scores (0 for no ranks).
 */
export function scoresOf(ranks: readonly (number | null)[]): Scores {
  const n = Math.max(1, ranks.length);
  const count = (test: (rank: number) => boolean) =>
    ranks.filter((rank) => rank !== null && test(rank)).length / n;
  return {
    hit1: count((rank) => rank === 1),
    hit3: count((rank) => rank <= 3),
    mrr: ranks.reduce((sum: number, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / n,
  };
}

/**
 * This engine's search, in-process, over a loaded folder.
 *
 * @param workspace The folder, loaded.
 * @param folder Its path, for relative file names.
 * @param ranking The ranking's knobs.
 * @returns A ranker.
 */
export function engineRanker(
  workspace: Workspace,
  folder: string,
  ranking: Ranking = RANKING,
): (question: string) => RankedSection[] {
  const byNamespace = new Map(workspace.docs.map((doc) => [doc.namespace, doc]));
  return (question) => {
    const outcome = withRanking(
      ranking,
      () => searchWorkspace(question, null, workspace, DEFAULT_SELECT_SETTINGS),
    );
    return (outcome.search?.results ?? []).map((result) => {
      const namespace = result.selector.slice(0, result.selector.indexOf("::"));
      const doc = byNamespace.get(namespace)!;
      return {
        file: relative(folder, doc.filePath),
        startLine: result.start_line,
        intro: /::(intro|root)$/.test(result.selector),
        label: result.label,
      };
    });
  };
}

/**
 * An `mdsel` CLI's search, one process per question (`select --json`), its
 * results' namespaces mapped to files by its own `index --json`.
 *
 * @param bin The command (a path).
 * @param folder The folder to search.
 * @returns A ranker.
 */
export async function cliRanker(
  bin: string,
  folder: string,
): Promise<(question: string) => Promise<RankedSection[]>> {
  const json = async (...args: string[]) => {
    const { stdout } = await new Deno.Command(bin, { args, stdin: "null", stderr: "null" })
      .output();
    return JSON.parse(new TextDecoder().decode(stdout));
  };
  const index = await json("index", "--json", "--full", "--", folder);
  const files = new Map<string, string>(
    index.data.documents.map((doc: { namespace: string; file_path: string }) => [
      doc.namespace,
      relative(folder, doc.file_path),
    ]),
  );
  return async (question) => {
    const envelope = await json("select", "--json", "--", question, folder);
    const results: { selector: string; start_line: number; file?: string }[] =
      envelope.data?.search?.results ?? [];
    return results.map((result) => {
      const namespace = result.selector.slice(0, result.selector.indexOf("::"));
      return {
        file: files.get(namespace) ?? "",
        startLine: result.start_line,
        intro: /::(intro|root)$/.test(result.selector),
        label: result.selector,
      };
    });
  };
}

/**
 * The plain baseline: SQLite FTS5 over one row per section (its heading,
 * and its own text up to its first subsection, as written), ranked by
 * `bm25()` with default weights, the question's words (common English ones
 * left out) joined by OR.
 *
 * @param workspace The folder, loaded.
 * @param folder Its path, for relative file names.
 * @returns A ranker, and a function that closes its database.
 */
export function fts5Ranker(
  workspace: Workspace,
  folder: string,
): { rank: (question: string) => RankedSection[]; close: () => void } {
  const db = new DatabaseSync(":memory:");
  db.exec(
    "CREATE VIRTUAL TABLE sections USING fts5(heading, body, file UNINDEXED, " +
      "line UNINDEXED, intro UNINDEXED, label UNINDEXED)",
  );
  const insert = db.prepare(
    "INSERT INTO sections (heading, body, file, line, intro, label) VALUES (?, ?, ?, ?, ?, ?)",
  );
  db.exec("BEGIN");
  for (const doc of workspace.docs) {
    for (const row of _sectionRows(doc)) {
      insert.run(
        row.heading,
        row.body,
        relative(folder, doc.filePath),
        row.line,
        row.intro ? 1 : 0,
        `${doc.namespace}::${row.label}`,
      );
    }
  }
  db.exec("COMMIT");
  const search = db.prepare(
    "SELECT file, line, intro, label FROM sections WHERE sections MATCH ? " +
      `ORDER BY bm25(sections) LIMIT ${DEPTH}`,
  );
  return {
    rank: (question) => {
      const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
        .filter((word) => !STOP_WORDS.has(word));
      if (words.length === 0) return [];
      const rows = search.all(words.map((word) => `"${word}"`).join(" OR ")) as {
        file: string;
        line: number;
        intro: number;
        label: string;
      }[];
      return rows.map((row) => ({
        file: row.file,
        startLine: row.line,
        intro: row.intro === 1,
        label: row.label,
      }));
    },
    close: () => db.close(),
  };
}

/** A document's sections as rows: the intro, then each top-level heading with its own text. */
function _sectionRows(doc: MdDocument) {
  const { nodes, ordinals } = doc.top;
  const rows: { heading: string; body: string; line: number; intro: boolean; label: string }[] = [];
  const text = (from: number, to: number) =>
    to > from ? sliceLines(doc.lines, nodes[from].startLine, nodes[to - 1].endLine) : "";
  let first = 0;
  while (first < nodes.length && nodes[first].kind !== "heading") first++;
  if (first > 0) {
    rows.push({
      heading: "",
      body: text(0, first),
      line: nodes[0].startLine + 1,
      intro: true,
      label: "intro",
    });
  }
  for (let i = first; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.kind !== "heading") continue;
    let own = i + 1;
    while (own < nodes.length && nodes[own].kind !== "heading") own++;
    rows.push({
      heading: node.text,
      body: text(i + 1, own),
      line: node.startLine + 1,
      intro: false,
      label: `h${node.depth}.${ordinals[i]}`,
    });
  }
  return rows;
}
