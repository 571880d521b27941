import assert from "node:assert/strict";
import { join } from "node:path";
import { bundledMdsel, MAX_READ_FLAG_BYTES } from "../../tools/run_mdsel.ts";
import { ENGINE_VARIABLES } from "../../mdsel/settings/engine_settings.ts";
import {
  BASE_PATH,
  callText,
  pathWith,
  POSIX_ONLY,
  ROOT,
  startServer,
  writeFakes,
} from "../_server.ts";

Deno.test("bundledMdsel: this Deno, read access to the named files and its own modules only, the checkout's config", () => {
  const { command, args, env } = bundledMdsel(["/docs/a.md", "b.md"]);
  assert.equal(command, Deno.execPath());
  // A checkout's modules load as a command needs them.
  assert.deepEqual(env, { DENO_UNSTABLE_LAZY_DYNAMIC_IMPORTS: "1" });
  assert.deepEqual(args, [
    "run",
    "--quiet",
    "--no-prompt",
    // A smaller young generation: a cold call over a big tree peaks lower.
    "--v8-flags=--max-semi-space-size=8",
    `--allow-read=/docs/a.md,b.md,${join(ROOT, "mdsel")}`,
    `--allow-env=${[...ENGINE_VARIABLES, "MDSEL_PROGRESS"].join(",")}`,
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "mdsel", "cli.ts"),
  ]);
});

Deno.test("bundledMdsel: the engine may read its own settings, all of them", () => {
  // Every variable the engine's code names, in any of its folders, is among them (or is the
  // server's request for progress lines); the hooks' and the server's settings are not.
  const folders = [join(ROOT, "mdsel")];
  const named = new Map<string, number>();
  let files = 0;
  for (let folder; (folder = folders.pop()) !== undefined;) {
    for (const entry of Deno.readDirSync(folder)) {
      const path = join(folder, entry.name);
      if (entry.isDirectory) folders.push(path);
      if (!entry.name.endsWith(".ts")) continue;
      files++;
      const code = Deno.readTextFileSync(path);
      for (const [name] of code.matchAll(/(?<=["'`])MDSEL_[A-Z_]+(?=["'`])/g)) {
        assert.ok([...ENGINE_VARIABLES, "MDSEL_PROGRESS"].includes(name), `${name} in ${path}`);
        named.set(name, (named.get(name) ?? 0) + 1);
      }
    }
  }
  assert.ok(files > 20, `${files} engine modules read`);
  // And none is listed but never read: each is named where it is read as well as in its list.
  for (const name of ENGINE_VARIABLES) assert.ok((named.get(name) ?? 0) >= 2, `${name} is read`);
  const serverOnly = ["MDSEL_MIN_WORDS", "MDSEL_GUARD_WORDS", "MDSEL_BIN", "MDSEL_ALLOW_ANY_FILE"];
  for (const name of serverOnly) {
    assert.ok(!(ENGINE_VARIABLES as readonly string[]).includes(name), name);
  }
});

Deno.test("bundledMdsel: with a cache folder, read and write access to it, and nothing more", () => {
  const cache = "/home/ann/.cache/mdsel";
  const { args, env } = bundledMdsel(["/docs"], undefined, cache);
  assert.ok(args.includes(`--allow-read=/docs,${join(ROOT, "mdsel")},${cache}`), args.join(" "));
  assert.deepEqual(args.filter((arg) => arg.startsWith("--allow-write")), [
    `--allow-write=${cache}`,
  ]);
  assert.deepEqual(env, { DENO_UNSTABLE_LAZY_DYNAMIC_IMPORTS: "1", MDSEL_CACHE_DIR: cache });
  // A call that reads nothing is granted nothing; a read of everything needs no folder added.
  assert.deepEqual(bundledMdsel([], undefined, cache).env, {
    DENO_UNSTABLE_LAZY_DYNAMIC_IMPORTS: "1",
  });
  // A published engine's modules are fetched before it starts, all of them, as Deno does.
  const registry = new URL("https://jsr.io/@x/mdsel-claude/0.1.0/mdsel/cli.ts");
  assert.deepEqual(bundledMdsel(["/docs"], registry, cache).env, { MDSEL_CACHE_DIR: cache });
  const all = bundledMdsel(["/docs/a,b.md"], undefined, cache).args;
  assert.ok(all.includes("--allow-read") && all.includes(`--allow-write=${cache}`));
});

Deno.test("bundledMdsel: a comma in a path widens read access; no files, its own modules only", () => {
  assert.ok(bundledMdsel(["/docs/a,b.md"]).args.includes("--allow-read"));
  const none = bundledMdsel([], undefined, "/home/ann/.cache/mdsel").args;
  assert.deepEqual(none.filter((arg) => /^--allow-(read|write)/.test(arg)), [
    `--allow-read=${join(ROOT, "mdsel")}`,
  ]);
});

Deno.test("bundledMdsel: each path once; a list too long for one argument grants the folders holding the files", () => {
  const registry = new URL("https://jsr.io/@x/mdsel-claude/0.1.0/mdsel/cli.ts");
  const readFlag = (files: string[]) =>
    bundledMdsel(files, registry).args.find((arg) => arg.startsWith("--allow-read"));
  assert.equal(readFlag(["/d/a.md", "/d/a.md", "/d/b.md"]), "--allow-read=/d/a.md,/d/b.md");
  const long = "x".repeat(150);
  const many = Array.from(
    { length: 1600 },
    (_, i) => `/docs/${long}/part-${i % 3}/${long}-${i}.md`,
  );
  assert.ok(many.join(",").length > MAX_READ_FLAG_BYTES);
  assert.equal(
    readFlag([...many, `/docs/${long}`]),
    "--allow-read=/docs",
    "the folder holding a named folder covers the folders inside it",
  );
  assert.equal(
    readFlag(many),
    `--allow-read=${[0, 1, 2].map((i) => `/docs/${long}/part-${i}`).join(",")}`,
  );
  // Even the folders too many for one argument: all files (the server checked each path first).
  const scattered = Array.from({ length: 1600 }, (_, i) => `/docs/${long}-${i}/a.md`);
  assert.equal(readFlag(scattered), "--allow-read");
});

Deno.test("the bundled engine takes a call naming 1,000 long paths (one --allow-read argument would pass 128 KiB)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel-many-" });
  const long = "a-rather-long-folder-name-".repeat(5);
  await Deno.mkdir(join(dir, long));
  const files: string[] = [];
  // The engine reads at most 1,000 files in one call.
  for (let i = 0; i < 1000; i++) {
    const file = join(dir, long, `${long}${i}.md`);
    await Deno.writeTextFile(file, `# Doc ${i}\n\nText ${i}.\n`);
    files.push(file);
  }
  assert.ok(files.join(",").length > 128 * 1024);
  await using server = await startServer(["-A"]);
  const result = await callText(server.client, "mdsel_select", {
    selector: "h1.0",
    files: [files[0], files[999], files[999]],
  });
  assert.equal(result.isError, false, result.text);
  const index = await callText(server.client, "mdsel_index", { files });
  assert.equal(index.isError, false, index.text.slice(0, 300));
  assert.match(index.text, /-0\.md \[4 words/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("bundledMdsel: a published module runs without the user's config or lockfile", () => {
  const url = new URL("https://jsr.io/@x/mdsel-claude/0.1.0/mdsel/cli.ts");
  assert.deepEqual(bundledMdsel(["/a.md"], url).args.slice(-3), [
    "--no-config",
    "--no-lock",
    url.href,
  ]);
});

/** Runs `runMdsel(["--version"])` in a process with the given PATH and MDSEL_BIN. */
async function whichRuns(path: string, mdselBin?: string): Promise<string> {
  const script = await Deno.makeTempFile({ suffix: ".ts" });
  const module = (name: string) =>
    JSON.stringify(new URL(`../../tools/${name}`, import.meta.url).href);
  await Deno.writeTextFile(
    script,
    `import { runMdsel } from ${module("run_mdsel.ts")};\n` +
      `import { readSettings } from ${module("settings.ts")};\n` +
      `const { stdout } = await runMdsel({ args: ["--version"], files: [] }, readSettings());\n` +
      `console.log(stdout.trim());\n`,
  );
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--config", join(ROOT, "deno.json"), script],
    env: {
      PATH: path,
      HOME: Deno.env.get("HOME") ?? "/root",
      ...(mdselBin ? { MDSEL_BIN: mdselBin } : {}),
    },
    clearEnv: true,
    stdin: "null",
  }).output();
  await Deno.remove(script);
  const decoder = new TextDecoder();
  assert.equal(output.success, true, decoder.decode(output.stderr));
  return decoder.decode(output.stdout).trim();
}

Deno.test(
  "which mdsel runs: MDSEL_BIN, then mdsel on PATH, then the bundled engine",
  POSIX_ONLY,
  async () => {
    const fakes = await writeFakes({ mdsel: "echo from-path", other: "echo from-bin" });
    const withFake = pathWith(fakes.dir);
    assert.equal(await whichRuns(withFake, fakes.path("other")), "from-bin");
    assert.equal(await whichRuns(withFake, "other"), "from-bin");
    assert.equal(await whichRuns(withFake), "from-path");
    assert.match(await whichRuns(BASE_PATH), /^mdsel \d+\.\d+\.\d+ \(mdsel-claude/);
    await Deno.remove(fakes.dir, { recursive: true });
  },
);

Deno.test("the bundled engine, run as the server runs it, loads what each command needs", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel-lazy-" });
  const cache = await Deno.makeTempDir({ prefix: "mdsel-lazy-cache-" });
  try {
    await Deno.writeTextFile(
      join(dir, "guide.md"),
      "# Guide\n\n## Install\n\nRun the installer.\n",
    );
    const page =
      '# Page\n\nimport { Tabs } from "./tabs";\n\n## Tabs\n\n<Tabs items={["npm", "deno"]} />\n';
    await Deno.writeTextFile(join(dir, "page.mdx"), page);
    const cases: [readonly string[], RegExp][] = [
      [["index", "--json", "--", dir], /"success":true/],
      [["select", "--", "h2.0", join(dir, "guide.md")], /Run the installer/],
      [["select", "--json", "--", "tabs items deno", dir], /"selector":"page::/],
      [["warm", "--", dir], /files derived/],
      [["format", "select"], /^select --json/],
      [["--help"], /^mdsel/],
    ];
    for (const [command, expected] of cases) {
      const { command: deno, args, env } = bundledMdsel([dir], undefined, cache);
      const run = new Deno.Command(deno, { args: [...args, ...command], env, stdin: "null" });
      const { code, stdout, stderr } = await run.output();
      const text = new TextDecoder().decode(stdout);
      assert.equal(code, 0, `${command.join(" ")}: ${new TextDecoder().decode(stderr)}`);
      assert.match(text, expected, command.join(" "));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(cache, { recursive: true });
  }
});
