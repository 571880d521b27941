// The server's finishing of the engine's cache between calls: the order of
// runs against calls with a stand-in run (no timing: every step is awaited
// or counted), then the real server and engine: after a first call of any
// kind over a folder and the run that follows it, the next call parses and
// derives nothing, with the same answers.
import assert from "node:assert/strict";
import { join } from "node:path";
import { CacheWarmer, type WarmTarget } from "../../tools/cache_warmer.ts";
import { DEFAULT_SETTINGS, type ServerSettings } from "../../tools/settings.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "../_mdx_corpus.ts";
import { callText, startServer } from "../_server.ts";
import { mdselInProcess, withTempDir } from "../mdsel/_cli.ts";
import { entries, settle } from "../mdsel/cache/_cache.ts";

const SETTINGS: ServerSettings = { ...DEFAULT_SETTINGS, cacheDir: "/tmp/cache" };
const target = (name: string): WarmTarget => ({ files: [`/${name}`], scopes: [`/${name}`] });

/** A warmer whose runs wait until the test ends them, each noted. */
function standIn(settings = SETTINGS, shutdown?: AbortSignal) {
  const runs: { name: string; signal: AbortSignal; end: () => void }[] = [];
  const warmer = new CacheWarmer(
    settings,
    shutdown,
    (run, signal) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ name: run.files[0], signal, end: resolve });
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
  );
  return { warmer, runs };
}

Deno.test("cache warmer: a run starts once no call runs, one at a time, stopped by a call and started again after it", async () => {
  const { warmer, runs } = standIn();
  warmer.callStarted();
  warmer.callStarted();
  warmer.callAnswered(target("a"));
  assert.equal(runs.length, 0, "another call still runs");
  warmer.callAnswered(target("b"));
  assert.deepEqual(runs.map((run) => run.name), ["/a"]);
  assert.equal(warmer.waiting, 1);
  // A call comes in: the run is stopped, and /a waits first in line again.
  warmer.callStarted();
  assert.equal(runs[0].signal.aborted, true);
  await warmer.idle();
  assert.equal(runs.length, 1, "no run while the call runs");
  warmer.callAnswered();
  assert.deepEqual(runs.map((run) => run.name), ["/a", "/a"]);
  runs[1].end();
  await warmer.idle();
  assert.deepEqual(runs.map((run) => run.name), ["/a", "/a", "/b"]);
  runs[2].end();
  await warmer.idle();
  assert.equal(warmer.runs, 3);
  assert.equal(warmer.waiting, 0);
});

Deno.test("cache warmer: the engine's build comes first, stopped by a call and made again after it", async () => {
  const builds: { signal: AbortSignal; end: (over: boolean) => void }[] = [];
  const runs: string[] = [];
  const warmer = new CacheWarmer(
    SETTINGS,
    undefined,
    (run) => {
      runs.push(run.files[0]);
      return Promise.resolve();
    },
    (signal) =>
      new Promise<boolean>((resolve) => {
        builds.push({ signal, end: resolve });
        signal.addEventListener("abort", () => resolve(false), { once: true });
      }),
  );
  warmer.callStarted();
  assert.equal(builds.length, 0, "nothing while the first call runs");
  warmer.callAnswered(target("a"));
  assert.equal(builds.length, 1);
  assert.deepEqual(runs, [], "the build first");
  warmer.callStarted();
  assert.equal(builds[0].signal.aborted, true);
  await warmer.idle();
  warmer.callAnswered();
  assert.equal(builds.length, 2, "a killed build is made again");
  builds[1].end(true);
  await warmer.idle();
  await warmer.idle();
  assert.deepEqual(runs, ["/a"]);
  // Built: the next pause runs no build.
  warmer.callStarted();
  warmer.callAnswered(target("b"));
  await warmer.idle();
  assert.equal(builds.length, 2);
  assert.deepEqual(runs, ["/a", "/b"]);
});

Deno.test("cache warmer: a target named again waits once; the queue is bounded; shutdown stops all", async () => {
  const shutdown = new AbortController();
  const { warmer, runs } = standIn(SETTINGS, shutdown.signal);
  warmer.callStarted();
  for (const name of ["a", "b", "a", "c", "d", "e", "f"]) {
    warmer.callStarted();
    warmer.callAnswered(target(name));
  }
  assert.equal(warmer.waiting, 4, "the oldest went");
  warmer.callAnswered();
  assert.deepEqual(runs.map((run) => run.name), ["/c"]);
  shutdown.abort();
  assert.equal(runs[0].signal.aborted, true);
  await warmer.idle();
  assert.equal(warmer.waiting, 0);
  warmer.callStarted();
  warmer.callAnswered(target("g"));
  assert.equal(runs.length, 1, "nothing runs after shutdown");
});

Deno.test("cache warmer: nothing runs without a cache folder, or with MDSEL_BIN", () => {
  for (const settings of [DEFAULT_SETTINGS, { ...SETTINGS, mdselBin: "mdsel" }]) {
    const { warmer, runs } = standIn(settings);
    assert.equal(warmer.enabled, false);
    warmer.callStarted();
    warmer.callAnswered(target("a"));
    assert.equal(runs.length, 0);
  }
});

Deno.test("cache warmer: a call's tail holds runs back until it ends; a call over its paths waits for it, one over others does not", async () => {
  const { warmer, runs } = standIn();
  let end = () => {};
  const tail = new Promise<void>((resolve) => end = resolve);
  // A glob's files are its base folder's: worth finishing without a stat.
  warmer.callStarted();
  warmer.callDone({ files: ["/docs/*.mdx"], scopes: ["/docs"] }, tail);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(runs.length, 0, "no run while the engine writes its cache");
  let waited = false;
  const over = warmer.tailsOver(["/docs/guide"]).then(() => waited = true);
  await warmer.tailsOver(["/other", "/docsx"]);
  assert.equal(waited, false);
  // A call cancelled meanwhile waits no longer.
  const cancelled = new AbortController();
  const gone = warmer.tailsOver(["/docs"], cancelled.signal);
  cancelled.abort();
  await gone;
  assert.equal(waited, false);
  end();
  await over;
  assert.deepEqual(runs.map((run) => run.name), ["/docs/*.mdx"]);
  runs[0].end();
  await warmer.idle();
});

const mdxRoot = (await ensureMdxCorpus(), MDX_CORPUS_DIR.replace(/\/$/, ""));

/** Waits until a cache folder holds `count` search entries (the server's run is done). */
async function searchEntries(
  cache: string,
  count: number,
  kind = "search",
): Promise<Map<string, number>> {
  // Not a measure of time: only a bound on a test that would otherwise hang.
  for (let i = 0; i < 1200; i++) {
    try {
      const found = entries(cache, kind);
      if (found.size >= count) return found;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server's run never wrote ${count} ${kind} entries`);
}

Deno.test("server: after a first call of any kind over a folder, the next call parses and derives nothing", async () => {
  await withTempDir({}, async (dir) => {
    // Four folders of 30 of the corpus's MDX pages each, one per first call.
    const pages: string[] = [];
    const visit = async (folder: string) => {
      for await (const entry of Deno.readDir(folder)) {
        const path = join(folder, entry.name);
        if (entry.isDirectory) await visit(path);
        else if (entry.name.endsWith(".mdx")) pages.push(path);
      }
    };
    await visit(mdxRoot);
    pages.sort();
    const folders: string[] = [];
    for (let f = 0; f < 4; f++) {
      const to = join(dir, `docs${f}`);
      await Deno.mkdir(join(to, "guide"), { recursive: true });
      for (let p = 0; p < 30; p++) {
        await Deno.copyFile(pages[f * 30 + p], join(to, p % 2 ? "guide" : "", `p${p}.mdx`));
      }
      folders.push(to);
    }
    await settle(...folders);
    const cache = join(dir, "cache");
    await using server = await startServer(["-A"], { MDSEL_CACHE_DIR: cache });
    const firsts = [
      { tool: "mdsel_select", args: { selector: "tool calling", files: [folders[0]] } },
      { tool: "mdsel_index", args: { files: [folders[1]] } },
      { tool: "mdsel_select", args: { selector: "h1.0", files: [join(folders[2], "**/*.mdx")] } },
      // An answer that is an error of the engine's own (exit 1): a selector that matches nothing.
      { tool: "mdsel_select", args: { selector: "p0::h6.99", files: [folders[3]] } },
    ];
    let total = 0;
    for (const [i, first] of firsts.entries()) {
      const result = await callText(server.client, first.tool, first.args);
      assert.equal(result.isError, i === 3, result.text);
      total += 30;
      await searchEntries(cache, total);
    }
    // A search reads MDX fast: the run writes the documents after the search data.
    const docEntries = await searchEntries(cache, total, "doc");
    const written = entries(cache, "search");
    assert.equal(docEntries.size, total);
    for (const folder of folders) {
      const words = "agents memory stream";
      const result = await callText(server.client, "mdsel_select", {
        selector: words,
        files: [folder],
      });
      const expected = await mdselInProcess(["select", "--", words, folder], { MDSEL_CACHE: "0" });
      assert.equal(result.text, expected.stdout, folder);
    }
    assert.deepEqual(entries(cache, "doc"), docEntries, "no file parsed again");
    assert.deepEqual(entries(cache, "search"), written, "no file derived again");
  });
});

Deno.test("server: calls that come while the cache is being finished answer as without the cache, and the run ends its work after them", async () => {
  await withTempDir({}, async (dir) => {
    const pages: string[] = [];
    const visit = async (folder: string) => {
      for await (const entry of Deno.readDir(folder)) {
        const path = join(folder, entry.name);
        if (entry.isDirectory) await visit(path);
        else if (entry.name.endsWith(".mdx")) pages.push(path);
      }
    };
    await visit(mdxRoot);
    pages.sort();
    const docs = join(dir, "docs");
    await Deno.mkdir(docs);
    for (let p = 0; p < 80; p++) await Deno.copyFile(pages[p], join(docs, `p${p}.mdx`));
    await settle(docs);
    const cache = join(dir, "cache");
    await using server = await startServer(["-A"], { MDSEL_CACHE_DIR: cache });
    // A select of one file's section parses that file only: the run has the other 79 to parse.
    await callText(server.client, "mdsel_select", { selector: "p0::h1.0", files: [docs] });
    // Calls one after another, each as soon as the one before has answered: whether a run is
    // under way when one comes in or not, each answers as the engine does without the cache.
    for (const words of ["agents memory", "tool calling", "workflow steps", "streamText"]) {
      const result = await callText(server.client, "mdsel_select", {
        selector: words,
        files: [docs],
      });
      const expected = await mdselInProcess(["select", "--", words, docs], { MDSEL_CACHE: "0" });
      assert.equal(result.text, expected.stdout, words);
    }
    // Once the calls stop, the run finishes the folder.
    const written = await searchEntries(cache, 80);
    const docEntries = entries(cache, "doc");
    const result = await callText(server.client, "mdsel_select", {
      selector: "memory",
      files: [docs],
    });
    const expected = await mdselInProcess(["select", "--", "memory", docs], { MDSEL_CACHE: "0" });
    assert.equal(result.text, expected.stdout);
    assert.deepEqual(entries(cache, "doc"), docEntries, "no file parsed again");
    assert.deepEqual(entries(cache, "search"), written, "no file derived again");
  });
});
