import assert from "node:assert/strict";
import { selectJson } from "../../../mdsel/commands/render_json.ts";
import { selectText } from "../../../mdsel/commands/render_text.ts";
import { selectInWorkspace, type SelectSettings } from "../../../mdsel/commands/select_command.ts";
import { parseSelector } from "../../../mdsel/query/selector.ts";
import { doc, workspace } from "../_docs.ts";

function outcomeOf(selector: string, text: string, settings: Partial<SelectSettings> = {}) {
  const outcome = selectInWorkspace(parseSelector(selector), workspace(doc(text)), settings);
  assert.deepEqual(outcome.unresolved, [], selector);
  return outcome;
}

function answers(selector: string, text: string, settings: Partial<SelectSettings> = {}) {
  return outcomeOf(selector, text, settings).answers;
}

/** An h1 with an introduction and `count` h2 subsections of `words` words. */
function guide(count: number, words: number): string {
  const parts = ["# Guide", "", "Introduction text.", ""];
  for (let i = 0; i < count; i++) {
    parts.push(`## Topic ${i}`, "", Array(words).fill("w").join(" "), "");
  }
  return parts.join("\n");
}

Deno.test("a big section answers with its introduction and the outline of its subsections", () => {
  const [answer] = answers("h1.0", guide(5, 600));
  const { match, outline } = answer;
  assert.equal(match.content, "# Guide\n\nIntroduction text.");
  assert.equal(match.outline, true);
  assert.equal(match.truncated, true);
  assert.deepEqual([match.start_line, match.end_line], [1, 3]);
  assert.equal(match.pagination, undefined);
  assert.deepEqual(outline, [
    "",
    " h2.0 Topic 0 [602 words]",
    " h2.1 Topic 1 [602 words]",
    " h2.2 Topic 2 [602 words]",
    " h2.3 Topic 3 [602 words]",
    " h2.4 Topic 4 [602 words]",
    "[h1.0 Guide: 3013 words in 5 subsections; select one, or h1.0?page=1 to read the section in pages]",
  ]);
  // The pages are still there, and ?full=true returns it all.
  const [page] = answers("h1.0?page=1", guide(5, 600));
  assert.equal(page.match.outline, undefined);
  assert.equal(page.match.pagination?.total_pages, 2);
  const [all] = answers("h1.0?full=true", guide(5, 600));
  assert.equal(all.match.truncated, false);
  assert.equal(all.match.end_line, 23);
});

Deno.test("a section bigger than a page in characters answers with its outline too", () => {
  const text = guide(3, 10);
  const [answer] = answers("h1.0", text, { pageChars: 40 });
  assert.equal(answer.match.outline, true);
  const [small] = answers("h1.0", text);
  assert.equal(small.match.outline, undefined);
  assert.equal(small.outline, undefined);
});

Deno.test("with several files, outline selectors carry the namespace", () => {
  const docs = [doc(guide(3, 800), "one"), doc("# Other\n", "two")];
  const [answer] = selectInWorkspace(parseSelector("one::h1.0"), workspace(...docs)).answers;
  assert.equal(answer.outline?.[1], " one::h2.0 Topic 0 [802 words]");
  assert.match(answer.outline!.at(-1)!, /^\[one::h1\.0 Guide: /);
});

Deno.test("children_available lists at most 50 direct children, then how many more", () => {
  const [answer] = answers("h1.0", guide(70, 1));
  const { match } = answer;
  assert.equal(match.children_available.length, 50);
  assert.equal(match.children_omitted, 21);
  assert.deepEqual(match.children_available[0], {
    selector: "d::heading:h1[0]/block:paragraph[0]",
    type: "paragraph",
    preview: "Introduction text.",
    word_count: 2,
  });
  assert.deepEqual(match.children_available[1], {
    selector: "d::heading:h2[0]",
    type: "heading",
    preview: "Topic 0",
    word_count: 3,
  });
  const [few] = answers("h1.0", guide(2, 1));
  assert.equal(few.match.children_omitted, undefined);
});

Deno.test("JSON: a fan-out past the result budget keeps what fits and lists the rest in omitted", () => {
  const parsed = doc(guide(30, 400));
  const outcome = selectInWorkspace(parseSelector("h2"), workspace(parsed));
  const json = selectJson(outcome, 12_000);
  assert.ok(json.length <= 12_000, `${json.length}`);
  const { data } = JSON.parse(json);
  assert.ok(data.matches.length >= 1 && data.matches.length < 30);
  assert.deepEqual(
    [...data.matches.map((m: { selector: string }) => m.selector), ...data.omitted],
    Array.from({ length: 30 }, (_, i) => `d::heading:h2[${i}]`),
  );
  // The first match is always there, however small the budget.
  assert.equal(JSON.parse(selectJson(outcome, 10)).data.matches.length, 1);
  // Within the budget: no omitted key at all.
  assert.equal(JSON.parse(selectJson(outcome)).data.omitted, undefined);
});

Deno.test("head and tail are kept within the page size in characters", () => {
  const text = Array.from({ length: 100 }, (_, i) => `line ${i} ${"x".repeat(50)}`).join("\n\n");
  const [head] = answers("root?head=1000", text, { pageChars: 500 });
  assert.ok(head.match.content.length <= 500);
  assert.equal(head.match.truncated, true);
  assert.ok(head.match.content.startsWith("line 0 "));
  assert.match(
    head.note ?? "",
    /^\[lines 1-\d+ of 1-199 shown, to fit the result; ask for fewer lines\]$/,
  );
  // One long line cut: fewer lines would not help, and the note does not ask for them.
  const [line] = answers("root?head=1", `${"word ".repeat(500)}\n`, { pageChars: 500 });
  assert.ok(line.match.content.length <= 500);
  assert.match(line.note ?? "", /^\[line 1 cut to fit the result: \d+ of 2499 characters shown\]$/);
  // A tail keeps the end: the last lines asked for, as many as fit.
  const [tail] = answers("root?tail=150", text, { pageChars: 500 });
  assert.ok(tail.match.content.length <= 500);
  assert.ok(tail.match.content.endsWith(`line 99 ${"x".repeat(50)}`));
  assert.equal(tail.match.end_line, 199);
  assert.ok(tail.match.start_line > 150, "lines before the tail are not shown");
  assert.match(tail.note ?? "", /^\[lines \d+-199 of 51-199 shown/);
  assert.ok(
    selectText(outcomeOf("root?tail=150", text, { pageChars: 500 })).trimEnd().endsWith(tail.note!),
  );
  // What fits gets no note.
  assert.equal(answers("root?tail=3", text, { pageChars: 500 })[0].note, undefined);
});

Deno.test("a folded section of MDSEL_SIZE_WORDS or more answers with its outline, though it fits a page", () => {
  // 60 chapters of 8 sections: the index of this document lists h1-h2 only.
  const manual = (words: number) => {
    const parts = ["# Manual", ""];
    for (let c = 0; c < 60; c++) {
      parts.push(`## Chapter ${c}`, "");
      for (let s = 0; s < 8; s++) {
        parts.push(`### Section ${c}.${s}`, "", "word ".repeat(words), "");
      }
    }
    return parts.join("\n");
  };
  // Chapters of 8 * 70 words: over 500, the index prints their size.
  const text = manual(70);
  const [chapter] = answers("h2.0", text);
  assert.equal(chapter.match.outline, true);
  assert.equal(chapter.match.content, "## Chapter 0");
  assert.equal(chapter.outline?.[1], "  h3.0 Section 0.0");
  assert.equal(chapter.outline?.length, 10);
  // Its pages, or a section the index shows whole, still come as content.
  assert.equal(answers("h2.0?page=1", text)[0].match.outline, undefined);
  assert.equal(
    answers("h3.0", text)[0].match.content,
    `### Section 0.0\n\n${"word ".repeat(70).trim()}`,
  );
  // A small document is never folded: its sections answer with their content.
  assert.equal(answers("h1.0", guide(3, 10))[0].match.outline, undefined);
});

Deno.test("a folded section under MDSEL_SIZE_WORDS answers with itself, whole, in one call", () => {
  const parts = ["# Manual", ""];
  for (let c = 0; c < 60; c++) {
    parts.push(`## Chapter ${c}`, "");
    for (let s = 0; s < 8; s++) parts.push(`### Section ${c}.${s}`, "", "word ".repeat(30), "");
  }
  const text = parts.join("\n");
  // 8 * 33 words: the index folds the chapter, but it is small.
  const [chapter] = answers("h2.0", text);
  assert.equal(chapter.match.outline, undefined);
  assert.equal(chapter.match.truncated, false);
  assert.ok(chapter.match.content.startsWith("## Chapter 0\n\n### Section 0.0"));
  assert.ok(chapter.match.content.endsWith(`### Section 0.7\n\n${"word ".repeat(30).trim()}`));
  // The threshold is MDSEL_SIZE_WORDS: under a smaller one, the chapter is big.
  assert.equal(answers("h2.0", text, { sizeWords: 200 })[0].match.outline, true);
});

Deno.test("an index out of range names the valid range and suggests the last one that exists", () => {
  const twenty = Array.from({ length: 20 }, (_, i) => `## Topic ${i}\n\ntext ${i}\n`).join("\n");
  const suggestionsOf = (selector: string, ...docs: ReturnType<typeof doc>[]) => {
    const outcome = selectInWorkspace(parseSelector(selector), workspace(...docs));
    assert.equal(outcome.unresolved.length, 1, selector);
    return outcome.unresolved[0].suggestions;
  };
  // No lookalikes of the number (h2.9, h2.19 for h2.99): the last one only.
  assert.deepEqual(suggestionsOf("h2[99]", doc(twenty)), ["d::heading:h2[19]"]);
  const outcome = selectInWorkspace(parseSelector("h2.99"), workspace(doc(twenty)));
  assert.equal(outcome.unresolved[0].reason, "d has h2.0-h2.19, no h2.99");
  assert.deepEqual(outcome.unresolved[0].text, { selector: "h2.99", suggestions: ["h2.19"] });
  assert.equal(suggestionsOf("section[20]", doc(twenty))[0], "d::section[19]");
  // Inside a section, and in each file that has fewer.
  assert.equal(
    suggestionsOf("h2[3]/para[4]", doc(twenty))[0],
    "d::heading:h2[3]/block:paragraph[0]",
  );
  const three = doc("## A\n\n## B\n\n## C\n", "e");
  assert.deepEqual(suggestionsOf("h2[40-50]", doc(twenty), three), [
    "d::heading:h2[19]",
    "e::heading:h2[2]",
  ]);
  // With several files, the text form carries the namespace.
  const both = selectInWorkspace(parseSelector("h2.40"), workspace(doc(twenty), three));
  assert.deepEqual(both.unresolved[0].text?.suggestions, ["d::h2.19", "e::h2.2"]);
  // A type that is not there at all: the closest by spelling, in the short form.
  const none = selectInWorkspace(parseSelector("h4.0"), workspace(three));
  assert.equal(none.unresolved[0].reason, "No h4 in e");
  assert.deepEqual(none.unresolved[0].text?.suggestions.slice(0, 1), ["h2.0"]);
});
