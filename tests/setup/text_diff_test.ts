import assert from "node:assert/strict";
import { unifiedDiff } from "../../setup/text_diff.ts";

const lines = (count: number) => Array.from({ length: count }, (_, i) => `  "k${i}": ${i},`);

Deno.test("unifiedDiff: equal texts give nothing; a change gives its lines and two of context", () => {
  const before = lines(20).join("\n") + "\n";
  assert.equal(unifiedDiff(before, before), "");
  const after = lines(20);
  after[3] = '  "k3": 33,';
  after[15] = '  "k15": 1515,';
  assert.equal(
    unifiedDiff(before, after.join("\n") + "\n"),
    [
      "@@ -2,5 +2,5 @@",
      '   "k1": 1,',
      '   "k2": 2,',
      '-  "k3": 3,',
      '+  "k3": 33,',
      '   "k4": 4,',
      '   "k5": 5,',
      "@@ -14,5 +14,5 @@",
      '   "k13": 13,',
      '   "k14": 14,',
      '-  "k15": 15,',
      '+  "k15": 1515,',
      '   "k16": 16,',
      '   "k17": 17,',
      "",
    ].join("\n"),
  );
  // Changes close together share a hunk.
  after[15] = '  "k15": 15,';
  after[7] = '  "k7": 77,';
  assert.equal(unifiedDiff(before, after.join("\n") + "\n").split("@@").length, 3);
});

Deno.test("unifiedDiff: insertions inside, a new file, an emptied one, CRLF", () => {
  const before = '{\n  "a": {\n    "x": 1\n  },\n  "z": 26\n}\n';
  const after = '{\n  "a": {\n    "x": 1,\n    "m": 2\n  },\n  "z": 26\n}\n';
  assert.equal(
    unifiedDiff(before, after),
    '@@ -1,5 +1,6 @@\n {\n   "a": {\n-    "x": 1\n+    "x": 1,\n+    "m": 2\n   },\n   "z": 26\n',
  );
  assert.equal(unifiedDiff("", '{\n  "a": 1\n}\n'), '@@ -0,0 +1,3 @@\n+{\n+  "a": 1\n+}\n');
  assert.equal(
    unifiedDiff('{\n  "a": 1\n}\n', "{}\n"),
    '@@ -1,3 +1,1 @@\n-{\n-  "a": 1\n-}\n+{}\n',
  );
  assert.equal(
    unifiedDiff(before.replaceAll("\n", "\r\n"), after.replaceAll("\n", "\r\n")),
    unifiedDiff(before, after),
  );
});

Deno.test("unifiedDiff: a long line shows only its change, never the rest of it", () => {
  const secret =
    '"userID":"0123456789abcdef0123456789abcdef","oauthAccount":{"emailAddress":"ada@example.com"}';
  const before = `{"projects":{"/work/app":{"allowedTools":[]}},${secret}}`;
  const after =
    `{"projects":{"/work/app":{"allowedTools":[]}},${secret},"mcpServers":{"mdsel":{}}}`;
  const diff = unifiedDiff(before, after);
  assert.equal(
    diff,
    '@@ -1,1 +1,1 @@\n-...mple.com"}}\n+...mple.com"},"mcpServers":{"mdsel":{}}}\n',
  );
  assert.ok(!diff.includes("userID") && !diff.includes("/work/app"));
  const context = unifiedDiff(`${"x".repeat(200)}\na\n`, `${"x".repeat(200)}\nb\n`);
  assert.equal(context, `@@ -1,2 +1,2 @@\n ${"x".repeat(117)}...\n-a\n+b\n`);
});
