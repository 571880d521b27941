import assert from "node:assert/strict";
import { parseSelector } from "../../../mdsel/query/selector.ts";
import { selectInWorkspace, type SelectMatch } from "../../../mdsel/commands/select_command.ts";
import { doc, workspace } from "../_docs.ts";

const LONG_CODE = ["# Code", "", "```", ...Array.from({ length: 30 }, (_, i) => `w${i} x y`), "```"]
  .join("\n");

function select(selector: string, text: string, pageWords: number, full = false): SelectMatch[] {
  const outcome = selectInWorkspace(parseSelector(selector), workspace(doc(text)), {
    pageWords,
    full,
  });
  assert.deepEqual(outcome.unresolved, [], selector);
  return outcome.answers.map((answer) => answer.match);
}

Deno.test("a node longer than a page is cut at line boundaries", () => {
  const pages: SelectMatch[] = [];
  let selector = "code.0";
  for (let guard = 0; guard < 20; guard++) {
    const [match] = select(selector, LONG_CODE, 10);
    pages.push(match);
    if (match.pagination?.next === undefined) break;
    selector = match.pagination.next;
  }
  // 32 lines of 1-3 raw words, 10 words a page.
  assert.ok(pages.length > 1);
  assert.ok(pages.every((page) => page.truncated));
  assert.deepEqual(pages.map((page) => page.pagination?.page), pages.map((_, i) => i + 1));
  // The pages tile the block exactly, in order.
  assert.equal(pages[0].start_line, 3);
  assert.equal(pages.at(-1)!.end_line, 34);
  for (let i = 1; i < pages.length; i++) {
    assert.equal(pages[i].start_line, pages[i - 1].end_line + 1);
  }
  assert.equal(
    pages.map((page) => page.content).join("\n"),
    LONG_CODE.split("\n").slice(2).join("\n"),
  );
});

Deno.test("--full and ?full=true return everything, unpaged", () => {
  for (const [selector, full] of [["code.0", true], ["code.0?full=true", false]] as const) {
    const [match] = select(selector, LONG_CODE, 10, full);
    assert.equal(match.truncated, false);
    assert.equal(match.pagination, undefined);
    assert.equal(match.end_line, 34);
  }
});

Deno.test("head and tail keep lines and say when they dropped some", () => {
  const [head] = select("h1.0?head=4", LONG_CODE, 2000);
  assert.equal(head.content, "# Code\n\n```\nw0 x y");
  assert.equal(head.start_line, 1);
  assert.equal(head.end_line, 4);
  assert.equal(head.truncated, true);
  assert.equal(head.selector, "d::heading:h1[0]?head=4");
  const [tail] = select("h1.0?tail=2", LONG_CODE, 2000);
  assert.equal(tail.content, "w29 x y\n```");
  assert.equal(tail.start_line, 33);
  assert.equal(tail.end_line, 34);
  assert.equal(tail.truncated, true);
  const [all] = select("h1.0?head=500", LONG_CODE, 2000);
  assert.equal(all.truncated, false);
  assert.equal(all.end_line, 34);
  // head within a page keeps the page's truncation.
  const [page] = select("h1.0?page=2&head=1", LONG_CODE, 10);
  assert.equal(page.truncated, true);
  assert.equal(page.content.split("\n").length, 1);
  assert.equal(page.pagination?.page, 2);
});

Deno.test("paging a section keeps whole nodes together", () => {
  const text = "# T\n\none two three\n\nfour five six\n\nseven eight nine\n";
  const [first] = select("h1.0", text, 6);
  assert.equal(first.content, "# T\n\none two three");
  assert.deepEqual(first.pagination, {
    page: 1,
    total_pages: 2,
    page_words: 6,
    next: "d::heading:h1[0]?page=2",
  });
  const [second] = select("h1.0?page=2", text, 6);
  assert.equal(second.content, "four five six\n\nseven eight nine");
  assert.equal(second.pagination?.next, undefined);
  assert.equal(second.selector, "d::heading:h1[0]?page=2");
});

Deno.test("root pages start with the front matter", () => {
  const text = "---\ntitle: t\n---\none two\n\nthree four\n";
  const [first] = select("root", text, 2);
  assert.equal(first.content, "---\ntitle: t\n---\none two");
  assert.equal(first.start_line, 1);
});

Deno.test("pages hold at most MDSEL_PAGE_CHARS characters, cut at node boundaries", () => {
  const text = ["# T", "", "a".repeat(30), "", "b".repeat(30), "", "c".repeat(30)].join("\n");
  const outcome = selectInWorkspace(parseSelector("h1.0?page=1"), workspace(doc(text)), {
    pageChars: 40,
  });
  const [first] = outcome.answers.map((answer) => answer.match);
  assert.equal(first.content, `# T\n\n${"a".repeat(30)}`);
  assert.equal(first.pagination?.total_pages, 3);
});

Deno.test("a line bigger than a page is cut between words, never inside a surrogate pair", () => {
  // One line of 300 dinosaurs and no spaces: cut between characters.
  const line = "🦕".repeat(300);
  const pages: string[] = [];
  let selector: string | undefined = "para.0?page=1";
  while (selector !== undefined) {
    const [match]: SelectMatch[] = selectInWorkspace(
      parseSelector(selector),
      workspace(doc(line)),
      { pageChars: 101 },
    ).answers.map((answer) => answer.match);
    assert.ok(match.content.length <= 101);
    assert.ok(!/[\uD800-\uDBFF]$/.test(match.content), "no lone high surrogate at the end");
    assert.ok(!/^[\uDC00-\uDFFF]/.test(match.content), "no lone low surrogate at the start");
    pages.push(match.content);
    selector = match.pagination?.next;
  }
  assert.equal(pages.join(""), line);
  // A long line of words is cut after a word, within the word limit.
  const words = Array.from({ length: 50 }, (_, i) => `w${i}`).join(" ");
  const [wordPage] = selectInWorkspace(parseSelector("para.0?page=1"), workspace(doc(words)), {
    pageWords: 20,
  }).answers.map((answer) => answer.match);
  assert.equal(wordPage.content, Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "));
  assert.equal(wordPage.pagination?.total_pages, 3);
});
