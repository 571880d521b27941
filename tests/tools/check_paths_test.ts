import assert from "node:assert/strict";
import { join } from "node:path";
import { isMarkdownPath } from "../../mdsel/files/expand_paths.ts";
import { checkPaths } from "../../tools/check_paths.ts";
import { ROOT } from "../_server.ts";

Deno.test("isMarkdownPath: .md, .markdown and .mdx, in any case", () => {
  for (const path of ["a.md", "/x/README.MD", "notes.Markdown", "page.mdx", "dir.md/a.md"]) {
    assert.equal(isMarkdownPath(path), true, path);
  }
  for (const path of ["a.txt", "/x/md", "a.md.bak", "/x.md/readme", "a.mdown", "Makefile"]) {
    assert.equal(isMarkdownPath(path), false, path);
  }
});

Deno.test("checkPaths: Markdown files pass, missing ones too; other files are refused unless allowed", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(join(dir, "a.md"), "# A\n");
  await Deno.writeTextFile(join(dir, "b.txt"), "b\n");
  await Deno.mkdir(join(dir, "folder"));
  const deny = { allowAnyFile: false };
  const named = [join(dir, "a.md"), join(dir, "missing.MDX")];
  assert.deepEqual(await checkPaths(named, deny), { files: named, scopes: named });
  assert.equal(
    await checkPaths([join(dir, "a.md"), join(dir, "b.txt"), join(dir, "c.txt")], deny),
    `Not a Markdown file: ${
      join(dir, "b.txt")
    } (the tools read .md, .markdown and .mdx files; set MDSEL_ALLOW_ANY_FILE=1 to allow any file)`,
  );
  assert.match(
    String(await checkPaths([join(dir, "missing.txt")], deny)),
    /^Not a Markdown file: /,
  );
  // A folder is not refused for its name; mdsel says what it makes of it.
  const folders = [join(dir, "folder"), dir];
  assert.deepEqual(await checkPaths(folders, deny), { files: folders, scopes: folders });
  const any = [join(dir, "b.txt"), join(dir, "c")];
  assert.deepEqual(await checkPaths(any, { allowAnyFile: true }), { files: any, scopes: any });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("checkPaths: a line break in a path does not break the one-line answer", async () => {
  const refusal = await checkPaths(["/tmp/a\nb.txt"], { allowAnyFile: false });
  assert.equal(
    refusal,
    'Not a Markdown file: "/tmp/a\\nb.txt" (the tools read .md, .markdown and .mdx files; set MDSEL_ALLOW_ANY_FILE=1 to allow any file)',
  );
});

Deno.test("checkPaths: a path outside the read permission is refused, before its extension is looked at", async () => {
  const dir = await Deno.makeTempDir();
  const script = join(dir, "check.ts");
  const module = JSON.stringify(new URL("../../tools/check_paths.ts", import.meta.url).href);
  await Deno.writeTextFile(
    script,
    `import { checkPaths } from ${module};\n` +
      `const options = { allowAnyFile: false };\n` +
      `for (const files of JSON.parse(Deno.args[0])) {\n` +
      `  const checked = await checkPaths(files, options);\n` +
      `  console.log(JSON.stringify(typeof checked === "string" ? checked : null));\n` +
      `}\n`,
  );
  const inside = join(dir, "in.md");
  const cases = [[inside], [join(ROOT, "README.md")], [inside, "/etc/passwd"], [
    join(ROOT, "LICENSE"),
  ]];
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      join(ROOT, "deno.json"),
      `--allow-read=${dir},${join(ROOT, "tools")}`,
      `--deny-read=/etc/passwd`,
      script,
      JSON.stringify(cases),
    ],
    stdin: "null",
  }).output();
  await Deno.remove(dir, { recursive: true });
  const decoder = new TextDecoder();
  assert.equal(output.success, true, decoder.decode(output.stderr));
  assert.deepEqual(decoder.decode(output.stdout).trim().split("\n").map((l) => JSON.parse(l)), [
    null,
    `Not allowed to read ${
      join(ROOT, "README.md")
    }: the server was started without read access to it (--allow-read)`,
    "Not allowed to read /etc/passwd: the server was started with --deny-read for it",
    `Not allowed to read ${
      join(ROOT, "LICENSE")
    }: the server was started without read access to it (--allow-read)`,
  ]);
});
