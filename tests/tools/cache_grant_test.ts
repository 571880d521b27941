// The server and the engine's cache: the bundled engine is granted the cache
// folder only when the server may read and write it itself; the answers are
// the engine's, cache or not; and the server's path checks run before every
// call, whatever the cache holds.
import assert from "node:assert/strict";
import { join } from "node:path";
import { STORE_FILE } from "../../mdsel/cache/store.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../_mdx_corpus.ts";
import { callText, startServer } from "../_server.ts";
import { mdselInProcess, withTempDir } from "../mdsel/_cli.ts";

const mdxRoot = (await ensureMdxCorpus(), MDX_CORPUS_DIR.replace(/\/$/, ""));

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

Deno.test("server: the bundled engine keeps its cache in the folder the server may use, with the same answers", async () => {
  await withTempDir({}, async (dir) => {
    const cache = join(dir, "cache");
    const args = { selector: "tool calling stream", files: [mdxRoot] };
    const expected = (await mdselInProcess(["select", "--", args.selector, mdxRoot])).stdout;
    {
      await using server = await startServer(["-A"], { MDSEL_CACHE_DIR: cache });
      for (const round of ["cold", "warm"]) {
        const result = await callText(server.client, "mdsel_select", args);
        assert.equal(result.text, expected, round);
      }
      assert.ok(await exists(join(cache, STORE_FILE)), "the engine wrote its cache");
    }
    // A server that may not write the folder grants nothing: the engine goes without.
    const other = join(dir, "other");
    {
      await using server = await startServer(
        ["--allow-read", "--allow-env", `--allow-run=${Deno.execPath()}`],
        { MDSEL_CACHE_DIR: other },
      );
      const result = await callText(server.client, "mdsel_select", args);
      assert.equal(result.text, expected);
      assert.equal(await exists(other), false);
    }
    // MDSEL_CACHE=0 turns it off.
    {
      await using server = await startServer(["-A"], { MDSEL_CACHE_DIR: other, MDSEL_CACHE: "0" });
      const result = await callText(server.client, "mdsel_select", args);
      assert.equal(result.text, expected);
      assert.equal(await exists(other), false);
    }
  });
});

Deno.test("server: what the cache holds never passes the server's path checks", async () => {
  await withTempDir({}, async (dir) => {
    const cache = join(dir, "cache");
    const secret = join(dir, "secret");
    await Deno.mkdir(secret);
    for (const name of ["a.mdx", "b.mdx"]) {
      await Deno.writeTextFile(join(secret, name), "# Secret\n\nThe launch code words.\n");
    }
    // The cache holds the folder, from a call the server never saw.
    const direct = await mdselInProcess(["select", "--", "launch code", secret], {
      MDSEL_CACHE_DIR: cache,
    });
    assert.match(direct.stdout, /launch code/);
    await using server = await startServer(["-A", `--deny-read=${secret}`], {
      MDSEL_CACHE_DIR: cache,
    });
    const refused = await callText(server.client, "mdsel_select", {
      selector: "launch code",
      files: [secret],
    });
    assert.equal(refused.isError, true);
    assert.doesNotMatch(refused.text, /launch code words/);
    assert.match(refused.text, /--deny-read/);
  });
});
