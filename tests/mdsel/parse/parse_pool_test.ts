// Parsing on several cores: a worker's record of a file is the record of the
// same file parsed in the main thread, whoever claims which file; a small
// call starts no worker.
import assert from "node:assert/strict";
import { recordOf } from "../../../mdsel/parse/doc_record.ts";
import { MAX_PARSERS, MIN_CORES, parseAll, workerCount } from "../../../mdsel/parse/parse_pool.ts";
import { parseText, WORKER_MIN_MS } from "../../../mdsel/parse/parse_text.ts";
import type { ParseJob, ParseReply } from "../../../mdsel/parse/parse_worker.ts";
import { loadWorkspace } from "../../../mdsel/cache/workspace.ts";
import { ensureCorpus } from "../../_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../../_mdx_corpus.ts";

const paths = [...(await ensureMdxCorpus()), ...(await ensureCorpus()).slice(0, 80)];
const files = await Promise.all(paths.map(async (path, i) => ({
  path,
  namespace: `doc${i}`,
  text: await Deno.readTextFile(path),
})));

Deno.test("parse worker: its records are the main thread's, for every file", async () => {
  const worker = new Worker(new URL("../../../mdsel/parse/parse_worker.ts", import.meta.url), {
    type: "module",
  });
  try {
    const job: ParseJob = {
      files,
      order: files.map((_, i) => i),
      counter: new SharedArrayBuffer(8),
      slot: 1,
    };
    const reply = await new Promise<ParseReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ParseReply>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage(job);
    });
    assert.ok("records" in reply, JSON.stringify(reply));
    assert.equal(reply.records.length, files.length);
    assert.equal(new Int32Array(job.counter)[1], 1, "the worker says it claimed files");
    const mdx = await import("../../../mdsel/parse/mdx.ts");
    for (const [i, record] of reply.records) {
      assert.equal(record, JSON.stringify(recordOf(parseText(files[i], mdx))), files[i].path);
    }
  } finally {
    worker.terminate();
  }
});

Deno.test("parseAll: the same documents whoever parses which file", async () => {
  const results = await parseAll(files, { workers: 2 });
  assert.equal(results.length, files.length);
  const mdx = await import("../../../mdsel/parse/mdx.ts");
  results.forEach((result, i) => {
    const expected = JSON.stringify(recordOf(parseText(files[i], mdx)));
    const record = "record" in result ? result.record : JSON.stringify(recordOf(result.parsed));
    assert.equal(record, expected, files[i].path);
  });
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

Deno.test("workerCount: none for a small call or on two cores, one per core besides this one, bounded", () => {
  const text = (mb: number) => "x".repeat(mb * 1_000_000);
  assert.equal(workerCount([{ path: "a.md", namespace: "a", text: text(1) }], 16), 0);
  assert.equal(workerCount([{ path: "a.mdx", namespace: "a", text: "# A\n" }], 16), 0);
  assert.equal(workerCount([{ path: "a.mdx", namespace: "a", text: text(4) }], 1), 0);
  assert.equal(workerCount([{ path: "a.mdx", namespace: "a", text: text(4) }], 2), 0, "2 cores");
  assert.equal(workerCount([{ path: "a.mdx", namespace: "a", text: text(4) }], 4), 2);
  assert.equal(workerCount([{ path: "a.md", namespace: "a", text: text(5) }], 4), 0);
  assert.equal(
    workerCount([{ path: "a.mdx", namespace: "a", text: text(30) }], 64),
    MAX_PARSERS - 1,
  );
  assert.ok(WORKER_MIN_MS > 0 && MIN_CORES === 3);
});
