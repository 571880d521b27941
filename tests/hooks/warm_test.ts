import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { warm, warmCommand } from "../../hooks/warm.ts";

const HOOK = fileURLToPath(new URL("../../hook.ts", import.meta.url));
const ROOT = new URL("../../", import.meta.url);

/** A command that appends a line to `marker` after `delayMs`, then exits with `code`. */
function marking(marker: string, delayMs = 0, code = 0) {
  const script = `await new Promise((r) => setTimeout(r, ${delayMs}));` +
    `Deno.writeTextFileSync(${JSON.stringify(marker)}, "ran\\n", { append: true });` +
    `Deno.exit(${code});`;
  return { command: Deno.execPath(), args: ["eval", script] };
}

/** Runs `body` in a new folder, removed after: a marker file and a stamp folder in it. */
async function inScratch(
  body: (paths: { dir: string; marker: string; stampDir: string }) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_warm_" });
  try {
    await body({ dir, marker: join(dir, "marker"), stampDir: join(dir, "data") });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function runs(marker: string): Promise<number> {
  const text = await Deno.readTextFile(marker).catch(() => "");
  return text.split("\n").filter(Boolean).length;
}

Deno.test("warmCommand: deno cache of the server and the guard's engine, with the checkout's config", async () => {
  const { command, args } = warmCommand();
  assert.equal(command, Deno.execPath());
  assert.deepEqual(args.slice(0, 3), ["cache", "--quiet", "--config"]);
  const paths = args.slice(3);
  assert.deepEqual(paths, [
    fileURLToPath(new URL("deno.json", ROOT)),
    fileURLToPath(new URL("main.ts", ROOT)),
    fileURLToPath(new URL("hooks/outline_worker.ts", ROOT)),
  ]);
  for (const path of paths) assert.ok((await Deno.stat(path)).isFile, path);
});

Deno.test("warm: once the cache is warm, a stamp keeps later sessions from running anything", async () => {
  await inScratch(async ({ marker, stampDir }) => {
    const command = marking(marker);
    assert.equal(await warm({ command, stampDir }), "");
    assert.equal(await warm({ command, stampDir }), "");
    assert.equal(await runs(marker), 1);
    // Without a folder for the stamp, every session checks the cache again.
    assert.equal(await warm({ command, stampDir: undefined }), "");
    assert.equal(await runs(marker), 2);
  });
});

Deno.test("warm: a failed download is one line on stderr and no stamp", async () => {
  await inScratch(async ({ dir, marker, stampDir }) => {
    const line = await warm({ command: marking(marker, 0, 1), stampDir });
    assert.equal(
      line,
      "mdsel hook: Deno could not fetch the package's dependencies (deno cache exited 1); " +
        "the first Read of a big file may pass unguarded\n",
    );
    assert.equal(await warm({ command: marking(marker, 0, 1), stampDir }), line);
    assert.equal(await runs(marker), 2);
    const missing = await warm({ command: { command: join(dir, "no-deno"), args: [] } });
    assert.match(missing, /^mdsel hook: Cannot warm Deno's cache: .+\n$/);
  });
});

Deno.test("warm: past its time limit it returns, and the download goes on by itself", async () => {
  await inScratch(async ({ marker, stampDir }) => {
    // The download takes 5 s, 50 times the limit: that it has not run when the call returns
    // shows the call did not wait for it, however loaded the machine.
    assert.equal(await warm({ command: marking(marker, 5000), stampDir, timeLimitMs: 100 }), "");
    assert.equal(await runs(marker), 0);
    // No stamp yet: the cache may not be warm.
    await assert.rejects(Deno.stat(stampDir), Deno.errors.NotFound);
    // The download finishes on its own.
    // (At most a minute: a bound on a test that would otherwise hang, not a measure.)
    for (let i = 0; i < 1200 && await runs(marker) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(await runs(marker), 1);
  });
});

Deno.test("the warm-up as the plugin runs it: exit 0, silent, a stamp in the plugin's data folder, never reads stdin", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_warm_" });
  try {
    const data = join(dir, "data");
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        `--allow-write=${data}`,
        "--allow-run",
        "--allow-env=DENO_DIR,CLAUDE_PLUGIN_DATA",
        "--config",
        fileURLToPath(new URL("deno.json", ROOT)),
        HOOK,
        "--warm",
      ],
      env: { CLAUDE_PLUGIN_DATA: data },
      // A terminal or an open pipe on stdin must not hold it.
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const stdin = child.stdin.getWriter();
    const [{ code }, stdout, stderr] = await Promise.all([
      child.status,
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ]);
    await stdin.close();
    assert.equal(stderr, "");
    assert.equal(stdout, "");
    assert.equal(code, 0);
    const stamps = await Array.fromAsync(Deno.readDir(data));
    assert.equal(stamps.length, 1);
    assert.match(stamps[0].name, /^deno-cache-[0-9a-f]{24}$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
