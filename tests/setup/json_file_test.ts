import assert from "node:assert/strict";
import { join } from "node:path";
import { ConfigFileError } from "../../setup/errors.ts";
import {
  DEFAULT_JSON_FORMAT,
  detectJsonFormat,
  formatJson,
  readJsonFile,
} from "../../setup/json_file.ts";

Deno.test("formatJson(detectJsonFormat) reproduces canonically laid out files byte for byte", () => {
  const value = { a: [1, { b: "c" }], d: {}, e: [] };
  const texts = [
    JSON.stringify(value, null, 2) + "\n",
    JSON.stringify(value, null, 4),
    JSON.stringify(value, null, "\t") + "\n",
    JSON.stringify(value, null, 2).replaceAll("\n", "\r\n") + "\r\n",
    "\uFEFF" + JSON.stringify(value, null, 2) + "\n",
  ];
  for (const text of texts) {
    const body = text.replace(/^\uFEFF/, "");
    assert.equal(formatJson(JSON.parse(body), detectJsonFormat(text)), text, JSON.stringify(text));
  }
});

Deno.test("detectJsonFormat: a one-line file gets two spaces and a final newline", () => {
  assert.deepEqual(detectJsonFormat('{"a":1}'), DEFAULT_JSON_FORMAT);
  assert.deepEqual(detectJsonFormat("{}\n"), DEFAULT_JSON_FORMAT);
  assert.equal(detectJsonFormat('{\n   "odd": 3\n}').indent, "   ");
});

Deno.test("readJsonFile: missing and blank files read as {}; invalid ones are errors naming the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const missing = await readJsonFile(join(dir, "none.json"));
    assert.deepEqual(missing, {
      path: join(dir, "none.json"),
      text: undefined,
      value: {},
      format: DEFAULT_JSON_FORMAT,
    });
    await Deno.writeTextFile(join(dir, "blank.json"), " \n");
    const blank = await readJsonFile(join(dir, "blank.json"));
    assert.deepEqual([blank.text, blank.value], [" \n", {}]);

    await Deno.writeTextFile(join(dir, "bom.json"), '\uFEFF{"a": 1}');
    assert.deepEqual((await readJsonFile(join(dir, "bom.json"))).value, { a: 1 });

    const cases: [string, string | Uint8Array, RegExp][] = [
      ["trailing_comma.json", '{"a": 1,}', /^Invalid JSON in ".*trailing_comma\.json": /],
      ["comments.json", '{"a": 1 // no\n}', /^Invalid JSON in ".*comments\.json": /],
      [
        "latin1.json",
        Uint8Array.of(0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d),
        /^Cannot read ".*latin1\.json": /,
      ],
    ];
    for (const [name, content, message] of cases) {
      const path = join(dir, name);
      if (typeof content === "string") await Deno.writeTextFile(path, content);
      else await Deno.writeFile(path, content);
      await assert.rejects(readJsonFile(path), (error) => {
        assert.ok(error instanceof ConfigFileError);
        assert.equal(error.path, path);
        assert.match(error.message, message);
        return true;
      });
    }
    await Deno.mkdir(join(dir, "folder.json"));
    await assert.rejects(readJsonFile(join(dir, "folder.json")), ConfigFileError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
