// `.mdx` files through the CLI: read with MDX's rules (the examples),
// `.md` files as before, and invalid MDX as Markdown with one warning.
import assert from "node:assert/strict";
import { mdsel, mdselInProcess, parseEnvelope, withTempDir } from "./_cli.ts";

const CLOSE = "*" + "/}"; // the end of an MDX comment, `{/* ... */}`
const TABS =
  "<Tabs>\n  ```sh\n  # install\n  npm i\n\n  # build\n  npm run build\n  ```\n</Tabs>\n\n" +
  "## Real section\n\nbody\n";

Deno.test("mdx: shell comments in a <Tabs> fence are no headings; the real section is found", async () => {
  await withTempDir({ "t.mdx": TABS, "t.md": TABS }, async (dir) => {
    // A real process with read access to the file only, as the server runs it.
    const mdx = await mdsel(["index", `${dir}/t.mdx`], {
      allowRead: [`${dir}/t.mdx`],
      allowEnv: false,
    });
    assert.equal(mdx.code, 0, mdx.stderr);
    assert.equal(mdx.stderr, "");
    assert.match(mdx.stdout, /\n h2\.0 Real section\n/);
    assert.doesNotMatch(mdx.stdout, /build/);
    const section = await mdselInProcess(["select", "h2.0", `${dir}/t.mdx`]);
    assert.equal(section.stdout, "## Real section\n\nbody\n");
    // The same text as Markdown: CommonMark reads the tag as an HTML block, as before.
    const md = await mdselInProcess(["index", `${dir}/t.md`]);
    assert.match(md.stdout, /\nh1\.0 build\n/);
  });
});

Deno.test("mdx: heading ids are dropped from outlines and search, kept in the source", async () => {
  const text =
    `# Hooks\n\n## Usage {/*usage${CLOSE}\n\nCall useState to add state.\n\n## Reference {#reference}\n\ntext\n`;
  await withTempDir({ "react.mdx": text }, async (dir) => {
    const index = parseEnvelope(
      (await mdselInProcess(["index", "--json", `${dir}/react.mdx`])).stdout,
    );
    assert.deepEqual(
      index.data.documents[0].headings.map((heading: { text: string }) => heading.text),
      ["Hooks", "Usage", "Reference"],
    );
    const search = await mdselInProcess(["select", "usestate state", `${dir}/react.mdx`]);
    const [, result, ...source] = search.stdout.split("\n");
    assert.match(result, /^h2\.0 Hooks > Usage$/);
    // The best result stands out: its exact source follows, its id with it.
    assert.equal(source.join("\n"), `## Usage {/*usage${CLOSE}\n\nCall useState to add state.\n`);
    const section = await mdselInProcess(["select", "h2.0", `${dir}/react.mdx`]);
    assert.equal(section.stdout, `## Usage {/*usage${CLOSE}\n\nCall useState to add state.\n`);
  });
});

Deno.test("mdx: a folder mixes .md (CommonMark) and .mdx (MDX)", async () => {
  const box = "<Box>\n## Checklist\n</Box>\n";
  await withTempDir({ "a.md": box, "b.mdx": box }, async (dir) => {
    const index = parseEnvelope((await mdselInProcess(["index", "--json", dir])).stdout);
    const headings = index.data.documents.map((doc: { headings: unknown[] }) =>
      doc.headings.length
    );
    assert.deepEqual(headings, [0, 1]);
  });
});

Deno.test("mdx: invalid MDX is read as Markdown, with one warning naming line and column", async () => {
  await withTempDir({ "bad.mdx": "# A\n\n<!-- not MDX -->\n\n## B\n" }, async (dir) => {
    const warning = `Not valid MDX in ${dir}/bad.mdx at 3:2 (Unexpected character \`!\` (U+0021) ` +
      "before name, expected a character that can start a name, such as a letter, `$`, or `_` " +
      `(note: to create a comment in MDX, use \`{/* text ${"*/"}}\`)); read as Markdown`;
    const json = await mdselInProcess(["index", "--json", `${dir}/bad.mdx`]);
    assert.equal(json.code, 0);
    const envelope = parseEnvelope(json.stdout);
    assert.deepEqual(envelope.warnings, [warning]);
    assert.equal(envelope.data.documents[0].headings.length, 2);
    const text = await mdselInProcess(["index", `${dir}/bad.mdx`]);
    assert.ok(text.stdout.endsWith(`\n h2.0 B\n[warning: ${warning}]\n`), text.stdout);
  });
});

Deno.test("mdx: search sees the prose, not ESM, expressions or JSX attributes (sized, not searched)", async () => {
  const text =
    'import { Chart } from "./chart"\n\n# Report\n\n<Chart data={[{ label: "revenue" }]} />\n\n' +
    "{/* draft: revise */}\n\n<Note>\nQuarterly growth was strong.\n</Note>\n";
  await withTempDir({ "r.mdx": text, "r.md": text }, async (dir) => {
    for (const words of ["revenue", "chart", "revise"]) {
      const mdx = await mdselInProcess(["select", words, `${dir}/r.mdx`]);
      assert.match(mdx.stdout, /no section matches/, `${words}: ${mdx.stdout}`);
    }
    const prose = await mdselInProcess(["select", "quarterly growth", `${dir}/r.mdx`]);
    assert.match(prose.stdout, /^search: 1 section matches/);
    // Its size counts the chart's label, a word the page shows: 5 words of prose and `revenue`.
    const json = await mdselInProcess(["select", "--json", "quarterly growth", `${dir}/r.mdx`]);
    assert.equal(parseEnvelope(json.stdout).data.search.results[0].word_count, 6);
    // As Markdown, the same text is all text.
    const md = await mdselInProcess(["select", "revenue", `${dir}/r.md`]);
    assert.match(md.stdout, /1 section matches/);
  });
});

Deno.test("select: a selector or search naming a file parses that file only, and tells of that file's problems only", async () => {
  const files = {
    "good.mdx": "# Good\n\nKept text.\n\n## More\n\nMore text.\n",
    "bad.mdx": "# A\n\n<!-- not MDX -->\n\n## B\n",
    "zero.md": new Uint8Array([35, 32, 0, 10]),
  };
  await withTempDir(files, async (dir) => {
    const invalid = `Not valid MDX in ${dir}/bad.mdx at 3:2`;
    const binary = `Skipped ${dir}/zero.md: it looks binary (it contains a NUL byte)`;
    const good = await mdselInProcess(["select", "--json", "good::h2.0", dir]);
    const envelope = parseEnvelope(good.stdout);
    assert.equal(envelope.data.matches[0].content, "## More\n\nMore text.");
    // The folder's reading problems stay; bad.mdx was not parsed, so MDX had nothing to reject.
    assert.deepEqual(envelope.warnings, [binary]);
    const text = await mdselInProcess(["select", "good::h2.0", dir]);
    assert.equal(text.stdout, `## More\n\nMore text.\n[warning: ${binary}]\n`);
    // A selector without a namespace, or naming bad.mdx too, parses it: its warning shows.
    for (const selector of ["h1.0", "good::h1.0,bad::h2.0", "bad::h2.0"]) {
      const both = parseEnvelope(
        (await mdselInProcess(["select", "--json", selector, dir])).stdout,
      );
      assert.equal(both.warnings.length, 2, selector);
      assert.ok(both.warnings[0].startsWith(invalid), both.warnings[0]);
    }
    // A search in one file too; a namespace no file has is a word, and every file is searched.
    const inGood = parseEnvelope(
      (await mdselInProcess(["select", "--json", "good::more text", dir])).stdout,
    );
    const found = inGood.data.search.results.map((result: { selector: string }) => result.selector);
    assert.ok(found.includes("good::heading:h2[0]"), found.join(", "));
    assert.deepEqual(inGood.warnings, [binary]);
    const words = parseEnvelope(
      (await mdselInProcess(["select", "--json", "goo::text", dir])).stdout,
    );
    assert.ok(words.warnings[0].startsWith(invalid), words.warnings[0]);
    // A namespace no file has: every file is parsed for the closest selectors.
    const missing = parseEnvelope(
      (await mdselInProcess(["select", "--json", "goo::h2.0", dir])).stdout,
    );
    assert.deepEqual(missing.data.unresolved[0].suggestions, ["good::heading:h2[0]"]);
    assert.ok(missing.warnings[0].startsWith(invalid), missing.warnings[0]);
    // The namespace of a file that could not be read (zero.md is binary) is no file's either:
    // the others are searched or suggested from, so they are parsed, and MDX's warning shows.
    for (const selector of ["zero::text", "zero::h2.0"]) {
      const unread = parseEnvelope(
        (await mdselInProcess(["select", "--json", selector, dir])).stdout,
      );
      assert.equal(unread.warnings.length, 2, selector);
      assert.ok(unread.warnings[0].startsWith(invalid), `${selector}: ${unread.warnings[0]}`);
    }
  });
});

Deno.test("mdx: imports alone before the first heading are no intro in the outline", async () => {
  const imports = 'import { Card } from "./card";\nexport const meta = { a: 1 };\n\n';
  await withTempDir({
    "esm.mdx": `---\ntitle: T\n---\n\n${imports}# Guide\n\ntext\n`,
    "prose.mdx": `${imports}Some words first.\n\n# Guide\n\ntext\n`,
  }, async (dir) => {
    const esm = await mdselInProcess(["index", `${dir}/esm.mdx`]);
    assert.doesNotMatch(esm.stdout, /\nintro/);
    assert.match(esm.stdout, /\nh1\.0 Guide\n/);
    // Still there to select, as the JSON index says.
    const intro = await mdselInProcess(["select", "intro", `${dir}/esm.mdx`]);
    assert.match(intro.stdout, /^import \{ Card \}/);
    const prose = await mdselInProcess(["index", `${dir}/prose.mdx`]);
    assert.match(prose.stdout, /\nintro \[3 words\]\n/);
  });
});
