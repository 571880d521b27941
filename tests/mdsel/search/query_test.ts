import assert from "node:assert/strict";
import { MAX_QUERY_CHARS, parseQuery, QueryError } from "../../../mdsel/search/query.ts";

Deno.test("a query's words: stop-words out, identifiers with their parts", () => {
  const query = parseQuery("how do I read import.meta.env in Astro?");
  assert.deepEqual(query.words, [
    { terms: ["read"], count: "any" },
    { terms: ["import.meta.env", "import", "meta", "env"], count: "any" },
    { terms: ["astro"], count: "any" },
  ]);
  assert.deepEqual(query.phrases, []);
});

Deno.test("a question's verbs are optional words; the same verbs elsewhere are not", () => {
  const optional = (query: string) =>
    parseQuery(query).words.filter((word) => word.optional).map((word) => word.terms[0]);
  assert.deepEqual(optional("how do I configure the test timeout"), ["configure"]);
  assert.deepEqual(optional("Can I change the port and set the hostname"), ["change", "set"]);
  assert.deepEqual(optional("change the port?"), ["change"]);
  // Not a question: `bun add`, `set` as a command or a type.
  assert.deepEqual(optional("bun add dev dependency"), []);
  assert.deepEqual(optional("change port"), []);
  // A verb inside an identifier is part of it.
  assert.deepEqual(optional("how do I use useState"), ["use"]);
});

Deno.test("double quotes, curly quotes and backticks mark phrases; one word is no phrase", () => {
  assert.deepEqual(parseQuery('"content collections" schema').phrases, [" content collections "]);
  assert.deepEqual(parseQuery("\u201Cinline snapshots\u201D").phrases, [" inline snapshots "]);
  assert.deepEqual(parseQuery("`bun install --frozen-lockfile`").phrases, [
    " bun install frozen lockfile ",
  ]);
  assert.deepEqual(parseQuery('"spyOn"').phrases, []);
  // An unclosed quote is no phrase: its words are searched loose.
  const unclosed = parseQuery('"content collections');
  assert.deepEqual(unclosed.phrases, []);
  assert.equal(unclosed.words.length, 2);
});

Deno.test("a Chinese or Japanese run is a word searched by its bigrams, and a phrase", () => {
  const query = parseQuery("按钮 点击事件");
  assert.deepEqual(query.words, [
    { terms: ["按钮"], count: "share" },
    { terms: ["点击", "击事", "事件"], count: "share" },
  ]);
  assert.deepEqual(query.phrases, [" 按 钮 ", " 点 击 事 件 "]);
  assert.deepEqual(parseQuery("下拉刷新endReached").words.map((word) => word.terms[0]), [
    "下拉",
    "endreached",
  ]);
});

Deno.test("a query of nothing to search for, or far too long, is refused", () => {
  assert.throws(() => parseQuery("how is it"), QueryError);
  assert.throws(() => parseQuery("  "), /The search is empty/);
  assert.throws(() => parseQuery("x ".repeat(MAX_QUERY_CHARS)), /too long/);
});

Deno.test("a query of nothing to search for says what it holds, its text cut to 60 characters", () => {
  const cases: [string, string][] = [
    [
      "how is it",
      "Nothing to search for in 'how is it': it holds only common words (like 'the', 'how')",
    ],
    ["....", "Nothing to search for in '....': it holds no letters or digits"],
    ["::::", "Nothing to search for in '::::': it holds no letters or digits"],
    ['"" ``', "Nothing to search for in '\"\" ``': it holds no letters or digits"],
    ["👨‍👩‍👧‍👦 🎉", "Nothing to search for in '👨‍👩‍👧‍👦 🎉': it holds no letters or digits"],
    ["\u200B\u200B", "Nothing to search for in '\u200B\u200B': it holds no letters or digits"],
    [
      "`".repeat(400),
      `Nothing to search for in '${"`".repeat(60)}...': it holds no letters or digits`,
    ],
    [
      "the ".repeat(100),
      `Nothing to search for in '${
        "the ".repeat(15)
      }...': it holds only common words (like 'the', 'how')`,
    ],
    [
      "😀".repeat(100),
      `Nothing to search for in '${"😀".repeat(60)}...': it holds no letters or digits`,
    ],
  ];
  for (const [query, message] of cases) {
    assert.throws(() => parseQuery(query), (error: Error) => {
      assert.ok(error instanceof QueryError);
      assert.equal(error.message, message);
      return true;
    });
  }
});

Deno.test("a particle right after a plain word is kept beside it, to be written as one with it", () => {
  const particles = (query: string) =>
    parseQuery(query).words.map((word) =>
      `${word.terms[0]}${word.particle ? `+${word.particle}` : ""}`
    );
  assert.deepEqual(particles("test timed out after 5000ms"), ["test", "timed+out", "5000ms"]);
  assert.deepEqual(particles("how do I set up workspaces"), ["set+up", "workspaces"]);
  assert.deepEqual(particles("how do I log in"), ["log+in"]);
  // Not after an identifier, nor across another word, nor a stop word that is no particle.
  assert.deepEqual(particles("import.meta.env in astro"), ["import.meta.env", "astro"]);
  assert.deepEqual(particles("log the user in"), ["log", "user+in"]);
  assert.deepEqual(particles("tests after build"), ["tests", "build"]);
});

Deno.test("the caller's words after the question's last ? are hints, not the question", () => {
  const query = parseQuery('how do I pass data to a child? props "children" fs.readFile');
  assert.equal(query.asked, "how do I pass data to a child?");
  assert.deepEqual(
    query.words.filter((word) => word.hint).map((word) => word.terms[0]),
    ["props", "children", "fs.readfile"],
  );
  assert.ok(query.words.filter((word) => word.hint).every((word) => word.optional));
  // Quotes in the caller's words make no phrase; a word the question holds is not repeated.
  assert.deepEqual(query.phrases, []);
  assert.deepEqual(parseQuery("cancel a request? request abort").words.length, 3);
  // A question that ends the query, or a ? in quotes, has no caller's words.
  for (const text of ["why is it 0.0.0? is it committed?", '"why?" retry', "tables?"]) {
    assert.ok(parseQuery(text).words.every((word) => !word.hint), text);
  }
  // A question of common words alone is no question: all is searched alike.
  assert.ok(parseQuery("how? props children").words.every((word) => !word.hint));
});
