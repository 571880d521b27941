// Property tests of the bundled mdsel CLI over generated Markdown documents.
//
// Each run generates a document (tests/mdsel/_generate.ts) together with a model
// of it: its top-level nodes, their kinds, heading depths and texts, lines and
// word counts, all computed from what the generator wrote, never from the
// engine. The document is written to a file and the CLI is run in-process.
//
// The seed is fixed so failures reproduce; set FC_SEED to explore other
// documents and FC_RUNS to change how many (default 300 per property).
import assert from "node:assert/strict";
import { fc } from "../_fast_check.ts";
import { run } from "../../mdsel/cli.ts";
import type { SelectMatch } from "../../mdsel/commands/select_command.ts";
import {
  type GeneratedDoc,
  generateDocument,
  type ModelNode,
  type Rng,
  SELECTABLE_BLOCKS,
  sourceOf,
} from "./_generate.ts";

const SEED = Number(Deno.env.get("FC_SEED") ?? 20251122);
const RUNS = Number(Deno.env.get("FC_RUNS") ?? 300);
const NS = "doc";

// ------------------------------------------------------------------ running

interface Envelope {
  success: boolean;
  command: string;
  timestamp: string;
  // deno-lint-ignore no-explicit-any
  data: any;
  // deno-lint-ignore no-explicit-any
  [key: string]: any;
}

/** Runs the CLI with `--json`; asserts exit 0 and one line of JSON. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Envelope> {
  const result = await run(["--json", ...args], { env });
  assert.equal(result.code, 0, `mdsel ${args.join(" ")}: ${result.stdout}${result.stderr}`);
  assert.ok(
    result.stdout.endsWith("\n") && result.stdout.indexOf("\n") === result.stdout.length - 1,
  );
  const envelope = JSON.parse(result.stdout);
  assert.equal(envelope.success, true);
  return envelope;
}

/** The one match of a selector that names exactly one node. */
async function selectOne(
  selector: string,
  path: string,
  env?: Record<string, string>,
): Promise<SelectMatch> {
  const envelope = await cli(["select", selector, path], env);
  assert.equal(envelope.data.matches.length, 1, `${selector}: one match`);
  assert.deepEqual(envelope.data.unresolved, []);
  return envelope.data.matches[0];
}

/** Runs a property over generated documents, each written to `doc.md`. */
async function forEachDocument(
  numRuns: number,
  check: (doc: GeneratedDoc, path: string, rng: Rng) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_property_" });
  const path = `${dir}/${NS}.md`;
  try {
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        const rng: Rng = { int: (min, max) => g(fc.integer, { min, max }) };
        const doc = generateDocument(rng);
        await Deno.writeTextFile(path, doc.file);
        try {
          await check(doc, path, rng);
        } catch (error) {
          // Show the document itself, not only fast-check's record of draws.
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`${message}\n--- document (JSON) ---\n${JSON.stringify(doc.file)}`, {
            cause: error,
          });
        }
      }),
      // Shrinking re-runs the CLI many times per step: bound it (a failure
      // found is reported either way, shrunk as far as time allowed).
      { seed: SEED, numRuns, interruptAfterTimeLimit: 30_000 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

// -------------------------------------------------------------------- model

/** One past the last node of the section that `list[i]` (a heading) opens. */
function sectionEnd(list: readonly ModelNode[], i: number): number {
  let end = i + 1;
  while (end < list.length && !(list[end].kind === "heading" && list[end].depth <= list[i].depth)) {
    end++;
  }
  return end;
}

function sum(nodes: readonly ModelNode[]): number {
  return nodes.reduce((total, node) => total + node.words, 0);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function preview(text: string): { text: string; truncated: boolean } {
  const chars = Array.from(collapse(text));
  return chars.length <= 80
    ? { text: chars.join(""), truncated: false }
    : { text: chars.slice(0, 80).join("") + "...", truncated: true };
}

function typeName(node: ModelNode): string | undefined {
  if (node.kind === "heading") return `heading:h${node.depth}`;
  return SELECTABLE_BLOCKS.includes(node.kind) ? `block:${node.kind}` : undefined;
}

/** A node of the model a selector can reach: the root, a section or a block. */
type ModelTarget =
  | { kind: "root" }
  | { kind: "section"; list: readonly ModelNode[]; index: number; end: number }
  | { kind: "block"; list: readonly ModelNode[]; index: number };

type NodeTarget = Exclude<ModelTarget, { kind: "root" }>;

function targetOf(list: readonly ModelNode[], index: number, end = list.length): NodeTarget {
  return list[index].kind === "heading"
    ? { kind: "section", list, index, end: Math.min(sectionEnd(list, index), end) }
    : { kind: "block", list, index };
}

/**
 * The direct children of a model target, with the selectors and word counts
 * they must get: the blocks before the first subsection, then the direct
 * subsections (a top-level one by its document-wide selector); for the root,
 * the blocks before the first heading.
 */
function childrenOf(
  doc: GeneratedDoc,
  target: ModelTarget,
  selector: string,
): { selector: string; type: string; words: number; target: NodeTarget }[] {
  let list: readonly ModelNode[] = [];
  let from = 0;
  let to = 0;
  let prefix = `${selector}/`;
  if (target.kind === "root") {
    [list, to, prefix] = [doc.nodes, doc.nodes.length, `${NS}::`];
  } else if (target.kind === "section") {
    [list, from, to] = [target.list, target.index + 1, target.end];
  } else if (target.list[target.index].kind === "blockquote") {
    list = target.list[target.index].children;
    to = list.length;
  }
  const counters = new Map<string, number>();
  const next = (name: string) => {
    const k = counters.get(name) ?? 0;
    counters.set(name, k + 1);
    return k;
  };
  const children = [];
  let i = from;
  for (; i < to && list[i].kind !== "heading"; i++) {
    const name = typeName(list[i]);
    if (name === undefined) continue;
    children.push({
      selector: `${prefix}${name}[${next(name)}]`,
      type: list[i].kind,
      words: list[i].words,
      target: targetOf(list, i, to),
    });
  }
  if (target.kind === "root") return children;
  while (i < to) {
    const name = typeName(list[i])!;
    const k = next(name);
    const child = targetOf(list, i, to) as Extract<NodeTarget, { kind: "section" }>;
    const wide = list.slice(0, i).filter((node) => typeName(node) === name).length;
    children.push({
      selector: list === doc.nodes ? `${NS}::${name}[${wide}]` : `${prefix}${name}[${k}]`,
      type: "heading",
      words: sum(list.slice(i, child.end)),
      target: child,
    });
    for (let j = i + 1; j < child.end; j++) {
      const inner = typeName(list[j]);
      if (inner !== undefined) next(inner);
    }
    i = child.end;
  }
  return children;
}

/** What `select` must return for a model target: content and 1-based lines. */
function expected(doc: GeneratedDoc, target: ModelTarget) {
  if (target.kind === "root") {
    const { nodes, frontMatterLines } = doc;
    if (nodes.length === 0 && frontMatterLines === 0) {
      return { type: "root", content: "", start_line: 1, end_line: 1 };
    }
    const first = frontMatterLines > 0 ? 0 : nodes[0].startLine;
    const last = nodes.length > 0 ? nodes[nodes.length - 1].endLine : frontMatterLines - 1;
    return {
      type: "root",
      content: sourceOf(doc, first, last),
      start_line: first + 1,
      end_line: last + 1,
    };
  }
  const first = target.list[target.index];
  const last = target.kind === "section" ? target.list[target.end - 1] : first;
  return {
    type: target.kind === "section" ? "section" : first.kind,
    content: sourceOf(doc, first.startLine, last.endLine, first.startColumn),
    start_line: first.startLine + 1,
    end_line: last.endLine + 1,
  };
}

// ---------------------------------------------------------------- properties

Deno.test("property: index headings, word counts, lines and block counts match the model", async () => {
  await forEachDocument(RUNS, async (doc, path) => {
    const envelope = await cli(["index", "--full", path]);
    const [entry] = envelope.data.documents;
    const { nodes } = doc;
    const headings = nodes.flatMap((node, i) => (node.kind === "heading" ? [i] : []));
    assert.equal(entry.headings.length, headings.length, "one entry per top-level heading");
    const counters = [0, 0, 0, 0, 0, 0, 0];
    headings.forEach((i, n) => {
      const node = nodes[i];
      const end = sectionEnd(nodes, i);
      const sectionWords = sum(nodes.slice(i, end));
      const { text, truncated } = preview(node.text);
      const actual = entry.headings[n];
      assert.deepEqual(
        { ...actual, text: collapse(actual.text) },
        {
          selector: `${NS}::heading:h${node.depth}[${counters[node.depth]++}]`,
          type: `heading:h${node.depth}`,
          depth: node.depth,
          text: collapse(node.text),
          content_preview: text,
          truncated,
          children_count: end - i - 1,
          word_count: node.words,
          section_word_count: sectionWords,
          section_truncated: sectionWords > 2000 ||
            sourceOf(doc, node.startLine, nodes[end - 1].endLine).length > 16000,
          start_line: node.startLine + 1,
          end_line: nodes[end - 1].endLine + 1,
        },
        `heading ${n}`,
      );
    });
    // (b) section_word_count, checked a second way. The model's count of each
    // node comes from the plain text the generator wrote, so the sum above is
    // independent of the engine. On top of that the engine's own figures must
    // agree with each other: a section holds its heading, its direct
    // subsections and the loose nodes between them, so
    //   section(h) = words(h) + sum(section(child heading)) + sum(words(loose node)),
    // with the subsections' counts taken from the index itself and only the
    // loose (non-heading, outside any subsection) nodes from the model. A
    // section that counted a subsection twice, or a node outside it, fails
    // here even if the model's per-node counts were off in the same way.
    headings.forEach((i, n) => {
      const end = sectionEnd(nodes, i);
      let expectedWords = entry.headings[n].word_count;
      for (let j = i + 1; j < end;) {
        if (nodes[j].kind === "heading") {
          expectedWords += entry.headings[headings.indexOf(j)].section_word_count;
          j = sectionEnd(nodes, j);
        } else expectedWords += nodes[j++].words;
      }
      assert.equal(entry.headings[n].section_word_count, expectedWords, `recurrence, heading ${n}`);
    });
    const firstHeading = headings[0] ?? nodes.length;
    if (headings[0] === 0) assert.equal(entry.root, null, "the file starts with a heading");
    else {
      assert.equal(entry.root.selector, `${NS}::root`);
      assert.equal(entry.root.children_count, firstHeading);
      assert.equal(entry.root.word_count, sum(nodes.slice(0, firstHeading)));
    }
    const count = (kind: string) => nodes.filter((node) => node.kind === kind).length;
    assert.deepEqual(entry.blocks, {
      paragraphs: count("paragraph"),
      code_blocks: count("code"),
      lists: count("list"),
      tables: count("table"),
      blockquotes: count("blockquote"),
    });
    const selectable = nodes.filter((node) => typeName(node) !== undefined).length;
    assert.deepEqual(envelope.data.summary, {
      total_documents: 1,
      total_nodes: selectable + (entry.root === null ? 0 : 1),
      total_selectors: selectable + (entry.root === null ? 0 : 1),
    });
  });
});

Deno.test("property: every section's content is exactly its source lines, as the index says", async () => {
  await forEachDocument(RUNS, async (doc, path) => {
    const [entry] = (await cli(["index", "--full", path])).data.documents;
    const headings = doc.nodes.flatMap((node, i) => (node.kind === "heading" ? [i] : []));
    for (const [n, heading] of entry.headings.entries()) {
      // (a) With ?full=true the whole section comes back, unpaged.
      const match = await selectOne(`${heading.selector}?full=true`, path);
      assert.equal(match.selector, `${heading.selector}?full=true`);
      assert.equal(match.type, "section");
      assert.equal(match.truncated, false);
      assert.equal(match.pagination, undefined);
      assert.equal(match.start_line, heading.start_line);
      assert.equal(match.end_line, heading.end_line);
      assert.equal(
        match.content,
        sourceOf(doc, heading.start_line - 1, heading.end_line - 1),
        `content of ${heading.selector}`,
      );
      const target = targetOf(doc.nodes, headings[n]);
      assert.deepEqual(
        match.children_available.map((child) => [child.selector, child.type, child.word_count]),
        childrenOf(doc, target, heading.selector).map((child) => [
          child.selector,
          child.type,
          child.words,
        ]),
      );
    }
  });
});

Deno.test("property: every selector index and select print resolves to itself", async () => {
  await forEachDocument(RUNS, async (doc, path) => {
    const [entry] = (await cli(["index", "--full", path])).data.documents;
    // (c) Breadth first from the root and every heading of the index, then
    // through children_available, within a budget of selects per document.
    const queue: { selector: string; target: ModelTarget }[] = [
      { selector: `${NS}::root`, target: { kind: "root" } },
    ];
    const headings = doc.nodes.flatMap((node, i) => (node.kind === "heading" ? [i] : []));
    entry.headings.forEach((heading: { selector: string }, n: number) =>
      queue.push({ selector: heading.selector, target: targetOf(doc.nodes, headings[n]) })
    );
    if (entry.root !== null) assert.equal(entry.root.selector, queue[0].selector);
    const seen = new Set<string>();
    let budget = 60;
    while (queue.length > 0 && budget-- > 0) {
      const { selector, target } = queue.shift()!;
      if (seen.has(selector)) continue;
      seen.add(selector);
      const match = await selectOne(`${selector}?full=true`, path);
      assert.equal(match.selector, `${selector}?full=true`);
      const want = expected(doc, target);
      assert.deepEqual(
        {
          type: match.type,
          content: match.content,
          start_line: match.start_line,
          end_line: match.end_line,
        },
        want,
        selector,
      );
      const children = childrenOf(doc, target, selector);
      assert.deepEqual(
        match.children_available.map((child) => [child.selector, child.type, child.word_count]),
        children.map((child) => [child.selector, child.type, child.words]),
        `children of ${selector}`,
      );
      children.forEach((child, k) => {
        const shown = match.children_available[k].preview;
        if (child.target.kind === "block") {
          const source = expected(doc, child.target).content;
          assert.equal(
            shown,
            Array.from(source).slice(0, 80).join(""),
            `preview ${child.selector}`,
          );
        } else {
          const heading = child.target.list[child.target.index];
          assert.equal(collapse(shown), collapse(heading.text), `preview ${child.selector}`);
        }
        queue.push(child);
      });
    }
  });
});

Deno.test("property: pages of a section tile its lines, in order, each its exact source", async () => {
  await forEachDocument(RUNS, async (doc, path, rng) => {
    const [entry] = (await cli(["index", "--full", path])).data.documents;
    for (const heading of entry.headings) await checkPages(doc, path, rng, heading);
  });
});

async function checkPages(
  doc: GeneratedDoc,
  path: string,
  rng: Rng,
  heading: { selector: string; start_line: number; end_line: number; section_word_count: number },
): Promise<void> {
  const first = doc.nodes.findIndex((node) => node.startLine === heading.start_line - 1);
  const nodes = doc.nodes.slice(first, sectionEnd(doc.nodes, first));
  // Half the time, a page just smaller than one multi-line node, which must
  // then be cut at line boundaries.
  const long = nodes.filter((node) => node.endLine > node.startLine && node.words > 1);
  const pageWords = long.length > 0 && rng.int(0, 1) === 0
    ? long[rng.int(0, long.length - 1)].words - 1
    : rng.int(1, Math.max(1, heading.section_word_count));
  const env = { MDSEL_PAGE_WORDS: String(pageWords) };
  const whole = (await selectOne(`${heading.selector}?full=true`, path)).content;
  // ?page=1: without it a big section with subsections answers with its outline.
  let selector: string | undefined = `${heading.selector}?page=1`;
  let at = 0;
  let pages = 0;
  let total: number | undefined;
  while (selector !== undefined) {
    const match = await selectOne(selector, path, env);
    pages++;
    assert.equal(match.selector, selector);
    // Each page is the next part of the section, exactly as written, with
    // only whitespace between two pages.
    const found = whole.indexOf(match.content, at);
    assert.ok(found >= at, `${selector} is the next part of the section`);
    assert.match(whole.slice(at, found), /^\s*$/, `${selector}: only whitespace skipped`);
    const lineOf = (offset: number) =>
      heading.start_line + (whole.slice(0, offset).match(/\r\n|\r|\n/g)?.length ?? 0);
    assert.equal(match.start_line, lineOf(found), `${selector} start_line`);
    assert.equal(match.end_line, lineOf(found + match.content.length), `${selector} end_line`);
    at = found + match.content.length;
    if (match.pagination === undefined) {
      // Unpaged: everything fits.
      assert.equal(pages, 1);
      assert.equal(match.truncated, false);
      assert.equal(match.content, whole);
      assert.ok(heading.section_word_count <= pageWords, `${selector} should be paged`);
      break;
    }
    assert.ok(heading.section_word_count > pageWords, `${selector} paged though it fits`);
    assert.equal(match.truncated, true);
    assert.equal(match.pagination.page, pages);
    assert.equal(match.pagination.page_words, pageWords);
    total ??= match.pagination.total_pages;
    assert.equal(match.pagination.total_pages, total);
    // A page of whole lines holding whole nodes holds at most a page of words
    // (a longer node is cut at line boundaries, a longer line between words).
    const atLineStart = found === 0 || /[\r\n]/.test(whole[found - 1]);
    const atLineEnd = at === whole.length || /[\r\n]/.test(whole[at]);
    if (atLineStart && atLineEnd) {
      const inside = nodes.filter((node) =>
        node.startLine + 1 >= match.start_line && node.endLine + 1 <= match.end_line
      );
      const cut = nodes.some((node) =>
        node.startLine + 1 <= match.end_line && node.endLine + 1 >= match.start_line &&
        !inside.includes(node)
      );
      if (!cut) assert.ok(sum(inside) <= pageWords, `${selector} overfull`);
    }
    selector = match.pagination.next;
    if (selector === undefined) assert.equal(pages, total);
    else assert.equal(selector, `${heading.selector}?page=${pages + 1}`);
  }
  assert.equal(at, whole.length, "the pages cover the whole section");
}

Deno.test("property: the JSON index budget drops the deepest levels first, never the shallowest", async () => {
  await forEachDocument(RUNS, async (_doc, path, rng) => {
    const full = (await cli(["index", "--full", path])).data.documents[0];
    const budget = rng.int(200, 4000);
    const result = await run(["index", "--json", path], {
      env: { MDSEL_INDEX_MAX_CHARS: String(budget) },
    });
    assert.equal(result.code, 0);
    const limited = JSON.parse(result.stdout).data.documents[0];
    const line = result.stdout.trimEnd();
    if (limited.headings_omitted === undefined) {
      // Nothing to leave out: no headings, or it fits.
      assert.ok(line.length <= budget || full.headings.length === 0, "fits without limiting");
      assert.deepEqual(limited.headings, full.headings);
      return;
    }
    const depths: number[] = full.headings.map((h: { depth: number }) => h.depth);
    const present = [...new Set(depths)].sort((a, b) => a - b);
    const floor = present[Math.min(2, present.length) - 1];
    const deepest = present.at(-1)!;
    // Either every heading down to some level above the deepest (never above
    // the second shallowest), or the first headings of the two shallowest.
    const upTo = (limit: number) =>
      full.headings.filter((h: { depth: number }) => h.depth <= limit);
    const whole = present.filter((d) => d < deepest && d >= floor).some((limit) =>
      JSON.stringify(limited.headings) === JSON.stringify(upTo(limit))
    );
    const cut = JSON.stringify(limited.headings) ===
      JSON.stringify(upTo(floor).slice(0, limited.headings.length));
    assert.ok(whole || cut, "whole levels, or the two shallowest levels cut");
    assert.equal(limited.headings_omitted, full.headings.length - limited.headings.length);
    if (limited.headings.length > 0) assert.ok(line.length <= budget, "fits once limited");
  });
});

/** The text index's line for a model heading, folded below `limit`. */
function outlineLine(doc: GeneratedDoc, i: number, label: string, limit: number): string {
  const node = doc.nodes[i];
  const end = sectionEnd(doc.nodes, i);
  const words = sum(doc.nodes.slice(i, end));
  const hidden = doc.nodes.slice(i + 1, end).filter((n) => n.kind === "heading" && n.depth > limit)
    .length;
  const text = collapse(node.text);
  const head = `${" ".repeat(node.depth - 1)}${label}${text === "" ? "" : ` ${text}`}`;
  if (hidden > 0) return `${head} [${words} words, +${hidden} subsections]`;
  return words >= 500 ? `${head} [${words} words]` : head;
}

Deno.test("property: the text index is a sized outline that folds its deepest levels to fit", async () => {
  await forEachDocument(RUNS, async (doc, path, rng) => {
    const counters = [0, 0, 0, 0, 0, 0, 0];
    const headings = doc.nodes.flatMap((node, i) =>
      node.kind === "heading"
        ? [{ i, depth: node.depth, label: `h${node.depth}.${counters[node.depth]++}` }]
        : []
    );
    const firstHeading = headings[0]?.i ?? doc.nodes.length;
    const head = [`${NS} ${path} [${sum(doc.nodes)} words]`];
    if (firstHeading > 0) head.push(`intro [${sum(doc.nodes.slice(0, firstHeading))} words]`);
    const counts = [
      ["code", "code"],
      ["para", "paragraph"],
      ["list", "list"],
      ["table", "table"],
      ["quote", "blockquote"],
    ].map(([name, kind]) => [name, doc.nodes.filter((node) => node.kind === kind).length])
      .filter(([, n]) => n !== 0).map(([name, n]) => `${name}:${n}`);
    const tail = counts.length > 0 ? ["---", counts.join(" ")] : [];
    const render = (limit: number) => [
      ...head,
      ...headings.filter((h) => h.depth <= limit).map((h) => outlineLine(doc, h.i, h.label, limit)),
      ...tail,
    ];
    // --full: every heading.
    const all = await run(["index", "--full", path], { env: {} });
    assert.equal(all.code, 0);
    assert.equal(all.stdout, render(6).join("\n") + "\n");
    // A budget: whole levels kept, at least the two shallowest, and the
    // closing line says how many are hidden; or cut when even that is too big.
    const budget = rng.int(150, 3000);
    const text = (await run(["index", path], { env: { MDSEL_INDEX_MAX_CHARS: String(budget) } }))
      .stdout;
    const levels = [...new Set(headings.map((h) => h.depth))].sort((a, b) => a - b);
    const floor = levels[Math.min(2, levels.length) - 1] ?? 1;
    if (/\[outline cut after /.test(text)) {
      // Cut: within the budget, unless the header alone does not fit.
      const listed = text.split("\n").filter((line) => /^ *h\d\.\d+( |$)/.test(line)).length;
      assert.ok(text.length <= budget || listed === 0, `cut to ${text.length} of ${budget}`);
      return;
    }
    const shown = text.split("\n").filter((line) => /^ *h\d\.\d+( |$)/.test(line)).length;
    const limit = [1, 2, 3, 4, 5, 6].find((l) =>
      headings.filter((h) =>
          h.depth <= l
        ).length === shown && l >= floor
    ) ?? 6;
    const hidden = headings.filter((h) => h.depth > limit).length;
    const lines = render(limit);
    if (hidden > 0) {
      lines.push(
        `[outline limited to h1-h${limit}: ${hidden} deeper headings not shown; ` +
          "select a section to list its subsections]",
      );
    }
    assert.equal(text, lines.join("\n") + "\n");
    if (hidden > 0 || limit < 6) assert.ok(limit >= floor, "the two shallowest levels stay");
  });
});

Deno.test("property: pages within a character limit tile the section, each its exact source", async () => {
  await forEachDocument(RUNS, async (_doc, path, rng) => {
    const [entry] = (await cli(["index", "--full", path])).data.documents;
    for (const heading of entry.headings.slice(0, 3)) {
      const whole = (await selectOne(`${heading.selector}?full=true`, path)).content;
      const pageChars = rng.int(20, 400);
      const env = { MDSEL_PAGE_CHARS: String(pageChars) };
      let selector: string | undefined = `${heading.selector}?page=1`;
      const pages: string[] = [];
      while (selector !== undefined && pages.length < 500) {
        const match = await selectOne(selector, path, env);
        assert.ok(match.content.length <= pageChars, `${selector}: ${match.content.length} chars`);
        pages.push(match.content);
        selector = match.pagination?.next;
      }
      // In order, nothing lost but the whitespace between pages.
      let at = 0;
      for (const page of pages) {
        const found = whole.indexOf(page, at);
        assert.ok(found >= at, `a page is the next part of the section`);
        assert.match(whole.slice(at, found), /^\s*$/);
        at = found + page.length;
      }
      assert.equal(at, whole.length);
    }
  });
});
