// MCP progress on a long call: the real server over stdio with the bundled engine reading
// a folder of MDX pages big enough to run past a second, asked with the SDK client's onprogress
// (which sends a progressToken). A quick call, or one without a token, sends none.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Progress } from "@modelcontextprotocol/sdk/types";
import { startServer } from "../_server.ts";

/** A folder of `count` MDX pages of about 6 KB each. */
async function pages(count: number): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_progress_" });
  const part = (j: number) =>
    `## Part ${j}\n\n<Note kind="info">Words about {props.x} and more.</Note>\n\n` +
    "Words about config options and the way it works. ".repeat(8) + "\n\n";
  const body = Array.from({ length: 12 }, (_, j) => part(j)).join("");
  for (let i = 0; i < count; i++) {
    await Deno.writeTextFile(
      join(dir, `p${i}.mdx`),
      `---\ntitle: Page ${i}\n---\nimport X from './x'\n\n# Page ${i}\n\n${body}`,
    );
  }
  return dir;
}

Deno.test("progress: a long call reports files read of files to read, rising, ending at the total", async () => {
  const dir = await pages(2000);
  try {
    // No mdsel on PATH: the bundled engine runs, and may read MDSEL_PROGRESS.
    await using server = await startServer(["-A"], { MDSEL_CACHE: "off" });
    const seen: Progress[] = [];
    const result = await server.client.callTool(
      { name: "mdsel_index", arguments: { files: [dir] } },
      undefined,
      { onprogress: (progress) => seen.push(progress) },
    );
    assert.notEqual(result.isError, true);
    assert.ok(seen.length >= 1, `progress notifications: ${JSON.stringify(seen)}`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i].progress > seen[i - 1].progress);
    for (const progress of seen) {
      assert.equal(progress.total, 2000);
      assert.match(progress.message ?? "", /^[\d,]+ of 2,000 files read$/);
    }
    assert.equal(seen.at(-1)!.progress, 2000);
    // The stderr lines the engine wrote for it are not in any answer.
    assert.doesNotMatch(JSON.stringify(result), /mdsel: progress/);

    const quiet: Progress[] = [];
    await server.client.callTool(
      { name: "mdsel_index", arguments: { files: [join(dir, "p0.mdx")] } },
      undefined,
      { onprogress: (progress) => quiet.push(progress) },
    );
    assert.deepEqual(quiet, [], "a quick call sends no progress");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
