// What the CLI tells the server on stderr with MDSEL_PROGRESS=1, run as a real
// process: the answer's exit code and bytes once stdout holds it, before the
// cache is written; the answer itself as without the cache; and a first search
// that leaves every file's search data written.
import assert from "node:assert/strict";
import { join } from "node:path";
import { readAnsweredLine } from "../../../mdsel/cli/progress.ts";
import { mdsel, mdselInProcess, withTempDir } from "../_cli.ts";
import { entries, settle } from "../cache/_cache.ts";

/** The answered lines of a run's stderr. */
function answered(stderr: string) {
  return stderr.split("\n").flatMap((line) => readAnsweredLine(line) ?? []);
}

Deno.test("cli progress: the answer is told with its code and bytes, and a first search writes every file's search data", async () => {
  // 60 pages of about 5 KB: more Markdown than the cache's least (256 KB).
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++) {
    const body = `Words about café ports, page ${i}, and the network. `.repeat(90);
    files[`docs/p${i}.md`] = `# Page ${i}\n\n## Ports\n\n${body}\n`;
  }
  await withTempDir(files, async (dir) => {
    const docs = join(dir, "docs");
    const cache = join(dir, "cache");
    await settle(docs);
    const env = { MDSEL_PROGRESS: "1", MDSEL_CACHE_DIR: cache };
    const permissions = ["--allow-read", "--allow-env", `--allow-write=${cache}`];
    const words = "network ports";
    const first = await mdsel(["select", "--", words, docs], { env, permissions });
    const expected = await mdselInProcess(["select", "--", words, docs], { MDSEL_CACHE: "0" });
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, expected.stdout);
    const bytes = new TextEncoder().encode(first.stdout).length;
    assert.deepEqual(answered(first.stderr), [{ code: 0, bytes }]);
    assert.equal(entries(cache, "search").size, 60, "every file's search data written");

    const again = await mdsel(["select", "--", "page ports", docs], { env, permissions });
    const fresh = await mdselInProcess(["select", "--", "page ports", docs], { MDSEL_CACHE: "0" });
    assert.equal(again.stdout, fresh.stdout);

    // An answer that is an error (exit 1) is told with its code; without the variable, nothing.
    const missing = await mdsel(["select", "--", "p0::h6.9", docs], { env, permissions });
    assert.equal(missing.code, 1);
    assert.deepEqual(answered(missing.stderr).map((answer) => answer.code), [1]);
    const quiet = await mdsel(["select", "--", words, docs], {
      env: { MDSEL_CACHE_DIR: cache },
      permissions,
    });
    assert.equal(quiet.stdout, expected.stdout);
    assert.deepEqual(answered(quiet.stderr), []);
  });
});

Deno.test("cli progress: a search for the server reads Markdown fast, and leaves its documents to the finishing run", async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++) {
    const body = `Words about ports, page ${i}, and the network. `.repeat(120);
    files[`docs/p${i}.md`] =
      `# Page ${i}\n\n\`\`\`sh\n# not a heading ${i}\n\`\`\`\n\n## Ports\n\n${body}\n`;
  }
  await withTempDir(files, async (dir) => {
    const docs = join(dir, "docs");
    const cache = join(dir, "cache");
    await settle(docs);
    const env = { MDSEL_PROGRESS: "1", MDSEL_CACHE_DIR: cache };
    const permissions = ["--allow-read", "--allow-env", `--allow-write=${cache}`];
    const uncached = (args: string[]) => mdselInProcess(args, { MDSEL_CACHE: "0" });
    const search = ["select", "--", "network ports", docs];
    const first = await mdsel(search, { env, permissions });
    assert.equal(first.stdout, (await uncached(search)).stdout);
    assert.equal(entries(cache, "search").size, 60, "every file's search data written");
    assert.equal(entries(cache, "doc").size, 0, "no document parsed but to answer");
    const warm = await mdsel(["warm", docs], { env: { MDSEL_CACHE_DIR: cache }, permissions });
    assert.equal(warm.code, 0, warm.stderr);
    assert.equal(entries(cache, "doc").size, 60, "the finishing run writes the documents");
    const index = ["index", "--", docs];
    assert.equal((await mdsel(index, { env, permissions })).stdout, (await uncached(index)).stdout);
    assert.equal((await mdsel(search, { env, permissions })).stdout, first.stdout);
  });
});
