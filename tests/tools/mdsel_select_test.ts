import assert from "node:assert/strict";
import { mdselSelectArgs, mdselSelectConfig, MdselSelectSchema } from "../../tools/mdsel_select.ts";

Deno.test("mdsel_select runs `mdsel select [--json] -- <selector> <files...>`", () => {
  assert.deepEqual(mdselSelectArgs("-h2.0", ["/a.md"], "json"), [
    "select",
    "--json",
    "--",
    "-h2.0",
    "/a.md",
  ]);
  assert.deepEqual(mdselSelectArgs("h1", ["/a.md", "/b.md"], "text"), [
    "select",
    "--",
    "h1",
    "/a.md",
    "/b.md",
  ]);
});

Deno.test("mdsel_select's description names the output format", () => {
  assert.match(mdselSelectConfig({ format: "json" }).description, /^Returns: JSON with/m);
  assert.match(mdselSelectConfig({ format: "text" }).description, /^Returns: text with/m);
});

Deno.test("mdsel_select's schema: a non-empty selector; whitespace is for mdsel to judge", () => {
  assert.equal(MdselSelectSchema.selector.safeParse("").success, false);
  assert.equal(MdselSelectSchema.selector.safeParse("  ").success, true);
  assert.equal(MdselSelectSchema.selector.safeParse(3).success, false);
});
