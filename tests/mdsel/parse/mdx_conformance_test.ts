// The MDX front end against the MDX project's own parser, on real MDX docs no
// one here wrote (the `.mdx` files npm packages ship, installed by
// tests/_mdx.ts): every section heading `@mdx-js/mdx` sees is in the index at
// its line and no other, and every section selects exactly its source lines.
import assert from "node:assert/strict";
import {
  assembleDocument,
  CHUNK_CHARS,
  type MdDocument,
  nodesSource,
} from "../../../mdsel/parse/document.ts";
import { parseMdxDocument, readMdx } from "../../../mdsel/parse/mdx.ts";
import { type MdxHeading, mdxSectionHeadings } from "../../_mdx.ts";
import { ensureMdxCorpus } from "../../_mdx_corpus.ts";

const files = await ensureMdxCorpus();
const texts = await Promise.all(files.map((file) => Deno.readTextFile(file)));

function headingsOf(doc: MdDocument): MdxHeading[] {
  return doc.top.nodes.filter((node) => node.kind === "heading")
    .map((node) => ({ depth: node.depth, line: node.startLine + 1 }));
}

Deno.test("MDX corpus: the section headings of @mdx-js/mdx, each section its exact lines", () => {
  let headings = 0;
  let sections = 0;
  files.forEach((file, k) => {
    const text = texts[k];
    const { doc, warning } = parseMdxDocument(text, "doc", file);
    let truth: MdxHeading[];
    try {
      truth = mdxSectionHeadings(text);
    } catch (error) {
      assert.notEqual(
        warning,
        undefined,
        `${file}: MDX rejects it (${error}), the engine does not`,
      );
      return;
    }
    assert.equal(warning, undefined, file);
    assert.deepEqual(headingsOf(doc), truth, file);
    headings += truth.length;
    const lines = text.split(/\r\n|\r|\n/);
    const nodes = doc.top.nodes;
    let h = 0;
    for (let i = 0; i < nodes.length; i++) {
      if (nodes[i].kind !== "heading") continue;
      const next = truth.slice(h + 1).find((heading) => heading.depth <= truth[h].depth);
      const expected = lines.slice(
        truth[h].line - 1,
        next === undefined ? undefined : next.line - 1,
      )
        .join("\n").trimEnd();
      assert.equal(
        nodesSource(doc, nodes.slice(i, doc.top.sectionEnds[i])),
        expected,
        `${file}:${truth[h].line}`,
      );
      sections++;
      h++;
    }
  });
  assert.ok(files.length > 600, `${files.length} files`);
  assert.ok(
    headings > 5_000 && sections === headings,
    `${headings} headings, ${sections} sections`,
  );
});

Deno.test("MDX corpus: the markdown-it stretches change no node (MDX's parser alone reads the same)", () => {
  for (const [k, file] of files.entries()) {
    const text = texts[k];
    const model = (markdownStretches: boolean) => {
      const doc = assembleDocument("doc", file, readMdx(text, CHUNK_CHARS, markdownStretches));
      return doc.top.nodes.map((node) => ({
        kind: node.kind,
        depth: node.depth,
        lines: [node.startLine, node.endLine],
        words: node.words,
        text: node.text,
        children: node.kind === "blockquote" ? doc.childrenOf(node).nodes.length : 0,
      }));
    };
    assert.deepEqual(model(true), model(false), file);
  }
});
