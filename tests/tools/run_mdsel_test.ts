import assert from "node:assert/strict";
import { join } from "node:path";
import { bundledMdsel, ENGINE_ENV } from "../../tools/run_mdsel.ts";
import { BASE_PATH, ROOT, writeFakes } from "../_server.ts";

Deno.test("bundledMdsel: this Deno, read access to the named files only, the checkout's config", () => {
  const { command, args } = bundledMdsel(["/docs/a.md", "b.md"]);
  assert.equal(command, Deno.execPath());
  assert.deepEqual(args, [
    "run",
    "--quiet",
    "--no-prompt",
    "--allow-read=/docs/a.md,b.md",
    `--allow-env=${ENGINE_ENV.join(",")}`,
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "mdsel", "cli.ts"),
  ]);
});

Deno.test("bundledMdsel: the engine may read its own settings, all of them", () => {
  assert.deepEqual(ENGINE_ENV, [
    "MDSEL_PAGE_WORDS",
    "MDSEL_PAGE_CHARS",
    "MDSEL_MAX_CHARS",
    "MDSEL_INDEX_MAX_CHARS",
    "MDSEL_SIZE_WORDS",
  ]);
  // Every variable the engine's code names is among them.
  for (const entry of Deno.readDirSync(join(ROOT, "mdsel"))) {
    if (!entry.name.endsWith(".ts")) continue;
    const code = Deno.readTextFileSync(join(ROOT, "mdsel", entry.name));
    for (const [name] of code.matchAll(/(?<=["'`])MDSEL_[A-Z_]+(?=["'`])/g)) {
      assert.ok((ENGINE_ENV as readonly string[]).includes(name), `${name} in mdsel/${entry.name}`);
    }
  }
});

Deno.test("bundledMdsel: a comma in a path widens read access; no files, no read access", () => {
  assert.ok(bundledMdsel(["/docs/a,b.md"]).args.includes("--allow-read"));
  assert.ok(!bundledMdsel([]).args.some((arg) => arg.startsWith("--allow-read")));
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

Deno.test("which mdsel runs: MDSEL_BIN, then mdsel on PATH, then the bundled engine", async () => {
  const fakes = await writeFakes({ mdsel: "echo from-path", other: "echo from-bin" });
  const withFake = `${fakes.dir}:${BASE_PATH}`;
  assert.equal(await whichRuns(withFake, fakes.path("other")), "from-bin");
  assert.equal(await whichRuns(withFake, "other"), "from-bin");
  assert.equal(await whichRuns(withFake), "from-path");
  assert.match(await whichRuns(BASE_PATH), /^mdsel \d+\.\d+\.\d+ \(mdsel-claude/);
  await Deno.remove(fakes.dir, { recursive: true });
});
