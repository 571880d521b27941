// The broad search benchmark's parts that need no download (bench/_docs_sets.ts,
// bench/_known_items.ts, bench/_route.ts): the split rule, the committed split,
// the sets' descriptions, known items on a small folder, the hand route.
import assert from "node:assert/strict";
import { parseDocument } from "../../mdsel/parse/markdown_nodes.ts";
import { parseQuery } from "../../mdsel/search/query.ts";
import {
  assignSplit,
  callerWords,
  type DocsQuestion,
  type DocsSetSpec,
  EXISTING_SETS,
  readSetSpecs,
  readSplit,
  withCallerWords,
} from "../../bench/_docs_sets.ts";
import { KNOWN_KINDS, knownItems, setRng } from "../../bench/_known_items.ts";
import { handCost, locate, questionWords } from "../../bench/_route.ts";
import { splitLines } from "../../bench/_tokens.ts";

const spec = (id: string, kind: DocsSetSpec["kind"]): DocsSetSpec => ({
  id,
  kind,
  source: { npm: id, version: "1.0.0" },
  folder: "docs",
  description: id,
});

Deno.test("split: the existing sets tune; new ones balance each kind, then the halves; none moves", async () => {
  const specs = [
    ...EXISTING_SETS,
    spec("m1", "mdx"),
    spec("g1", "github"),
    spec("g2", "github"),
    spec("b1", "mdbook"),
    spec("b2", "mdbook"),
  ];
  const sets = await assignSplit(specs, {});
  for (const existing of EXISTING_SETS) assert.equal(sets[existing.id], "tune");
  // Three MDX sets tune already: the new one tests.
  assert.equal(sets.m1, "test");
  // One GitHub set tunes: the first new one tests, the second breaks the tie toward the half
  // with fewer sets (the test half's 1 to the tuning half's 4).
  assert.deepEqual([sets.g1, sets.g2], ["test", "test"]);
  // No mdBook set yet: one each way.
  assert.deepEqual([sets.b1, sets.b2].sort(), ["test", "tune"]);
  // The same input, the same split; a set already assigned stays.
  assert.deepEqual(await assignSplit(specs, {}), sets);
  const moved = await assignSplit(specs, { ...sets, m1: "tune" });
  assert.equal(moved.m1, "tune");
});

Deno.test("split.json names every set, with the four of issue 25 in the tuning half", async () => {
  const specs = await readSetSpecs();
  const split = await readSplit();
  for (const set of specs) assert.ok(split[set.id] === "tune" || split[set.id] === "test", set.id);
  for (const existing of EXISTING_SETS) assert.equal(split[existing.id], "tune");
  assert.deepEqual(await assignSplit(specs, split), split);
});

const FOLDER = "/docs";
// Letters only, distinct for each page and section: "bc", "bd", ...
const tag = (n: number) => String.fromCharCode(98 + Math.floor(n / 20), 98 + (n % 20));
const PAGE = (n: number) =>
  `# Page ${n}\n\nIntro of page ${n}.\n\n` +
  Array.from({ length: 12 }, (_, i) => {
    const t = tag(n * 12 + i);
    return `## Configure widget${t} rotation\n\n` +
      `Set \`widget${tag(n)}.spin${t}()\` to turn the gadget${t} quickly, then ` +
      `the frobnicate${t} lever holds ${t}steady once rotated fully around.\n`;
  }).join("\n");

Deno.test("known items: the four kinds in turn, the same for a seed, each naming its section", () => {
  const docs = [1, 2, 3].map((n) => parseDocument(PAGE(n), `p${n}`, `${FOLDER}/p${n}.md`));
  const items = knownItems("demo", docs, FOLDER, 12, setRng(7, "demo"));
  assert.equal(items.length, 12);
  assert.deepEqual(items.slice(0, 4).map((item) => item.kind), KNOWN_KINDS);
  assert.deepEqual(knownItems("demo", docs, FOLDER, 12, setRng(7, "demo")), items);
  for (const item of items) {
    const [answer] = item.answers;
    const doc = docs.find((doc) => doc.filePath === `${FOLDER}/${answer.file}`)!;
    const lines = splitLines(doc.lines.text);
    assert.equal(lines[answer.line - 1], `## ${answer.heading}`, item.id);
    const section = lines.slice(answer.line - 1, answer.line + 3).join("\n").toLowerCase();
    if (item.kind === "words") {
      for (const word of item.query.split(" ")) assert.ok(section.includes(word), item.query);
    } else if (item.kind === "identifier") {
      assert.match(item.query, /^widget[a-z]+\.spin[a-z]+\(\) [a-z]+$/);
    } else if (item.kind === "how do I") {
      assert.match(item.query, /^how do I widget[a-z]+$/);
    } else {
      assert.match(item.query, /^"[\w ]+"$/);
      assert.ok(section.includes(item.query.slice(1, -1).toLowerCase()), item.query);
    }
  }
});

Deno.test("route: an answer is located; the hand route greps, lists the headings, reads its lines", () => {
  const text = "# A\n\nintro\n\n## Rotate\n\nturn it\n\n## Other\n\nmore\n";
  const doc = parseDocument(text, "a", `${FOLDER}/a.md`);
  const located = locate(doc, { file: "a.md", line: 5, heading: "Rotate" })!;
  assert.deepEqual([located.first, located.last, located.intro], [5, 7, false]);
  assert.equal(locate(doc, { file: "a.md", line: 6, heading: "Rotate" }), undefined);
  const files = new Map([[doc.filePath, splitLines(text)]]);
  // grep 'turn' (a.md:7:turn it), the headings (three lines), Read lines 5-8, 400 each.
  const grep = "a.md:7:turn it".length;
  const outline = "1:# A\n5:## Rotate\n9:## Other".length;
  const read = "     5\t## Rotate\n     6\t\n     7\tturn it\n     8\t".length;
  assert.equal(
    handCost(files, FOLDER, [located], ["turn", "rotate"]),
    grep + outline + read + 1200,
  );
  assert.deepEqual(questionWords("How do I rotate the widget.spin() quickly?"), [
    "rotate",
    "widget.spin",
    "quickly",
  ]);
});

Deno.test("each new set: its blind questions keep their hash; its judged questions are well formed", async () => {
  const sha256 = async (text: string) =>
    [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
      .map((byte) => byte.toString(16).padStart(2, "0")).join("");
  for (const set of await readSetSpecs()) {
    if (EXISTING_SETS.includes(set)) continue;
    const dir = new URL(`../../bench/docs_sets/${set.id}/`, import.meta.url);
    const blind = await Deno.readTextFile(new URL("questions_written_blind.json.txt", dir));
    const stamp = await Deno.readTextFile(new URL("written_blind.txt", dir));
    assert.ok(stamp.includes(await sha256(blind)), `${set.id}: the hash of its blind questions`);
    let questions: DocsQuestion[] = [];
    try {
      questions = JSON.parse(await Deno.readTextFile(new URL("questions.json", dir)));
    } catch (error) {
      // Not judged yet.
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    assert.equal(new Set(questions.map((q) => q.id)).size, questions.length, set.id);
    for (const question of questions) {
      assert.equal(question.set, set.id, question.id);
      assert.ok(question.question.length > 0, question.id);
      for (const answer of question.answers) {
        assert.ok(!answer.file.startsWith("/") && answer.line >= 1, question.id);
        assert.ok(answer.heading === null || typeof answer.heading === "string", question.id);
      }
    }
  }
});

Deno.test("caller's words: every question of every set has them, as written blind, in the form asked", async () => {
  const dir = new URL("../../bench/docs_sets/caller_words/", import.meta.url);
  const stamp = await Deno.readTextFile(new URL("written_blind.txt", dir));
  const old = JSON.parse(
    await Deno.readTextFile(
      new URL("../mdsel/fixtures/natural/questions.json", import.meta.url),
    ),
  );
  for (const set of await readSetSpecs()) {
    const text = await Deno.readTextFile(new URL(`${set.id}.json`, dir));
    const hash = [
      ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
    ].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    assert.ok(stamp.includes(`${hash}  ${set.id}.json`), `${set.id}: the hash of its words`);
    const blind: { id: string; question: string }[] = EXISTING_SETS.includes(set)
      ? old.filter((q: { set: string }) => q.set === set.id)
      : JSON.parse(
        await Deno.readTextFile(
          new URL(
            `../../bench/docs_sets/${set.id}/questions_written_blind.json.txt`,
            import.meta.url,
          ),
        ),
      );
    const words = await callerWords(set.id);
    assert.deepEqual([...words.keys()], blind.map((q) => q.id), set.id);
    for (const q of blind) {
      const { keywords, passage } = words.get(q.id)!;
      const count = (text: string) => text.trim().split(/\s+/).length;
      assert.ok(count(keywords) >= 4 && count(keywords) <= 12, q.id);
      assert.ok(count(passage) >= 40 && count(passage) <= 80, q.id);
      // The search reads the caller's words as such: the question is all that comes before them.
      const query = parseQuery(withCallerWords(q.question, keywords));
      assert.ok(query.asked.length <= q.question.trimEnd().length + 1, q.id);
    }
  }
});
