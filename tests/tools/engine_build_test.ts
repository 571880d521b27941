import assert from "node:assert/strict";
import { join } from "node:path";
import { buildEngine, prebuiltEngine } from "../../tools/engine_build.ts";
import { bundledMdsel } from "../../tools/run_mdsel.ts";
import { callText, startServer } from "../_server.ts";

const ENGINE = new URL("../../mdsel/cli.ts", import.meta.url);

/** A folder with a Markdown guide and an MDX page. */
async function docsFolder(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel-build-docs-" });
  const guide =
    "# Guide\n\n## Install\n\nRun the installer.\n\n## Usage\n\n```sh\nguide run\n```\n";
  await Deno.writeTextFile(join(dir, "guide.md"), guide);
  const page =
    '# Page\n\nimport { Tabs } from "./tabs";\n\n## Tabs\n\n<Tabs items={["npm", "deno"]} />\n';
  await Deno.writeTextFile(join(dir, "page.mdx"), page);
  return dir;
}

/** What the engine prints for `command`, run as the server runs it with `cacheDir`. */
async function run(dir: string, cacheDir: string, command: readonly string[]) {
  const { command: deno, args, env } = bundledMdsel([dir], ENGINE, cacheDir);
  const child = new Deno.Command(deno, { args: [...args, ...command], env, stdin: "null" });
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr), args };
}

Deno.test("a checkout's engine, prebuilt, answers every command as from its sources", async () => {
  const dir = await docsFolder();
  const built = await Deno.makeTempDir({ prefix: "mdsel-build-cache-" });
  const plain = await Deno.makeTempDir({ prefix: "mdsel-build-plain-" });
  try {
    const entry = await buildEngine(built, { moduleUrl: ENGINE });
    assert.ok(entry !== undefined, "a build");
    assert.equal(prebuiltEngine(ENGINE, built), entry);
    assert.equal(prebuiltEngine(ENGINE, plain), undefined, "one cache folder's build only");
    const commands = [
      ["index", "--", dir],
      ["select", "--", "h2.1/code.0", join(dir, "guide.md")],
      ["select", "--", "tabs items deno", dir],
      ["select", "--", "h3.0", join(dir, "guide.md")],
      ["select", "--", "h9.0", join(dir, "guide.md")],
      ["warm", "--", dir],
      ["format", "select"],
    ];
    for (const command of commands) {
      const fast = await run(dir, built, command);
      assert.ok(fast.args.includes(entry), "the build runs");
      assert.ok(
        !fast.args.some((arg) => arg.startsWith("--config")),
        "without the checkout's config",
      );
      const slow = await run(dir, plain, command);
      assert.deepEqual([fast.code, fast.stdout], [slow.code, slow.stdout], command.join(" "));
      assert.ok(
        fast.code === 0 || /^(not found|error)/.test(fast.stdout),
        `${command.join(" ")}: ${fast.stderr}`,
      );
    }
    const json = await run(dir, built, ["index", "--json", "--", dir]);
    assert.match(json.stdout, /"success":true/);
  } finally {
    for (const path of [dir, built, plain]) await Deno.remove(path, { recursive: true });
  }
});

Deno.test("a build altered on disk is not run: it is made again", async () => {
  const cache = await Deno.makeTempDir({ prefix: "mdsel-build-altered-" });
  try {
    const entry = await buildEngine(cache, { moduleUrl: ENGINE });
    assert.ok(entry !== undefined);
    const original = await Deno.readTextFile(entry);
    await Deno.writeTextFile(entry, 'console.log("altered");\n');
    assert.equal(await buildEngine(cache, { moduleUrl: ENGINE }), entry);
    assert.equal(await Deno.readTextFile(entry), original);
    // A torn manifest: made again too.
    await Deno.writeTextFile(join(entry, "..", "manifest.json"), "{ torn");
    assert.equal(await buildEngine(cache, { moduleUrl: ENGINE }), entry);
    assert.ok(JSON.parse(await Deno.readTextFile(join(entry, "..", "manifest.json"))).files);
    // Only the build itself stays in the cache folder: no half-made one is left.
    const names = [];
    for await (const item of Deno.readDir(cache)) names.push(item.name);
    assert.deepEqual(names, [join(entry, "..").slice(cache.length + 1)]);
  } finally {
    await Deno.remove(cache, { recursive: true });
  }
});

Deno.test("the server builds its engine after it starts, and calls then answer the same", async () => {
  const dir = await docsFolder();
  const cache = await Deno.makeTempDir({ prefix: "mdsel-build-server-" });
  try {
    await using server = await startServer(["-A"], { MDSEL_CACHE_DIR: cache });
    const before = await callText(server.client, "mdsel_select", {
      selector: "h2.0",
      files: [join(dir, "guide.md")],
    });
    let built = false;
    for (let i = 0; i < 600 && !built; i++) {
      for await (const item of Deno.readDir(cache)) built ||= item.name.startsWith("engine-");
      if (!built) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(built, "a build in the cache folder");
    const after = await callText(server.client, "mdsel_select", {
      selector: "h2.0",
      files: [join(dir, "guide.md")],
    });
    assert.deepEqual(after, before);
    assert.match(after.text, /Run the installer/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(cache, { recursive: true });
  }
});
