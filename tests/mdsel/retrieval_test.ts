// Retrieval on real docs no one here wrote (tests/_corpus.ts): for random
// sections, query three distinctive words of the section's own text and see
// where the section ranks among every section of its package's docs. Then
// the same with a one-letter typo in one word. The figures are printed; the
// floors are the product's promise (90% in the top 3, 75% in the top 5 with
// a typo).
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { loadWorkspace } from "../../mdsel/io/workspace.ts";
import { formatPath } from "../../mdsel/query/selector.ts";
import { searchDocuments } from "../../mdsel/query/search.ts";
import { CORPUS_DIR, CORPUS_PACKAGES, ensureCorpus } from "../_corpus.ts";
import { keywordQuestions } from "../_keyword_questions.ts";
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
