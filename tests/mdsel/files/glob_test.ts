import assert from "node:assert/strict";
import { join } from "node:path";
import { compileGlob, GLOB_LIMITS, matchesGlob } from "../../../mdsel/files/glob.ts";
import { isGlob } from "../../../mdsel/files/glob_syntax.ts";
import { mdsel, withTempDir } from "../_cli.ts";

/** Whether a relative path matches any alternative of a glob whose base is ".". */
function matches(glob: string, path: string): boolean {
  return compileGlob(glob).alternatives.some((alternative) => {
    const prefix = alternative.base === "." ? "" : `${alternative.base}/`;
    if (alternative.segments.length === 0) return alternative.base === path;
    return path.startsWith(prefix) && matchesGlob(alternative, path.slice(prefix.length));
  });
}

Deno.test("glob matching: a table of patterns and paths", () => {
  const table: [string, string, boolean][] = [
    ["*.md", "a.md", true],
    ["*.md", "dir/a.md", false],
    ["*.md", ".hidden.md", false],
    [".*.md", ".hidden.md", true],
    ["**/*.md", "a.md", true],
    ["**/*.md", "x/y/z/a.md", true],
    ["**/*.md", ".git/a.md", false],
    ["**/*.md", "x/.cache/a.md", false],
    ["docs/**", "docs/a/b.md", true],
    ["docs/**/api.md", "docs/api.md", true],
    ["docs/**/api.md", "docs/v1/v2/api.md", true],
    ["docs/**/api.md", "docs/v1/xapi.md", false],
    ["a?.md", "ab.md", true],
    ["a?.md", "a.md", false],
    ["a?.md", "a/.md", false],
    ["[ab]*.md", "beta.md", true],
    ["[ab]*.md", "gamma.md", false],
    ["[!ab]*.md", "gamma.md", true],
    ["[^ab]*.md", "alpha.md", false],
    ["[a-c]x.md", "bx.md", true],
    ["[a-c]x.md", "dx.md", false],
    ["[]]x.md", "]x.md", true],
    ["[a.md", "[a.md", true],
    ["\\*.md", "*.md", true],
    ["\\*.md", "a.md", false],
    ["*.{md,mdx}", "a.mdx", true],
    ["*.{md,mdx}", "a.markdown", false],
    ["{docs,guides}/*.md", "guides/a.md", true],
    ["{a,b{c,d}}.md", "bd.md", true],
    ["{a}.md", "{a}.md", true],
    ["*é*.md", "résumé.md", true],
    ["?.md", "😀.md", true],
    ["*a*a*a*a*b.md", `${"a".repeat(240)}.md`, false],
    ["*a*a*a*a*b.md", `${"a".repeat(240)}b.md`, true],
  ];
  for (const [glob, path, expected] of table) {
    assert.equal(matches(glob, path), expected, `${glob} ~ ${path}`);
  }
  assert.deepEqual(
    ["a.md", "a*.md", "[x].md", "{a,b}", "a\\*.md", "a\\[b.md"].map(isGlob),
    [false, true, true, true, false, false],
  );
});

Deno.test("glob limits: each is one clear error", () => {
  const cases: [string, RegExp][] = [
    ["a".repeat(GLOB_LIMITS.maxChars + 1), /^Glob too long: 1025 characters, at most 1024$/],
    ["{a,".repeat(2000) + "b" + "}".repeat(2000) + ".md", /^Glob too long/],
    ["{a,".repeat(20) + "b" + "}".repeat(20) + ".md", /^Glob nests braces too deep: more than 8$/],
    ["{a,b}".repeat(7) + ".md", /^Glob expands into too many patterns: more than 64$/],
    [`{${Array.from({ length: 70 }, (_, i) => i).join(",")}}.md`, /too many patterns/],
    ["a/".repeat(GLOB_LIMITS.maxSegments) + "*.md", /^Glob too deep: 65 segments, at most 64$/],
    ["docs/*/../../etc/passwd", /cannot go up with '\.\.' after a wildcard/],
    ["docs/**/./a.md", /cannot go up with '\.' after a wildcard/],
  ];
  for (const [glob, message] of cases) {
    assert.throws(() => compileGlob(glob), { name: "GlobError", message }, glob.slice(0, 40));
  }
  // Within the limits.
  assert.equal(compileGlob("{a,b}".repeat(6) + ".md").alternatives.length, 64);
});

Deno.test("hostile globs end at once, through the CLI too", async () => {
  await withTempDir({ [`${"a".repeat(240)}.md`]: "# A\n", "docs/x.md": "# X\n" }, async (dir) => {
    const cases: [string, RegExp][] = [
      [`${dir}/*a*a*a*a*b.md`, /No Markdown files match/],
      [`${dir}/*a*a*a*a*a*a*a*a*b.md`, /No Markdown files match/],
      [`${dir}/${"{a,".repeat(2000)}b${"}".repeat(2000)}.md`, /Glob too long/],
      [`${dir}/${"{a,".repeat(100)}b${"}".repeat(100)}.md`, /Glob nests braces too deep/],
    ];
    for (const [glob, message] of cases) {
      // A guard, not a speed figure: the patterns above took 44 s and more with a backtracking matcher.
      const result = await mdsel(["index", "--", glob], { timeoutMs: 20_000 });
      assert.equal(result.code, 1, result.stdout);
      assert.match(result.stdout, message);
    }
  });
});

Deno.test("the engine never takes a glob literally: '*/..' does not climb out", async () => {
  await withTempDir({
    "allowed/docs/a.md": "# A\n",
    "outside/secret.md": "# Secret\n\nSECRET\n",
  }, async (dir) => {
    for (
      const path of [
        `${dir}/allowed/*/../../outside/secret.md`,
        `${dir}/allowed/**/../../outside/secret.md`,
        `${dir}/allowed/[d]ocs/../../outside/secret.md`,
        `${dir}/allowed/*/../../outside`,
      ]
    ) {
      for (const args of [["select", "--", "root", path], ["index", "--", path]]) {
        const result = await mdsel(args);
        assert.equal(result.code, 1, result.stdout);
        assert.ok(!result.stdout.includes("SECRET"), result.stdout);
        assert.match(result.stdout, /cannot go up with '\.\.' after a wildcard/);
      }
    }
    // `{a,b}/..` names paths, not a pattern: they are read as written, nothing above.
    const braces = await mdsel(["index", "--", `${dir}/allowed/{docs,x}/../../outside`]);
    assert.ok(!braces.stdout.includes("Secret"), braces.stdout);
    // A file whose name holds glob characters is read as written.
    await Deno.writeTextFile(join(dir, "allowed", "odd[1].md"), "# Odd\n");
    const odd = await mdsel(["index", "--", join(dir, "allowed", "odd[1].md")]);
    assert.equal(odd.code, 0, odd.stdout);
  });
});
