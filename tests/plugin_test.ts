// The plugin's manifests, checked against the code they start: the version is
// deno.json's, the files exist, the hooks get the permissions for the
// variables they read, every option reaches what it configures. The real
// Claude Code CLI installs and runs the plugin in tests/e2e/plugin.e2e.ts.
import assert from "node:assert/strict";
import { GUARD_WORDS_VARIABLES, MIN_WORDS_VARIABLES } from "../hooks/settings.ts";
import { WARM_TIME_LIMIT_MS } from "../hooks/warm.ts";
import { SETTING_NAMES } from "../tools/settings.ts";

const ROOT = new URL("../", import.meta.url);
const read = async (path: string) => JSON.parse(await Deno.readTextFile(new URL(path, ROOT)));
const config = await read("deno.json");
const plugin = await read(".claude-plugin/plugin.json");
const marketplace = await read(".claude-plugin/marketplace.json");

/** A plugin path (`${CLAUDE_PLUGIN_ROOT}/x`) as a path in the checkout. */
function inCheckout(arg: string): URL | undefined {
  const prefix = "${CLAUDE_PLUGIN_ROOT}/";
  return arg.startsWith(prefix) ? new URL(arg.slice(prefix.length), ROOT) : undefined;
}

/** Asserts that every plugin path among a command's arguments is a file of the checkout. */
async function assertFilesExist(args: readonly string[]): Promise<void> {
  for (const arg of args) {
    const path = inCheckout(arg);
    if (path !== undefined) assert.ok((await Deno.stat(path)).isFile, arg);
  }
}

Deno.test("the plugin's version is deno.json's; the repository is its own marketplace", () => {
  assert.equal(plugin.version, config.version);
  assert.equal(plugin.name, "mdsel");
  assert.equal(plugin.license, config.license);
  assert.equal(marketplace.name, "mdsel-claude");
  assert.deepEqual(
    marketplace.plugins.map((entry: { name: string; source: string }) => [
      entry.name,
      entry.source,
    ]),
    [["mdsel", "./"]],
  );
});

Deno.test("the server runs the plugin's own main.ts with its deno.json", async () => {
  const server = plugin.mcpServers.mdsel;
  assert.equal(server.command, "deno");
  assert.deepEqual(server.args, [
    "run",
    "-A",
    "--config",
    "${CLAUDE_PLUGIN_ROOT}/deno.json",
    "${CLAUDE_PLUGIN_ROOT}/main.ts",
  ]);
  await assertFilesExist(server.args);
});

Deno.test("the hooks: the guard before Read, the reminder after, each allowed the variables it reads", async () => {
  const entry = (event: string) => {
    const groups = plugin.hooks[event];
    assert.equal(groups.length, 1);
    assert.equal(groups[0].matcher, "Read");
    assert.equal(groups[0].hooks.length, 1);
    return groups[0].hooks[0];
  };
  const guard = entry("PreToolUse");
  const reminder = entry("PostToolUse");
  for (
    const [hook, variables, tail] of [
      [guard, GUARD_WORDS_VARIABLES, ["${CLAUDE_PLUGIN_ROOT}/hook.ts", "--guard"]],
      [reminder, MIN_WORDS_VARIABLES, ["${CLAUDE_PLUGIN_ROOT}/hook.ts"]],
    ] as const
  ) {
    assert.equal(hook.type, "command");
    assert.equal(hook.command, "deno");
    assert.ok(hook.timeout >= 10);
    const args: string[] = hook.args;
    // Quiet: a first run's `Download ...` lines would be the hook's stderr.
    assert.deepEqual(args.slice(0, 3), ["run", "--quiet", "--allow-read"]);
    const allowed = args.find((arg) => arg.startsWith("--allow-env="))!.split("=")[1].split(",");
    assert.deepEqual([...allowed].sort(), [...variables].sort());
    assert.deepEqual(args.slice(args.indexOf("--config"), args.indexOf("--config") + 2), [
      "--config",
      "${CLAUDE_PLUGIN_ROOT}/deno.json",
    ]);
    assert.deepEqual(args.slice(-tail.length), [...tail]);
    await assertFilesExist(args);
  }
});

Deno.test("the warm-up: a SessionStart hook that fills Deno's cache, its stamp in the plugin's data folder", async () => {
  const groups = plugin.hooks.SessionStart;
  assert.equal(groups.length, 1);
  assert.equal(groups[0].matcher, "startup");
  assert.equal(groups[0].hooks.length, 1);
  const hook = groups[0].hooks[0];
  assert.equal(hook.type, "command");
  assert.equal(hook.command, "deno");
  // Blocking, so that the first Read and tool call find the cache warm; inside its timeout.
  assert.equal(hook.async, undefined);
  assert.ok(hook.timeout * 1000 > WARM_TIME_LIMIT_MS + 10_000, `${hook.timeout}`);
  assert.deepEqual(hook.args, [
    "run",
    "--quiet",
    "--allow-read",
    "--allow-write=${CLAUDE_PLUGIN_DATA}",
    "--allow-run",
    "--allow-env=DENO_DIR,CLAUDE_PLUGIN_DATA",
    "--config",
    "${CLAUDE_PLUGIN_ROOT}/deno.json",
    "${CLAUDE_PLUGIN_ROOT}/hook.ts",
    "--warm",
  ]);
  await assertFilesExist(hook.args);
  assert.deepEqual(Object.keys(plugin.hooks).sort(), ["PostToolUse", "PreToolUse", "SessionStart"]);
});

Deno.test("every option is declared as Claude Code wants it and reaches what it configures", () => {
  const options: Record<
    string,
    { type: string; title: string; description: string; default: unknown }
  > = plugin.userConfig;
  assert.deepEqual(Object.keys(options).sort(), ["allow_any_file", "guard_words", "min_words"]);
  for (const [key, option] of Object.entries(options)) {
    assert.match(key, /^[A-Za-z_]\w*$/);
    assert.ok(["string", "number", "boolean"].includes(option.type), key);
    assert.ok(option.title.length > 0 && option.description.length > 0, key);
    assert.equal(typeof option.default, option.type, key);
  }
  // The hooks read CLAUDE_PLUGIN_OPTION_<KEY> (Claude Code upper-cases the key).
  assert.ok(
    (GUARD_WORDS_VARIABLES as readonly string[]).includes("CLAUDE_PLUGIN_OPTION_GUARD_WORDS"),
  );
  assert.ok((MIN_WORDS_VARIABLES as readonly string[]).includes("CLAUDE_PLUGIN_OPTION_MIN_WORDS"));
  assert.equal(options.guard_words.default, 2000);
  assert.equal(options.min_words.default, 200);
  // The server gets ${user_config.KEY} in its env, as variables it reads.
  const env: Record<string, string> = plugin.mcpServers.mdsel.env;
  assert.deepEqual(env, {
    MDSEL_MIN_WORDS: "${user_config.min_words}",
    MDSEL_ALLOW_ANY_FILE: "${user_config.allow_any_file}",
  });
  for (const name of Object.keys(env)) {
    assert.ok((SETTING_NAMES as readonly string[]).includes(name), name);
  }
});

Deno.test("the plugin is not part of the JSR package: Claude Code installs it from a marketplace", () => {
  const include: string[] = config.publish.include;
  assert.ok(!include.some((path) => path.startsWith(".claude-plugin")), include.join(", "));
});
