// The read boundary through the real server, sandboxed as the README says
// (--allow-run=mdsel --allow-read=<dir>, the bundled CLI installed as mdsel):
// whatever a path says, nothing outside <dir> comes back.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  callText,
  installBundledMdsel,
  pathWith,
  type RunningServer,
  startServer,
} from "../_server.ts";

const SECRET = "SECRET-OUTSIDE-THE-SANDBOX";

/** A tree with an allowed folder and files outside it, and a sandboxed server over it. */
async function withSandbox(
  extraFlags: readonly string[],
  body: (server: RunningServer, root: string, cwdServer: RunningServer) => Promise<void>,
): Promise<void> {
  const root = await Deno.makeTempDir({ prefix: "mdsel-boundary-" });
  const files: Record<string, string> = {
    "allowed/docs/a.md": "# Allowed\n\nInside.\n",
    "allowed/docs/guide/b.md": "# Guide\n\nInside too.\n",
    "allowed/docs/private/p.md": `# Private\n\n${SECRET} private\n`,
    "outside/secret.md": `# Secret\n\n${SECRET}\n`,
    "outside/passwd": `root:x:0:0:${SECRET}\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    const path = join(root, name);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  const bin = await installBundledMdsel();
  const allowed = join(root, "allowed");
  const flags = ["--allow-run=mdsel", `--allow-read=${allowed}`, ...extraFlags];
  const env = { PATH: pathWith(bin) };
  try {
    await using server = await startServer(flags, env);
    // A second server working in the allowed folder, for relative paths.
    await using inside = await startServer(flags, env, join(allowed, "docs"));
    await body(server, root, inside);
  } finally {
    await Deno.remove(join(bin, ".."), { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("sandboxed: no glob, '..' or brace reaches a file outside --allow-read", async () => {
  await withSandbox([], async (server, root, inside) => {
    const allowed = join(root, "allowed");
    const escapes: [RunningServer, string, Record<string, unknown>][] = [];
    for (
      const path of [
        `${allowed}/*/../../outside/secret.md`,
        `${allowed}/*/../../outside/passwd`,
        `${allowed}/**/../../outside/secret.md`,
        `${allowed}/[d]ocs/../../outside/secret.md`,
        `${allowed}/{docs,x}/../../outside/secret.md`,
        `${allowed}/{docs,x}/../../outside`,
        `${allowed}/*/../../outside`,
        `${allowed}/docs/../../outside/secret.md`,
        `${allowed}/docs/*/../../../outside/*.md`,
        `${allowed}/../outside/*.md`,
      ]
    ) {
      escapes.push([server, "mdsel_select", { selector: "root", files: [path] }]);
      escapes.push([server, "mdsel_index", { files: [path] }]);
      escapes.push([server, "mdsel_select", { selector: "secret", files: [path] }]);
    }
    for (const path of ["*/../../../outside/secret.md", "../../outside/secret.md", "*/../.."]) {
      escapes.push([inside, "mdsel_select", { selector: "root", files: [path] }]);
      escapes.push([inside, "mdsel_index", { files: [path] }]);
    }
    for (const [running, tool, args] of escapes) {
      const result = await callText(running.client, tool, args);
      const what = `${tool} ${JSON.stringify(args)}: ${result.text}`;
      assert.ok(!result.text.includes(SECRET), what);
      assert.equal(result.isError, true, what);
      assert.match(
        result.text,
        /^Not allowed to read |cannot go up with '\.\.' after a wildcard|No Markdown files match/,
        what,
      );
    }
    // Inside the folder, globs and folders still work.
    const ok = await callText(server.client, "mdsel_index", {
      files: [`${allowed}/docs/**/*.md`],
    });
    assert.equal(ok.isError, false, ok.text);
    assert.match(ok.text, /^a .*docs\/a\.md/);
  });
});

Deno.test("sandboxed: --deny-read holds inside folders and globs, and for the Markdown rule", async (t) => {
  const root = await Deno.makeTempDir({ prefix: "mdsel-deny-" });
  await Deno.mkdir(join(root, "docs", "private"), { recursive: true });
  await Deno.writeTextFile(join(root, "docs", "a.md"), "# A\n\nfine\n");
  await Deno.writeTextFile(join(root, "docs", "private", "p.md"), `# P\n\n${SECRET}\n`);
  await Deno.writeTextFile(join(root, "docs", "denied.md"), `# D\n\n${SECRET}\n`);
  const bin = await installBundledMdsel();
  const deny = `--deny-read=${join(root, "docs", "private")},${join(root, "docs", "denied.md")}`;
  // A --deny-read holds inside a folder granted by name, by --allow-read alone, and by -A.
  const grants = [
    ["--allow-run=mdsel", `--allow-read=${root}`],
    ["--allow-run", "--allow-read"],
    ["-A"],
  ];
  try {
    for (const grant of grants) {
      await t.step(grant.join(" "), () => _deniedInside(root, [...grant, deny], bin));
    }
  } finally {
    await Deno.remove(join(bin, ".."), { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

async function _deniedInside(root: string, flags: string[], bin: string): Promise<void> {
  await using server = await startServer(flags, { PATH: pathWith(bin) });
  const privateDir = join(root, "docs", "private");
  const denied = join(root, "docs", "denied.md");
  const cases: [string, string[]][] = [
    [join(root, "docs"), [privateDir, denied]],
    [`${root}/docs/*/*.md`, [privateDir]],
    [`${root}/**/*.md`, [privateDir, denied]],
    [`${root}/docs/{denied,a}.md`, [denied]],
    [`${root}/docs/private/../denied.md`, [`${root}/docs/private/../denied.md`]],
    [join(root, "docs", "private", "p.md"), [join(privateDir, "p.md")]],
  ];
  for (const [path, refused] of cases) {
    for (
      const [tool, args] of [["mdsel_index", { files: [path] }], ["mdsel_select", {
        selector: "P",
        files: [path],
      }]] as const
    ) {
      const result = await callText(server.client, tool, args);
      const what = `${tool} ${path}: ${result.text}`;
      assert.equal(result.isError, true, what);
      assert.ok(!result.text.includes(SECRET), what);
      assert.ok(
        refused.some((path) => result.text.startsWith(`Not allowed to read ${path}`)),
        what,
      );
      assert.match(result.text, /--deny-read/, what);
    }
  }
  const allowed = await callText(server.client, "mdsel_index", {
    files: [join(root, "docs", "a.md")],
  });
  assert.equal(allowed.isError, false, allowed.text);
}
