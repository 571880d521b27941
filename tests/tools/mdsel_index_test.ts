import assert from "node:assert/strict";
import { mdselIndexArgs, mdselIndexConfig, MdselIndexSchema } from "../../tools/mdsel_index.ts";
import { DEFAULT_SETTINGS } from "../../tools/settings.ts";

Deno.test("mdsel_index runs `mdsel index [--json] -- <files...>`", () => {
  assert.deepEqual(mdselIndexArgs(["/a.md", "--b.md"], "json"), [
    "index",
    "--json",
    "--",
    "/a.md",
    "--b.md",
  ]);
  assert.deepEqual(mdselIndexArgs(["/a.md"], "text"), ["index", "--", "/a.md"]);
});

Deno.test("mdsel_index's description carries the threshold and the output format", () => {
  const json = mdselIndexConfig(DEFAULT_SETTINGS).description;
  const text = mdselIndexConfig({ minWords: 1234, format: "text" }).description;
  assert.match(json, /over 200 words/);
  assert.match(json, /^Returns: JSON with selector inventory/m);
  assert.match(text, /over 1234 words/);
  assert.match(text, /^Returns: text with selector inventory/m);
  assert.equal(text.replace("1234", "200").replace("text with", "JSON with"), json);
});

Deno.test("mdsel_index's schema checks shape only", () => {
  const schema = MdselIndexSchema.files;
  assert.equal(schema.safeParse(["relative/or/missing.md", "/x"]).success, true);
  assert.equal(schema.safeParse([]).success, false);
  assert.equal(schema.safeParse([""]).success, false);
  assert.equal(schema.safeParse("a.md").success, false);
});
