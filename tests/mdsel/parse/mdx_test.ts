// The MDX front end on the constructs of issue 19, one fixture each: the
// headings it finds are checked against the values written here and against
// `@mdx-js/mdx` itself, and the whole model against a read by MDX's parser
// alone (no markdown-it stretches) and in small pieces.
import assert from "node:assert/strict";
import {
  assembleDocument,
  type MdDocument,
  nodesPlainText,
  nodesSource,
} from "../../../mdsel/parse/document.ts";
import { parseMdxDocument, readMdx } from "../../../mdsel/parse/mdx.ts";
import { mdxSectionHeadings } from "../../_mdx.ts";
import { modelOf } from "../_docs.ts";

interface Fixture {
  name: string;
  text: string;
  /** Each heading: depth, 1-based line, text. */
  headings: [number, number, string][];
  /** The kinds of the top-level nodes, when the fixture is about them. */
  kinds?: string[];
  /** Words of the top-level nodes, when the fixture is about them. */
  words?: number[];
}

const CLOSE = "*" + "/}"; // the end of an MDX comment, `{/* ... */}`

const FIXTURES: Fixture[] = [
  {
    name: "a <Tabs> block holds an indented fence with shell comments",
    text:
      "<Tabs>\n  ```sh\n  # install\n  npm i\n\n  # build\n  npm run build\n  ```\n</Tabs>\n\n" +
      "## Real section\n\nbody\n",
    headings: [[2, 11, "Real section"]],
    kinds: ["jsx", "code", "jsx", "heading", "paragraph"],
    words: [0, 9, 0, 2, 1],
  },
  {
    name: "a heading right after a JSX tag line",
    text: "<Box>\n## Checklist\n\n- one\n</Box>\n",
    headings: [[2, 2, "Checklist"]],
    kinds: ["jsx", "heading", "list", "jsx"],
  },
  {
    name: "a JSX comment holding a heading line",
    text: `{/*\n# x\n${CLOSE}\n\n# Real\n`,
    headings: [[1, 5, "Real"]],
    kinds: ["expression", "heading"],
    words: [0, 1],
  },
  {
    name: "react.dev's {/*id*/} heading ids",
    text: `## Usage {/*usage${CLOSE}\n\n### Adding state {/*adding-state${CLOSE}\n\ntext\n`,
    headings: [[2, 1, "Usage"], [3, 3, "Adding state"]],
    words: [1, 2, 1],
  },
  {
    name: "Docusaurus's {#id} heading ids",
    text: "## Install {#install}\n\ntext\n\n```md\n## Not a heading {#nope}\n```\n",
    headings: [[2, 1, "Install"]],
  },
  {
    name: "ESM lines are no paragraphs",
    text:
      "import Tabs from '@theme/Tabs'\nexport const meta = {\n  title: 'x',\n}\n\n# Title\n\ntext\n",
    headings: [[1, 6, "Title"]],
    kinds: ["esm", "heading", "paragraph"],
    words: [0, 1, 1],
  },
  {
    name: "expressions are no content",
    text: "# Title\n\n{props.intro}\n\nThe value is {1 + 1} today.\n",
    headings: [[1, 1, "Title"]],
    kinds: ["heading", "expression", "paragraph"],
    words: [1, 0, 4],
  },
  {
    name: "JSX inside a heading keeps its visible text",
    text: '## <Code>fetch</Code> options <Badge text="new" />\n\n## Install {<Icon />}\n',
    headings: [[2, 1, "fetch options"], [2, 3, "Install"]],
  },
  {
    name: "JSX children are words, and so is the text of their attributes",
    text: '# A\n\n<Note title="Read this first" className="note">\n  Some words here.\n</Note>\n',
    headings: [[1, 1, "A"]],
    kinds: ["heading", "jsx", "paragraph", "jsx"],
    words: [1, 3, 3, 0],
  },
  {
    name: "a multi-line expression across a blank line and a heading line",
    text: "# A\n\n{`\n  one\n\n# two\n`}\n\n# B\n",
    headings: [[1, 1, "A"], [1, 9, "B"]],
    kinds: ["heading", "expression", "heading"],
  },
  {
    name: "ESM across a blank line",
    text: "export const data = {\n  a: 1,\n\n}\n\n# A\n",
    headings: [[1, 6, "A"]],
    kinds: ["esm", "heading"],
  },
  {
    name: "a big attribute expression, braces in its strings",
    text: `# Props\n\n<PropertiesTable\n  content={[\n${
      Array.from({ length: 20 }, (_, i) => `    { name: "p${i}", type: "{ a: string }" },\n`).join(
        "",
      )
    }  ]}\n/>\n\n## After\n\ntext\n`,
    headings: [[1, 1, "Props"], [2, 28, "After"]],
    kinds: ["heading", "jsx", "heading", "paragraph"],
    // Each entry's name and type: `p0` and `{ a: string }`, five words.
    words: [1, 100, 1, 1],
  },
  {
    name: "tags and expressions on one line make one node",
    text: '<Tabs><TabItem value="a">\n\n## Inside\n\n</TabItem></Tabs>\n',
    headings: [[2, 3, "Inside"]],
    kinds: ["jsx", "heading", "jsx"],
  },
  {
    name: "a heading indented in JSX, a heading in a list",
    text: "<Steps>\n    ## Deep\n\n- item\n\n  ## In a list\n</Steps>\n",
    headings: [[2, 2, "Deep"]],
    kinds: ["jsx", "heading", "list", "jsx"],
  },
  {
    name: "front matter, GFM table, footnote, blockquote",
    text:
      "---\ntitle: x\n---\n\n# T\n\n| a | b |\n|---|---|\n| c | d |\n\nNote[^1].\n\n[^1]: A note.\n\n" +
      "> ## Quoted\n> <Box>x</Box>\n",
    headings: [[1, 5, "T"]],
    kinds: ["heading", "table", "paragraph", "footnote_definition", "blockquote"],
  },
];

function headingsOf(doc: MdDocument): [number, number, string][] {
  return doc.top.nodes.filter((node) => node.kind === "heading")
    .map((node) => [node.depth, node.startLine + 1, node.text]);
}

for (const fixture of FIXTURES) {
  Deno.test(`MDX: ${fixture.name}`, () => {
    const { doc, warning } = parseMdxDocument(fixture.text, "doc", "doc.mdx");
    assert.equal(warning, undefined);
    assert.equal(doc.syntax, "mdx");
    assert.deepEqual(headingsOf(doc), fixture.headings);
    // MDX's own parser sees the same section headings.
    assert.deepEqual(
      mdxSectionHeadings(fixture.text),
      fixture.headings.map(([depth, line]) => ({ depth, line })),
    );
    if (fixture.kinds) assert.deepEqual(doc.top.nodes.map((node) => node.kind), fixture.kinds);
    if (fixture.words) assert.deepEqual(doc.top.nodes.map((node) => node.words), fixture.words);
    // markdown-it stretches change nothing, nor does a read in pieces.
    const whole = modelOf(doc);
    assert.deepEqual(
      modelOf(assembleDocument("doc", "doc.mdx", readMdx(fixture.text, Infinity, false))),
      whole,
    );
    assert.deepEqual(modelOf(assembleDocument("doc", "doc.mdx", readMdx(fixture.text, 1))), whole);
  });
}

Deno.test("MDX: the source keeps heading ids; sections select their exact lines", () => {
  const text =
    `## Usage {/*usage${CLOSE}\n\n<Box>\n## Inside {#inside}\n\nbody\n</Box>\n\n## Next\n`;
  const { doc } = parseMdxDocument(text, "doc", "doc.mdx");
  const nodes = doc.top.nodes;
  assert.equal(
    nodesSource(doc, nodes.slice(0, doc.top.sectionEnds[0])),
    `## Usage {/*usage${CLOSE}\n\n<Box>`,
  );
  const inside = nodes.findIndex((node) => node.text === "Inside");
  assert.equal(
    nodesSource(doc, nodes.slice(inside, doc.top.sectionEnds[inside])),
    "## Inside {#inside}\n\nbody\n</Box>",
  );
});

Deno.test("MDX: the root's plain text leaves out ESM, JSX tags and expressions", () => {
  const text = "import { Box } from './box'\n\n<Box>\nHello **there** {name}.\n</Box>\n\n# A\n";
  const { doc } = parseMdxDocument(text, "doc", "doc.mdx");
  const first = doc.top.nodes.findIndex((node) => node.kind === "heading");
  assert.equal(nodesPlainText(doc, doc.top.nodes.slice(0, first)).trim(), "Hello there .");
});

Deno.test("MDX: a blockquote's children", () => {
  const text = `> ## Quoted {/*q${CLOSE}\n>\n> <Box>\n> text\n> </Box>\n`;
  const { doc, warning } = parseMdxDocument(text, "doc", "doc.mdx");
  assert.equal(warning, undefined);
  const children = doc.childrenOf(doc.top.nodes[0]).nodes;
  assert.deepEqual(children.map((node) => [node.kind, node.text, node.startLine]), [
    ["heading", "Quoted", 0],
    ["jsx", "", 2],
    ["paragraph", "", 3],
    ["jsx", "", 4],
  ]);
});

Deno.test("MDX: a tag's attribute text inside a blockquote or a list counts in its words", () => {
  const text = [
    "# Quoted",
    "",
    '> <Note title="quoted title words"',
    '>   kind="more quoted words">',
    "> body text",
    "> </Note>",
    "",
    "# Listed",
    "",
    "- item",
    "",
    '  <Table rows={[{ name: "row", description: "described here" }]} />',
    "",
  ].join("\n");
  const { doc, warning } = parseMdxDocument(text, "doc", "doc.mdx");
  assert.equal(warning, undefined);
  const [, quote, , list] = doc.top.nodes;
  // A tag on two quoted lines: its second line's `>` is a marker, not the tag's end.
  const tag = doc.childrenOf(quote).nodes[0];
  assert.equal(tag.text, "quoted title words\nmore quoted words");
  // The blockquote counts what its children count, as the section does.
  assert.equal(quote.words, 6 + 2);
  assert.equal(list.words, 1 + 3);
  const { sectionEnds, wordPrefix } = doc.top;
  assert.equal(wordPrefix[sectionEnds[0]] - wordPrefix[0], 1 + 8);
  assert.equal(wordPrefix[sectionEnds[2]] - wordPrefix[2], 1 + 4);
});

const INVALID: [string, string, RegExp][] = [
  ["an HTML comment", "# A\n\n<!-- no -->\n", /at 3:2 \(Unexpected character `!`/],
  ["an unclosed element", "# A\n\n<Box>\ntext\n", /at 3:1 \(Expected a closing tag for `<Box>`/],
  ["mismatched tags", "<A>\n<B>\n</A>\n</B>\n", /at 3:1 \(Unexpected closing tag `<\/A>`/],
  [
    "an element crossing a list item",
    "- <A>\n\n  text\n- </A>\n",
    /Expected a closing tag for `<A>`/,
  ],
  ["an unclosed expression", "# A\n\n{1 +\n", /at 4:1 \(Unexpected end of file in expression/],
  ["a broken expression", "# A\n\nText {1 +} more.\n", /Could not parse expression with acorn/],
  ["a lone `<` before a name character", "Use a<b here.\n", /Unexpected character/],
];

for (const [name, text, message] of INVALID) {
  Deno.test(`MDX: invalid MDX (${name}) is read as Markdown, with one warning`, () => {
    assert.throws(() => mdxSectionHeadings(text)); // MDX rejects it too
    const { doc, warning } = parseMdxDocument(text, "doc", "docs/doc.mdx");
    assert.equal(doc.syntax, "markdown");
    assert.match(warning ?? "", /^Not valid MDX in docs\/doc\.mdx at \d+:\d+ \(/);
    assert.match(warning ?? "", message);
    assert.match(warning ?? "", /\); read as Markdown$/);
    assert.doesNotMatch(warning ?? "", /\n/);
  });
}

Deno.test("MDX: an expression nested past acorn's stack is rejected where it starts, read once", () => {
  // MDX's own read hands acorn the text up to each `}` in turn: objects nested 1,000 deep
  // took 9 s, 3,000 deep 33 s, and it gave up at the last `}` (3:1663 for 1,000). The
  // engine rejects it where acorn ran out of stack, at once: the file is read as Markdown.
  const nest = (depth: number) => `${"{a:".repeat(depth)}1${"}".repeat(depth)}`;
  const cases: [string, number, number][] = [
    [`# A\n\n<X a={${nest(3000)}} />\n\ntext\n`, 3, 7], // a big attribute expression
    [`# A\n\n{${nest(3000)}}\n\ntext\n`, 3, 2], // a flow expression
    [`# A\n\nsome {${nest(3000)}} text\n`, 3, 7], // a text expression
  ];
  for (const [text, line, column] of cases) {
    const { doc, problem } = parseMdxDocument(text, "d", "d.mdx");
    assert.deepEqual(problem, { line, column, reason: "Could not parse expression with acorn" });
    assert.equal(doc.syntax, "markdown");
    assert.deepEqual(
      doc.top.nodes.filter((node) => node.kind === "heading").map((node) => node.text),
      [
        "A",
      ],
    );
  }
  // Nested as deep as acorn reads, the expression is MDX's as before.
  assert.equal(
    parseMdxDocument(`# A\n\n<X a={${nest(200)}} />\n`, "d", "d.mdx").problem,
    undefined,
  );
});
