// A document rebuilt from its record is the parsed document: over every file
// of both corpora (Markdown and MDX), the same nodes, sections, blockquote
// children and root plain text; and the record's version moves with the parser.
import assert from "node:assert/strict";
import {
  DOC_RECORD_VERSION,
  documentOf,
  RecordMissError,
  recordOf,
  ROOT_PLAIN_CHARS,
} from "../../../mdsel/parse/doc_record.ts";
import {
  CHUNK_CHARS,
  type MdDocument,
  type MdNode,
  type NodeList,
} from "../../../mdsel/parse/document.ts";
import { parseDocument } from "../../../mdsel/parse/markdown_nodes.ts";
import { parseMdxDocument, readMdx } from "../../../mdsel/parse/mdx.ts";
import { readMarkdown } from "../../../mdsel/parse/markdown_nodes.ts";
import { indexDocument } from "../../../mdsel/commands/index_command.ts";
import { ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus } from "../../_mdx_corpus.ts";
import { sha256 } from "../../_sha256.ts";

/** What a node is, without the parser's own token positions. */
function shape(node: MdNode) {
  const { kind, depth, startLine, endLine, words, text, level, quoteDepth } = node;
  return { kind, depth, startLine, endLine, words, text, level, quoteDepth };
}

/** A list, its sections and every blockquote's children, recursively. */
function listShape(doc: MdDocument, list: NodeList): unknown {
  return {
    nodes: list.nodes.map(shape),
    sectionEnds: [...list.sectionEnds],
    wordPrefix: [...list.wordPrefix],
    ordinals: [...list.ordinals],
    children: list.nodes.map((node) =>
      node.kind === "blockquote" ? listShape(doc, doc.childrenOf(node)) : null
    ),
  };
}

/** The root's plain text as the index's preview reads it. */
function rootPlain(doc: MdDocument): string[] {
  const texts: string[] = [];
  let text = "";
  for (const node of doc.top.nodes) {
    if (node.kind === "heading" || text.length >= ROOT_PLAIN_CHARS) break;
    const piece = doc.plainText(node, ROOT_PLAIN_CHARS);
    texts.push(piece);
    text += piece;
  }
  return texts;
}

const markdownFiles = (await ensureCorpus()).filter((file) => !file.endsWith(".mdx"));
const mdxFiles = await ensureMdxCorpus();

Deno.test("doc record: every corpus file rebuilt from its record is the parsed document", async () => {
  let blockquotes = 0;
  let roots = 0;
  for (const file of [...markdownFiles, ...mdxFiles]) {
    const text = await Deno.readTextFile(file);
    const parsed = file.endsWith(".mdx")
      ? parseMdxDocument(text, "doc", file)
      : { doc: parseDocument(text, "doc", file) };
    // Through JSON, as the cache and the workers hand it over.
    const record = JSON.parse(JSON.stringify(recordOf(parsed)));
    // An MDX record answers everything without a parser (a question it could not answer
    // would throw); a Markdown one reads its blockquotes' children again.
    const reparse = file.endsWith(".mdx") ? () => undefined : () => readMarkdown(text, CHUNK_CHARS);
    const rebuilt = documentOf(record, text, "doc", file, reparse);
    const { doc } = parsed;
    assert.equal(rebuilt.doc.syntax, doc.syntax, file);
    assert.equal(rebuilt.doc.frontMatterLines, doc.frontMatterLines, file);
    assert.deepEqual(rebuilt.problem, parsed.problem, file);
    assert.deepEqual(listShape(rebuilt.doc, rebuilt.doc.top), listShape(doc, doc.top), file);
    assert.deepEqual(rootPlain(rebuilt.doc), rootPlain(doc), file);
    // The index asks the document nothing its record does not hold (it would throw).
    const bare = documentOf(record, text, "doc", file, () => undefined).doc;
    const page = { words: 2000, chars: 16000 };
    assert.deepEqual(indexDocument(bare, page), indexDocument(doc, page), file);
    blockquotes += doc.top.nodes.filter((node) => node.kind === "blockquote").length;
    roots += rootPlain(doc).length;
  }
  // The corpora hold what the record keeps besides the nodes.
  assert.ok(blockquotes > 50, `${blockquotes} blockquotes`);
  assert.ok(roots > 100, `${roots} root nodes with plain text`);
});

Deno.test("doc record: what it does not hold is parsed again, or refused without a parser", () => {
  const text = "Intro with a [link][x].\n\n> quoted *text*\n\n# A\n\nBody.\n\n[x]: /y\n";
  const live = parseDocument(text, "d", "d.md");
  const record = recordOf({ doc: live });
  const again = documentOf(record, text, "d", "d.md", () => readMarkdown(text, Infinity)).doc;
  const body = again.top.nodes[3];
  assert.equal(again.plainText(body, 10), live.plainText(live.top.nodes[3], 10));
  assert.equal(again.plainText(again.top.nodes[0], 5), live.plainText(live.top.nodes[0], 5));
  const quoted = again.childrenOf(again.top.nodes[1]).nodes[0];
  assert.equal(
    again.plainText(quoted, 100),
    live.plainText(live.childrenOf(live.top.nodes[1]).nodes[0], 100),
  );
  const bare = documentOf(record, text, "d", "d.md").doc;
  assert.throws(() => bare.plainText(bare.top.nodes[3], 10), RecordMissError);
  // An MDX file rebuilt with MDX's parser at hand.
  const mdx = "export const a = 1\n\n<Note>\nSome *text*.\n</Note>\n\n# T\n\nx\n";
  const parsedMdx = parseMdxDocument(mdx, "m", "m.mdx");
  const rebuiltMdx = documentOf(
    recordOf(parsedMdx),
    mdx,
    "m",
    "m.mdx",
    () => readMdx(mdx, Infinity),
  );
  assert.equal(
    rebuiltMdx.doc.plainText(rebuiltMdx.doc.top.nodes[4], 1),
    parsedMdx.doc.plainText(parsedMdx.doc.top.nodes[4], 1),
  );
});

Deno.test("doc record: a record that is not one is refused", () => {
  const text = "# A\n";
  const good = recordOf({ doc: parseDocument(text, "a", "a.md") });
  for (
    const bad of [
      {},
      { ...good, s: "html" },
      { ...good, n: [1, 2, 3] },
      { ...good, n: [99, 0, 0, 0, 0, 0, 0], t: [] },
      { ...good, t: [] },
      { ...good, q: { "0": { n: [], t: [] } } },
    ]
  ) {
    assert.throws(
      () => documentOf(bad as never, text, "a", "a.md"),
      TypeError,
      JSON.stringify(bad),
    );
  }
});

/**
 * What the parsers write into a record for every file of both corpora, hashed:
 * a cached record is read only by the code that wrote it. When this fails,
 * records changed: raise DOC_RECORD_VERSION in mdsel/parse/doc_record.ts and
 * write both new values here. A comment or a refactor that writes the same
 * records moves neither.
 */
const RECORD_FINGERPRINT = {
  version: 5,
  sha256: "6c6f3446731a73530ee08184148716f65ce13de68cd1f9e4f7e3d5a6bc2b16c1",
};

Deno.test("doc record: its version moves whenever what records hold does", async () => {
  const records: string[] = [];
  for (const file of [...markdownFiles, ...mdxFiles].sort()) {
    const text = await Deno.readTextFile(file);
    const parsed = file.endsWith(".mdx")
      ? parseMdxDocument(text, "doc", "doc.mdx")
      : { doc: parseDocument(text, "doc", "doc.md") };
    records.push(JSON.stringify(recordOf(parsed)));
  }
  assert.deepEqual(
    { version: DOC_RECORD_VERSION, sha256: await sha256(records.join("\n")) },
    RECORD_FINGERPRINT,
    "What a doc record holds changed: raise DOC_RECORD_VERSION in mdsel/parse/doc_record.ts, " +
      "so that no cache entry of the old parser is read, and set RECORD_FINGERPRINT in this " +
      "test to the new version and sha256.",
  );
});
