/**
 * Natural questions over real documentation (issue 25): 97 questions as
 * developers ask them (how-to, concept, API name, error message, config),
 * written before their documentation was read
 * (`fixtures/natural/questions_written_blind.json.txt`, with when and its
 * hash in `written_blind.txt`), then answered by hand: for each, the one to
 * three sections that answer it, best first, found by reading the docs with
 * grep, never with this project's search.
 *
 * Four documentation sets, installed from npm by the corpora the tests
 * already use: Bun's docs (MDX), the Vercel AI SDK's (MDX), Mastra's (MDX
 * and Markdown) and Fastify's (Markdown).
 *
 * @module
 */
import { join } from "node:path";
import { CORPUS_DIR, ensureCorpus } from "../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../_mdx_corpus.ts";
import { BUN_DOCS, ensureSearchCorpus, searchFolder } from "../_search_corpus.ts";

/** The documentation sets. */
export type NaturalSet = "bun" | "ai" | "mastra" | "fastify";

/** What a question asks for. */
export type NaturalFamily = "how-to" | "concept" | "api" | "error" | "config";

/** A section that answers a question. */
export interface NaturalAnswer {
  /** The file, relative to its set's folder. */
  readonly file: string;
  /** The heading's line, 1-based (for an intro: its first line of text). */
  readonly line: number;
  /** The heading's text, or `null` for the text before the first heading. */
  readonly heading: string | null;
}

/** One question and its answers, best first. */
export interface NaturalQuestion {
  /** `bun-01`. */
  readonly id: string;
  /** Its documentation set. */
  readonly set: NaturalSet;
  /** What it asks for. */
  readonly family: NaturalFamily;
  /** As a developer typed it. */
  readonly question: string;
  /** The sections that answer it, best first. */
  readonly answers: readonly NaturalAnswer[];
}

/** Every question, in the order written. */
export const NATURAL_QUESTIONS: readonly NaturalQuestion[] = JSON.parse(
  await Deno.readTextFile(new URL("./fixtures/natural/questions.json", import.meta.url)),
);

/** The sets, in the order of the questions. */
export const NATURAL_SETS: readonly NaturalSet[] = ["bun", "ai", "mastra", "fastify"];

/**
 * The folder of a documentation set.
 *
 * @param set The set.
 * @returns Its folder (installed by {@linkcode ensureNaturalSets}).
 */
export function naturalFolder(set: NaturalSet): string {
  switch (set) {
    case "bun":
      return join(searchFolder(BUN_DOCS), "docs");
    case "ai":
      return join(MDX_CORPUS_DIR, "ai@6.0.326", "docs");
    case "mastra":
      return join(MDX_CORPUS_DIR, "@mastra", "mcp-docs-server@0.13.31", ".docs", "raw");
    case "fastify":
      return join(CORPUS_DIR, "fastify@5.12.8", "docs");
  }
}

/** Installs the corpora that hold the four sets, when missing. */
export async function ensureNaturalSets(): Promise<void> {
  await Promise.all([ensureCorpus(), ensureMdxCorpus(), ensureSearchCorpus()]);
}
