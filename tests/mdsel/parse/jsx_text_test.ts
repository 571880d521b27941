import assert from "node:assert/strict";
import { JSX_TEXT_SOURCE_CHARS, jsxText } from "../../../mdsel/parse/jsx_text.ts";
import { documentOf, recordOf } from "../../../mdsel/parse/doc_record.ts";
import { nodesPlainText, nodesSource } from "../../../mdsel/parse/document.ts";
import { parseMdxDocument } from "../../../mdsel/parse/mdx.ts";
import { searchDocuments } from "../../../mdsel/search/search.ts";

const CASES: { name: string; source: string; text: string }[] = [
  {
    name: "string attributes, in order",
    source: '<ParamField path="--cafile" type="string">',
    text: "--cafile\nstring",
  },
  {
    name: "single quotes, whitespace collapsed",
    source: "<Callout title='Heads\n   up' />",
    text: "Heads up",
  },
  {
    name: "attributes that are no text a reader sees",
    source:
      '<img src="/a.png" alt="A diagram" className="w-4" style={{ color: "red" }} id="x" key="k" />',
    text: "A diagram",
  },
  {
    name: "an expression's string literals, never its keys",
    source: `<PropertiesTable content={[{ name: "url", type: 'string', isOptional: false }]} />`,
    text: "url\nstring",
  },
  {
    name: "template text without its substitutions",
    source: "<Tip text={`Use ${name} here`} />",
    text: "Use\nhere",
  },
  {
    name: "JSX text inside an expression, its own attributes too",
    source:
      `<Table rows={[{ description: <>The <code>db</code> URL, <a href="/x" title="see">here</a></> }]} />`,
    text: "The\ndb\nURL,\nsee\nhere",
  },
  {
    name: "a spread attribute is no text",
    source: '<Box {...{ label: "hidden" }} title="shown" />',
    text: "shown",
  },
  {
    name: "closing tags and fragments hold none",
    source: "</Note>\n<>\n</>",
    text: "",
  },
  {
    name: "an attribute without a value",
    source: '<Tab default label="npm">',
    text: "npm",
  },
  {
    name: "an expression acorn cannot read ends the text",
    source: '<A b={[1, } c="d" />',
    text: "",
  },
  {
    name: "several tags on a few lines",
    source: '<Tabs>\n  <Tab title="CLI">\n</Tab>\n  <Tab title="JavaScript">',
    text: "CLI\nJavaScript",
  },
];

for (const { name, source, text } of CASES) {
  Deno.test(`jsx text: ${name}`, () => {
    assert.equal(jsxText(source), text);
  });
}

Deno.test("jsx text: a tag past the bound is read no further, and gives no text", () => {
  const entry = '{ name: "p", description: "A parameter." },\n';
  const source = `<PropertiesTable content={[\n${
    entry.repeat(Math.ceil(JSX_TEXT_SOURCE_CHARS / entry.length) + 1000)
  }]} />`;
  // Cut at the bound, its expression does not close: acorn reads no expression of it.
  assert.equal(jsxText(source), "");
  // Under the bound, every entry's text.
  assert.equal(
    jsxText(`<P content={[${entry.repeat(3)}]} />`),
    "p\nA parameter.\n".repeat(3).trim(),
  );
});

Deno.test("jsx text: an MDX page's parameters are its words, kept by the cache's record", () => {
  const text = [
    "# LibSQL Storage",
    "",
    "## Parameters",
    "",
    "<PropertiesTable",
    "  content={[",
    '    { name: "url", type: "string", description: "Database URL. Use a file for persistence." },',
    '    { name: "authToken", type: "string", description: "Token for remote databases." },',
    "  ]}",
    "/>",
    "",
    "## Notes",
    "",
    "Plain text.",
    "",
  ].join("\n");
  const { doc } = parseMdxDocument(text, "libsql", "libsql.mdx");
  const jsx = doc.top.nodes.find((node) => node.kind === "jsx")!;
  assert.equal(jsx.words, 15);
  assert.equal(
    nodesPlainText(doc, [jsx]).trim(),
    "url\nstring\nDatabase URL. Use a file for persistence.\nauthToken\nstring\nToken for remote databases.",
  );
  // The outline's sizes: the section holding the table counts its words.
  const { nodes, sectionEnds, wordPrefix } = doc.top;
  const at = nodes.findIndex((node) => node.text === "Parameters");
  assert.equal(wordPrefix[sectionEnds[at]] - wordPrefix[at], 1 + 15);
  // Rebuilt from the cache's record (as JSON), without the parser: the same words and text.
  const record = JSON.parse(JSON.stringify(recordOf({ doc })));
  const rebuilt = documentOf(record, text, "libsql", "libsql.mdx").doc;
  const again = rebuilt.top.nodes.find((node) => node.kind === "jsx")!;
  assert.equal(again.words, 15);
  assert.equal(nodesPlainText(rebuilt, [again]), nodesPlainText(doc, [jsx]));
  // The search reads the table for a query naming an identifier, as a field of its own;
  // a query in everyday words reads the prose only (docs/cli.md, the MDX section).
  assert.equal(searchDocuments([doc], "authToken").hits[0].headingPath.at(-1), "Parameters");
  assert.equal(searchDocuments([doc], "remote databases").hits.length, 0);
  assert.equal(searchDocuments([doc], "plain text").hits[0].headingPath.at(-1), "Notes");
});

Deno.test("jsx text: a big expression MDX's parse read gives the same text, read once", () => {
  const rows = Array.from(
    { length: 12 },
    (_, i) => `    { name: "p${i}", type: "{ a: string }", description: <>Row <b>${i}</b></> },`,
  );
  const tag = ["<PropertiesTable", "  content={[", ...rows, "  ]}", "/>"].join("\n");
  assert.ok(tag.length > 256); // past what the parse counts braces over: acorn reads it
  const text = `# Props\n\n${tag}\n\n## After\n`;
  const { doc } = parseMdxDocument(text, "d", "d.mdx");
  const jsx = doc.top.nodes.find((node) => node.kind === "jsx")!;
  assert.equal(jsx.text, jsxText(tag));
  assert.equal(jsx.text.split("\n").length, 12 * 4);
  // Offered as read, an expression's text is taken, not read again.
  const start = tag.indexOf("{") + 1;
  assert.equal(
    jsxText(
      tag,
      (at) => at === start ? { end: tag.lastIndexOf("]") + 1, text: ["given"] } : undefined,
    ),
    "given",
  );
});

Deno.test("jsx text: the attribute expressions MDX's parse checked give the text jsxText reads", () => {
  // Small expressions (MDX's parse reads them, and offers their text), on a tag's indented
  // lines and in a tag nested in another (MDX reads them without the indent), with
  // templates, JSX and escapes across lines, comments and spreads.
  const tags = [
    '<Tabs items={["npm", "pnpm", `yarn`]} />',
    "<Step title={'First step'} note={<>a <b>bold</b> word</>} />",
    "<Callout\n  title={`Line one\n    line two`}\n  other={`x\n  y`}\n  body={'a\\\n  b'}\n  more={[\n    'x  y',\n  ]}\n/>",
    '<Card {...props} title={"shown"} hidden={/* } */ "x"} />',
    "<PropertiesTable\n  content={[\n    {\n      name: 'url',\n      description: 'The URL.',\n    },\n  ]}\n/>",
  ];
  let read = 0;
  for (const tag of tags) {
    for (const [open, indent, close] of [["", "", ""], ["<Outer>\n", "  ", "</Outer>\n"]]) {
      const source = `${open}${indent}${tag.replaceAll("\n", `\n${indent}`)}\n${close}`;
      const { doc, warning } = parseMdxDocument(`# T\n\n${source}\nText.\n`, "d", "d.mdx");
      assert.equal(warning, undefined, source);
      for (const node of doc.top.nodes.filter((node) => node.kind === "jsx")) {
        assert.equal(node.text, jsxText(nodesSource(doc, [node])), source);
        read++;
      }
    }
  }
  assert.equal(read, tags.length * 4); // the tag alone, or inside <Outer> and </Outer>
});

const HOSTILE: { name: string; source: string; text: string }[] = [
  {
    name: "a tag inside a comment between tags is no tag",
    source: '<X title="a" />{/* <Y t="hidden" /> */}',
    text: "a",
  },
  {
    name: "a tag inside a child expression's string is no tag",
    source: `<X>{"a <b c='d'> e"}</X>\n<Y title="after" />`,
    text: "after",
  },
  {
    name: "an empty child expression leaves the tags after it read",
    source: '<X>{ }</X><Y title="after" />',
    text: "after",
  },
  {
    name: "template text, substitutions and nested templates in source order",
    source: "<X title={`outer ${`inner ${`deep`} text`} end`} />",
    text: "outer\ninner\ndeep\ntext\nend",
  },
  {
    name: "an object's addresses are no text, as attributes' are",
    source:
      `<IndexCards cards={[{ title: "Overview", href: "/docs/overview", link: "/x", img: "/a.png" }]} />`,
    text: "Overview",
  },
  {
    name: "links, images and media are no text",
    source:
      '<Card img="/a.png" link="https://x.dev" srcLight="/l.png" srcDark="/d.png" audio="/a.mp3" title="Shown" />',
    text: "Shown",
  },
];

for (const { name, source, text } of HOSTILE) {
  Deno.test(`jsx text: ${name}`, () => {
    assert.equal(jsxText(source), text);
  });
}

Deno.test("jsx text: a string value past the bound keeps its text up to the bound", () => {
  const value = "word ".repeat(Math.ceil(JSX_TEXT_SOURCE_CHARS / 5) + 10);
  const text = jsxText(`<X title="${value}" />`);
  // Read up to the bound, as the tag's source is: not dropped for its closing quote past it.
  assert.ok(text.length > JSX_TEXT_SOURCE_CHARS - 100, `${text.length} chars`);
  assert.ok(text.length <= JSX_TEXT_SOURCE_CHARS);
});
