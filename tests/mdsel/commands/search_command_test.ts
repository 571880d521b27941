import assert from "node:assert/strict";
import { selectText } from "../../../mdsel/commands/render_text.ts";
import { searchWorkspace } from "../../../mdsel/commands/search_command.ts";
import { doc, workspace } from "../_docs.ts";

const GUIDE = [
  "# Guide",
  "## Abort",
  "Abort a request with an AbortSignal: pass signal to the request.",
  "## Cancel signals",
  "Signals abrot requsts early, when the requst is too slow and the signl fires.",
  "## Requests",
  "Send requests.",
].join("\n\n");

Deno.test("a small best section that stands out comes whole: one call instead of two", () => {
  const outcome = searchWorkspace("abort request signal", null, workspace(doc(GUIDE)));
  const [first, second] = outcome.search!.results;
  // The next scores under 70% of the best: the best carries its source, the next does not.
  assert.ok(second.score < first.score * 0.7 && second.score >= first.score / 4);
  assert.equal(
    first.content,
    "## Abort\n\nAbort a request with an AbortSignal: pass signal to the request.",
  );
  assert.equal(second.content, undefined);
  const lines = selectText(outcome).split("\n");
  assert.match(
    lines[0],
    /; the first's source follows$/,
  );
  assert.deepEqual(lines.slice(1, 6), [
    "h2.0 Guide > Abort",
    "## Abort",
    "",
    "Abort a request with an AbortSignal: pass signal to the request.",
    "h2.1 Guide > Cancel signals",
  ]);
});

Deno.test("a short best section comes whole though it does not stand out; the others keep their snippets", () => {
  const flat = doc(["# Guide", "## One", "abort here", "## Two", "abort there"].join("\n\n"));
  const outcome = searchWorkspace("abort", null, workspace(flat));
  const [first, second] = outcome.search!.results;
  assert.ok(second.score >= first.score * 0.7);
  assert.equal(first.content, "## One\n\nabort here");
  assert.equal(second.content, undefined);
  assert.deepEqual(selectText(outcome).split("\n"), [
    "search: 2 sections match; the first's source follows",
    "h2.0 Guide > One",
    "## One",
    "",
    "abort here",
    "h2.1 Guide > Two",
    "  abort there",
    "",
  ]);
});

Deno.test("no source when the best is big, or neither stands out nor is short", () => {
  // Over 1,200 characters each, alike: neither short nor standing out.
  const long = (word: string) => `abort ${Array(250).fill(word).join(" ")}`;
  const flat = doc(["## One", long("here"), "## Two", long("there")].join("\n\n"));
  const results = searchWorkspace("abort", null, workspace(flat)).search!.results;
  assert.equal(results.length, 2);
  assert.ok(results[1].score >= results[0].score * 0.7);
  for (const result of results) assert.equal(result.content, undefined);
  // Under MDSEL_SIZE_WORDS only: with a threshold of 5 words, the best (12) is too big.
  const big = searchWorkspace("abort request signal", null, workspace(doc(GUIDE)), {
    sizeWords: 5,
  });
  assert.equal(big.search!.results[0].content, undefined);
  // Nor when it would take more than a tenth of the result budget.
  const budget = searchWorkspace("abort request signal", null, workspace(doc(GUIDE)), {
    maxChars: 500,
  });
  assert.equal(budget.search!.results[0].content, undefined);
});

Deno.test("files in the order of their best results, each file's results together", () => {
  const section = ["## Abort signal", "Pass an abort signal to stop it."];
  const one = doc(["# Fetch", ...section, "## Other", "Nothing here."].join("\n\n"), "one");
  const two = doc(
    ["# Cancelling", ...section, "## Aborting with a signal", "An abort signal stops the fetch."]
      .join("\n\n"),
    "two",
  );
  const three = doc("# Signals\n\n## Abort\n\nA signal.\n", "three");
  const labels = searchWorkspace("abort signal", null, workspace(three, one, two)).search!.results
    .map((result) => result.label);
  // One and two tie on their best sections, and keep the files' order; three's best is weaker.
  assert.deepEqual(labels, ["one::h2.0", "two::h2.0", "two::h2.1", "three::h2.0"]);
});

Deno.test("a namespace no file has is part of the words", () => {
  const cpp = doc(
    "## Containers\n\nUse std::vector for arrays.\n\n## Strings\n\nstd::string.\n",
    "cpp",
  );
  const outcome = searchWorkspace("vector", "std", workspace(cpp));
  assert.equal(outcome.search!.query, "std::vector");
  assert.equal(outcome.search!.results[0].label, "h2.0");
  assert.deepEqual(outcome.unresolved, []);
  // A namespace a file has restricts the search to it.
  const other = doc("## Vectors\n\nvector maths.\n", "maths");
  const scoped = searchWorkspace("vector", "maths", workspace(cpp, other));
  assert.deepEqual(scoped.search!.results.map((result) => result.label), ["maths::h2.0"]);
});

Deno.test("no match: the closest headings to a short query, none for a long one", () => {
  // Edit distances of a long query with every heading of a big file cost five times the search
  // (50,000 headings, 200 characters: 27.8 s against 4.5 s), to suggest headings no word matched.
  const words = (suffix: string) =>
    Array.from({ length: 20 }, (_, i) => `${"abcdefghijklmnopqrst"[i].repeat(4)}${suffix}`);
  const heading = words("zw").join(" ");
  const docs = [doc(`# ${heading}\n\ntext\n\n# ${words("zw").slice(0, 4).join(" ")}\n\nmore\n`)];
  const cases: [string, number][] = [
    [words("xy").slice(0, 4).join(" "), 1],
    [words("xy").join(" "), 0],
  ];
  for (const [query, suggested] of cases) {
    const outcome = searchWorkspace(query, null, workspace(...docs));
    assert.equal(outcome.search?.matched, 0, query);
    assert.equal(outcome.unresolved[0].suggestions.length, suggested, `${query.length}: ${query}`);
  }
});

Deno.test("a section holding a result comes before it only when its heading holds the query's words", () => {
  const selectors = (text: string, query: string) =>
    searchWorkspace(query, null, workspace(doc(text))).search!.results.map((r) => r.selector);
  // Neither heading holds `timeout`: the subsection, where the word stands most, comes first.
  const plain = [
    "# Guide",
    "## Limits",
    "A timeout applies.",
    "### Per test",
    "Set the timeout per test: a timeout of 5000 ms, the timeout option.",
  ].join("\n\n");
  assert.deepEqual(selectors(plain, "timeout").slice(0, 2), [
    "d::heading:h3[0]",
    "d::heading:h2[0]",
  ]);
  // The holder's heading holds it as strongly: the page reads top down.
  const titled = plain.replace("## Limits", "## Timeout").replace(
    "### Per test",
    "### Per test timeout",
  );
  assert.deepEqual(selectors(titled, "timeout").slice(0, 2), [
    "d::heading:h2[0]",
    "d::heading:h3[0]",
  ]);
});
