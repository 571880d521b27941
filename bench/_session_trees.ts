/**
 * The big trees of the session benchmarks (`session_bench.ts`, `server_session_bench.ts`), each
 * written once into a folder (`tests/_trees.ts`): the Astro-shaped tree, its translated twin and
 * the tldr-shaped tree of the corpus's real text.
 *
 * @module
 */
import { join } from "node:path";
import { ensureCorpus } from "../tests/_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../tests/_mdx_corpus.ts";
import {
  astroTree,
  cachedTree,
  tldrRealTree,
  translatedAstroTree,
  type WrittenTree,
} from "../tests/_trees.ts";

/** The trees, written into `data` unless a run wrote them before. */
export async function sessionTrees(
  data: string,
): Promise<{ astro: WrittenTree; translated: WrittenTree; tldrReal: WrittenTree }> {
  await Deno.mkdir(data, { recursive: true });
  const astro = await cachedTree(
    data,
    "astro",
    async () => astroTree(join(data, "astro"), MDX_CORPUS_DIR, await ensureMdxCorpus()),
  );
  const translated = await cachedTree(
    data,
    "astro-translated",
    () => translatedAstroTree(join(data, "astro-translated"), astro),
  );
  const tldrReal = await cachedTree(data, "tldr-real", async () => {
    const texts = await Promise.all((await ensureCorpus()).map((f) => Deno.readTextFile(f)));
    return tldrRealTree(join(data, "tldr-real"), texts);
  });
  return { astro, translated, tldrReal };
}
