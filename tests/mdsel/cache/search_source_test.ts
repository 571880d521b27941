// The search data of a call's files through the cache: what the postings give
// back for any query is exactly what deriving it from the parsed documents
// gives (terms, their order and places, lengths, sections), over real files of
// both corpora (the MDX files read fast, agreeing with MDX's parse); a held file's document is its parsed document, built when first
// asked for; a file changed after the call looked it up is never answered
// from the cache.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { CacheSettings } from "../../../mdsel/settings/cache_settings.ts";
import { CacheChangedError } from "../../../mdsel/cache/call_cache.ts";
import type { SearchFiles } from "../../../mdsel/cache/search_source.ts";
import { loadWorkspace, type Workspace } from "../../../mdsel/cache/workspace.ts";
import { type SearchData, searchData } from "../../../mdsel/search/data.ts";
import { termMatcher, termSpecs } from "../../../mdsel/search/match.ts";
import { parseQuery, QueryError } from "../../../mdsel/search/query.ts";
import { RANKING } from "../../../mdsel/search/ranking.ts";
import { CORPUS_DIR, ensureCorpus } from "../../_corpus.ts";
import { fc } from "../../_fast_check.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";
import { settle } from "./_cache.ts";
import { modelOf } from "../_docs.ts";
import { withTempDir } from "../_cli.ts";
import { ensureSearchCorpus } from "../../_search_corpus.ts";

await ensureCorpus();
await ensureSearchCorpus();
await ensureMdxCorpus();

/** Folders of both corpora: English and Chinese Markdown, MDX. */
const FOLDERS = [
  join(CORPUS_DIR, "fastify@5.12.8"),
  join(CORPUS_DIR, "mand-mobile@2.7.0"),
  join(MDX_CORPUS_DIR, "@voltagent"),
];

/** Search data as plain data, its terms in order; a section's node index is the reader's own. */
function plain(data: SearchData): unknown {
  const sections = data.sections.map(({ node: _node, ...section }) => section);
  return { ...data, sections, terms: [...data.terms] };
}

/** A workspace of a search through the cache. */
async function searchWorkspace(cache: CacheSettings): Promise<Workspace> {
  return await loadWorkspace(FOLDERS, { maxBytes: 64_000_000, cache, search: true });
}

/** The query's terms and which document terms it reaches, as a search asks. */
function reach(query: string) {
  const specs = termSpecs(parseQuery(query), RANKING.aside);
  const match = termMatcher(specs);
  return { specs, keep: (term: string) => match(term).length > 0 };
}

Deno.test("search files: the postings give back what deriving gives, for any query", async () => {
  await withTempDir({}, async (dir) => {
    await settle(...FOLDERS);
    const cache = { dir, maxBytes: 1e9, warnings: [] };
    const { docs } = await loadWorkspace(FOLDERS, { maxBytes: 64_000_000 });
    // Cold: every file parsed, derived for the query only (as without the cache), its record written.
    const first = reach("install");
    const cold = await searchWorkspace(cache);
    const derived = cold.search!.dataFor(cold.docs, first.specs, first.keep).data;
    assert.deepEqual(derived.map(plain), docs.map((doc) => plain(searchData(doc, first.keep))));
    cold.finish!();
    // Then every Markdown file rebuilt from its record, derived in full, and written; the MDX files,
    // read fast, were written by the cold call.
    const second = await searchWorkspace(cache);
    const held = second.docs.map((
      doc,
      i,
    ) => [doc.filePath.endsWith(".mdx"), (second.search as SearchFiles).holds(i)]);
    assert.ok(held.every(([mdx, holds]) => mdx === holds), "the MDX files held");
    const rebuilt = second.search!.dataFor(second.docs, first.specs, first.keep).data;
    assert.deepEqual(rebuilt.map(plain), derived.map(plain));
    second.finish!();
    // Warm: every file held, none read.
    const warm = await searchWorkspace(cache);
    const files = warm.search as SearchFiles;
    assert.ok(warm.docs.every((_, i) => files.holds(i)), "every file is held");
    // Words of the files as written, begun, mistyped, swapped, in other forms, with identifiers and Chinese.
    const words = [...new Set(docs.flatMap((doc) => [...searchData(doc).terms.keys()]))]
      .filter((term) => !term.startsWith("~")).sort().filter((_, i) => i % 7 === 0);
    const forms = [
      (word: string) => word,
      (word: string) => word.slice(0, Math.max(3, word.length - 2)),
      (word: string) => word.slice(0, 1) + word.slice(2),
      (word: string) => word.slice(0, 2) + "x" + word.slice(2),
      (word: string) => word.length < 2 ? word : word[1] + word[0] + word.slice(2),
      (word: string) => `${word}s`,
      (word: string) => `${word}ing`,
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...words), fc.nat(forms.length - 1)), {
          minLength: 1,
          maxLength: 3,
        }),
        (picked) => {
          const query = picked.map(([word, form]) => forms[form](word)).join(" ");
          let asked;
          try {
            asked = reach(query);
          } catch (error) {
            if (error instanceof QueryError) return; // only common words
            throw error;
          }
          const held = warm.search!.dataFor(warm.docs, asked.specs, asked.keep).data;
          const expected = docs.map((doc) => plain(searchData(doc, asked.keep)));
          assert.deepEqual(held.map(plain), expected, query);
        },
      ),
      { numRuns: 30 },
    );
    warm.finish!();
  });
});

Deno.test("search files: a held file's document is built when asked for, the parsed document", async () => {
  await withTempDir({
    "docs/a.md": "# A\n\nOne.\n\n> ## Quoted\n",
    "docs/b.mdx": "# B\n\n<X>two</X>\n",
  }, async (dir) => {
    const docs = join(dir, "docs");
    const cache = { dir: join(dir, "cache"), maxBytes: 1e9, warnings: [] };
    await settle(docs);
    const cold = await loadWorkspace([docs], { maxBytes: 1e6, cache, search: true });
    const parsed = cold.docs.map(modelOf);
    cold.search!.dataFor(cold.docs, [], () => false);
    cold.finish!();
    // The call after the parse writes the Markdown file's search data, from its record; the MDX
    // file's, read fast, was written at once (its document is parsed when asked for).
    const second = await loadWorkspace([docs], { maxBytes: 1e6, cache, search: true });
    const held = second.search as SearchFiles;
    assert.deepEqual(second.docs.map((_, i) => held.holds(i)), [false, true]);
    second.search!.dataFor(second.docs, [], () => false);
    second.finish!();
    const warm = await loadWorkspace([docs], { maxBytes: 1e6, cache, search: true });
    assert.ok(warm.docs.every((_, i) => (warm.search as SearchFiles).holds(i)));
    assert.deepEqual(warm.docs.map((doc) => doc.namespace), ["a", "b"]);
    assert.deepEqual(warm.docs.map(modelOf), parsed);
    warm.finish!();
    // Changed after the call looked it up (the same size, its times put back): not answered from the cache.
    const again = await loadWorkspace([docs], { maxBytes: 1e6, cache, search: true });
    const a = join(docs, "a.md");
    const { atime, mtime } = await Deno.stat(a);
    await Deno.writeTextFile(a, "# Z\n\nOne.\n\n> ## Quoted\n");
    await Deno.utime(a, atime!, mtime!);
    assert.throws(() => again.docs[0].top, CacheChangedError);
    again.finish!();
    // The same of a held MDX file without a document record.
    const mdx = await loadWorkspace([docs], { maxBytes: 1e6, cache, search: true });
    const b = join(docs, "b.mdx");
    const times = await Deno.stat(b);
    await Deno.writeTextFile(b, "# Y\n\n<X>two</X>\n");
    await Deno.utime(b, times.atime!, times.mtime!);
    assert.ok((mdx.search as SearchFiles).holds(1));
    assert.throws(() => mdx.docs[1].top, CacheChangedError);
    mdx.finish!();
  });
});

Deno.test("search files: a held file removed after the look-up is a changed cache, not an error", async () => {
  await withTempDir({
    "docs/a.md": "# A\n\nOne.\n",
    "docs/b.mdx": "# B\n\n<X>two</X>\n",
  }, async (dir) => {
    const docs = join(dir, "docs");
    const cache = { dir: join(dir, "cache"), maxBytes: 1e9, warnings: [] };
    await settle(docs);
    // Until both are held: the Markdown file from its document record, the MDX file without one.
    for (let i = 0; i < 2; i++) {
      const call = await loadWorkspace([docs], { maxBytes: 1e6, cache, search: true });
      call.search!.dataFor(call.docs, [], () => false);
      call.finish!();
    }
    for (const [i, name] of ["a.md", "b.mdx"].entries()) {
      const held = await loadWorkspace([docs], { maxBytes: 1e6, cache, search: true });
      assert.ok((held.search as SearchFiles).holds(i), name);
      const path = join(docs, name);
      const text = await Deno.readTextFile(path);
      await Deno.remove(path);
      // The call is answered again without the cache, whose walk no longer finds it.
      assert.throws(() => held.docs[i].top, CacheChangedError, name);
      held.finish!();
      await Deno.writeTextFile(path, text);
    }
  });
});
