/**
 * Parameters documented only in a reference's table of JSX rows: 18 queries
 * as a developer types them for a parameter (`LibSQLStore authToken`,
 * `streamText onChunk`), each naming one row of a `<PropertiesTable
 * content={[...]} />` in the Vercel AI SDK's or Mastra's API reference (MDX).
 * The answer is the section whose own tags hold a row of that name, found
 * in the source (`name: "authToken"`), not by this search. Scored as the
 * natural questions are: the rank of that section among the first ten
 * results, and of its file.
 *
 * These are known items chosen from the tables themselves, not questions
 * written blind: they measure whether the tables' text is found at all.
 *
 * ```sh
 * deno run -A bench/table_rows_bench.ts [--ranking '{"fields": [4, 1.5, 1, 0.5, 1.5]}']
 * ```
 *
 * @module
 */
import { relative } from "node:path";
import { parseArgs } from "node:util";
import { loadWorkspace } from "../mdsel/cache/workspace.ts";
import { sliceLines } from "../mdsel/parse/source_lines.ts";
import { RANKING } from "../mdsel/search/ranking.ts";
import {
  ensureNaturalSets,
  naturalFolder,
  type NaturalSet,
} from "../tests/mdsel/_natural_questions.ts";
import { DEPTH, engineRanker, scoresOf } from "./_natural.ts";

/** Set, query, the row's `name`, the reference page (relative to the set's folder). */
const QUERIES: readonly [NaturalSet, string, string, string][] = [
  ["ai", "streamText onChunk", "onChunk", "07-reference/01-ai-sdk-core/02-stream-text.mdx"],
  [
    "ai",
    "streamText includeRawChunks",
    "includeRawChunks",
    "07-reference/01-ai-sdk-core/02-stream-text.mdx",
  ],
  [
    "ai",
    "createMCPClient initializationOptions",
    "initializationOptions",
    "07-reference/01-ai-sdk-core/23-create-mcp-client.mdx",
  ],
  [
    "ai",
    "useCompletion initialInput",
    "initialInput",
    "07-reference/02-ai-sdk-ui/02-use-completion.mdx",
  ],
  ["ai", "useObject initialValue", "initialValue", "07-reference/02-ai-sdk-ui/03-use-object.mdx"],
  [
    "ai",
    "readUIMessageStream terminateOnError",
    "terminateOnError",
    "07-reference/02-ai-sdk-ui/43-read-ui-message-stream.mdx",
  ],
  [
    "ai",
    "DirectChatTransport sendFinish",
    "sendFinish",
    "07-reference/02-ai-sdk-ui/50-direct-chat-transport.mdx",
  ],
  [
    "ai",
    "customProvider imageModels",
    "imageModels",
    "07-reference/01-ai-sdk-core/42-custom-provider.mdx",
  ],
  ["ai", "useChat requestMetadata", "requestMetadata", "07-reference/02-ai-sdk-ui/01-use-chat.mdx"],
  ["mastra", "LibSQLStore authToken", "authToken", "reference/storage/libsql.mdx"],
  ["mastra", "Mastra idGenerator", "idGenerator", "reference/core/mastra-class.mdx"],
  [
    "mastra",
    "PinoLogger overrideDefaultTransports",
    "overrideDefaultTransports",
    "reference/observability/logging/pino-logger.mdx",
  ],
  ["mastra", "chunk lengthFunction", "lengthFunction", "reference/rag/chunk.mdx"],
  ["mastra", "LibSQLVector syncUrl", "syncUrl", "reference/vectors/libsql.mdx"],
  [
    "mastra",
    "createVectorQueryTool includeVectors",
    "includeVectors",
    "reference/tools/vector-query-tool.mdx",
  ],
  ["mastra", "MCPServer isLatest", "isLatest", "reference/tools/mcp-server.mdx"],
  ["mastra", "run.resume runCount", "runCount", "reference/workflows/run-methods/resume.mdx"],
  [
    "mastra",
    "TurbopufferVector connectTimeout",
    "connectTimeout",
    "reference/vectors/turbopuffer.mdx",
  ],
];

const { values: options } = parseArgs({
  args: Deno.args,
  options: { ranking: { type: "string" } },
});
const ranking = { ...RANKING, ...JSON.parse(options.ranking ?? "{}") };

await ensureNaturalSets();
const ranks: (number | null)[] = [];
const fileRanks: (number | null)[] = [];
for (const set of ["ai", "mastra"] as const) {
  const folder = naturalFolder(set);
  const workspace = await loadWorkspace([folder]);
  const rank = engineRanker(workspace, folder, ranking);
  for (const [inSet, query, name, file] of QUERIES) {
    if (inSet !== set) continue;
    const doc = workspace.docs.find((entry) => relative(folder, entry.filePath) === file);
    if (doc === undefined) throw new Error(`No ${file} in ${folder}`);
    // The answers: the sections (their heading's 1-based line) whose own tags hold the row.
    const row = new RegExp(`name:\\s*['"\`]${name}['"\`]`);
    const answers = new Set<number>();
    let heading = 0;
    for (const node of doc.top.nodes) {
      if (node.kind === "heading") heading = node.startLine + 1;
      if (node.kind === "jsx" && row.test(sliceLines(doc.lines, node.startLine, node.endLine))) {
        answers.add(heading);
      }
    }
    if (answers.size === 0) throw new Error(`No row named ${name} in ${file}`);
    const ranked = rank(query).slice(0, DEPTH);
    const at = ranked.findIndex((result) => result.file === file && answers.has(result.startLine));
    const inFile = ranked.findIndex((result) => result.file === file);
    ranks.push(at === -1 ? null : at + 1);
    fileRanks.push(inFile === -1 ? null : inFile + 1);
    console.log(
      `${String(at === -1 ? "-" : at + 1).padStart(2)} / ${
        String(inFile === -1 ? "-" : inFile + 1).padStart(2)
      }  ${query}  ->  ${ranked.slice(0, 3).map((result) => result.label).join(", ")}`,
    );
  }
}
const hits = (list: (number | null)[], k: number) =>
  list.filter((r) => r !== null && r <= k).length;
const section = scoresOf(ranks);
const files = scoresOf(fileRanks);
console.log(
  `\n${ranks.length} table-row queries: section first ${hits(ranks, 1)}, top 3 ${
    hits(ranks, 3)
  }, top 10 ${hits(ranks, 10)}, MRR ${section.mrr.toFixed(2)}; file first ${
    hits(fileRanks, 1)
  }, top 3 ${hits(fileRanks, 3)}, MRR ${files.mrr.toFixed(2)}`,
);
