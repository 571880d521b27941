// Retrieval on real docs no one here wrote (tests/_corpus.ts): for random
// sections, query three distinctive words of the section's own text and see
// where the section ranks among every section of its package's docs. Then
// the same with a one-letter typo in one word. The figures are printed; the
// floors are the product's promise (90% in the top 3, 75% in the top 5 with
// a typo).
import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { loadWorkspace } from "../../mdsel/cache/workspace.ts";
import type { MdDocument } from "../../mdsel/parse/document.ts";
import { parseSelectInput } from "../../mdsel/query/select_input.ts";
import { formatPath, formatShortPath } from "../../mdsel/query/selector_format.ts";
import { searchDocuments } from "../../mdsel/search/search.ts";
import { CORPUS_DIR, CORPUS_PACKAGES, ensureCorpus } from "../_corpus.ts";
import { keywordQuestions } from "../_keyword_questions.ts";
import { BUN_DOCS, ensureSearchCorpus, MAND_MOBILE_DOCS, searchFolder } from "../_search_corpus.ts";
import { FAMILY_FOLDER, type QueryFamily, REALISTIC_QUERIES } from "./_realistic_queries.ts";
import { seededRng } from "./_generate.ts";

const QUESTIONS_PER_PACKAGE = 15;

Deno.test("retrieval: three distinctive words find their section; a typo barely hurts", async () => {
  await ensureCorpus();
  const rng = seededRng(7);
  const ranks: { plain: number; typo: number }[] = [];
  for (const pkg of CORPUS_PACKAGES) {
    const root = join(CORPUS_DIR, `${pkg.name}@${pkg.version}`);
    const { docs } = await loadWorkspace([root]);
    const questions = keywordQuestions(docs, QUESTIONS_PER_PACKAGE, rng);
    for (const question of questions) {
      const rank = (query: string) => {
        const { hits } = searchDocuments(docs, query, 10);
        const at = hits.findIndex((hit) =>
          formatPath(hit.target.doc.namespace, hit.target.path) === question.target
        );
        return at === -1 ? Infinity : at + 1;
      };
      ranks.push({ plain: rank(question.query), typo: rank(question.typo) });
    }
    assert.ok(docs.length > 0, dirname(root));
  }
  const share = (test: (rank: { plain: number; typo: number }) => boolean) =>
    ranks.filter(test).length / ranks.length;
  const figures = {
    questions: ranks.length,
    first: share((r) => r.plain === 1),
    top3: share((r) => r.plain <= 3),
    typoFirst: share((r) => r.typo === 1),
    typoTop5: share((r) => r.typo <= 5),
  };
  // Said only when an assertion fails: a passing run stays quiet.
  const summary =
    `retrieval over ${figures.questions} questions: first ${(figures.first * 100).toFixed(1)}%, ` +
    `top 3 ${(figures.top3 * 100).toFixed(1)}%; with a typo: first ${
      (figures.typoFirst * 100).toFixed(1)
    }%, top 5 ${(figures.typoTop5 * 100).toFixed(1)}%`;
  assert.ok(figures.questions >= 120, summary);
  assert.ok(figures.top3 >= 0.9, summary);
  assert.ok(figures.typoTop5 >= 0.75, summary);
});

// A realistic table (tests/mdsel/_realistic_queries.ts): what developers type
// into a docs search, over Bun's docs and mand-mobile's Chinese docs, each
// with the section that answers it. None may be rejected as a malformed
// selector; the answer must be in the top 3 for 85% of them, and for 75% of
// every family.
Deno.test("retrieval: realistic queries are searches, and find their section", async () => {
  await ensureSearchCorpus();
  const folders = {
    "bun": searchFolder(BUN_DOCS),
    "mand-mobile": searchFolder(MAND_MOBILE_DOCS),
  } as const;
  const docs = {
    "bun": (await loadWorkspace([folders.bun])).docs,
    "mand-mobile": (await loadWorkspace([folders["mand-mobile"]])).docs,
  };
  const byFamily = new Map<QueryFamily, number[]>();
  const misses: string[] = [];
  for (const row of REALISTIC_QUERIES) {
    const folder = FAMILY_FOLDER[row.family];
    const label = (doc: MdDocument, short: string) =>
      `${relative(folders[folder], doc.filePath)} ${short}`;
    const expected = row.expected.map((entry) => _section(docs[folder], entry, label));
    const input = parseSelectInput(row.query);
    assert.equal(input.kind, "search", `${row.query} was taken for a selector`);
    const query = input.kind === "search" ? input.query : "";
    const { hits } = searchDocuments(docs[folder], query, 10);
    const labels = hits.map((hit) => label(hit.target.doc, formatShortPath(hit.target.path)));
    const at = labels.findIndex((found) => expected.includes(found));
    const rank = at === -1 ? Infinity : at + 1;
    if (rank > 3) misses.push(`${row.query}: ${labels.slice(0, 3).join(", ")}`);
    byFamily.set(row.family, [...(byFamily.get(row.family) ?? []), rank]);
  }
  const top3 = (ranks: number[]) => ranks.filter((rank) => rank <= 3).length / ranks.length;
  const all = [...byFamily.values()].flat();
  const summary = `realistic queries: ${all.length}, top 3 ${(top3(all) * 100).toFixed(1)}%; ` +
    [...byFamily].map(([family, ranks]) => `${family} ${(top3(ranks) * 100).toFixed(0)}%`)
      .join(", ") +
    `; missed: ${misses.join("; ")}`;
  assert.ok(all.length >= 60, summary);
  assert.ok(top3(all) >= 0.85, summary);
  for (const ranks of byFamily.values()) assert.ok(top3(ranks) >= 0.75, summary);
});

// "How do I <verb> X?": the docs answer under "Changing the port" or "Test
// timeouts", seldom with the asker's verb; a section without it must not
// lose to one that happens to hold it (Bun's Jest migration page, holding
// "configure", "test" and "timeout", was the only result of the first).
Deno.test("retrieval: a question's verb is not held against the section that answers it", async () => {
  await ensureSearchCorpus();
  const folder = searchFolder(BUN_DOCS);
  const docs = (await loadWorkspace([folder])).docs;
  const label = (doc: MdDocument, short: string) => `${relative(folder, doc.filePath)} ${short}`;
  const questions: [string, string[]][] = [
    ["how do I configure the test timeout", [
      "docs/guides/test/timeout.mdx intro",
      "docs/test/runtime-behavior.mdx > Global Timeout",
      "docs/test/writing-tests.mdx > Timeouts",
    ]],
    ["how do I change the port", [
      "docs/runtime/bunfig.mdx > serve.port",
      "docs/runtime/http/server.mdx > Changing the port and hostname",
    ]],
    ["how do I change the port of the server?", [
      "docs/runtime/http/server.mdx > Changing the port and hostname",
    ]],
    ["how can I change the default test runner timeout?", [
      "docs/guides/test/timeout.mdx intro",
      "docs/test/runtime-behavior.mdx > Global Timeout",
    ]],
  ];
  for (const [query, entries] of questions) {
    const expected = entries.map((entry) => _section(docs, entry, label));
    const { hits } = searchDocuments(docs, query, 10);
    const labels = hits.map((hit) => label(hit.target.doc, formatShortPath(hit.target.path)));
    assert.ok(labels.slice(0, 3).some((found) => expected.includes(found)), `${query}: ${labels}`);
  }
});

// The section an expectation of the table names: `file > heading text`
// (exactly one heading with that text), `file intro` or `file h3.9`.
function _section(
  docs: readonly MdDocument[],
  entry: string,
  label: (doc: MdDocument, short: string) => string,
): string {
  const match = /^(\S+) (?:> (.+)|(intro|h[1-6]\.\d+))$/.exec(entry);
  assert.ok(match !== null, `malformed expectation ${entry}`);
  const doc = docs.find((doc) => label(doc, "").trimEnd() === match[1]);
  assert.ok(doc !== undefined, `no file ${match[1]}`);
  if (match[3] !== undefined) return label(doc, match[3]);
  const { nodes, ordinals } = doc.top;
  const found = nodes.flatMap((node, i) =>
    node.kind === "heading" && node.text === match[2] ? [`h${node.depth}.${ordinals[i]}`] : []
  );
  assert.equal(found.length, 1, `${entry}: ${found.length} headings with that text`);
  return label(doc, found[0]);
}
