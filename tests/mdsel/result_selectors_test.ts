// Every selector the engine prints selects what its line describes (issue
// 26), over every test corpus, Markdown and MDX, none of it written here:
//
// - a search result's selector (JSON) and its label (text) select the section
//   the result names: the same first and last lines, the same words (as the
//   JSON index counts them), the same heading;
// - an outline line (`index --lines`) selects the lines it gives, with the
//   words it shows;
// - the guard's outline, the same lines within its budget, likewise.
//
// The searches are three words drawn from random sections (seeded), run
// in-process over each package's folder.
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileOutline } from "../../mdsel/commands/file_outline.ts";
import { GUARD_MAX_CHARS } from "../../hooks/guard.ts";
import { CORPUS_DIR, CORPUS_PACKAGES, type CorpusPackage, ensureCorpus } from "../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR, MDX_CORPUS_PACKAGES } from "../_mdx_corpus.ts";
import { ensureSearchCorpus, SEARCH_PACKAGES, searchFolder } from "../_search_corpus.ts";
import { indexDocument } from "../../mdsel/commands/index_command.ts";
import { indexText } from "../../mdsel/commands/render_text.ts";
import { searchLines } from "../../mdsel/commands/search_answer.ts";
import { searchWorkspace } from "../../mdsel/commands/search_command.ts";
import {
  DEFAULT_SELECT_SETTINGS,
  selectAllInWorkspace,
  type SelectMatch,
} from "../../mdsel/commands/select_command.ts";
import { loadWorkspace, type Workspace } from "../../mdsel/cache/workspace.ts";
import type { MdDocument } from "../../mdsel/parse/document.ts";
import { parseSelectInput } from "../../mdsel/query/select_input.ts";

const SEED = Number(Deno.env.get("FC_SEED") ?? 20261125);
/** Searches per package folder. */
const SEARCHES = Number(Deno.env.get("RESULT_SEARCHES") ?? 4);

/** Every package folder of the three corpora. */
async function folders(): Promise<string[]> {
  await Promise.all([ensureCorpus(), ensureMdxCorpus(), ensureSearchCorpus()]);
  const at = (dir: string) => (pkg: CorpusPackage) => join(dir, `${pkg.name}@${pkg.version}`);
  return [
    ...CORPUS_PACKAGES.map(at(CORPUS_DIR)),
    ...MDX_CORPUS_PACKAGES.map(at(MDX_CORPUS_DIR)),
    ...SEARCH_PACKAGES.map(searchFolder),
  ];
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The one match of a selector (as the text or JSON printed it), read whole. */
function selectWhole(workspace: Workspace, selector: string): SelectMatch {
  const input = parseSelectInput(selector);
  assert.equal(input.kind, "selectors", `${selector} is a selector`);
  if (input.kind !== "selectors") throw new Error("unreachable");
  const outcome = selectAllInWorkspace(input.selectors, workspace, { full: true });
  assert.deepEqual(outcome.unresolved, [], selector);
  assert.equal(outcome.answers.length, 1, `${selector}: one match`);
  return outcome.answers[0].match;
}

/** What the JSON index says of the section a selector names: its lines, words and heading. */
function indexed(doc: MdDocument, selector: string) {
  const index = indexDocument(doc, { words: 2000, chars: 16000 });
  if (selector.endsWith("::intro")) {
    assert.ok(index.root !== null, `${selector}: the index has an intro`);
    const nodes = doc.top.nodes.slice(0, index.root.children_count);
    return {
      words: index.root.word_count,
      start: nodes[0].startLine + 1,
      end: nodes[nodes.length - 1].endLine + 1,
      heading: null,
    };
  }
  const heading = index.headings.find((entry) => entry.selector === selector);
  assert.ok(heading !== undefined, `${selector} is in the index`);
  return {
    words: heading.section_word_count,
    start: heading.start_line,
    end: heading.end_line,
    heading: heading.text,
  };
}

Deno.test("every search result's selector and label select the section the result describes", async () => {
  const next = random(SEED);
  let checked = 0;
  for (const folder of await folders()) {
    const workspace = await loadWorkspace([folder]);
    const docs = workspace.docs.filter((doc) => doc.top.nodes.some((n) => n.words > 5));
    for (let s = 0; s < SEARCHES && docs.length > 0; s++) {
      const doc = docs[Math.floor(next() * docs.length)];
      const words = [...doc.lines.text.matchAll(/(?<![\w.])[A-Za-z]{4,}(?![\w.])/g)].map((m) =>
        m[0]
      );
      if (words.length < 3) continue;
      const start = Math.floor(next() * Math.max(1, words.length - 40));
      const pick = () => words[start + Math.floor(next() * Math.min(40, words.length - start))];
      const query = [pick(), pick(), pick()].join(" ");
      const outcome = searchWorkspace(query, null, workspace, DEFAULT_SELECT_SETTINGS);
      const results = outcome.search?.results ?? [];
      // Every result line with its size (as MDSEL_SIZE_WORDS=0 shows them), to compare it.
      const text = searchLines(outcome.search!, 0);
      for (const result of results) {
        const where = `${folder} "${query}": ${result.selector}`;
        const namespace = result.selector.slice(0, result.selector.indexOf("::"));
        const owner = workspace.docs.find((d) => d.namespace === namespace)!;
        const expected = indexed(owner, result.selector);
        // The result says what the index says of that section.
        assert.equal(result.word_count, expected.words, `${where}: words`);
        assert.equal(result.start_line, expected.start, `${where}: first line`);
        assert.equal(result.end_line, expected.end, `${where}: last line`);
        if (expected.heading === null) assert.match(result.selector, /::intro$/, where);
        else assert.equal(result.heading_path.at(-1), expected.heading, `${where}: heading`);
        // Selecting its selector, or the label the text prints, gives those lines.
        const line = text.find((l) =>
          l.trimStart().startsWith(`${result.label} `) &&
          l.endsWith(` [${result.word_count} words]`)
        );
        assert.ok(line !== undefined, `${where}: a text line for ${result.label}`);
        for (const selector of [result.selector, result.label]) {
          const match = selectWhole(workspace, selector);
          assert.equal(match.start_line, result.start_line, `${where}: ${selector} first line`);
          assert.equal(match.end_line, result.end_line, `${where}: ${selector} last line`);
        }
        checked++;
      }
    }
  }
  assert.ok(checked > 100, `${checked} results checked`);
});

/** The selectors, line ranges and shown words of an outline printed with `--lines`. */
function outlineRanges(
  text: string,
): { label: string; start: number; end: number; words?: number }[] {
  const ranges = [];
  for (const line of text.split("\n")) {
    const match = /^ *(intro|h[1-6]\.\d+) (?:.* )?L(\d+)-(\d+)(?: \[(\d+) words[,\]])?/.exec(line);
    if (match === null) continue;
    ranges.push({
      label: match[1],
      start: Number(match[2]),
      end: Number(match[3]),
      ...(match[4] === undefined ? {} : { words: Number(match[4]) }),
    });
  }
  return ranges;
}

Deno.test("every outline line with its line range selects exactly those lines and words, guard's too", async () => {
  let checked = 0;
  let guarded = 0;
  for (const folder of await folders()) {
    const workspace = await loadWorkspace([folder]);
    for (const doc of workspace.docs) {
      const one: Workspace = { docs: [doc], errors: [], warnings: [] };
      const item = { doc, index: indexDocument(doc, { words: 2000, chars: 16000 }) };
      const full = indexText([item], [], {
        ...DEFAULT_SELECT_SETTINGS,
        full: true,
        lines: true,
      });
      const ranges = outlineRanges(full);
      assert.equal(
        ranges.length,
        item.index.headings.length + (full.includes("\nintro L") ? 1 : 0),
        `${doc.filePath}: every heading has a range`,
      );
      for (const range of ranges) {
        const match = selectWhole(one, range.label);
        const where = `${doc.filePath} ${range.label}`;
        assert.equal(match.start_line, range.start, `${where}: first line`);
        assert.equal(match.end_line, range.end, `${where}: last line`);
        if (range.words !== undefined) {
          const canonical = match.selector;
          assert.equal(indexed(doc, canonical).words, range.words, `${where}: words`);
        }
        checked++;
      }
      // The guard answers big files with the same outline, within its budget.
      if (doc.top.wordPrefix[doc.top.nodes.length] > 2000) {
        const outline = await fileOutline(doc.filePath, GUARD_MAX_CHARS);
        const ranges = outlineRanges(outline.text);
        // Every heading its text lists is one it hands the guard, with the same range.
        const handed = new Set(
          outline.headings.map((h) => `${h.selector} ${h.startLine}-${h.endLine}`),
        );
        for (const range of ranges.filter((range) => range.label !== "intro")) {
          const key = `${range.label} ${range.start}-${range.end}`;
          assert.ok(handed.has(key), `${doc.filePath} ${key} (guard's headings)`);
        }
        for (const range of ranges) {
          const match = selectWhole(one, range.label);
          assert.deepEqual(
            [match.start_line, match.end_line],
            [range.start, range.end],
            `${doc.filePath} ${range.label} (guard)`,
          );
          guarded++;
        }
      }
    }
  }
  assert.ok(checked > 5000, `${checked} outline lines checked`);
  assert.ok(guarded > 100, `${guarded} guard lines checked`);
});

// The case issue 26 was found on (react.dev's `manipulating-the-dom-with-refs.md`,
// shaped alike): a search answers with the page's introduction, and its
// selector gives those words, not the whole 16,000-character page.
Deno.test("a search result for a page's introduction selects the introduction, not the page", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const intro = "React automatically updates the DOM to match your render output, so your " +
      "components won't often need to manipulate it. However, sometimes you might need access " +
      "to the DOM elements managed by React, for example to focus a node, scroll to it, or " +
      "measure its size and position.";
    const body = Array.from(
      { length: 30 },
      (_, i) =>
        `## Section ${i}\n\n${"Refs hold values that do not trigger a render. ".repeat(12)}\n`,
    );
    const page = `---\ntitle: 'Manipulating the DOM with Refs'\n---\n\n${intro}\n\n` +
      `<YouWillLearn>\n\n- How to access a DOM node\n\n</YouWillLearn>\n\n${body.join("\n")}`;
    await Deno.writeTextFile(join(dir, "manipulating-the-dom-with-refs.md"), page);
    await Deno.writeTextFile(join(dir, "other.md"), "# Other\n\nNothing about it here.\n");
    const { run } = await import("../../mdsel/cli.ts");
    const search = await run(["select", "manipulate size automatically", dir]);
    // Grouped under the file's path; the intro under the page's title.
    const [, file, first] = search.stdout.split("\n");
    assert.equal(file, "manipulating-the-dom-with-refs.md");
    assert.match(
      first,
      /^ manipulating-the-dom-with-refs::intro Manipulating the DOM with Refs$/,
    );
    const json = await run(["select", "--json", "manipulate size automatically", dir]);
    const words: number = JSON.parse(json.stdout).data.search.results[0].word_count;
    const selected = await run(["select", "manipulating-the-dom-with-refs::intro", dir]);
    assert.equal(selected.code, 0);
    assert.equal(
      selected.stdout,
      `${intro}\n\n<YouWillLearn>\n\n- How to access a DOM node\n\n</YouWillLearn>\n`,
    );
    assert.equal(
      words,
      selected.stdout.split(/\s+/).filter((w) => /\w/.test(w) && !/^</.test(w)).length,
    );
    // `root` keeps its meaning: the whole document, front matter included.
    const root = await run(["select", "--full", "manipulating-the-dom-with-refs::root", dir]);
    assert.equal(root.stdout, page.trimEnd() + "\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
