// Parsing on several cores: a worker's record of a file is the record of the
// same file parsed in the main thread, whoever claims which file; a small
// call starts no worker.
import assert from "node:assert/strict";
import { recordOf } from "../../../mdsel/parse/doc_record.ts";
import { MAX_PARSERS, parseAll, WORKER_MIN_MS, workerCount } from "../../../mdsel/io/parse_pool.ts";
import { parseText } from "../../../mdsel/io/parse_text.ts";
import { loadWorkspace } from "../../../mdsel/io/workspace.ts";
import { ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";

const paths = [...(await ensureMdxCorpus()), ...(await ensureCorpus()).slice(0, 80)];
const files = await Promise.all(paths.map(async (path, i) => ({
  path,
  namespace: `doc${i}`,
  text: await Deno.readTextFile(path),
})));

Deno.test("parseAll: workers' records are the main thread's, for every file", async () => {
  const results = await parseAll(files, { workers: 2 });
  assert.equal(results.length, files.length);
  let byWorkers = 0;
  const mdx = await import("../../../mdsel/parse/mdx.ts");
  results.forEach((result, i) => {
    const expected = JSON.stringify(recordOf(parseText(files[i], mdx)));
    if ("record" in result) {
      byWorkers++;
      assert.equal(result.record, expected, files[i].path);
    } else assert.equal(JSON.stringify(recordOf(result.parsed)), expected, files[i].path);
  });
  // The main thread starts at once; the workers join when loaded and take their share.
  assert.ok(byWorkers > 0, "the workers parsed files");
});

Deno.test("parseAll: a folder loaded with workers is the folder loaded without", async () => {
  const root = MDX_CORPUS_DIR.replace(/\/$/, "");
  const single = await loadWorkspace([root], { maxBytes: 32_000_000, workers: 0 });
  const pooled = await loadWorkspace([root], { maxBytes: 32_000_000, workers: 1 });
  assert.deepEqual(pooled.warnings, single.warnings);
  assert.equal(pooled.docs.length, single.docs.length);
  pooled.docs.forEach((doc, i) => {
    assert.deepEqual(
      JSON.stringify(recordOf({ doc })),
      JSON.stringify(recordOf({ doc: single.docs[i] })),
      doc.filePath,
    );
  });
});

Deno.test("workerCount: none for a small call, one per core besides this one, bounded", () => {
  const text = (mb: number) => "x".repeat(mb * 1_000_000);
  assert.equal(workerCount([{ path: "a.md", namespace: "a", text: text(1) }], 16), 0);
  assert.equal(workerCount([{ path: "a.mdx", namespace: "a", text: "# A\n" }], 16), 0);
  assert.equal(workerCount([{ path: "a.mdx", namespace: "a", text: text(4) }], 1), 0);
  assert.equal(workerCount([{ path: "a.mdx", namespace: "a", text: text(4) }], 2), 1);
  assert.equal(
    workerCount([{ path: "a.mdx", namespace: "a", text: text(30) }], 64),
    MAX_PARSERS - 1,
  );
  assert.ok(WORKER_MIN_MS > 0);
});
