import assert from "node:assert/strict";
import { assignNamespaces, namespaceOf } from "../../../mdsel/files/namespace.ts";

const CASES: [string, string][] = [
  ["README.md", "readme"],
  ["docs/README.md", "readme"],
  ["C:\\docs\\Guide.markdown", "guide"],
  ["archive.tar.md", "archive_tar"],
  ["2024 notes.md", "_2024_notes"],
  ["-x.md", "_x"],
  ["über.md", "_ber"],
  ["my-doc_v2.md", "my-doc_v2"],
  [".md", "_md"],
  ["noext", "noext"],
  ["dir/", "dir"],
  ["", "_"],
];

Deno.test("namespaceOf makes a valid identifier from the base name", () => {
  for (const [path, expected] of CASES) {
    const namespace = namespaceOf(path);
    assert.equal(namespace, expected, path);
    assert.match(namespace, /^[a-z_][a-z0-9_-]*$/);
  }
});

Deno.test("assignNamespaces keeps namespaces unique in argument order", () => {
  assert.deepEqual(assignNamespaces(["a/readme.md", "b/README.md", "readme_2.md", "c/readme.md"]), [
    "readme",
    "readme_2",
    "readme_2_2",
    "readme_3",
  ]);
});
