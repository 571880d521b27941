import assert from "node:assert/strict";
import { fc } from "../_fast_check.ts";
import { parse } from "jsonc-parser";
import { editJson, type JsonLayout } from "../../setup/json_edit.ts";

const TWO: JsonLayout = { indent: "  ", eol: "\n" };

Deno.test("editJson: setting a key changes only that key's bytes; numbers, duplicates and comments stay", () => {
  const text = [
    "// settings, by hand",
    "{",
    '  "big": 12345678901234567890,',
    '  "huge": 1e400, "one": 1.0,',
    '  "dup": 1, "dup": 2, /* both kept */',
    '  "owned": {"old": true}',
    "}",
    "",
  ].join("\n");
  assert.equal(
    editJson(text, [{ set: ["owned"], value: { new: [1] } }], TWO),
    text.replace('{"old": true}', '{\n    "new": [\n      1\n    ]\n  }'),
  );
  assert.equal(
    editJson(text, [{ set: ["owned", "more"], value: 2 }], TWO),
    text.replace('{"old": true}', '{"old": true, "more": 2}'),
  );
});

Deno.test("editJson: a new key follows its container's layout", () => {
  const table: [string, string, JsonLayout][] = [
    // Four spaces, a key spaced before its colon, no final newline.
    [
      '{\n    "a" : {\n        "x": 1\n    }\n}',
      '{\n    "a" : {\n        "x": 1,\n        "k": [\n            1\n        ]\n    }\n}',
      { indent: "    ", eol: "\n" },
    ],
    // Tabs and CRLF.
    [
      '{\r\n\t"a": {\r\n\t\t"x": 1\r\n\t}\r\n}\r\n',
      '{\r\n\t"a": {\r\n\t\t"x": 1,\r\n\t\t"k": [\r\n\t\t\t1\r\n\t\t]\r\n\t}\r\n}\r\n',
      { indent: "\t", eol: "\r\n" },
    ],
    // On one line: stays on one line, spaced as written.
    ['{"a": {"x": 1, "y": 2}}\n', '{"a": {"x": 1, "y": 2, "k": [1]}}\n', TWO],
    ['{"a":{"x":1}}', '{"a":{"x":1,"k":[1]}}', TWO],
    ['{"a":{"x":1,}}', '{"a":{"x":1,"k":[1],}}', TWO],
    // An empty container opens up.
    ['{\n  "a": {}\n}\n', '{\n  "a": {\n    "k": [\n      1\n    ]\n  }\n}\n', TWO],
    // A trailing comma, a comment after the last member.
    [
      '{\n  "a": {\n    "x": 1,\n  }\n}',
      '{\n  "a": {\n    "x": 1,\n    "k": [\n      1\n    ],\n  }\n}',
      TWO,
    ],
    [
      '{\n  "a": {\n    "x": 1 // one\n  }\n}',
      '{\n  "a": {\n    "x": 1, // one\n    "k": [\n      1\n    ]\n  }\n}',
      TWO,
    ],
    // A byte order mark stays.
    ['\uFEFF{"a": {}}', '\uFEFF{"a": {\n  "k": [\n    1\n  ]\n}}', TWO],
  ];
  for (const [text, expected, layout] of table) {
    assert.equal(editJson(text, [{ set: ["a", "k"], value: [1] }], layout), expected, text);
  }
});

Deno.test("editJson: missing parents are made, null ones replaced, arrays appended to", () => {
  assert.equal(
    editJson("", [{ set: ["a", "b", -1], value: 1 }], TWO),
    '{\n  "a": {\n    "b": [\n      1\n    ]\n  }\n}\n',
  );
  assert.equal(editJson(" \n", [{ set: ["a"], value: 1 }], TWO), '{\n  "a": 1\n}\n');
  assert.equal(
    editJson("// only a comment", [{ set: ["a"], value: 1 }], TWO),
    '// only a comment\n{\n  "a": 1\n}\n',
  );
  assert.equal(
    editJson('{"a": null}', [{ set: ["a", "b"], value: 1 }], TWO),
    '{"a": {"b":1}}',
  );
  assert.equal(editJson('{"a": [1]}', [{ set: ["a", -1], value: 2 }], TWO), '{"a": [1,2]}');
  assert.throws(() => editJson('{"a": 1}', [{ set: ["a", "b"], value: 1 }], TWO), TypeError);
});

Deno.test("editJson: removing a member takes its lines and the comma it leaves, nothing else", () => {
  const table: [string, (string | number)[], string][] = [
    [
      '{\n  "a": 1,\n  "m": {\n    "x": 1\n  },\n  "b": 2\n}\n',
      ["m"],
      '{\n  "a": 1,\n  "b": 2\n}\n',
    ],
    ['{\n  "a": 1, // about a\n  "m": 2\n}\n', ["m"], '{\n  "a": 1 // about a\n}\n'],
    ['{\n  "m": 2, "b": 3\n}\n', ["m"], '{\n  "b": 3\n}\n'],
    ['{\n  "a": 1,\n  "m": 2,\n}\n', ["m"], '{\n  "a": 1,\n}\n'],
    ["[\n  1,\n  // before two\n  2,\n  3\n]", [1], "[\n  1,\n  // before two\n  3\n]"],
    ['{"a":1,"m":{"x":1},"b":2}', ["m"], '{"a":1,"b":2}'],
    ['{"a": 1, "m": 2}', ["m"], '{"a": 1}'],
    ['{\n  "m": 2\n}\n', ["m"], "{}\n"],
    ['{\n  // keep\n  "m": 2\n}\n', ["m"], "{\n  // keep\n}\n"],
    ['{"o": {"p": [0, {"q": 1}]}}', ["o", "p", 1, "q"], '{"o": {"p": [0, {}]}}'],
  ];
  for (const [text, path, expected] of table) {
    assert.equal(editJson(text, [{ remove: path }], TWO), expected, text);
  }
  assert.throws(() => editJson('{"a": 1}', [{ remove: ["b"] }], TWO), TypeError);
});

Deno.test("editJson: adding a new key and removing it again gives back the text, byte for byte", () => {
  const indents = fc.constantFrom("", "  ", "    ", "\t");
  const objects = fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 0, maxKeys: 6 });
  fc.assert(
    fc.property(
      objects,
      indents,
      fc.boolean(),
      fc.boolean(),
      fc.jsonValue(),
      (object, indent, crlf, trailing, value) => {
        delete object["owned key"];
        const eol = crlf ? "\r\n" : "\n";
        let text = JSON.stringify(object, null, indent).replaceAll("\n", eol) + eol;
        // JSONC's trailing commas, where the container has members.
        if (trailing) text = text.replace(/([\]}"\d el])(\s*)\}(\s*)$/, "$1,$2}$3");
        const layout = { indent: indent || "  ", eol } as const;
        const added = editJson(text, [{ set: ["owned key"], value }], layout);
        const expected = JSON.stringify({ ...object, "owned key": value });
        assert.deepEqual(parse(added), JSON.parse(expected));
        assert.equal(editJson(added, [{ remove: ["owned key"] }], layout), text);
      },
    ),
  );
});
