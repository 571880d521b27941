import assert from "node:assert/strict";
import { doc } from "../_docs.ts";

Deno.test("heading text resolves reference links and images, as a reader sees it", () => {
  const text = [
    "# Class: [`http.Agent`][]",
    "",
    "## [![npm version][npm-image]][npm-url] [![Build][ci-badge]][ci] axios",
    "",
    "## See [the guide][guide] and [undefined][nowhere]",
    "",
    "[`http.Agent`]: https://nodejs.org/api/http.html#class-httpagent",
    "[npm-image]: https://img.shields.io/npm/v/axios.svg",
    "[npm-url]: https://www.npmjs.org/package/axios",
    "[ci-badge]: https://example.com/badge.svg",
    "[ci]: https://example.com/ci",
    "[guide]: ./guide.md",
  ].join("\n");
  const headings = doc(text).top.nodes.filter((node) => node.kind === "heading");
  assert.deepEqual(headings.map((node) => node.text), [
    "Class: http.Agent",
    "npm version Build axios",
    // An undefined reference stays as written, as in rendered Markdown.
    "See the guide and [undefined][nowhere]",
  ]);
});
