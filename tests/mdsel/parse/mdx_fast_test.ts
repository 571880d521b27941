// The fast read of MDX that search ranks from: on each construct below and on
// every page of the MDX corpus, its headings, constructs and search data are
// MDX's parse's; what it cannot read as MDX does, it leaves to that parse; and a
// search over a page the two read apart names the section the page really has.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { MdDocument } from "../../../mdsel/parse/document.ts";
import { fastMdxDocument } from "../../../mdsel/parse/mdx_fast.ts";
import { parseMdxDocument } from "../../../mdsel/parse/mdx.ts";
import { searchData } from "../../../mdsel/search/data.ts";
import { loadWorkspace } from "../../../mdsel/cache/workspace.ts";
import { searchWorkspace } from "../../../mdsel/commands/search_command.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";
import { mdselInProcess, withTempDir } from "../_cli.ts";
import { settle } from "../cache/_cache.ts";

const CLOSE = "*" + "/}";

/** What search reads of a document's top-level nodes: its headings and MDX's constructs. */
function nodesOf(doc: MdDocument): string[] {
  return doc.top.nodes.filter((node) => /^(?:heading|jsx|expression|esm)$/.test(node.kind)).map((
    node,
  ) => `${node.kind}${node.depth || ""} ${node.startLine}-${node.endLine} ${node.text}`);
}

/** Search data as plain data; a section's node index is the reader's own. */
function plainData(doc: MdDocument): unknown {
  const data = searchData(doc);
  const sections = data.sections.map(({ node: _node, ...section }) => section);
  return { ...data, sections, terms: [...data.terms] };
}

const AGREES: [string, string][] = [
  ["ESM, then a heading", 'import X from "x"\nexport const a = 1\n\n# Title\n\nText.\n'],
  [
    "tag lines around Markdown",
    '<Callout title="Heads up">\nHello {props.name} there.\n</Callout>\n',
  ],
  [
    "tags nested, an indented fence",
    '<Tabs>\n  <TabItem label="npm">\n  ```sh\n  # not a heading\n  ```\n  </TabItem>\n</Tabs>\n',
  ],
  ["a heading between tags", "<Tabs>\n\n## Inside\n\nText.\n\n</Tabs>\n"],
  ["a tag and an expression on one line", "<A>{b}</A>\n\ntext\n"],
  ["a tag in a list item", '- item\n\n  <Bar title="in list" />\n\n# After\n'],
  ["a tag at column 0 ends a list", "- item\n<Bar />\n\n1. one\n   <Baz />\n"],
  [
    "a tag in an ordered item, a fence indented to its content",
    "1.  **Run:**\n\n    ```sh\n    # x\n    ```\n\n2.  Next\n",
  ],
  [
    "a tag over lines in a list item",
    '3. Click.\n\n    <img\n      src="/a.png"\n      alt="Settings"\n    />\n\nAfter.\n',
  ],
  ["a comment holding a heading", `{/* a\n\n# not a heading\n${CLOSE}\n\n# Real\n`],
  ["a tag over lines", '<Multi\n  x="1"\n  y={{a: "obj str"}}\n/>\n'],
  [
    "tags and text on a line are a paragraph",
    "<p>html para</p>\n## H\n\n<th>Variable</th>\n<th>Text</th>\n",
  ],
  ["a heading's tags, expression and id", '## H <Badge text="new" /> {1+1}\n\n# Real {#custom}\n'],
  [
    "a heading's JSX text and comment id",
    "## <Code>fetch</Code> options\n\n## Usage {/*usage*/}\n",
  ],
  ["a heading's code span and escaped tag", "### `get({ name })`\n\n### --api \\<url>\n"],
  ["a tag interrupts a paragraph", "Some text\n<Foo />\nmore text\n\nPara\n{expr}\n"],
  ["a quote holds a tag", "> quote\n> <Q />\n\n# A\n"],
  ["front matter", "---\ntitle: 'Guide'\n---\n\nimport A from 'a'\n\n# Guide\n"],
];

for (const [name, text] of AGREES) {
  Deno.test(`mdx fast: ${name}, as MDX reads it`, () => {
    const exact = parseMdxDocument(text, "d", "d.mdx");
    assert.equal(exact.problem, undefined, "valid MDX");
    const fast = fastMdxDocument(text, "d", "d.mdx");
    assert.ok(fast !== undefined);
    assert.deepEqual(nodesOf(fast), nodesOf(exact.doc));
    assert.deepEqual(plainData(fast), plainData(exact.doc));
  });
}

Deno.test("mdx fast: what only MDX's parser reads right, or the scan cannot tell, is left to it", () => {
  for (
    const text of [
      "# A\n\n<!-- a comment -->\n",
      "See <https://example.com>.\n",
      "Mail <me@example.com>.\n",
      "{open\n\n# A\n",
      '<Tag title="open\n',
      // Indented: a list item's, or the top's.
      "<Box>\n    ### Deep\n\n    Text.\n</Box>\n",
    ]
  ) {
    assert.equal(fastMdxDocument(text, "d", "d.mdx"), undefined, text);
  }
});

Deno.test("mdx fast: every page of the MDX corpus reads as MDX's parse reads it", async () => {
  await ensureMdxCorpus();
  const files: string[] = [];
  for await (const entry of Deno.readDir(MDX_CORPUS_DIR)) {
    if (entry.isDirectory) await _walk(join(MDX_CORPUS_DIR, entry.name), files);
  }
  assert.ok(files.length > 600, `${files.length} pages`);
  let read = 0;
  for (const path of files) {
    const text = (await Deno.readTextFile(path)).replace(/^\uFEFF/, "");
    const fast = fastMdxDocument(text, "d", path);
    if (fast === undefined) continue;
    read++;
    const exact = parseMdxDocument(text, "d", path);
    assert.deepEqual(nodesOf(fast), nodesOf(exact.doc), path);
    assert.deepEqual(plainData(fast), plainData(exact.doc), path);
  }
  // Left to MDX's parser: rare.
  assert.ok(read >= files.length * 0.95, `${read} of ${files.length} read fast`);
});

Deno.test("mdx fast: a hit in a page the two read apart names the section the page has", async () => {
  // MDX rejects the unclosed `<div>` (the page is read as Markdown, where `<div>` opens an HTML
  // block holding the heading); the fast read sees a heading.
  const text = "# Top\n\nIntro words.\n\n<div>\n## Hidden\nzebra text\n";
  assert.notEqual(parseMdxDocument(text, "p", "p.mdx").problem, undefined);
  const fast = fastMdxDocument(text, "p", "p.mdx")!;
  assert.deepEqual(fast.top.nodes.filter((node) => node.kind === "heading").length, 2);
  await withTempDir(
    { "docs/p.mdx": text, "docs/q.md": "# Other\n\nNothing here.\n" },
    async (dir) => {
      const docs = join(dir, "docs");
      const workspace = await loadWorkspace([docs], { maxBytes: 1e6, search: true });
      const found = searchWorkspace("zebra", null, workspace).search!.results;
      assert.equal(found[0].label, "p::h1.0");
      assert.equal(found[0].content?.startsWith("# Top"), true);
      // Read fast by a search: no warning that MDX rejects it, cold or warm; an index gives one.
      await settle(docs);
      const env = { MDSEL_CACHE_DIR: join(dir, "cache") };
      const cold = await mdselInProcess(["select", "--", "zebra", docs], env);
      const warm = await mdselInProcess(["select", "--", "zebra", docs], env);
      assert.equal(warm.stdout, cold.stdout);
      for (const answer of [cold, warm]) {
        assert.equal(answer.code, 0);
        assert.doesNotMatch(answer.stdout + answer.stderr, /Not valid MDX/);
        assert.match(answer.stdout, /p::h1\.0 Top/);
      }
      const index = await mdselInProcess(["index", "--", join(docs, "p.mdx")], env);
      assert.match(index.stdout + index.stderr, /Not valid MDX in .*p\.mdx/);
    },
  );
});

async function _walk(dir: string, files: string[]): Promise<void> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) await _walk(path, files);
    else if (/\.mdx$/i.test(entry.name)) files.push(path);
  }
}
