/**
 * Real docs folders for search, none written here, installed from npm the
 * way `tests/_corpus.ts` installs its packages (pinned versions, `npm pack`,
 * into the test cache's `corpus/`), kept apart from that corpus so the token
 * benchmarks' figures do not move:
 *
 * - **Bun's documentation** as `bun-types` ships it: 347 MDX files of a
 *   framework's docs (runtime, bundler, package manager, test runner,
 *   guides), its 1,051 generated lint-rule pages left out.
 * - **mand-mobile's component docs**: 150 component pages in Chinese, each
 *   beside its English translation, for CJK text.
 *
 * @module
 */
import { join } from "node:path";
import { CORPUS_DIR, type CorpusPackage, ensureCorpus } from "./_corpus.ts";

/** Bun's docs (MDX), without the lint-rule pages. */
export const BUN_DOCS: CorpusPackage = {
  name: "bun-types",
  version: "1.4.5",
  include: [
    "docs/bundler/",
    "docs/guides/",
    "docs/pm/",
    "docs/project/",
    "docs/runtime/",
    "docs/snippets/",
    "docs/test/",
    "docs/format/",
    "docs/index.mdx",
    "docs/installation.mdx",
    "docs/quickstart.mdx",
    "docs/typescript.mdx",
  ],
};

/** mand-mobile's component docs: Chinese (`README.md`) and English (`README.en-US.md`). */
export const MAND_MOBILE_DOCS: CorpusPackage = {
  name: "mand-mobile",
  version: "2.7.0",
  include: ["components/", "README.zh-CN.md"],
};

/** The search corpus. */
export const SEARCH_PACKAGES: readonly CorpusPackage[] = [BUN_DOCS, MAND_MOBILE_DOCS];

/**
 * The folder a package of the search corpus is installed in.
 *
 * @param pkg The package.
 * @returns Its folder under the test cache's `corpus/`.
 */
export function searchFolder(pkg: CorpusPackage): string {
  return join(CORPUS_DIR, `${pkg.name}@${pkg.version}`);
}

/**
 * Installs the search corpus when it is not there yet.
 *
 * @returns Absolute paths of its Markdown files, sorted.
 */
export async function ensureSearchCorpus(): Promise<string[]> {
  return await ensureCorpus({ packages: SEARCH_PACKAGES });
}
