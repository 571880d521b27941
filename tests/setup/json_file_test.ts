import assert from "node:assert/strict";
import { join } from "node:path";
import { ConfigFileError } from "../../setup/errors.ts";
import { DEFAULT_JSON_FORMAT, detectJsonFormat, readJsonFile } from "../../setup/json_file.ts";

Deno.test("detectJsonFormat: the first indented line's indent and the line ending", () => {
  assert.deepEqual(detectJsonFormat('{\n    "a": 1\n}'), { indent: "    ", eol: "\n" });
  assert.deepEqual(detectJsonFormat('{\r\n\t"a": 1\r\n}\r\n'), { indent: "\t", eol: "\r\n" });
  assert.deepEqual(detectJsonFormat('{"a":1}'), DEFAULT_JSON_FORMAT);
  assert.equal(detectJsonFormat('{\n   "odd": 3\n}').indent, "   ");
});

Deno.test("readJsonFile: JSONC is fine; missing and blank files have no tree; syntax errors name file, line and column", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const missing = await readJsonFile(join(dir, "none.json"));
    assert.deepEqual(missing, {
      path: join(dir, "none.json"),
      text: undefined,
      root: undefined,
      format: DEFAULT_JSON_FORMAT,
    });
    for (const [name, text] of [["blank.json", " \n"], ["comment.json", "// nothing yet\n"]]) {
      await Deno.writeTextFile(join(dir, name), text);
      const file = await readJsonFile(join(dir, name));
      assert.deepEqual([file.text, file.root], [text, undefined]);
    }
    for (
      const text of ['\uFEFF{"a": 1}', '{"a": 1,}', '{\n  // why\n  "a": /* one */ 1\n}']
    ) {
      await Deno.writeTextFile(join(dir, "ok.json"), text);
      const file = await readJsonFile(join(dir, "ok.json"));
      assert.equal(file.text, text);
      assert.equal(file.root?.type, "object", text);
    }

    const cases: [string, string | Uint8Array, string][] = [
      ["unclosed.json", '{"hooks": {"PostToolUse": [}', "value expected at line 1, column 28"],
      ["second_line.json", '{\n  "a": 1\n  "b": 2\n}', "comma expected at line 3, column 3"],
      ["words.json", "{ this is not json", "invalid symbol at line 1, column 3"],
      ["after_bom.json", '\uFEFF{"a" 1}', "colon expected at line 1, column 6"],
    ];
    for (const [name, content, problem] of cases) {
      const path = join(dir, name);
      await Deno.writeTextFile(path, content as string);
      await assert.rejects(readJsonFile(path), (error) => {
        assert.ok(error instanceof ConfigFileError);
        assert.equal(error.path, path);
        assert.equal(error.message, `Invalid JSON in "${path}": ${problem}`);
        return true;
      });
    }
    const latin1 = join(dir, "latin1.json");
    await Deno.writeFile(latin1, Uint8Array.of(0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d));
    await assert.rejects(readJsonFile(latin1), {
      name: "ConfigFileError",
      message: /^Cannot read ".*latin1\.json": /,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
