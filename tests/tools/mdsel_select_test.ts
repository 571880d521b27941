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

Deno.test("mdsel_select's description says what the output format returns", () => {
  const text = mdselSelectConfig({ format: "text" }).description;
  const json = mdselSelectConfig({ format: "json" }).description;
  assert.match(text, /^Returns: the exact Markdown source of the match/m);
  assert.match(json, /^Returns: JSON with each match's exact Markdown source \(content\)/m);
  for (const field of ["children_available", "outline: true", "pagination.next"]) {
    assert.ok(json.includes(field), field);
  }
  // The short form first, the long one as an alias; only the Returns paragraph differs.
  assert.match(
    text,
    /^- h2\.1 \(second h2\), h2\.1\/code\.0 .* long forms such as heading:h2\[1\]/m,
  );
  const shared = (description: string) => description.replace(/^Returns: .*$/m, "");
  assert.equal(shared(text), shared(json));
});

Deno.test("mdsel_select's schema: a non-empty selector; whitespace is for mdsel to judge", () => {
  assert.equal(MdselSelectSchema.selector.safeParse("").success, false);
  assert.equal(MdselSelectSchema.selector.safeParse("  ").success, true);
  assert.equal(MdselSelectSchema.selector.safeParse(3).success, false);
});
