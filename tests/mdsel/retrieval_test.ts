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
import { searchDocuments, searchTerms } from "../../mdsel/query/search.ts";
import { CORPUS_DIR, CORPUS_PACKAGES, ensureCorpus } from "../_corpus.ts";
import { seededRng } from "./_generate.ts";

const QUESTIONS_PER_PACKAGE = 15;

interface Question {
  query: string;
  typo: string;
  target: string;
}

/** A section's own words: its text before its first subsection, words of letters only. */
function ownWords(text: string): string[] {
  return searchTerms(text.replace(/\]\([^)]*\)/g, "]")).filter((word) => /^\p{L}{4,}$/u.test(word));
}

function withTypo(word: string, rng: { int(min: number, max: number): number }): string {
  const at = rng.int(1, word.length - 1);
  const letters = "abcdefghijklmnopqrstuvwxyz".replace(word[at], "");
  return word.slice(0, at) + letters[rng.int(0, letters.length - 1)] + word.slice(at + 1);
}

Deno.test("retrieval: three distinctive words find their section; a typo barely hurts", async () => {
  await ensureCorpus();
  const rng = seededRng(7);
  const ranks: { plain: number; typo: number }[] = [];
  for (const pkg of CORPUS_PACKAGES) {
    const root = join(CORPUS_DIR, `${pkg.name}@${pkg.version}`);
    const { docs } = await loadWorkspace([root]);
    // How many sections each word appears in, to tell distinctive words.
    const sections = docs.flatMap((doc) => {
      const { nodes, sectionEnds } = doc.top;
      return nodes.flatMap((node, i) => {
        if (node.kind !== "heading") return [];
        let own = i + 1;
        while (own < sectionEnds[i] && nodes[own].kind !== "heading") own++;
        if (own === i + 1) return [];
        const text = doc.lines.text.slice(
          doc.lines.starts[nodes[i + 1].startLine],
          doc.lines.ends[nodes[own - 1].endLine],
        );
        const path = [{
          type: { kind: "heading" as const, depth: node.depth },
          index: doc.top.ordinals[i],
        }];
        return [{ selector: formatPath(doc.namespace, path), words: new Set(ownWords(text)) }];
      });
    });
    const spread = new Map<string, number>();
    for (const section of sections) {
      for (const word of section.words) spread.set(word, (spread.get(word) ?? 0) + 1);
    }
    const questions: Question[] = [];
    for (let tries = 0; questions.length < QUESTIONS_PER_PACKAGE && tries < 1000; tries++) {
      const section = sections[rng.int(0, sections.length - 1)];
      // Distinctive: in at most 3 sections of the package.
      const candidates = [...section.words].filter((word) => spread.get(word)! <= 3);
      if (candidates.length < 3) continue;
      const picked: string[] = [];
      while (picked.length < 3) {
        const word = candidates[rng.int(0, candidates.length - 1)];
        if (!picked.includes(word)) picked.push(word);
      }
      const typoAt = rng.int(0, 2);
      const typo = picked.map((word, i) => (i === typoAt ? withTypo(word, rng) : word));
      questions.push({ query: picked.join(" "), typo: typo.join(" "), target: section.selector });
    }
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
  console.log(
    `retrieval over ${figures.questions} questions: first ${(figures.first * 100).toFixed(1)}%, ` +
      `top 3 ${(figures.top3 * 100).toFixed(1)}%; with a typo: first ${
        (figures.typoFirst * 100).toFixed(1)
      }%, top 5 ${(figures.typoTop5 * 100).toFixed(1)}%`,
  );
  assert.ok(figures.questions >= 120, `${figures.questions} questions`);
  assert.ok(figures.top3 >= 0.9, `top 3: ${figures.top3}`);
  assert.ok(figures.typoTop5 >= 0.75, `typo top 5: ${figures.typoTop5}`);
});
