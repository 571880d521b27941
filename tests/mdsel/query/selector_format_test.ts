import assert from "node:assert/strict";
import { parseSelector, type SegmentType } from "../../../mdsel/query/selector.ts";
import {
  formatPath,
  formatSelector,
  formatShortPath,
  formatShortSelector,
  formatShortType,
} from "../../../mdsel/query/selector_format.ts";

Deno.test("formatShortSelector: the short form reads back as the same selector", () => {
  for (
    const [input, short] of [
      ["readme::heading:h2[0-1]/block:code[0]?head=5", "readme::h2.0-1/code.0?head=5"],
      ["h3.144/quote.0,2-3", "h3.144/quote.0,2-3"],
      ["intro/para.1", "intro/para.1"],
      ["root", "root"],
      ["section.3?full=true", "section.3?full=true"],
      ["heading:h6", "h6"],
    ]
  ) {
    const selector = parseSelector(input);
    assert.equal(formatShortSelector(selector), short, input);
    assert.equal(formatSelector(parseSelector(short)), formatSelector(selector), input);
  }
});

Deno.test("formatPath and formatShortPath name the same steps", () => {
  const cases: [SegmentType, number, string][] = [
    [{ kind: "heading", depth: 2 }, 5, "h2.5"],
    [{ kind: "block", block: "paragraph" }, 0, "para.0"],
    [{ kind: "block", block: "blockquote" }, 1, "quote.1"],
    [{ kind: "section" }, 3, "section.3"],
    [{ kind: "intro" }, 0, "intro"],
  ];
  for (const [type, index, short] of cases) {
    const path = [{ type, index }];
    assert.equal(formatShortPath(path), short);
    assert.equal(formatShortType(type), short.split(".")[0]);
    assert.equal(formatPath("a", path), formatSelector(parseSelector(`a::${short}`)));
  }
  assert.equal(formatPath("a", []), "a::root");
  assert.equal(formatShortPath([]), "root");
});
