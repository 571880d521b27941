// The result budget covers everything printed: errors, unresolved selectors,
// suggestions, namespace lists, echoed input and heading paths, in both
// formats. Each case below printed far more than 40,000 characters before.
import assert from "node:assert/strict";
import { join } from "node:path";
import { mdselInProcess, withTempDir } from "../_cli.ts";

const BUDGET = 40_000;

/** Runs a call in text and in JSON; both stay within the budget. */
async function both(args: string[]): Promise<{ text: string; json: Record<string, unknown> }> {
  const [command, ...rest] = args;
  const text = await mdselInProcess(args);
  const json = await mdselInProcess([command, "--json", ...rest]);
  assert.ok(text.stdout.length <= BUDGET, `text ${text.stdout.length}: ${args[1]?.slice(0, 60)}`);
  assert.ok(json.stdout.length <= BUDGET, `json ${json.stdout.length}: ${args[1]?.slice(0, 60)}`);
  return { text: text.stdout, json: JSON.parse(json.stdout) };
}

/** `count` small files in a folder of a temporary tree. */
async function manyFiles(dir: string, count: number): Promise<string> {
  const folder = join(dir, "many");
  await Deno.mkdir(folder);
  for (let i = 0; i < count; i++) {
    await Deno.writeTextFile(join(folder, `f${String(i).padStart(4, "0")}.md`), `# F${i}\n\nx\n`);
  }
  return folder;
}

Deno.test("budget: 2,000 unresolved selectors leave the match that resolved in place", async () => {
  await withTempDir({ "a.md": "# Title\n\nThe one match.\n" }, async (dir) => {
    const selectors = ["h1.0", ...Array.from({ length: 2000 }, (_, i) => `h3.${i + 1}/code.0`)];
    const { text, json } = await both(["select", selectors.join(", "), join(dir, "a.md")]);
    assert.ok(
      text.startsWith("# Title\n\nThe one match.\nnot found: h3.1/code.0\n"),
      text.slice(0, 200),
    );
    assert.match(text, /\n\[\d+ more errors and warnings not shown; name fewer files or selectors/);
    assert.doesNotMatch(text, /more matches not shown/);
    const data = json.data as {
      matches: unknown[];
      unresolved: unknown[];
      unresolved_omitted: number;
    };
    assert.equal(data.matches.length, 1);
    assert.equal(data.unresolved.length + data.unresolved_omitted, 2000);
    assert.equal((json.unresolved_selectors as string[]).length, data.unresolved.length);
  });
});

Deno.test("budget: one selector over 1,000 files, once however often it is given", async () => {
  await withTempDir({}, async (dir) => {
    const folder = await manyFiles(dir, 1000);
    const once = await both(["select", "h1.1", folder]);
    assert.match(
      once.text,
      /^not found: h1\.1\nf0000 has h1\.0 only, no h1\.1; .*; and 997 more like these\nclosest: f0000::h1\.0, /,
    );
    const twice = await both(["select", "h1.1, h1.1, heading:h1[1]", folder]);
    assert.equal(twice.text, once.text);
    const repeated = await both(["select", Array(10_000).fill("h1.1").join(","), folder]);
    assert.equal(repeated.text, once.text);
    // An unknown namespace lists the first namespaces, and how many there are.
    const unknown = await both(["select", "nope::h1.0", folder]);
    assert.match(
      unknown.text,
      /Available namespaces: f0000, f0001, .*, f0019, \.\.\. \(1,000 in all\)\n/,
    );
  });
});

Deno.test("budget: 1,000 missing files are listed as far as room goes; an outline is never cut for them", async () => {
  await withTempDir({}, async (dir) => {
    const missing = Array.from({ length: 1000 }, (_, i) => join(dir, `missing-${i}.md`));
    const { text, json } = await both(["index", ...missing]);
    assert.match(text, /^error FILE_NOT_FOUND: File not found: .*missing-0\.md\n/);
    assert.match(text, /\n\[\d+ more errors and warnings not shown; name fewer files/);
    assert.equal(
      (json.errors as unknown[]).length + (json.errors_omitted as number),
      1000,
    );
    // One good file beside 300 missing ones: its outline as it is alone.
    const headings = Array.from(
      { length: 60 },
      (_, i) => `## Section ${i} ${"w".repeat(40)}\n\ntext\n`,
    );
    await Deno.writeTextFile(join(dir, "good.md"), `# Good\n\n${headings.join("\n")}`);
    const alone = await mdselInProcess(["index", join(dir, "good.md")]);
    const beside = await both(["index", join(dir, "good.md"), ...missing.slice(0, 300)]);
    assert.ok(beside.text.startsWith(alone.stdout), "the outline comes first, whole");
    const documents = (beside.json.data as { documents: { headings: unknown[] }[] }).documents;
    const aloneJson = JSON.parse(
      (await mdselInProcess(["index", "--json", join(dir, "good.md")])).stdout,
    );
    assert.equal(documents[0].headings.length, aloneJson.data.documents[0].headings.length);
  });
});

Deno.test("budget: echoed input is cut, and a glob matching nothing is named once", async () => {
  await withTempDir({ "a.md": "# A\n\nhello world\n" }, async (dir) => {
    const query = "word ".repeat(24_000);
    const { text, json } = await both(["select", query, join(dir, "a.md")]);
    assert.ok(text.length < 1000, text.slice(0, 300));
    assert.ok(JSON.stringify(json).length < 2000);
    const glob = `${dir}/nothing/**/*.md`;
    const none = await both(["index", glob]);
    assert.equal(none.text, `error FILE_NOT_FOUND: No Markdown files match '${glob}'\n`);
  });
});

Deno.test("budget: a search over 30 KB headings stays within it", async () => {
  const long = "heading ".repeat(4000);
  const doc = Array.from({ length: 12 }, (_, i) => `# ${long}${i}\n\n## ${long}\n\nneedle ${i}\n`);
  await withTempDir({ "a.md": doc.join("\n") }, async (dir) => {
    const { text, json } = await both(["select", "needle", join(dir, "a.md")]);
    assert.match(text, /^search: the best 10 of 12 matching sections\n/);
    const results =
      (json.data as { search: { results: { heading_path: string[] }[] } }).search.results;
    assert.ok(results.length > 0);
    for (const result of results) {
      for (const heading of result.heading_path) assert.ok(heading.length <= 203);
    }
  });
});

Deno.test("budget: a big section's closing line and children cut a huge heading", async () => {
  // A 400-word paragraph over `---` is a setext heading: a section's heading can be any length.
  const long = "word ".repeat(50_000);
  const doc = `# ${long}\n\n${"text ".repeat(3000)}\n\n## ${long}\n\n${"more ".repeat(3000)}\n`;
  await withTempDir({ "a.md": doc }, async (dir) => {
    const { text, json } = await both(["select", "h1.0", join(dir, "a.md")]);
    assert.match(text, /\n\[h1\.0 (word ){40}.*\.\.\.: \d+ words in 1 subsection; select one/);
    assert.match(text, /\n h2\.0 (word ){40}.*\.\.\. \[\d+ words\]\n/);
    const [match] =
      (json.data as { matches: { children_available: { type: string; preview: string }[] }[] })
        .matches;
    for (const child of match.children_available) assert.ok(child.preview.length <= 203);
    assert.deepEqual(match.children_available.map((child) => child.type), ["paragraph", "heading"]);
  });
});
Deno.test("output lines cannot be forged by a file name, a query or a selector", async () => {
  await withTempDir({ "a\n!FORGED: name.md": "# A\n\nhello\n" }, async (dir) => {
    const file = join(dir, "a\n!FORGED: name.md");
    for (
      const args of [
        ["index", file],
        ["index", join(dir, "missing\n!FORGED: x.md")],
        ["select", "nothing\n!FORGED: query", file],
        ["select", "h9.0\n!FORGED: selector", file],
        ["select", "a::h3.0", file],
      ]
    ) {
      const { stdout } = await mdselInProcess(args);
      assert.ok(!stdout.split("\n").some((line) => line.startsWith("!FORGED")), stdout);
    }
  });
});

Deno.test("a section reached by two selectors is printed once", async () => {
  await withTempDir({ "a.md": "# A\n\ntext\n\n## B\n\nmore\n" }, async (dir) => {
    const file = join(dir, "a.md");
    const one = await mdselInProcess(["select", "h1.0", file]);
    const two = await mdselInProcess(["select", "h1.0, section.0, heading:h1[0]", file]);
    assert.equal(two.stdout, one.stdout);
  });
});

Deno.test("budget: a fan-out over 2,000 files names what fits of the rest (JSON counts them)", async () => {
  await withTempDir({}, async (dir) => {
    const folder = await manyFiles(dir, 2000);
    const { text, json } = await both(["select", "h1", folder]);
    assert.match(
      text,
      /\n\[\d+ more matches not shown: f\d+::.*, \.\.\.; select them one at a time\]\n$/,
    );
    const data = json.data as { matches: unknown[]; omitted: string[]; omitted_total: number };
    assert.ok(data.omitted.length > 100 && data.omitted.length < data.omitted_total);
    assert.equal(data.matches.length + data.omitted_total, 2000);
    assert.equal(data.omitted[0], "f0001::heading:h1[0]");
  });
});

Deno.test("budget: from the least budget up, every output fits, in both formats", async () => {
  const section = (i: number) =>
    `## Part ${i}\n\n${"Words of the part. ".repeat(20)}\n\n` +
    Array.from({ length: 12 }, (_, k) => `### Detail ${i}.${k} with a longer heading\n\nx\n`)
      .join("\n");
  const text = `# Guide\n\n${Array.from({ length: 40 }, (_, i) => section(i)).join("\n")}`;
  await withTempDir({ "guide.md": text, "other.md": text }, async (dir) => {
    const calls = [
      ["select", "h2", dir],
      ["select", "h1.0", join(dir, "guide.md")],
      ["select", "h3", join(dir, "guide.md")],
      ["select", "part detail words", dir],
      ["index", dir],
    ];
    for (const budget of [2000, 3000, 6000]) {
      for (const [command, ...rest] of calls) {
        for (const args of [[command, ...rest], [command, "--json", ...rest]]) {
          const { stdout } = await mdselInProcess(args, { MDSEL_MAX_CHARS: String(budget) });
          assert.ok(stdout.length <= budget, `${budget}: ${args.join(" ")}: ${stdout.length}`);
        }
      }
    }
    // Less is raised to the least, said on stderr.
    const small = await mdselInProcess(["select", "h2", dir], { MDSEL_MAX_CHARS: "300" });
    assert.ok(small.stdout.length <= 2000, `${small.stdout.length}`);
    assert.match(small.stderr, /MDSEL_MAX_CHARS='300' is below the least, 2000; using 2000/);
  });
});

Deno.test("budget: near the least budget, fewer names of the rest, fewer search results", async () => {
  const long = "a-long-page-name-that-goes-on-and-on-for-quite-a-while-before-it-ends-at-last";
  const code = Array.from({ length: 40 }, (_, k) => `line ${k} of the example code`).join("\n");
  const heading = "Configuring the retry backoff options for failed connections of a client";
  const files: Record<string, string> = {};
  for (let i = 0; i < 14; i++) {
    files[`${long}-${String(i).padStart(2, "0")}.md`] =
      `# Page ${i}\n\n\`\`\`js\n${code}\n\`\`\`\n`;
    files[`z${i}-${long}.md`] =
      `# ${heading} ${i}\n\n## ${heading} again\n\n### ${heading} once more\n\n` +
      "retry backoff connection client options.\n";
  }
  await withTempDir(files, async (dir) => {
    const env = { MDSEL_MAX_CHARS: "2000" };
    // A whole code block first: the line naming the rest names fewer to fit.
    const code = await mdselInProcess(["select", "code", dir], env);
    assert.ok(code.stdout.length <= 2000, `${code.stdout.length}`);
    assert.match(code.stdout, /\n\[\d+ more matches not shown[:;].*select them one at a time\]\n$/);
    // A search whose best ten would not fit: the best that do.
    const query = "retry backoff connection client options";
    const all = await mdselInProcess(["select", query, dir]);
    assert.ok(all.stdout.length > 2000, `${all.stdout.length}`);
    const search = await mdselInProcess(["select", query, dir], env);
    assert.ok(search.stdout.length <= 2000, `${search.stdout.length}`);
    const shown = Number(/^search: the best (\d+) of/.exec(search.stdout)?.[1]);
    assert.ok(shown >= 1 && shown < 10, search.stdout.slice(0, 80));
  });
});
