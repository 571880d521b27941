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

Deno.test("mdsel_index's description carries the threshold, the size words and the output format", () => {
  const text = mdselIndexConfig(DEFAULT_SETTINGS).description;
  const json = mdselIndexConfig({ ...DEFAULT_SETTINGS, format: "json" }).description;
  const custom = mdselIndexConfig({ minWords: 1234, format: "text", sizeWords: 800 }).description;
  assert.match(text, /over 200 words/);
  assert.match(text, /^Returns: an outline with one line per heading/m);
  assert.match(text, /sections of 500 words or more/);
  assert.match(json, /over 200 words/);
  assert.match(json, /^Returns: JSON with one entry per heading/m);
  for (const field of ["section_word_count", "start_line", "end_line", "headings_omitted"]) {
    assert.ok(json.includes(field), field);
  }
  assert.equal(
    custom,
    text.replace("over 200 words", "over 1234 words").replace("of 500 words", "of 800 words"),
  );
  // Only the Returns paragraph differs between the formats.
  const withoutReturns = (description: string) => description.replace(/^Returns: .*$/m, "");
  assert.equal(withoutReturns(text), withoutReturns(json));
});

Deno.test("mdsel_index's schema checks shape only", () => {
  const schema = MdselIndexSchema.files;
  assert.equal(schema.safeParse(["relative/or/missing.md", "/x"]).success, true);
  assert.equal(schema.safeParse([]).success, false);
  assert.equal(schema.safeParse([""]).success, false);
  assert.equal(schema.safeParse("a.md").success, false);
});
