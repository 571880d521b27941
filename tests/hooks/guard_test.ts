import assert from "node:assert/strict";
import {
  engineOutline,
  guard,
  GUARD_MAX_BYTES,
  GUARD_MAX_CHARS,
  GUARD_TIME_LIMIT_MS,
} from "../../hooks/guard.ts";
import type { ToolHookInput } from "../../hooks/input.ts";
import type { FileOutline } from "../../mdsel/commands/file_outline.ts";
import { corpusFilesOver, countWords, ensureCorpus } from "../_corpus.ts";
import { BUN_DOCS } from "../_search_corpus.ts";

function read(path: string, toolInput: Record<string, unknown> = {}): ToolHookInput {
  return {
    hookEventName: "PreToolUse",
    toolName: "Read",
    toolInput: { file_path: path, ...toolInput },
  };
}

/**
 * The guard's own time limit left out: these tests check outlines, and the
 * engine's worker starts slowly on a loaded machine (the limit has its test).
 */
function patient(): { deadline: number } {
  return { deadline: performance.now() + 120_000 };
}

function reasonOf(stdout: string): string {
  const output = JSON.parse(stdout).hookSpecificOutput;
  assert.equal(output.hookEventName, "PreToolUse");
  assert.equal(output.permissionDecision, "deny");
  return output.permissionDecisionReason;
}

/** The outline lines of a reason with a line range, as [selector, first line, last line]. */
function ranges(reason: string): [string, number, number][] {
  return reason.split("\n").flatMap((line) => {
    const match = /^ *(h\d\.\d+) .* L(\d+)-(\d+)(?: \[[^\]]*\])?$/.exec(line);
    return match === null ? [] : [[match[1], Number(match[2]), Number(match[3])]];
  });
}

Deno.test("every corpus file over 2,000 words: denied with an outline of true line ranges, within 4,000 characters", async () => {
  const big = await corpusFilesOver(2000);
  assert.ok(big.length >= 40, `${big.length} files`);
  for (const { path } of big) await assertOutlined(path);
});

Deno.test("Bun's MDX pages over 2,000 words: denied with an outline of true line ranges, as MDX reads them", async () => {
  const big = await corpusFilesOver(2000, { packages: [BUN_DOCS] });
  const mdx = big.filter(({ path }) => path.endsWith(".mdx"));
  assert.ok(mdx.length >= 10, `${mdx.length} files`);
  for (const { path } of mdx) await assertOutlined(path);
  // The outline is the engine's, which reads .mdx with MDX's rules.
  const bunfig = mdx.find(({ path }) => path.endsWith("/runtime/bunfig.mdx"))!;
  const reason = reasonOf(await guard(read(bunfig.path), 2000, patient()));
  assert.match(reason, /^Not read: .*bunfig\.mdx is a big Markdown file/);
  assert.match(reason, /\nintro L\d+-\d+ \[33 words\]\n h2\.0 Global vs\. local L\d+-\d+\n/);
});

/** Asserts the guard denies a whole Read of a file with an outline of true line ranges. */
async function assertOutlined(path: string): Promise<void> {
  const reason = reasonOf(await guard(read(path), 2000, patient()));
  assert.ok(reason.length <= GUARD_MAX_CHARS, `${path}: ${reason.length}`);
  const source = (await Deno.readTextFile(path)).split(/\r\n|\r|\n/);
  const listed = ranges(reason);
  assert.ok(listed.length > 0, `${path}: no heading with a range\n${reason}`);
  for (const [selector, first, last] of listed) {
    assert.ok(first <= last && last <= source.length, `${path}: ${selector} L${first}-${last}`);
    // An ATX heading starts its line; a setext one is underlined on the next.
    assert.ok(
      /^ {0,3}#{1,6}(\s|$)/.test(source[first - 1]) ||
        /^ {0,3}(=+|-+)\s*$/.test(source[first] ?? ""),
      `${path}: ${selector} starts at ${JSON.stringify(source[first - 1])}`,
    );
  }
  // The examples are taken from the outline.
  const example = /\(e\.g\. offset: (\d+), limit: (\d+) for (h\d\.\d+)\)/.exec(reason);
  assert.ok(example !== null, reason);
  const [, offset, limit, selector] = example;
  const entry = listed.find(([label]) => label === selector)!;
  assert.deepEqual([Number(offset), Number(limit)], [entry[1], entry[2] - entry[1] + 1]);
  assert.ok(reason.includes(`(e.g. "${selector}")`));
  assert.ok(
    reason.endsWith(
      "- Read with offset: 1 reads it anyway, in pages past about 25,000 tokens.",
    ),
  );
}

Deno.test("the reason's size line: lines, the engine's words, about a quarter of the characters in tokens", async () => {
  const [biggest] = (await corpusFilesOver(2000)).sort((a, b) => b.words - a.words);
  const text = await Deno.readTextFile(biggest.path);
  const reason = reasonOf(await guard(read(biggest.path), 2000, patient()));
  const size =
    /^Not read: (.*) is a big Markdown file \(([\d,]+) lines, ([\d,]+) words, about ([\d,]+) tokens\)\./
      .exec(reason);
  assert.ok(size !== null, reason.split("\n")[0]);
  const number = (text: string) => Number(text.replaceAll(",", ""));
  assert.equal(size[1], biggest.path);
  assert.equal(number(size[2]), text.split("\n").length - (text.endsWith("\n") ? 1 : 0));
  // The engine counts the words of the text, not of the markup: fewer than wc -w.
  assert.ok(number(size[3]) < countWords(text) && number(size[3]) > countWords(text) / 2);
  assert.ok(Math.abs(number(size[4]) - text.length / 4) <= text.length / 4 * 0.05, size[4]);
});

Deno.test("the reason's line count is the outline's, whatever the line endings", async () => {
  const body = Array.from({ length: 30 }, (_, i) => `## Part ${i}\n\n${"word ".repeat(80)}\n`)
    .join("\n");
  const dir = await Deno.makeTempDir();
  try {
    const cases: [string, string][] = [
      ["lf", body],
      ["crlf", body.replaceAll("\n", "\r\n")],
      ["cr", body.replaceAll("\n", "\r")],
      ["mixed", body.replaceAll("\n\n", "\r\r").replaceAll("word\n", "word\r\n")],
      ["no final break", body.trimEnd()],
    ];
    for (const [name, text] of cases) {
      const path = `${dir}/${name}.md`;
      await Deno.writeTextFile(path, text);
      const reason = reasonOf(await guard(read(path), 2000, patient()));
      const lines = /is a big Markdown file \(([\d,]+) lines,/.exec(reason)?.[1];
      const last = ranges(reason).at(-1)?.[2];
      assert.equal(lines, "119", `${name}: ${reason.split("\n")[0]}`);
      assert.equal(last, 119, name);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("what passes untouched: small files, partial reads, other tools and events, the guard off", async () => {
  const files = await ensureCorpus();
  let small = "";
  for (const path of files) {
    const words = countWords(await Deno.readTextFile(path));
    if (path.endsWith(".md") && words > 500 && words <= 2000) small = path;
  }
  assert.notEqual(small, "");
  const [{ path: big }] = await corpusFilesOver(5000);
  assert.equal(await guard(read(small), 2000), "");
  assert.notEqual(await guard(read(big), 2000, patient()), "");
  // Nothing here reads the file: each answer is known from the input alone.
  const io = {
    readChunks: (): Iterable<Uint8Array> => {
      throw new Error("read");
    },
    outline: (): Promise<FileOutline> => Promise.reject(new Error("outline")),
  };
  const cases: [string, ToolHookInput, number][] = [
    ["offset", read(big, { offset: 1 }), 2000],
    ["limit", read(big, { limit: 2000 }), 2000],
    ["offset and limit", read(big, { offset: 40, limit: 20 }), 2000],
    ["not Markdown", read(big.replace(/\.md$/, ".txt")), 2000],
    ["another tool", { ...read(big), toolName: "Grep" }, 2000],
    ["after the read", { ...read(big), hookEventName: "PostToolUse" }, 2000],
    ["MDSEL_GUARD_WORDS=0", read(big), 0],
  ];
  for (const [name, input, words] of cases) assert.equal(await guard(input, words, io), "", name);
});

Deno.test("a file the guard cannot read or outline is no deny: the error goes to the caller", async () => {
  await assert.rejects(guard(read("/no/such/dir/big.md"), 2000), /^Error: Cannot count words of/);
  const chunks = () => [new TextEncoder().encode("word ".repeat(3000))];
  await assert.rejects(
    guard(read("/d/big.md"), 2000, {
      readChunks: chunks,
      outline: () => Promise.reject(new Error("Cannot outline")),
    }),
    /Cannot outline/,
  );
  const binary = () => [Uint8Array.of(0x61, 0x20, 0, 0x62)];
  await assert.rejects(guard(read("/d/big.md"), 0 + 1, { readChunks: binary }), /NUL byte/);
});

Deno.test("the guard keeps its own deadline: past it, no outline and no deny, well inside the hook's 10 s", async () => {
  assert.ok(GUARD_TIME_LIMIT_MS <= 5000);
  const path = await Deno.makeTempFile({ suffix: ".md" });
  try {
    await Deno.writeTextFile(path, "# Title\n\n" + "word ".repeat(3000) + "\n");
    // The engine cannot answer by a deadline already past: the caller lets the Read pass.
    await assert.rejects(
      engineOutline(path, 2000, performance.now()),
      new RegExp(
        `^Error: No outline of ${
          JSON.stringify(path)
        } in time \\(a first run may still be fetching the engine's packages\\): the Read goes ahead$`,
      ),
    );
    // The deadline reaches the outline: the guard's own, GUARD_TIME_LIMIT_MS from its call, or the one given.
    const deadlines: number[] = [];
    const outline = (_path: string, _chars: number, deadline: number) => {
      deadlines.push(deadline);
      return Promise.resolve({ words: 3001, text: "h1.0 Title L1-3\n", headings: [] });
    };
    const before = performance.now();
    await guard(read(path), 2000, { outline });
    const after = performance.now();
    const given = performance.now() + 99_000;
    await guard(read(path), 2000, { outline, deadline: given });
    // Set during the call, however long the call took.
    assert.ok(
      deadlines[0] >= before + GUARD_TIME_LIMIT_MS && deadlines[0] <= after + GUARD_TIME_LIMIT_MS,
    );
    assert.equal(deadlines[1], given);
    // Past it, the guard stops counting the words of a file that starts blank: the Read passes.
    const blank = () => [
      new TextEncoder().encode("\n".repeat(65_536)),
      new TextEncoder().encode("a ".repeat(3000)),
    ];
    await assert.rejects(
      guard(read(path), 2000, { outline, readChunks: blank, deadline: 0 }),
      /Not counted in time/,
    );
    // In time, the engine answers as before.
    // (A deadline no loaded machine reaches: the guard's own 5 s is not what this checks.)
    const real = await engineOutline(path, 2000, performance.now() + 120_000);
    assert.match(real.text, /^h1\.0 Title L1-3 \[3001 words\]\n/);
    assert.deepEqual(real.headings, [
      { selector: "h1.0", depth: 1, startLine: 1, endLine: 3 },
    ]);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("a file past 2 MiB is denied without an outline, and the engine never runs", async () => {
  const chunk = new TextEncoder().encode("word ".repeat(13108)); // 65,540 bytes
  const chunks = function* () {
    for (let bytes = 0; bytes <= GUARD_MAX_BYTES; bytes += chunk.length) yield chunk;
  };
  const reason = reasonOf(
    await guard(read("/d/huge.md"), 2000, {
      readChunks: chunks,
      outline: () => Promise.reject(new Error("the engine ran")),
    }),
  );
  assert.equal(
    reason.split("\n")[1],
    "mdsel_index on this file gives its outline, with the selectors to use.",
  );
  assert.match(reason, /^Not read: \/d\/huge\.md is a big Markdown file\./);
  assert.ok(reason.length < 1000, `${reason.length}`);
});

Deno.test("a long path leaves the outline less room, never more than 4,000 characters in all", async () => {
  const [{ path }] = await corpusFilesOver(5000);
  const dir = await Deno.makeTempDir();
  try {
    const deep = `${dir}/${"a-long-folder-name/".repeat(12)}`;
    await Deno.mkdir(deep, { recursive: true });
    await Deno.copyFile(path, `${deep}doc.md`);
    const reason = reasonOf(await guard(read(`${deep}doc.md`), 2000, patient()));
    assert.ok(reason.length <= GUARD_MAX_CHARS, `${reason.length}`);
    assert.ok(ranges(reason).length > 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an outline that fills its room, with long line numbers in the examples, stays within 4,000", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const files = {
      // 3,000 sections: the outline fills what the reason leaves it.
      "sections.md": Array.from(
        { length: 3000 },
        (_, i) => `## Part ${i}\n\n${"word ".repeat(40)}\n`,
      )
        .join("\n"),
      // Headings past line 900,000: the examples' line numbers are long.
      "deep.md": "\n".repeat(900_000) +
        Array.from({ length: 400 }, (_, i) => `###### H${i}\n\n${"word ".repeat(10)}\n`).join("\n"),
    };
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
      const reason = reasonOf(await guard(read(`${dir}/${name}`), 2000, patient()));
      assert.ok(reason.length <= GUARD_MAX_CHARS, `${name}: ${reason.length}`);
      assert.ok(ranges(reason).length > 10, name);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the reason without an outline points to mdsel_index and gives no made-up example", async () => {
  const chunk = new TextEncoder().encode("word ".repeat(13108));
  const huge = function* () {
    for (let bytes = 0; bytes <= GUARD_MAX_BYTES; bytes += chunk.length) yield chunk;
  };
  const reason = reasonOf(await guard(read("/d/a.md"), 2000, { readChunks: huge }));
  assert.equal(
    reason,
    [
      "Not read: /d/a.md is a big Markdown file. Reading it whole would put all of it into the context.",
      "mdsel_index on this file gives its outline, with the selectors to use.",
      "Take only the part you need:",
      "- mdsel_select with a selector from the outline and this file returns that section as written; or search it: the question, then after its ? the docs' likely words.",
      "- Read with offset and limit returns exact lines; an Edit works after such a Read.",
      "- Read with offset: 1 reads it anyway, in pages past about 25,000 tokens.",
    ].join("\n"),
  );
});
