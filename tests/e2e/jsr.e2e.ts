// The package as users get it: served by a local JSR registry exactly as
// `deno publish` would upload it, and run from an empty folder with an empty
// Deno cache, by the commands the README gives. Run with `deno task e2e`.
import assert from "node:assert/strict";
import { join } from "node:path";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { publishedFiles, readConfig, ROOT, serveRegistry, unfurl } from "./_registry.ts";

const SYSTEM_PATH = "/usr/bin:/bin";
const DENO_BIN = join(Deno.execPath(), "..");

const README = [
  "# Widget",
  "",
  "Intro text.",
  "",
  "## Install",
  "",
  "```sh",
  "deno add jsr:@x/widget",
  "```",
  "",
  "## Usage",
  "",
  ...Array.from({ length: 60 }, (_, i) => `Usage paragraph ${i} with several words in it.\n`),
].join("\n");

/** A scratch world: an empty project folder, an empty Deno cache, a HOME. */
async function world() {
  const dir = await Deno.makeTempDir({ prefix: "mdsel-e2e-" });
  const paths = {
    dir,
    project: join(dir, "project"),
    home: join(dir, "home"),
    denoDir: join(dir, "deno-cache"),
    installRoot: join(dir, "install"),
  };
  for (const path of [paths.project, paths.home]) await Deno.mkdir(path);
  await Deno.writeTextFile(join(paths.project, "README.md"), README);
  return paths;
}

type World = Awaited<ReturnType<typeof world>>;

// How this machine reaches npm (proxies, certificate authorities) carries over.
const NETWORK_ENV = Object.fromEntries(
  Object.entries(Deno.env.toObject()).filter(([name]) => /proxy|cert|_ca_|ssl|tls/i.test(name)),
);

function env(registry: string, place: World, path = `${DENO_BIN}:${SYSTEM_PATH}`) {
  return {
    ...NETWORK_ENV,
    JSR_URL: registry,
    DENO_DIR: place.denoDir,
    HOME: place.home,
    PATH: path,
    NO_COLOR: "1",
  };
}

async function connect(args: string[], environment: Record<string, string>, cwd: string) {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args,
    cwd,
    env: environment,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => stderr += new TextDecoder().decode(chunk));
  const client = new Client({ name: "mdsel-e2e", version: "0.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function callText(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const [part] = result.content as { type: string; text: string }[];
  return { text: part.text, isError: result.isError === true };
}

async function run(
  args: string[],
  environment: Record<string, string>,
  cwd: string,
  input?: string,
) {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: environment,
    clearEnv: true,
    stdin: input === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (input !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(input));
    await writer.close();
  }
  const output = await child.output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

Deno.test("the registry serves exactly what deno publish --dry-run lists, every import resolved", async () => {
  const config = await readConfig();
  const files = await publishedFiles();
  for (const path of ["/main.ts", "/mdsel/cli.ts", "/hook.ts", "/hooks/warm.ts", "/deno.json"]) {
    assert.ok(files.includes(path), `${path} is published`);
  }
  assert.ok(!files.some((path) => path.startsWith("/tests/") || path.startsWith("/bench/")));
  for (const target of Object.values(config.exports)) {
    assert.ok(files.includes(target.slice(1)), `export ${target} is published`);
  }
  // Every relative import of a published module is itself published, and no
  // bare specifier is left for a user's machine to resolve.
  for (const path of files.filter((file) => file.endsWith(".ts"))) {
    const source = unfurl(await Deno.readTextFile(join(ROOT, path)), config.imports);
    // `from` or `import(` as code, not as a string's word (`"from",` in a list of words).
    const imports = /(?<!["'\w])(?:from\s*|import\s*\(\s*)["']([^"']+)["']/g;
    for (const [, specifier] of source.matchAll(imports)) {
      if (specifier.startsWith(".")) {
        const target = new URL(specifier, `file://${path}`).pathname;
        assert.ok(files.includes(target), `${path} imports ${specifier}, which is not published`);
      } else {
        assert.match(specifier, /^(npm|node|jsr):/, `${path}: ${specifier}`);
      }
    }
  }
  assert.equal(
    unfurl('import { z } from "zod";\n// @ts-types="@modelcontextprotocol/sdk/types"\n', {
      "zod": "npm:zod@4.6.7",
      "@modelcontextprotocol/sdk/": "npm:/@modelcontextprotocol/sdk@1.32.2/",
    }),
    'import { z } from "npm:zod@4.6.7";\n// @ts-types="npm:@modelcontextprotocol/sdk@1.32.2/types"\n',
  );
});

/** The engine builds in a cache folder, once one is there (within a minute). */
async function builtEngine(cache: string): Promise<string[]> {
  for (let i = 0; i < 600; i++) {
    let names: string[] = [];
    try {
      names = [...Deno.readDirSync(cache)].map((entry) => entry.name);
    } catch { /* not made yet */ }
    const builds = names.filter((name) => name.startsWith("engine-"));
    if (builds.length > 0) return builds;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

Deno.test("deno run -A jsr:@x/mdsel-claude from an empty folder and cache: both tools, bundled engine", async () => {
  await using registry = await serveRegistry();
  const place = await world();
  const readme = join(place.project, "README.md");
  const cache = join(place.home, ".cache", "mdsel");
  const server = await connect(
    ["run", "-A", "jsr:@x/mdsel-claude"],
    env(registry.url, place),
    place.project,
  );
  try {
    assert.equal(server.client.getServerVersion()?.name, "mdsel-claude");
    const { tools } = await server.client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), ["mdsel_index", "mdsel_select"]);
    const index = await callText(server.client, "mdsel_index", { files: [readme] });
    assert.equal(index.isError, false, index.text);
    assert.match(index.text, /h2\.0 Install/);
    const code = await callText(server.client, "mdsel_select", {
      selector: "h2.0/code.0",
      files: [readme],
    });
    assert.deepEqual(code, { text: "```sh\ndeno add jsr:@x/widget\n```\n", isError: false });
    const search = await callText(server.client, "mdsel_select", {
      selector: "usage paragraph",
      files: [place.project],
    });
    assert.equal(search.isError, false, search.text);
    assert.match(search.text, /h2\.1/);
    // Meanwhile the server built its engine: later calls run the build, and answer the same.
    assert.equal((await builtEngine(cache)).length, 1, "a build of the published engine");
    const later = await callText(server.client, "mdsel_select", {
      selector: "h2.0/code.0",
      files: [readme],
    });
    assert.deepEqual(later, code);
  } finally {
    await server.client.close();
  }
  // The published engine keeps its own lock in its cache; one broken is let go and written again
  // (by a call that runs the engine's modules: its build is gone).
  const { version } = await readConfig();
  const lock = join(cache, `deno-${version}.lock`);
  for (const name of await builtEngine(cache)) {
    await Deno.remove(join(cache, name), { recursive: true });
  }
  assert.ok(JSON.parse(await Deno.readTextFile(lock)).npm["markdown-it@15.0.3"], "a lock of npm");
  await Deno.writeTextFile(lock, "{ torn");
  const again = await connect(
    ["run", "-A", "jsr:@x/mdsel-claude"],
    env(registry.url, place),
    place.project,
  );
  try {
    const index = await callText(again.client, "mdsel_index", { files: [readme] });
    assert.equal(index.isError, false, index.text);
    assert.match(index.text, /h2\.0 Install/);
  } finally {
    await again.client.close();
  }
  assert.ok(JSON.parse(await Deno.readTextFile(lock)).npm, "the lock is written again");
  // Test-only packages stay out of a user's cache.
  const npm = join(place.denoDir, "npm", "registry.npmjs.org");
  const cached = [...Deno.readDirSync(npm)].map((entry) => entry.name);
  assert.ok(cached.includes("markdown-it"), cached.join(" "));
  assert.ok(!cached.includes("fast-check"), "fast-check was downloaded");
  await Deno.remove(place.dir, { recursive: true });
});

Deno.test("deno install jsr:@x/mdsel-claude/mdsel gives a working mdsel, and the sandboxed server runs it", async () => {
  await using registry = await serveRegistry();
  const place = await world();
  const readme = join(place.project, "README.md");
  const installed = await run(
    [
      "install",
      "-g",
      "-n",
      "mdsel",
      "--root",
      place.installRoot,
      "--allow-read",
      "jsr:@x/mdsel-claude/mdsel",
    ],
    env(registry.url, place),
    place.project,
  );
  assert.equal(installed.code, 0, installed.stderr);
  const bin = join(place.installRoot, "bin");
  const path = `${bin}:${DENO_BIN}:${SYSTEM_PATH}`;
  const version = await new Deno.Command(join(bin, "mdsel"), {
    args: ["--version"],
    env: env(registry.url, place, path),
    clearEnv: true,
    stdin: "null",
  }).output();
  assert.match(new TextDecoder().decode(version.stdout), /^mdsel \d/);
  // An .mdx file loads MDX's parser (a dynamic import) from the published package.
  const mdx = join(place.project, "tabs.mdx");
  await Deno.writeTextFile(
    mdx,
    "<Tabs>\n  ```sh\n  # install\n  ```\n</Tabs>\n\n## Real section\n",
  );
  const index = await new Deno.Command(join(bin, "mdsel"), {
    args: ["index", mdx],
    env: env(registry.url, place, path),
    clearEnv: true,
    stdin: "null",
  }).output();
  assert.equal(new TextDecoder().decode(index.stderr), "");
  assert.match(new TextDecoder().decode(index.stdout), /\n h2\.0 Real section\n/);

  const server = await connect(
    ["run", "--allow-run=mdsel", "--allow-read", "jsr:@x/mdsel-claude"],
    env(registry.url, place, path),
    place.project,
  );
  try {
    const section = await callText(server.client, "mdsel_select", {
      selector: "h2.0",
      files: [readme],
    });
    assert.equal(section.isError, false, section.text);
    assert.match(section.text, /^## Install\n/);
  } finally {
    await server.client.close();
  }
  await Deno.remove(place.dir, { recursive: true });
});
/** The hooks' JSON that docs/hook.md gives users who wire them by hand. */
async function documentedHooks(): Promise<Record<string, { hooks: { args: string[] }[] }[]>> {
  const text = await Deno.readTextFile(join(ROOT, "docs", "hook.md"));
  const blocks = [...text.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => match[1]);
  const settings = blocks.map((block) => JSON.parse(block)).find((json) =>
    json.hooks?.SessionStart
  );
  assert.ok(settings !== undefined, "docs/hook.md shows the hooks' JSON");
  return settings.hooks;
}

Deno.test("the hooks as docs/hook.md wires them run from jsr: on an empty cache: the warm-up fills it, then the guard and the reminder", async () => {
  await using registry = await serveRegistry();
  const place = await world();
  const hooks = await documentedHooks();
  const [warm] = hooks.SessionStart[0].hooks;
  const [guard] = hooks.PreToolUse[0].hooks;
  const [reminder] = hooks.PostToolUse[0].hooks;

  // The warm-up, before anything else ran: it fetches what the server and the guard need.
  const warmed = await run(warm.args, env(registry.url, place), place.project, "{}");
  assert.deepEqual([warmed.code, warmed.stdout, warmed.stderr], [0, "", ""]);
  const npm = join(place.denoDir, "npm", "registry.npmjs.org");
  const cached = [...Deno.readDirSync(npm)].map((entry) => entry.name);
  for (const name of ["markdown-it", "micromark", "@modelcontextprotocol"]) {
    assert.ok(cached.includes(name), `${name}: ${cached.join(" ")}`);
  }

  // The guard: a whole Read of a big file gets the outline instead, well inside its deadline.
  const big = join(place.project, "GUIDE.md");
  await Deno.writeTextFile(
    big,
    Array.from({ length: 30 }, (_, i) => `## Part ${i}\n\n${"word ".repeat(100)}\n`).join("\n"),
  );
  const read = (path: string, event: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      hook_event_name: event,
      tool_name: "Read",
      tool_input: { file_path: path, ...extra },
    });
  // A guard past its own time limit lets the Read go ahead: the deny with the outline shows it
  // answered in time, however loaded the machine (no measure of time here).
  const denied = await run(
    guard.args,
    env(registry.url, place),
    place.project,
    read(big, "PreToolUse"),
  );
  assert.equal(denied.code, 0, denied.stderr);
  const decision = JSON.parse(denied.stdout).hookSpecificOutput;
  assert.equal(decision.permissionDecision, "deny");
  assert.match(decision.permissionDecisionReason, /\n h2\.0 Part 0 L1-3\n/);

  // The reminder: after a whole Read, not after a Read of some lines.
  const readme = join(place.project, "README.md");
  const reminded = await run(
    reminder.args,
    env(registry.url, place),
    place.project,
    read(readme, "PostToolUse"),
  );
  assert.equal(reminded.code, 0, reminded.stderr);
  assert.equal(
    JSON.parse(reminded.stdout).hookSpecificOutput.additionalContext,
    "This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read.",
  );
  const partial = await run(
    reminder.args,
    env(registry.url, place),
    place.project,
    read(readme, "PostToolUse", { offset: 5, limit: 10 }),
  );
  assert.deepEqual([partial.code, partial.stdout], [0, ""]);

  // Run again, the warm-up finds the cache full: no download, a fraction of a second.
  const again = await run(warm.args, env(registry.url, place), place.project, "{}");
  assert.deepEqual([again.code, again.stdout, again.stderr], [0, "", ""]);
  await Deno.remove(place.dir, { recursive: true });
});

Deno.test("a checkout's first deno run main.ts caches the engine's packages, no test-only one", async () => {
  const dir = await Deno.makeTempDir({ prefix: "mdsel-checkout-" });
  for (const path of ["deno.json", "deno.lock", "main.ts", "tools", "server", "mdsel"]) {
    await new Deno.Command("cp", { args: ["-R", join(ROOT, path), dir] }).output();
  }
  const denoDir = join(dir, ".deno-cache");
  const started = await run(
    ["run", "-A", "main.ts"],
    { ...NETWORK_ENV, DENO_DIR: denoDir, HOME: dir, PATH: `${DENO_BIN}:${SYSTEM_PATH}` },
    dir,
    "",
  );
  assert.equal(started.code, 0, started.stderr);
  const cached = [...Deno.readDirSync(join(denoDir, "npm", "registry.npmjs.org"))].map((entry) =>
    entry.name
  );
  assert.ok(cached.includes("@modelcontextprotocol"), cached.join(" "));
  assert.ok(!cached.includes("fast-check"), "fast-check was downloaded");
  // The engine the server runs (and the hooks) then fetches nothing: no registry data each run.
  for (const args of [["--version"], ["select", "abort", "mdsel/cli.ts"]]) {
    const engine = await run(
      ["run", "-A", "mdsel/cli.ts", ...args],
      { ...NETWORK_ENV, DENO_DIR: denoDir, HOME: dir, PATH: `${DENO_BIN}:${SYSTEM_PATH}` },
      dir,
      "",
    );
    assert.doesNotMatch(engine.stderr, /Download/, engine.stderr);
  }
  // deno.lock holds what the package runs on; the tests' lock, the rest.
  const lock = await Deno.readTextFile(join(ROOT, "deno.lock"));
  assert.equal(lock.includes("fast-check"), false);
  await Deno.remove(dir, { recursive: true });
});
