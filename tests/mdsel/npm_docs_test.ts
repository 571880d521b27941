// The engine on real docs no one here wrote: the Markdown shipped in npm
// packages (tests/_corpus.ts installs them). These are the cases a newcomer
// hit, tried as a new user would, and the result budget over the whole corpus.
import assert from "node:assert/strict";
import { join } from "node:path";
import { run } from "../../mdsel/cli.ts";
import { CORPUS_DIR, ensureCorpus } from "../_corpus.ts";
import { parseEnvelope } from "./_cli.ts";

const files = await ensureCorpus();
const at = (path: string) => join(CORPUS_DIR, path);
const AXIOS_README = at("axios@1.21.1/README.md");
const UNDICI_README = at("undici@8.12.4/README.md");
const DATE_FNS_CHANGELOG = at("date-fns@4.4.0/CHANGELOG.md");
const SDK_CHANGELOG = at("@anthropic-ai/sdk@1.10.0/CHANGELOG.md");
const MAX_CHARS = 40_000;

async function mdsel(...args: string[]) {
  return await run(args, { env: {} });
}

Deno.test("one index of three big files lists the shallowest levels of each, within budget", async () => {
  const three = [AXIOS_README, UNDICI_README, DATE_FNS_CHANGELOG];
  const json = parseEnvelope((await mdsel("index", "--json", ...three)).stdout);
  for (const doc of json.data.documents) {
    const depths = doc.headings.map((h: { depth: number }) => h.depth);
    assert.ok(doc.headings.length > 1, `${doc.file_path}: ${doc.headings.length} headings`);
    assert.ok(depths.includes(Math.min(...depths)));
  }
  const text = (await mdsel("index", ...three)).stdout;
  assert.ok(text.length <= MAX_CHARS);
  for (const [namespace, path] of [["readme", AXIOS_README], ["readme_2", UNDICI_README]]) {
    assert.ok(
      text.includes(`\n${namespace} ${path} [`) || text.startsWith(`${namespace} ${path} [`),
    );
  }
  // date-fns' changelog: its h1, then a version per h2.
  assert.match(text, /\nh1\.0 Change Log \[\d+ words\]\n h2\.0 v5\.0\.0-alpha\.0 /);
});

Deno.test("a 740-heading changelog: its index and its h1 stay within budget and useful", async () => {
  const json = (await mdsel("index", "--json", SDK_CHANGELOG)).stdout;
  assert.ok(json.length <= MAX_CHARS, `${json.length}`);
  const [doc] = parseEnvelope(json).data.documents;
  assert.ok(doc.headings.length > 100, `${doc.headings.length} headings`);
  for (const format of [[], ["--json"]]) {
    const selected = await mdsel("select", ...format, "h1.0", SDK_CHANGELOG);
    assert.equal(selected.code, 0);
    assert.ok(
      selected.stdout.length <= MAX_CHARS,
      `select h1.0 ${format}: ${selected.stdout.length}`,
    );
  }
  const outline = (await mdsel("select", "h1.0", SDK_CHANGELOG)).stdout;
  assert.match(outline, /^# Changelog\n/);
  assert.match(
    outline,
    /\n\[h1\.0 Changelog: \d+ words in \d+ subsections; select one, or h1\.0\?page=1 to read the section in pages\]\n$/,
  );
});

Deno.test("a preamble before the first heading shows as an intro line, and intro selects it", async () => {
  const text = (await mdsel("index", AXIOS_README)).stdout;
  const [header, intro] = text.split("\n");
  assert.match(header, /^readme .*README\.md \[\d+ words\]$/);
  assert.match(intro, /^intro \[\d+ words\]$/);
  const words = Number(/\d+/.exec(intro)![0]);
  assert.ok(words > 100);
  const [match] = parseEnvelope((await mdsel("select", "--json", "intro", AXIOS_README)).stdout)
    .data.matches;
  assert.equal(match.type, "intro");
  const [root] =
    parseEnvelope((await mdsel("select", "--json", "--full", "root", AXIOS_README)).stdout)
      .data.matches;
  // The intro is where the whole file starts, and ends before its first heading.
  assert.equal(match.start_line, root.start_line);
  assert.ok(match.end_line < root.end_line);
});

Deno.test("heading text is what a reader sees: no reference or image syntax left where a definition exists", async () => {
  let headings = 0;
  for (const file of files) {
    const [doc] = parseEnvelope((await mdsel("index", "--json", "--full", file)).stdout).data
      .documents;
    for (const heading of doc.headings) {
      headings++;
      assert.doesNotMatch(heading.text, /!\[[^\]]*\]\(|\]\[[^\]]*\]/, `${file}: ${heading.text}`);
    }
  }
  assert.ok(headings > 1000, `${headings} headings checked`);
});

Deno.test("no index or select result passes 40,000 characters, over the whole corpus", async () => {
  for (const file of files) {
    for (const format of [[], ["--json"]]) {
      const index = await mdsel("index", ...format, file);
      assert.ok(
        index.stdout.length <= MAX_CHARS,
        `index ${format} ${file}: ${index.stdout.length}`,
      );
      for (const selector of ["root", "h1", "h2"]) {
        const selected = await mdsel("select", ...format, selector, file);
        assert.ok(
          selected.stdout.length <= MAX_CHARS,
          `select ${format} ${selector} ${file}: ${selected.stdout.length}`,
        );
      }
    }
  }
});

Deno.test("index --lines: every range starts at its heading's line and ends where the JSON index says", async () => {
  let ranges = 0;
  for (const file of files) {
    const source = (await Deno.readTextFile(file)).split(/\r\n|\r|\n/);
    const [doc] = parseEnvelope((await mdsel("index", "--json", "--full", file)).stdout).data
      .documents;
    const text = (await mdsel("index", "--lines", "--full", file)).stdout;
    const lines = text.split("\n").filter((line) => /^ *h\d\.\d+ /.test(line));
    assert.equal(lines.length, doc.headings.length, file);
    lines.forEach((line, i) => {
      const { start_line: start, end_line: end } = doc.headings[i];
      const range = / L(\d+)-(\d+)(?: \[[^\]]*\])?$/.exec(line);
      assert.ok(range !== null, `${file}: ${line}`);
      assert.deepEqual([Number(range[1]), Number(range[2])], [start, end], `${file}: ${line}`);
      // An ATX heading starts its line; a setext heading is underlined on a later one.
      const first = source[start - 1];
      assert.ok(
        /^ {0,3}#{1,6}(\s|$)/.test(first) || /^ {0,3}(=+|-+)\s*$/.test(source[start] ?? "") ||
          doc.headings[i].text.includes("\n"),
        `${file}: line ${start} is ${JSON.stringify(first)}`,
      );
      ranges++;
    });
  }
  assert.ok(ranges > 1000, `${ranges} ranges checked`);
});

Deno.test("a search with no hit names the closest headings in the outline's short form", async () => {
  const dispatcher = at("undici@8.12.4/docs/docs/api/Dispatcher.md");
  const one = await mdsel("select", "Dsptchr", dispatcher);
  assert.equal(one.code, 1);
  assert.deepEqual(one.stdout.split("\n").slice(1), [
    "not found: Dsptchr",
    "No section holds any of the words: dsptchr",
    "closest: h1.0, h2.0",
    "",
  ]);
  // Several files: qualified, as the outline of a folder prints them; JSON stays canonical.
  const folder = at("undici@8.12.4/docs");
  const many = (await mdsel("select", "Dsptchr", folder)).stdout.split("\n");
  assert.match(many[3], /^closest: dispatcher::h1\.0, (?:[a-z-]+(?:_\d+)?::h\d\.\d+(?:, )?){4}$/);
  const json = parseEnvelope((await mdsel("select", "--json", "Dsptchr", dispatcher)).stdout);
  assert.deepEqual(json.data.unresolved[0].suggestions, [
    "dispatcher::heading:h1[0]",
    "dispatcher::heading:h2[0]",
  ]);
});
