// Edge cases of the CLI contract (mdsel-cli.md), one test per rule, on small
// generated files in a temporary folder. The document-model rules run
// in-process (fast); bad input, exit codes and pipes run the real process.
import assert from "node:assert/strict";
import { type CliResult, mdsel, mdselInProcess, parseEnvelope, withTempDir } from "./_cli.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

/** `mdsel <args> --json` in-process on absolute paths: exit code and parsed envelope. */
async function json(args: string[], env: Record<string, string> = {}) {
  const result = await mdselInProcess([...args, "--json"], env);
  return { code: result.code, envelope: parseEnvelope(result.stdout) as Json, result };
}

/** The matches of a successful `select --json`. */
async function select(selector: string, ...files: string[]): Promise<Json[]> {
  const { code, envelope } = await json(["select", selector, ...files]);
  assert.equal(code, 0, `select ${selector}: ${JSON.stringify(envelope)}`);
  assert.equal(envelope.success, true);
  return envelope.data.matches;
}

/** The only match of `select --json`, as [content, start_line, end_line]. */
async function one(selector: string, file: string): Promise<[string, number, number]> {
  const matches = await select(selector, file);
  assert.equal(matches.length, 1, `${selector}: ${matches.length} matches`);
  const [match] = matches;
  return [match.content, match.start_line, match.end_line];
}

/** The only document of `index --json`. */
async function indexOf(file: string): Promise<Json> {
  const { code, envelope } = await json(["index", file]);
  assert.equal(code, 0);
  return envelope.data.documents[0];
}

function headingRows(doc: Json): unknown[][] {
  return doc.headings.map((h: Json) => [h.selector, h.text, h.start_line, h.end_line]);
}

/** Runs `body` with one file `<name>` holding `text`, given its absolute path. */
async function withFile(
  name: string,
  text: string | Uint8Array,
  body: (path: string) => Promise<void>,
): Promise<void> {
  await withTempDir({ [name]: text }, (dir) => body(`${dir}/${name}`));
}

/**
 * Asserts that a match's content is the exact source: it ends where line
 * `end_line` ends (trailing whitespace removed) and starts on line
 * `start_line`, after at most indentation and blockquote markers.
 */
function assertExactSlice(source: string, match: Json): void {
  const starts = [0];
  const ends: number[] = [];
  for (const lineBreak of source.matchAll(/\r\n|\r|\n/g)) {
    ends.push(lineBreak.index);
    starts.push(lineBreak.index + lineBreak[0].length);
  }
  ends.push(source.length);
  const { content, start_line: first, end_line: last } = match;
  assert.ok(1 <= first && first <= last && last <= starts.length, `${match.selector} lines`);
  const region = source.slice(starts[first - 1], ends[last - 1]).trimEnd();
  assert.equal(content, content.trimEnd(), `${match.selector}: trailing whitespace`);
  assert.ok(region.endsWith(content), `${match.selector}: not a slice ending on line ${last}`);
  const before = region.slice(0, region.length - content.length);
  assert.match(before, /^[ \t>]*$/, `${match.selector}: does not start on line ${first}`);
}

/**
 * Visits every selector reachable from `root` (children, next pages) and checks
 * each match's content against the source.
 */
async function assertAllSlicesExact(
  path: string,
  env: Record<string, string> = {},
): Promise<number> {
  const source = await Deno.readTextFile(path);
  const index = (await json(["index", "--full", path], env)).envelope.data.documents[0];
  const queue = [`${index.namespace}::root`, ...index.headings.map((h: Json) => h.selector)];
  index.headings.forEach((_: Json, i: number) => queue.push(`${index.namespace}::section[${i}]`));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const selector = queue.shift()!;
    if (seen.has(selector)) continue;
    seen.add(selector);
    const { code, envelope } = await json(["select", selector, path], env);
    assert.equal(code, 0, `${selector}: ${JSON.stringify(envelope.data?.unresolved)}`);
    for (const match of envelope.data.matches) {
      assertExactSlice(source, match);
      queue.push(...match.children_available.map((child: Json) => child.selector));
      if (match.pagination?.next !== undefined) queue.push(match.pagination.next);
    }
  }
  return seen.size;
}

const MIXED = [
  "---", //                              1
  "title: Mixed",
  "---",
  "Intro with *emphasis*.", //           4
  "",
  "# One", //                            6
  "",
  "Text   ", //                          8 (trailing spaces)
  "",
  "    indented code", //               10
  "",
  "<div>html</div>", //                 12
  "",
  "1. first", //                        14
  "2. second",
  "   - nested",
  "",
  "## One.A", //                        18
  "",
  "> quoted para", //                   20
  ">",
  "> ## quoted heading",
  ">",
  "> > inner",
  ">",
  ">     quoted indented code",
  "",
  "| a | b |", //                       28
  "|:--|--:|",
  "| 1 | 2 |",
  "",
  "Footnote[^n] and [link][r].", //     32
  "",
  "[^n]: The note.",
  "[r]: https://example.com",
  "",
  "Setext", //                          37
  "------",
  "",
  "***",
  "",
  "~~~", //                             42
  "tilde code",
  "~~~",
  "",
  "# Two #", //                         46
  "",
  "- [ ] task",
  "- [x] done ~~old~~",
  "",
].join("\n");

// ---------------------------------------------------------------------------
// The document model (§2).

Deno.test("front matter (YAML ---): not a heading, block or word, but part of root", async () => {
  const text = "---\ntitle: My Doc\ntags: [a, b]\n---\n\nIntro words here.\n\n# A\n\ntext\n";
  await withFile("fm.md", text, async (path) => {
    const doc = await indexOf(path);
    // Without front matter, "tags: [a, b]\n---" would be a setext heading.
    assert.deepEqual(headingRows(doc), [["fm::heading:h1[0]", "A", 8, 10]]);
    assert.equal(doc.root.word_count, 3);
    assert.equal(doc.root.children_count, 1);
    assert.equal(doc.root.content_preview, "Intro words here.");
    assert.equal(doc.headings[0].section_word_count, 2);
    assert.equal(doc.blocks.paragraphs, 2);
    assert.deepEqual(await one("root", path), [text.trimEnd(), 1, 10]);
    assert.deepEqual(await one("para.0", path), ["Intro words here.", 6, 6]);
    const [root] = await select("root", path);
    assert.deepEqual(root.children_available.map((c: Json) => c.selector), [
      "fm::block:paragraph[0]",
    ]);
  });
  // Closed by "..." as YAML allows.
  await withFile("dots.md", "---\na: 1\n...\n# A\n", async (path) => {
    assert.deepEqual(headingRows(await indexOf(path)), [["dots::heading:h1[0]", "A", 4, 4]]);
  });
});

Deno.test("front matter (TOML +++): not a heading, block or word, but part of root", async () => {
  const text = '+++\ntitle = "x y"\n+++\nIntro\n\n# A\n\ntext\n';
  await withFile("toml.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(headingRows(doc), [["toml::heading:h1[0]", "A", 6, 8]]);
    assert.equal(doc.root.word_count, 1);
    assert.equal(doc.blocks.paragraphs, 2);
    assert.deepEqual(await one("root", path), [text.trimEnd(), 1, 8]);
  });
});

Deno.test("front matter only at the very top, and only when closed", async () => {
  // After other content, --- lines are a thematic break and a setext underline.
  await withFile("late.md", "text\n\n---\nkey: v\n---\n", async (path) => {
    assert.deepEqual(headingRows(await indexOf(path)), [["late::heading:h2[0]", "key: v", 4, 5]]);
  });
  // Never closed: not front matter.
  await withFile("open.md", "---\ntitle: x\n\n# A\n", async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(headingRows(doc), [["open::heading:h1[0]", "A", 4, 4]]);
    assert.equal(doc.blocks.paragraphs, 1);
    assert.equal(doc.root.word_count, 2);
  });
});

Deno.test("CRLF line endings: content keeps \\r\\n exactly, lines are counted right", async () => {
  const text =
    "Intro\r\n\r\n# A\r\n\r\none two\r\n\r\n```\r\ncode\r\n```\r\n\r\n## B\r\n\r\nthree\r\n";
  await withFile("crlf.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(headingRows(doc), [
      ["crlf::heading:h1[0]", "A", 3, 13],
      ["crlf::heading:h2[0]", "B", 11, 13],
    ]);
    assert.deepEqual(doc.headings.map((h: Json) => h.section_word_count), [6, 2]);
    assert.deepEqual(await one("h1.0", path), [
      "# A\r\n\r\none two\r\n\r\n```\r\ncode\r\n```\r\n\r\n## B\r\n\r\nthree",
      3,
      13,
    ]);
    assert.deepEqual(await one("h1.0/code.0", path), ["```\r\ncode\r\n```", 7, 9]);
    assert.deepEqual(await one("root", path), [text.trimEnd(), 1, 13]);
    const head = (await select("h1.0?head=3", path))[0];
    assert.equal(head.content, "# A\r\n\r\none two");
    assert.equal(head.end_line, 5);
  });
});

Deno.test("a UTF-8 BOM is dropped: the first line is still a heading", async () => {
  await withFile("bom.md", "\uFEFF# A\n\ntext\n", async (path) => {
    const doc = await indexOf(path);
    assert.equal(doc.root, null);
    assert.deepEqual(headingRows(doc), [["bom::heading:h1[0]", "A", 1, 3]]);
    assert.deepEqual(await one("root", path), ["# A\n\ntext", 1, 3]);
    const text = await mdselInProcess(["index", path]);
    assert.equal(text.stdout, `bom ${path} [2 words]\nh1.0 A\n---\npara:1\n`);
  });
});

Deno.test("tabs: indented code, list markers and headings with tabs keep their source", async () => {
  const text = "#\tA\n\n\tindented code\n\n-\tlist item\n\nword\tword\n";
  await withFile("tabs.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(headingRows(doc), [["tabs::heading:h1[0]", "A", 1, 7]]);
    assert.equal(doc.headings[0].section_word_count, 1 + 2 + 2 + 2);
    assert.deepEqual(await one("code.0", path), ["\tindented code", 3, 3]);
    assert.deepEqual(await one("list.0", path), ["-\tlist item", 5, 5]);
    assert.deepEqual(await one("para.0", path), ["word\tword", 7, 7]);
  });
});

Deno.test("setext headings open sections like ATX headings", async () => {
  const text = "Title\n=====\n\ntext\n\nSub\n---\n\nmore\n\nTwo\nlines\n===\n";
  await withFile("setext.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(headingRows(doc), [
      ["setext::heading:h1[0]", "Title", 1, 9],
      ["setext::heading:h2[0]", "Sub", 6, 9],
      ["setext::heading:h1[1]", "Two\nlines", 11, 13],
    ]);
    assert.equal(doc.headings[2].content_preview, "Two lines");
    assert.deepEqual(await one("h2.0", path), ["Sub\n---\n\nmore", 6, 9]);
    assert.match((await mdselInProcess(["index", path])).stdout, /^h1\.1 Two lines$/m);
  });
});

Deno.test("headings with closing #s: the text drops them, the content keeps them", async () => {
  const text = "# A ###\n\n## B ##   \n\n### C \\#\n\n# D#\n";
  await withFile("closing.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(doc.headings.map((h: Json) => h.text), ["A", "B", "C #", "D#"]);
    assert.deepEqual(await one("h2.0", path), ["## B ##   \n\n### C \\#", 3, 5]);
    assert.deepEqual(await one("h1.0", path), ["# A ###\n\n## B ##   \n\n### C \\#", 1, 5]);
  });
});

Deno.test("empty headings are headings with empty text and no words", async () => {
  await withFile("empty.md", "#\n\n## \n\ntext\n\n###   ###\n", async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(headingRows(doc), [
      ["empty::heading:h1[0]", "", 1, 7],
      ["empty::heading:h2[0]", "", 3, 7],
      ["empty::heading:h3[0]", "", 7, 7],
    ]);
    assert.deepEqual(doc.headings.map((h: Json) => h.word_count), [0, 0, 0]);
    assert.deepEqual(doc.headings.map((h: Json) => h.section_word_count), [1, 1, 0]);
    assert.deepEqual(await one("h2.0", path), ["## \n\ntext\n\n###   ###", 3, 7]);
  });
});

Deno.test("HTML blocks are part of sections but are not blocks", async () => {
  const text =
    "<div>\nhi\n</div>\n\npara\n\n# A\n\n<!-- note -->\n\n<details>\n<summary>x</summary>\n" +
    "</details>\n";
  await withFile("html.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(doc.blocks, {
      paragraphs: 1,
      code_blocks: 0,
      lists: 0,
      tables: 0,
      blockquotes: 0,
    });
    assert.deepEqual(headingRows(doc), [["html::heading:h1[0]", "A", 7, 13]]);
    const [section] = await select("h1.0", path);
    assert.equal(section.content, text.slice(text.indexOf("# A")).trimEnd());
    assert.deepEqual(section.children_available, []);
    const [root] = await select("root", path);
    assert.deepEqual(root.children_available.map((c: Json) => c.selector), [
      "html::block:paragraph[0]",
    ]);
    const { code, envelope } = await json(["select", "h1.0/para.0", path]);
    assert.equal(code, 1);
    assert.equal(
      envelope.data.unresolved[0].reason,
      "No para in h1.0",
    );
  });
});

Deno.test("nested lists and blockquotes are one top-level block each", async () => {
  const text = "- a\n  - b\n    - c\n\n> q1\n> > q2\n> > > q3\n";
  await withFile("nested.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.equal(doc.blocks.lists, 1);
    assert.equal(doc.blocks.blockquotes, 1);
    assert.equal(doc.root.word_count, 6);
    assert.deepEqual(await one("list.0", path), ["- a\n  - b\n    - c", 1, 3]);
    assert.deepEqual(await one("quote.0", path), ["> q1\n> > q2\n> > > q3", 5, 7]);
    assert.deepEqual(await one("quote.0/quote.0", path), ["> q2\n> > > q3", 6, 7]);
    assert.deepEqual(await one("quote.0/quote.0/quote.0/para.0", path), ["q3", 7, 7]);
    const { code } = await json(["select", "list.0/list.0", path]);
    assert.equal(code, 1, "lists have no selectable children");
  });
});

Deno.test("GFM tables: the source as written, cells counted as words", async () => {
  const text = "# T\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 | 4 |\n\nx | y\n--|--\n5 | 6\n";
  await withFile("table.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.equal(doc.blocks.tables, 2);
    assert.equal(doc.headings[0].section_word_count, 1 + 6 + 4);
    assert.deepEqual(await one("table.0", path), [
      "| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 | 4 |",
      3,
      6,
    ]);
    assert.deepEqual(await one("h1.0/table.1", path), ["x | y\n--|--\n5 | 6", 8, 10]);
  });
});

Deno.test("footnote and link definitions belong to the section but are not blocks", async () => {
  const text = "# F\n\nText[^1] and [a link][r].\n\n[^1]: The note.\n\n[r]: https://x.y\n\nafter\n";
  await withFile("foot.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(doc.blocks.paragraphs, 2);
    assert.equal(doc.headings[0].children_count, 4);
    assert.deepEqual(headingRows(doc), [["foot::heading:h1[0]", "F", 1, 9]]);
    const [section] = await select("h1.0", path);
    assert.equal(section.content, text.trimEnd());
    assert.deepEqual(section.children_available.map((c: Json) => c.selector), [
      "foot::heading:h1[0]/block:paragraph[0]",
      "foot::heading:h1[0]/block:paragraph[1]",
    ]);
    assert.deepEqual(await one("para.1", path), ["after", 9, 9]);
  });
});

Deno.test("headings inside lists and blockquotes do not open sections", async () => {
  const text = "- item\n\n  # not a section\n\n> # not either\n\n# Real\n\ntext\n";
  await withFile("inner.md", text, async (path) => {
    const doc = await indexOf(path);
    assert.deepEqual(headingRows(doc), [["inner::heading:h1[0]", "Real", 7, 9]]);
    assert.equal(doc.root.children_count, 2);
    assert.equal(
      (await mdselInProcess(["index", path])).stdout,
      `inner ${path} [8 words]\nintro [6 words]\nh1.0 Real\n---\npara:1 list:1 quote:1\n`,
    );
    assert.deepEqual(await one("h1.0", path), ["# Real\n\ntext", 7, 9]);
  });
});

Deno.test("blockquote children: quote.0/para.0 and friends, content from their own first character", async () => {
  const text =
    "> para one\n>\n> ```\n> code\n> ```\n>\n> - li\n>\n> > inner\n\n# S\n\n> second\n> still\n";
  await withFile("q.md", text, async (path) => {
    const [quote] = await select("quote.0", path);
    assert.deepEqual(quote.children_available.map((c: Json) => [c.selector, c.type, c.preview]), [
      ["q::block:blockquote[0]/block:paragraph[0]", "paragraph", "para one"],
      ["q::block:blockquote[0]/block:code[0]", "code", "```\n> code\n> ```"],
      ["q::block:blockquote[0]/block:list[0]", "list", "- li"],
      ["q::block:blockquote[0]/block:blockquote[0]", "blockquote", "> inner"],
    ]);
    assert.deepEqual(await one("quote.0/para.0", path), ["para one", 1, 1]);
    assert.deepEqual(await one("quote.0/code.0", path), ["```\n> code\n> ```", 3, 5]);
    assert.deepEqual(await one("quote.0/list.0", path), ["- li", 7, 7]);
    assert.deepEqual(await one("quote.0/quote.0/para.0", path), ["inner", 9, 9]);
    assert.deepEqual(await one("h1.0/quote.0/para.0", path), ["second\n> still", 13, 14]);
    const both = await select("quote/para.0", path);
    assert.deepEqual(both.map((m: Json) => m.selector), [
      "q::block:blockquote[0]/block:paragraph[0]",
      "q::block:blockquote[1]/block:paragraph[0]",
    ]);
  });
});

Deno.test("section[i]: at the top the i-th heading of any depth; inside a section the i-th heading of its children", async () => {
  const text = "# A\n\n## A1\n\n### A1a\n\n## A2\n\ntext\n\n# B\n\n## B1\n";
  await withFile("s.md", text, async (path) => {
    const all = await select("section", path);
    const index = await indexOf(path);
    assert.deepEqual(
      all.map((m: Json) => [m.selector, m.start_line]),
      index.headings.map((h: Json, i: number) => [`s::section[${i}]`, h.start_line]),
    );
    assert.deepEqual(await one("section[2]", path), ["### A1a", 5, 5]);
    assert.deepEqual(await one("SECTION.5", path), ["## B1", 13, 13]);
    assert.deepEqual(await one("h1.0/section[0]", path), ["## A1\n\n### A1a", 3, 5]);
    assert.deepEqual(await one("h1.0/section[1]", path), ["### A1a", 5, 5]);
    assert.deepEqual(await one("h1.0/section[2]", path), ["## A2\n\ntext", 7, 9]);
    assert.deepEqual(await one("section[4]/section[0]", path), ["## B1", 13, 13]);
    const outside = await json(["select", "h1.0/section[3]", path]);
    assert.equal(outside.code, 1);
    assert.equal(
      outside.envelope.data.unresolved[0].reason,
      "h1.0 has h1.0/section.0-h1.0/section.2, no h1.0/section.3",
    );
    const beyond = await json(["select", "section[6]", path]);
    assert.equal(
      beyond.envelope.data.unresolved[0].reason,
      "s has section.0-section.5, no section.6",
    );
  });
});

Deno.test("index ranges and lists: N-M inclusive, lists, a comma and a digit continue the list", async () => {
  const text = "# T\n\n## a\n\n## b\n\n## c\n\n## d\n";
  await withFile("r.md", text, async (path) => {
    const selectors = async (selector: string) =>
      (await select(selector, path)).map((m: Json) => m.selector);
    const h2 = (i: number) => `r::heading:h2[${i}]`;
    assert.deepEqual(await selectors("h2.1-2"), [h2(1), h2(2)]);
    assert.deepEqual(await selectors("h2[0,2-3]"), [h2(0), h2(2), h2(3)]);
    assert.deepEqual(await selectors("h2.0,2"), [h2(0), h2(2)]);
    assert.deepEqual(await selectors("h2 [ 1 - 2 ]"), [h2(1), h2(2)]);
    assert.deepEqual(await selectors("h2"), [h2(0), h2(1), h2(2), h2(3)]);
    assert.deepEqual(await selectors("h2[2-9]"), [h2(2), h2(3)], "clipped to what exists");
    assert.deepEqual(await selectors("h1.0/h2.3"), ["r::heading:h1[0]/heading:h2[3]"]);
    const reversed = await json(["select", "h2.2-1", path]);
    assert.equal(reversed.code, 1);
    assert.equal(reversed.envelope.errors[0].code, "INVALID_INDEX");
    const outside = await json(["select", "h2[5-6]", path]);
    assert.equal(outside.code, 1);
    assert.equal(
      outside.envelope.data.unresolved[0].reason,
      "r has h2.0-h2.3, no h2.5",
    );
  });
});

Deno.test("namespaces: lower-cased base names, made identifiers, unique per call", async () => {
  const files = {
    "README.md": "# A\n",
    "readme.markdown": "# B\n",
    "2024 Notes.v2.md": "# C\n",
    "my-file.md": "# D\n",
  };
  await withTempDir({}, async (dir) => {
    await Deno.mkdir(`${dir}/sub`);
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    await Deno.writeTextFile(`${dir}/sub/readme.md`, "# E\n");
    const paths = [...Object.keys(files), "sub/readme.md"].map((name) => `${dir}/${name}`);
    const { envelope } = await json(["index", ...paths]);
    assert.deepEqual(envelope.data.documents.map((d: Json) => [d.namespace, d.file_path]), [
      ["readme", paths[0]],
      ["readme_2", paths[1]],
      ["_2024_notes_v2", paths[2]],
      ["my-file", paths[3]],
      ["readme_3", paths[4]],
    ]);
    // Namespaces in selectors are matched case-insensitively.
    assert.deepEqual((await select("README_2::H1.0", ...paths)).map((m: Json) => m.content), [
      "# B",
    ]);
    assert.deepEqual((await select("_2024_Notes_V2::h1", ...paths)).map((m: Json) => m.content), [
      "# C",
    ]);
    assert.deepEqual((await select("My-File::h1.0", ...paths)).map((m: Json) => m.selector), [
      "my-file::heading:h1[0]",
    ]);
    // Without a namespace every file is searched, in argument order.
    assert.deepEqual((await select("h1.0", ...paths)).map((m: Json) => m.content), [
      "# A",
      "# B",
      "# C",
      "# D",
      "# E",
    ]);
  });
});

Deno.test("a namespace that does not exist: unresolved, with the available ones and suggestions", async () => {
  await withTempDir({ "alpha.md": "# A\n\n## Sub\n", "beta.md": "# B\n" }, async (dir) => {
    const files = [`${dir}/alpha.md`, `${dir}/beta.md`];
    const near = await json(["select", "alpah::h2.0", ...files]);
    assert.equal(near.code, 1);
    assert.equal(near.envelope.success, false);
    assert.deepEqual(near.envelope.data.unresolved, [{
      selector: "alpah::heading:h2[0]",
      reason: "Namespace 'alpah' not found. Available namespaces: alpha, beta",
      suggestions: ["alpha::heading:h2[0]"],
    }]);
    assert.deepEqual(near.envelope.unresolved_selectors, ["alpah::heading:h2[0]"]);
    const far = await json(["select", "zzzzzzzz::h1", ...files]);
    assert.equal(far.code, 1);
    assert.equal(
      far.envelope.data.unresolved[0].reason,
      "Namespace 'zzzzzzzz' not found. Available namespaces: alpha, beta",
    );
    assert.ok(far.envelope.data.unresolved[0].suggestions.length <= 5);
    // The namespace of a file that could not be read does not exist either.
    const unread = await json(["select", "gone::h1", `${dir}/gone.md`]);
    assert.equal(unread.code, 1);
    assert.equal(unread.envelope.errors[0].code, "FILE_NOT_FOUND");
  });
});

Deno.test("content is always the exact source slice (every selector of a mixed document, LF and CRLF)", async () => {
  await withTempDir(
    { "mixed.md": MIXED, "crlf.md": MIXED.replaceAll("\n", "\r\n") },
    async (dir) => {
      for (const name of ["mixed.md", "crlf.md"]) {
        const visited = await assertAllSlicesExact(`${dir}/${name}`);
        assert.ok(visited >= 20, `${name}: only ${visited} selectors visited`);
        // Paged: every page is a slice too.
        const paged = await assertAllSlicesExact(`${dir}/${name}`, { MDSEL_PAGE_WORDS: "3" });
        assert.ok(paged > visited, `${name}: paging added no pages`);
      }
      const doc = await indexOf(`${dir}/mixed.md`);
      assert.deepEqual(doc.headings.map((h: Json) => [h.text, h.start_line, h.end_line]), [
        ["One", 6, 44],
        ["One.A", 18, 35],
        ["Setext", 37, 44],
        ["Two", 46, 49],
      ]);
      assert.deepEqual(doc.blocks, {
        paragraphs: 3,
        code_blocks: 2,
        lists: 2,
        tables: 1,
        blockquotes: 1,
      });
      assert.deepEqual(await one("h1.0/para.0", `${dir}/mixed.md`), ["Text", 8, 8]);
      assert.deepEqual(await one("h2.0/quote.0/code.0", `${dir}/mixed.md`), [
        "    quoted indented code",
        26,
        26,
      ]);
    },
  );
});

// ---------------------------------------------------------------------------
// Bad input (§7): real processes, paths relative to the working directory.

/** Asserts a `--json` run failed cleanly with one file error of `code`. */
function assertFileError(result: CliResult, file: string, type: string, code: string): Json {
  assert.equal(result.code, 1, result.stderr);
  assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
  const envelope = parseEnvelope(result.stdout);
  assert.equal(envelope.success, false);
  assert.equal(envelope.errors.length, 1);
  assert.equal(envelope.errors[0].type, type);
  assert.equal(envelope.errors[0].code, code);
  assert.equal(envelope.errors[0].file, file);
  assert.equal(typeof envelope.errors[0].message, "string");
  return envelope;
}

Deno.test("bad input: a missing file is FILE_NOT_FOUND, the other files still answer", async () => {
  await withTempDir({ "ok.md": "# Ok\n" }, async (dir) => {
    const index = await mdsel(["index", "--json", "ok.md", "nope.md"], { cwd: dir });
    const envelope = assertFileError(index, "nope.md", "FILE_NOT_FOUND", "FILE_NOT_FOUND");
    // A relative path's error names the folder it was resolved against; `file` stays as given.
    assert.equal(envelope.errors[0].message, `File not found: nope.md (relative to ${dir})`);
    assert.deepEqual(envelope.data.documents.map((d: Json) => d.namespace), ["ok"]);
    assert.deepEqual(envelope.warnings, ["1 of 2 file(s) could not be processed"]);
    const selected = await mdsel(["select", "--json", "h1.0", "nope.md", "ok.md"], { cwd: dir });
    const found = assertFileError(selected, "nope.md", "FILE_NOT_FOUND", "FILE_NOT_FOUND");
    assert.deepEqual(found.data.matches.map((m: Json) => m.content), ["# Ok"]);
    const text = await mdsel(["select", "h1.0", "nope.md"], { cwd: dir });
    assert.equal(text.code, 1);
    assert.equal(
      text.stdout,
      `error FILE_NOT_FOUND: File not found: nope.md (relative to ${dir})\n`,
    );
    const absolute = await mdsel(["select", "h1.0", `${dir}/nope.md`], { cwd: dir });
    assert.equal(absolute.stdout, `error FILE_NOT_FOUND: File not found: ${dir}/nope.md\n`);
    // No shell expands `~` for an agent: the message says so.
    const home = await mdsel(["index", "~/notes.md"], { cwd: dir });
    assert.equal(
      home.stdout,
      `error FILE_NOT_FOUND: File not found: ~/notes.md (relative to ${dir}; ` +
        "`~` is not expanded: give the absolute path)\n",
    );
  });
});

Deno.test("bad input: a folder without Markdown is NO_MARKDOWN_FILES", async () => {
  await withTempDir({}, async (dir) => {
    await Deno.mkdir(`${dir}/docs.md`);
    await Deno.writeTextFile(`${dir}/docs.md/notes.txt`, "not markdown");
    for (const command of ["index", "select"]) {
      const args = command === "index"
        ? ["index", "--json", "docs.md"]
        : ["select", "--json", "root", "docs.md"];
      assertFileError(
        await mdsel(args, { cwd: dir }),
        "docs.md",
        "PROCESSING_ERROR",
        "NO_MARKDOWN_FILES",
      );
    }
  });
});

Deno.test("bad input: a binary file (a NUL byte) is BINARY_FILE", async () => {
  await withTempDir(
    { "bin.md": new Uint8Array([0x23, 0x20, 0x41, 0x00, 0x42, 0x0a]) },
    async (dir) => {
      assertFileError(
        await mdsel(["index", "--json", "bin.md"], { cwd: dir }),
        "bin.md",
        "PROCESSING_ERROR",
        "BINARY_FILE",
      );
      assertFileError(
        await mdsel(["select", "--json", "h1.0", "bin.md"], { cwd: dir }),
        "bin.md",
        "PROCESSING_ERROR",
        "BINARY_FILE",
      );
    },
  );
});

Deno.test("bad input: a file that cannot be read is PERMISSION_DENIED", async () => {
  await withTempDir({ "ok.md": "# Ok\n", "secret.md": "# Secret\n" }, async (dir) => {
    // Root may read any file whatever its mode: deny through Deno's permissions instead.
    const options = { cwd: dir, allowRead: [`${dir}/ok.md`] };
    const result = await mdsel(["index", "--json", "ok.md", "secret.md"], options);
    const envelope = assertFileError(result, "secret.md", "PROCESSING_ERROR", "PERMISSION_DENIED");
    assert.deepEqual(envelope.data.documents.map((d: Json) => d.namespace), ["ok"]);
  });
});

Deno.test("bad input: invalid UTF-8 becomes U+FFFD with a warning, in index and select", async () => {
  const bytes = new Uint8Array([
    ...new TextEncoder().encode("# A"),
    0xff,
    ...new TextEncoder().encode("\n\ntext "),
    0xc3,
    0x28,
    ...new TextEncoder().encode(" more\n"),
  ]);
  await withTempDir({ "bad.md": bytes }, async (dir) => {
    const warning = "Invalid UTF-8 in bad.md: replaced with U+FFFD";
    const index = await mdsel(["index", "--json", "bad.md"], { cwd: dir });
    assert.equal(index.code, 0);
    const envelope = parseEnvelope(index.stdout);
    assert.equal(envelope.data.documents[0].headings[0].text, "A\uFFFD");
    assert.deepEqual(envelope.warnings, [warning]);
    const selected = await mdsel(["select", "--json", "root", "bad.md"], { cwd: dir });
    assert.equal(selected.code, 0);
    const match = parseEnvelope(selected.stdout);
    assert.equal(match.data.matches[0].content, "# A\uFFFD\n\ntext \uFFFD( more");
    assert.deepEqual(match.warnings, [warning]);
    const text = await mdsel(["select", "para.0", "bad.md"], { cwd: dir });
    assert.equal(text.code, 0);
    assert.equal(text.stdout, `text \uFFFD( more\n[warning: ${warning}]\n`);
    assert.equal(text.stderr, "");
  });
});

Deno.test("a U+FFFD written as valid UTF-8 is text, not a warning; a BOM with it is dropped", async () => {
  const files = { "ok.md": "\uFEFF# A \uFFFD\n\ntext\n" };
  await withTempDir(files, async (dir) => {
    const { code, envelope } = await json(["index", `${dir}/ok.md`]);
    assert.equal(code, 0);
    assert.equal(envelope.warnings, undefined);
    assert.equal(envelope.data.documents[0].headings[0].text, "A \uFFFD");
    const text = await mdselInProcess(["select", "h1.0", `${dir}/ok.md`]);
    assert.deepEqual(text, { code: 0, stdout: "# A \uFFFD\n\ntext\n", stderr: "" });
  });
});

Deno.test("bad input: a file over MDSEL_MAX_BYTES is FILE_TOO_LARGE, quickly, beside a good file", async () => {
  await withTempDir({ "small.md": "# Small\n" }, async (dir) => {
    const chunk = new TextEncoder().encode(
      "# Heading\n\nSome words in a paragraph.\n\n".repeat(26_000),
    );
    const file = await Deno.open(`${dir}/huge.md`, { write: true, create: true });
    try {
      let size = 0;
      while (size < 60 * 1024 * 1024) {
        let written = 0;
        while (written < chunk.length) written += await file.write(chunk.subarray(written));
        size += chunk.length;
      }
    } finally {
      file.close();
    }
    assert.ok((await Deno.stat(`${dir}/huge.md`)).size >= 60 * 1024 * 1024);
    const index = await mdsel(["index", "--json", "huge.md", "small.md"], { cwd: dir });
    const envelope = assertFileError(index, "huge.md", "PROCESSING_ERROR", "FILE_TOO_LARGE");
    assert.deepEqual(envelope.data.documents.map((d: Json) => d.namespace), ["small"]);
    const selected = await mdsel(["select", "--json", "h1.0", "huge.md", "small.md"], { cwd: dir });
    const found = assertFileError(selected, "huge.md", "PROCESSING_ERROR", "FILE_TOO_LARGE");
    assert.deepEqual(found.data.matches.map((m: Json) => m.content), ["# Small"]);
  });
});

Deno.test("bad input: 10,000 nested blockquotes or list levels neither crash nor swallow what follows", async () => {
  const tail = "\n\n# After\n\ntext\n";
  const files = {
    "quotes.md": "> ".repeat(10_000) + "deep" + tail,
    "bullets.md": "- ".repeat(10_000) + "deep" + tail,
    "ordered.md": "1. ".repeat(10_000) + "deep" + tail,
    "mixed.md": "> - ".repeat(5_000) + "deep" + tail,
    "lines.md": Array.from({ length: 300 }, (_, i) => "> ".repeat(i + 1) + "q").join("\n") + tail,
    "inline.md": "[".repeat(10_000) + "*".repeat(10_000) + "`".repeat(5_000) + "x" + tail,
  };
  await withTempDir(files, async (dir) => {
    for (const [name, text] of Object.entries(files)) {
      const ns = name.slice(0, -3);
      const index = await mdsel(["index", "--json", name], { cwd: dir });
      assert.ok(index.code === 0 || index.code === 1, `${name}: exit ${index.code}`);
      assert.doesNotMatch(index.stderr, /\n\s+at |RangeError|stack/i, `${name}: ${index.stderr}`);
      const doc = parseEnvelope(index.stdout).data.documents[0];
      assert.deepEqual(
        doc.headings.map((h: Json) => h.selector),
        [`${ns}::heading:h1[0]`],
        `${name}: the heading after the nesting is found`,
      );
      const root = await mdsel(["select", "--json", "root?full=true", name], { cwd: dir });
      assert.equal(root.code, 0, name);
      assert.equal(parseEnvelope(root.stdout).data.matches[0].content, text.trimEnd(), name);
      // Without ?full the long first line is paged between characters.
      const [page] = parseEnvelope(
        (await mdsel(["select", "--json", "root", name], { cwd: dir })).stdout,
      ).data.matches;
      assert.ok(page.content.length <= 16000, name);
      assert.ok(text.startsWith(page.content), name);
      const after = await mdsel(["select", "h1.0", name], { cwd: dir });
      assert.equal(after.stdout, "# After\n\ntext\n", name);
    }
  });
});

Deno.test("bad input: a 100 KB selector is answered with one line of JSON", async () => {
  await withTempDir({ "a.md": "# A\n\ntext\n" }, async (dir) => {
    const long = "h1.0/".repeat(20_480).slice(0, -1);
    assert.ok(long.length >= 100_000);
    const path = await mdsel(["select", "--json", long, "a.md"], { cwd: dir });
    assert.equal(path.code, 1);
    const unresolved = parseEnvelope(path.stdout);
    assert.equal(unresolved.success, false);
    assert.equal(unresolved.data.unresolved.length, 1);
    // A 100 KB word is a search, refused as too long in one short line.
    const junk = await mdsel(["select", "--json", "x".repeat(100_000), "a.md"], { cwd: dir });
    assert.equal(junk.code, 1);
    const tooLong = parseEnvelope(junk.stdout).data.unresolved[0];
    assert.match(tooLong.reason, /^The search is too long: 100000 characters, at most 1500/);
    assert.ok(tooLong.selector.length < 100, "the entry clips the input");
    const junkSelector = await mdsel(["select", "--json", `h1.${"x".repeat(100_000)}`, "a.md"], {
      cwd: dir,
    });
    assert.equal(junkSelector.code, 1);
    const invalid = parseEnvelope(junkSelector.stdout);
    assert.equal(invalid.errors[0].type, "INVALID_SELECTOR");
    assert.ok(invalid.errors[0].message.length < 300, "the message clips the input");
    const list = await mdsel(["select", "--json", `h1[${"0,".repeat(50_000)}0]`, "a.md"], {
      cwd: dir,
    });
    assert.equal(list.code, 0);
    assert.equal(parseEnvelope(list.stdout).data.matches.length, 1);
  });
});

Deno.test("bad input: junk in selectors is a syntax error or a search, never a crash", async () => {
  // Junk that starts like a selector (a type name, then `.`, `[`, `/`, `?` or
  // the end): a syntax error with its column.
  const junk = [
    "h1.0\u0007",
    "h1.0\n",
    "h1.😀",
    "h2[0]😀",
    "h1.0/\\para",
    "h1[",
    "h1.0?",
    "h1.0?bogus=1",
    "",
    " ",
  ];
  // Anything else is a search: no hit, or nothing to search for, never a crash.
  const searches = [
    "ＨＩ",
    "x".repeat(39) + "😀".repeat(3),
    "\u0000",
    "h1\u0000.0",
    "\u001b[31mh1",
    "😀",
    "'h1.0'",
    '"h1"',
    "h1\\0",
    "\\",
    "h1]",
    "::h1",
    "héading:h1",
  ];
  // In a folder of a fixed name: a search reads a file's folder name too, and the temporary
  // folder's random name ("…a31ed…") held a word of "\u001b[31mh1" one run in a few.
  await withTempDir({ "docs/a.md": "# A\n" }, async (dir) => {
    for (const selector of junk) {
      const result = await mdselInProcess(["select", "--json", selector, `${dir}/docs/a.md`]);
      const shown = JSON.stringify(selector);
      const envelope = parseEnvelope(result.stdout);
      if (selector === "h1.0\n") {
        assert.equal(result.code, 0, "a trailing newline is whitespace");
        continue;
      }
      assert.equal(result.code, 1, shown);
      assert.equal(envelope.data, null, shown);
      const [error] = envelope.errors;
      assert.equal(error.type, "INVALID_SELECTOR", shown);
      assert.equal(error.selector, selector, shown);
      assert.ok(error.message.isWellFormed(), `${shown}: half a character in ${error.message}`);
      assert.match(error.message, / at column \d+/, shown);
    }
    for (const query of searches) {
      const result = await mdselInProcess(["select", "--json", query, `${dir}/docs/a.md`]);
      assert.equal(result.code, 1, `${JSON.stringify(query)}: ${result.stdout.slice(0, 600)}`);
      const [entry] = parseEnvelope(result.stdout).data.unresolved;
      assert.equal(entry.selector, query);
      assert.ok(entry.reason.isWellFormed());
    }
    // Through a real process (a NUL cannot be an argument there).
    const all = [...junk, ...searches];
    for (const selector of all.filter((s) => !s.includes("\u0000") && s.trim() !== "")) {
      const result = await mdsel(["select", "--json", selector, "docs/a.md"], { cwd: dir });
      assert.ok(result.code === 0 || result.code === 1, JSON.stringify(selector));
      assert.equal(result.stderr, "");
      assert.equal(parseEnvelope(result.stdout).errors?.[0]?.selector ?? selector, selector);
    }
  });
});

// ---------------------------------------------------------------------------
// Exit codes and output (§1).

Deno.test("exit codes 0, 1 and 2; with --json stdout is exactly one line of JSON", async () => {
  await withTempDir({ "a.md": "# A\n\ntext\n", "-x.md": "# X\n" }, async (dir) => {
    await Deno.mkdir(`${dir}/folder`);
    const cases: [string[], number][] = [
      [["index", "a.md"], 0],
      [["index", "--json", "a.md"], 0],
      [["--json", "select", "h1.0", "a.md"], 0],
      [["select", "h1.0/para.0", "a.md", "--json"], 0],
      [["select", "--full", "--json", "root", "a.md"], 0],
      [["index", "--", "-x.md"], 0],
      [["select", "--json", "--", "h1.0", "-x.md"], 0],
      [["--help"], 0],
      [["--version"], 0],
      [["format"], 0],
      [["format", "index", "--example"], 0],
      [["select", "h1.9", "a.md"], 1],
      [["select", "--json", "h1.9", "a.md"], 1],
      [["select", "--json", "h1.x", "a.md"], 1],
      [["select", "--json", "--", "-h1", "a.md"], 1],
      [["select", "h1.0", "a.md", "--", "--json"], 1],
      [["index", "--json", "a.md", "missing.md"], 1],
      [["index", "--json", "folder"], 1],
      [["select", "--json", "h1.0"], 2],
      [["select", "h1.0"], 2],
      [[], 2],
      [["bogus"], 2],
      [["index"], 2],
      [["index", "--json"], 2],
      [["select"], 2],
      [["select", "--json"], 2],
      [["index", "a.md", "--bogus"], 2],
      [["index", "--json", "-x.md"], 2],
      [["format", "--json"], 2],
      [["format", "nothing"], 2],
    ];
    for (const [args, code] of cases) {
      const label = `mdsel ${args.join(" ")}`;
      const result = await mdsel(args, { cwd: dir });
      assert.equal(result.code, code, `${label}: ${result.stdout}${result.stderr}`);
      const jsonMode = args.includes("--json") &&
        (!args.includes("--") || args.indexOf("--json") < args.indexOf("--"));
      if (code === 2) {
        assert.equal(result.stdout, "", label);
        assert.match(
          result.stderr,
          args.length === 0 ? /^mdsel - / : /^error: .*\n.*--help/,
          label,
        );
      } else if (jsonMode) {
        const envelope = parseEnvelope(result.stdout);
        assert.equal(envelope.success, code === 0, label);
        assert.equal(result.stderr, "", label);
      } else {
        assert.doesNotMatch(result.stdout, /^\{"success"/, label);
      }
    }
  });
});

Deno.test("output far beyond 64 KiB into a pipe is written completely", async () => {
  const sections = Array.from(
    { length: 4_500 },
    (_, i) =>
      `## Section ${i}\n\n${`Paragraph ${i} with some words to fill the page. `.repeat(9)}\n\n` +
      "```js\nconsole.log(" + i + ");\n```\n",
  );
  const text = "# Big\n\n" + sections.join("\n");
  assert.ok(text.length > 2_000_000);
  await withTempDir({ "big.md": text }, async (dir) => {
    const selected = await mdsel(["select", "--json", "--full", "root", "big.md"], { cwd: dir });
    assert.equal(selected.code, 0, selected.stderr);
    assert.ok(selected.stdout.length > 2_000_000);
    assert.equal(parseEnvelope(selected.stdout).data.matches[0].content, text.trimEnd());
    const plain = await mdsel(["select", "--full", "h1.0", "big.md"], { cwd: dir });
    assert.equal(plain.stdout, text.trimEnd() + "\n");
    const index = await mdsel(["index", "--json", "--full", "big.md"], { cwd: dir });
    assert.equal(index.code, 0);
    assert.equal(parseEnvelope(index.stdout).data.documents[0].headings.length, 4_501);
  });
});

Deno.test("bad input: 130,000 headings over the budget: index and fan-outs answer, no stack overflow", async () => {
  // Past ~125,000 headings a spread into Math.max(...) or push(...) overflowed the stack.
  const count = 130_000;
  const text = Array.from({ length: count }, (_, i) => `## H ${i}\n`).join("");
  await withFile("many.md", text, async (path) => {
    const { code, envelope } = await json(["index", path]);
    assert.equal(code, 0, JSON.stringify(envelope.errors));
    const [doc] = envelope.data.documents;
    assert.equal(doc.headings_omitted + doc.headings.length, count);
    assert.equal(doc.max_depth, 2);
    const plain = await mdselInProcess(["index", path]);
    assert.equal(plain.code, 0, plain.stdout.slice(0, 200));
    assert.match(plain.stdout, /more headings not shown/);
    const full = await mdselInProcess(["index", "--full", path]);
    assert.equal(full.code, 0, full.stdout.slice(0, 200));
    assert.equal(full.stdout.split("\n").filter((line) => line.startsWith(" h2.")).length, count);
    // A fan-out that stalls on every section, and one printed whole.
    const stalled = await mdselInProcess(["select", "h2/table", path]);
    assert.equal(stalled.code, 1);
    assert.match(stalled.stdout, /^not found: h2\/table\nNo table in h2\.0\n/);
    const everyOne = await mdselInProcess(["select", "--full", "section", path]);
    assert.equal(everyOne.code, 0, everyOne.stdout.slice(0, 200));
    assert.ok(everyOne.stdout.endsWith(`## H ${count - 1}\n`));
    const similar = await mdselInProcess(["select", "mani::h2", path]);
    assert.match(similar.stdout, /^not found: mani::h2\nNamespace 'mani' not found/);
  });
});

Deno.test("bad input: headings of 50 KB are cut to 200 characters in every outline", async () => {
  // A paragraph underlined by `---` is a heading: 20 of 50 KB took the whole budget, and the
  // outline showed none of them.
  const words = (i: number) => `Part${i} ` + "lorem ipsum ".repeat(4_200);
  const text = "# Top\n\nintro\n\n" +
    Array.from({ length: 20 }, (_, i) => `## ${words(i)}\n\nbody\n\n`).join("");
  await withTempDir({ "docs/long.md": text, "docs/other.md": `# ${words(99)}\n` }, async (dir) => {
    const runs: [string[], number][] = [
      [["index", `${dir}/docs/long.md`], 20],
      [["index", "--lines", `${dir}/docs/long.md`], 20],
      [["select", "h1.0", `${dir}/docs/long.md`], 20],
      [["index", `${dir}/docs`], 21],
    ];
    for (const [args, headings] of runs) {
      const { code, stdout } = await mdselInProcess(args);
      assert.equal(code, 0, stdout.slice(0, 300));
      const lines = stdout.split("\n").filter((line) => / Part\d+ lorem/.test(line));
      assert.equal(lines.length, headings, `${args.join(" ")}: ${stdout.slice(0, 300)}`);
      for (const line of lines) {
        assert.ok(line.length < 300, `${args[0]}: ${line.length} characters`);
      }
      assert.match(lines[0], /Part\d+ (lorem ipsum ){10,}.*\.\.\./);
    }
    const search = await mdselInProcess(["select", "part7 lorem", `${dir}/docs/long.md`]);
    assert.ok(search.stdout.length < 2_000, `${search.stdout.length} characters`);
  });
});

Deno.test("bad input: errors about a 100 KB selector stay small, and the caret still points", async () => {
  await withFile("a.md", "# A\n\ntext\n", async (path) => {
    const unresolvedInput = "h1.0/".repeat(20_480).slice(0, -1);
    // A syntax error far into the input: `x` where an index belongs.
    const half = "h1.0/".repeat(10_000);
    const syntaxInput = `${half}h1.x${"/h1.0".repeat(10_000)}`;
    const column = half.length + 4;
    for (const input of [unresolvedInput, syntaxInput]) {
      assert.ok(input.length >= 100_000);
      const text = await mdselInProcess(["select", input, path]);
      const { result } = await json(["select", input, path]);
      assert.equal(text.code, 1);
      assert.equal(result.code, 1);
      // Each stays under 1,000 characters (it was 287 KB of text and 560 KB of JSON).
      assert.ok(text.stdout.length < 1_000, `text: ${text.stdout.length}`);
      assert.ok(result.stdout.length < 1_000, `JSON: ${result.stdout.length}`);
    }
    const text = await mdselInProcess(["select", syntaxInput, path]);
    const [message, selectorLine, caretLine] = text.stdout.split("\n");
    assert.match(message, new RegExp(` at column ${column} `));
    assert.ok(selectorLine.startsWith("selector: ...") && selectorLine.endsWith("..."));
    assert.equal(selectorLine[caretLine.length - 1], "x", `${selectorLine}\n${caretLine}`);
    assert.match(caretLine, /^ +\^$/);
    const { envelope } = await json(["select", syntaxInput, path]);
    assert.ok(envelope.errors[0].selector.includes("/h1.x/"));
    const unresolved = await json(["select", unresolvedInput, path]);
    const [entry] = unresolved.envelope.data.unresolved;
    assert.ok(entry.selector.startsWith("heading:h1[0]/heading:h1[0]/"), entry.selector);
    assert.ok(entry.selector.endsWith("..."));
    assert.deepEqual(unresolved.envelope.unresolved_selectors, [entry.selector]);
    // A long namespace: the reason names it briefly, beside the entry's selector.
    const namespace = `${"n".repeat(100_000)}::h1`;
    const ns = await mdselInProcess(["select", namespace, path]);
    assert.ok(ns.stdout.length < 1_000, `namespace: ${ns.stdout.length}`);
    assert.match(
      ns.stdout,
      /^not found: n{200}\.\.\.\nNamespace 'n{40}\.\.\.' not found\. Available namespaces: a\n$/,
    );
  });
});

Deno.test("a file named outright that is not Markdown by its extension is read, with one warning", async () => {
  const files = { "package.json": '{"name": "x"}\n', "a.md": "# A\n", "B.MARKDOWN": "# B\n" };
  await withTempDir(files, async (dir) => {
    const warning =
      `warning: ${dir}/package.json is not a Markdown file by its extension; read as Markdown\n`;
    const named = [`${dir}/package.json`, `${dir}/a.md`, `${dir}/B.MARKDOWN`];
    for (const args of [["index", ...named], ["select", "root", ...named]]) {
      const text = await mdselInProcess(args);
      assert.equal(text.code, 0, args.join(" "));
      assert.equal(text.stderr, warning, args.join(" "));
      assert.match(text.stdout, /"name": "x"|package \S+package\.json \[2 words\]/);
      const { code, envelope, result } = await json(args);
      assert.equal(code, 0);
      assert.equal(result.stderr, warning, `${args.join(" ")} --json`);
      assert.equal(envelope.warnings, undefined, "the JSON output is as it was");
    }
    // Folders and globs pick Markdown files only: nothing to warn about.
    for (const path of [dir, `${dir}/*`]) {
      const result = await mdselInProcess(["index", path]);
      assert.equal(result.code, 0, path);
      assert.equal(result.stderr, "", path);
      assert.doesNotMatch(result.stdout, /package/);
    }
  });
});

Deno.test("a misspelt type name is a syntax error that suggests the right type", async () => {
  await withFile("a.md", "## A\n\ntext\n", async (path) => {
    const cases: [string, string][] = [
      ["heding:h2[14]", "heading:h2[14]"],
      ["sectoin[1]", "section[1]"],
      ["block:pargraph", "block:paragraph"],
      ["Sectoin.0/tabel", "section.0/table"],
      ["h2.0, lst.1", "h2.0, list.1"],
    ];
    for (const [typed, meant] of cases) {
      const { code, envelope } = await json(["select", typed, path]);
      assert.equal(code, 1, typed);
      const [error] = envelope.errors;
      assert.equal(error.type, "INVALID_SELECTOR", typed);
      assert.deepEqual(error.suggestions, [meant], typed);
      const text = await mdselInProcess(["select", typed, path]);
      assert.equal(text.stdout.trimEnd().split("\n").at(-1), `did you mean: ${meant}`, typed);
    }
    // No guess when the respelt selector is still wrong.
    for (const typed of ["sectoin[x]", "h2.0/foo[0]"]) {
      const { envelope } = await json(["select", typed, path]);
      assert.equal(envelope.errors[0].suggestions, undefined, typed);
    }
  });
});
