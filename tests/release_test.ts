import assert from "node:assert/strict";
import { statedVersions, versionMismatches } from "../.ci/versions.ts";
import { run } from "../mdsel/cli.ts";
import { startServer } from "./_server.ts";

const ROOT = new URL("../", import.meta.url);

Deno.test("one version: deno.json, the plugin manifest, the engine and the changelog's latest release agree", () => {
  const stated = statedVersions();
  assert.match(stated.denoJson, /^\d+\.\d+\.\d+$/);
  assert.deepEqual(versionMismatches(stated), []);
});

Deno.test("one version: the server's serverInfo and mdsel --version report it", async () => {
  const { denoJson } = statedVersions();
  await using server = await startServer(["-A"]);
  assert.deepEqual(server.client.getServerVersion(), { name: "mdsel-claude", version: denoJson });
  const { code, stdout } = await run(["--version"]);
  assert.equal(code, 0);
  assert.ok(stdout.startsWith(`mdsel ${denoJson} `), stdout);
});

Deno.test("one version: every versioned jsr: specifier in the docs names it", async () => {
  const { denoJson } = statedVersions();
  for (const path of ["README.md", "docs/server.md", "docs/hook.md", "docs/cli.md"]) {
    const text = await Deno.readTextFile(new URL(path, ROOT));
    for (const [, version] of text.matchAll(/jsr:@x\/mdsel-claude@(\d+\.\d+\.\d+)/g)) {
      assert.equal(version, denoJson, `${path} names jsr:@x/mdsel-claude@${version}`);
    }
  }
});

Deno.test("versionMismatches names each place that disagrees with deno.json", () => {
  assert.deepEqual(
    versionMismatches({ denoJson: "1.2.0", plugin: "1.1.0", engine: "1.2.0", changelog: "1.1.0" }),
    [
      `.claude-plugin/plugin.json says "1.1.0", deno.json "1.2.0"`,
      `CHANGELOG.md's latest release says "1.1.0", deno.json "1.2.0"`,
    ],
  );
});

Deno.test("the changelog is in the Keep a Changelog form", async () => {
  const text = await Deno.readTextFile(new URL("CHANGELOG.md", ROOT));
  assert.match(text, /^# Changelog\n/);
  assert.ok(text.includes("\n## [Unreleased]\n"), "an Unreleased section");
  const releases = [...text.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)];
  assert.ok(releases.length >= 1, "at least one release, dated");
  for (const [, version] of releases) {
    assert.ok(text.includes(`\n[${version}]: `), `a link for ${version}`);
  }
  const sections = [...text.matchAll(/^### (.+)$/gm)].map(([, name]) => name);
  for (const name of sections) {
    assert.ok(
      ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"].includes(name),
      `a Keep a Changelog section: ${name}`,
    );
  }
});

Deno.test("deno task check lints every entry point's documentation and the workflows", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const entries = Object.values(config.exports as Record<string, string>)
    .map((path) => path.replace(/^\.\//, ""));
  assert.ok(
    config.tasks.check.includes(`deno doc --lint ${entries.join(" ")} `),
    config.tasks.check,
  );
  assert.ok(config.tasks.check.includes(".ci/lint_workflows.ts"));
  for (const name of ["ci.yml", "publish.yml"]) {
    await Deno.stat(new URL(`.github/workflows/${name}`, ROOT));
  }
  const publish = await Deno.readTextFile(new URL(".github/workflows/publish.yml", ROOT));
  assert.match(publish, /id-token: write/);
  assert.match(publish, /\.ci\/release_version\.ts/);
  const ci = await Deno.readTextFile(new URL(".github/workflows/ci.yml", ROOT));
  for (const os of ["ubuntu-latest", "macos-latest", "windows-latest"]) assert.ok(ci.includes(os));
});
