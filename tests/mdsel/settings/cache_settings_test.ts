// Where the cache lives and when it is on: the platform's cache folder,
// MDSEL_CACHE_DIR, MDSEL_CACHE=0, a folder this process may not use; and
// what says a file is unchanged.
import assert from "node:assert/strict";
import { isFresh, RACY_MS, statKey } from "../../../mdsel/cache/file_key.ts";
import {
  DEFAULT_CACHE_MAX_BYTES,
  defaultCacheDir,
  readCacheSettings,
} from "../../../mdsel/settings/cache_settings.ts";

Deno.test("location: the platform's cache folder, XDG_CACHE_HOME first", () => {
  const lookup = (env: Record<string, string>) => (name: string) => env[name];
  assert.equal(defaultCacheDir(lookup({ HOME: "/home/ann" }), "linux"), "/home/ann/.cache/mdsel");
  assert.equal(
    defaultCacheDir(lookup({ HOME: "/home/ann", XDG_CACHE_HOME: "/var/cache/ann/" }), "linux"),
    "/var/cache/ann/mdsel",
  );
  // A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
  assert.equal(
    defaultCacheDir(lookup({ HOME: "/home/ann", XDG_CACHE_HOME: "cache" }), "linux"),
    "/home/ann/.cache/mdsel",
  );
  assert.equal(
    defaultCacheDir(lookup({ HOME: "/Users/ann" }), "darwin"),
    "/Users/ann/Library/Caches/mdsel",
  );
  assert.equal(
    defaultCacheDir(lookup({ LOCALAPPDATA: "C:\\Users\\ann\\AppData\\Local" }), "windows"),
    "C:\\Users\\ann\\AppData\\Local\\mdsel",
  );
  assert.equal(defaultCacheDir(lookup({}), "linux"), undefined);
  assert.equal(defaultCacheDir(lookup({ HOME: "/" }), "linux"), undefined);
});

Deno.test("location: MDSEL_CACHE_DIR moves it, MDSEL_CACHE=0 turns it off, a bad cap is one warning", () => {
  const dir = Deno.makeTempDirSync();
  try {
    const read = (env: Record<string, string>) => readCacheSettings((name) => env[name], "linux");
    assert.deepEqual(read({ MDSEL_CACHE_DIR: dir }), {
      dir,
      maxBytes: DEFAULT_CACHE_MAX_BYTES,
      warnings: [],
    });
    assert.equal(read({ HOME: dir }).dir, `${dir}/.cache/mdsel`);
    for (const off of ["0", "false", "OFF", " no "]) {
      assert.equal(read({ MDSEL_CACHE_DIR: dir, MDSEL_CACHE: off }).dir, undefined, off);
    }
    assert.equal(read({ MDSEL_CACHE_DIR: dir, MDSEL_CACHE: "1" }).dir, dir);
    assert.equal(read({ MDSEL_CACHE_DIR: dir, MDSEL_CACHE_MAX_BYTES: "1000" }).maxBytes, 1000);
    assert.deepEqual(read({ MDSEL_CACHE_DIR: dir, MDSEL_CACHE_MAX_BYTES: "-1" }).warnings, [
      "warning: ignoring MDSEL_CACHE_MAX_BYTES='-1' (not a positive whole number)",
    ]);
    assert.deepEqual(
      read({ MDSEL_CACHE_DIR: dir, MDSEL_CACHE_MAX_BYTES: "-1", MDSEL_CACHE: "0" }).warnings,
      [],
      "the cache off: its size does not matter",
    );
    assert.equal(read({}).dir, undefined, "no folder to keep it in");
  } finally {
    Deno.removeSync(dir);
  }
});

Deno.test("location: a folder this process may not write turns the cache off, without a prompt", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const module = (path: string) => JSON.stringify(new URL(path, import.meta.url).href);
    const script =
      `import { readCacheSettings } from ${
        module("../../../mdsel/settings/cache_settings.ts")
      };\n` +
      `import { quietEnv } from ${module("../../../mdsel/settings/engine_settings.ts")};\n` +
      `console.log(JSON.stringify(readCacheSettings(quietEnv).dir ?? null));\n`;
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--no-prompt", script],
      env: { MDSEL_CACHE_DIR: dir },
      stdin: "null",
    }).output();
    // `deno eval` may do anything: the folder is used.
    assert.equal(new TextDecoder().decode(output.stdout).trim(), JSON.stringify(dir));
    const file = `${dir}/check.ts`;
    await Deno.writeTextFile(file, script);
    const sandboxed = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", "--allow-env=MDSEL_CACHE_DIR", `--allow-read=${dir}`, file],
      env: { MDSEL_CACHE_DIR: dir },
      stdin: "null",
    }).output();
    assert.equal(new TextDecoder().decode(sandboxed.stdout).trim(), "null");
    assert.equal(new TextDecoder().decode(sandboxed.stderr), "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("file key: size, times, inode and device; a change time moved is another file", () => {
  const info = {
    size: 10,
    mtime: new Date(100_000),
    ctime: new Date(100_000),
    ino: 3,
    dev: 4,
  } as Deno.FileInfo;
  const key = statKey(info)!;
  // Times in whole seconds (as Deno gives the change time) count as the end of their second.
  const later = 100_999 + RACY_MS;
  const fresh = (now: Deno.FileInfo, written: number) => isFresh(statKey(now)!, key, written);
  assert.equal(fresh(info, later), true);
  assert.equal(fresh(info, later - 1), false, "written too soon after the change");
  // touch -r / cp -p: the modification time put back, the change time moved.
  assert.equal(fresh({ ...info, ctime: new Date(200_000) }, 300_000), false);
  assert.equal(fresh({ ...info, ino: 5 }, later), false, "replaced by another file");
  assert.equal(fresh({ ...info, dev: 5 }, later), false);
  assert.equal(fresh({ ...info, mtime: new Date(100_001) }, later + 1), false);
  // A change time later than the modification time counts.
  const changed = { ...info, ctime: new Date(102_000) };
  assert.equal(isFresh(statKey(changed)!, statKey(changed)!, later), false);
  assert.equal(isFresh(statKey(changed)!, statKey(changed)!, 102_999 + RACY_MS), true);
  assert.equal(isFresh(statKey(changed)!, statKey(changed)!, 102_998 + RACY_MS), false);
  assert.equal(statKey({ ...info, mtime: null }), undefined, "no time, no key");
});
