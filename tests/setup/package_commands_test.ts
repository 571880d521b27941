import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  hookEntry,
  isOwnHook,
  mdselInstallCommand,
  packageSource,
  serverEntry,
} from "../../setup/package_commands.ts";

const JSR = { kind: "jsr", name: "@x/mdsel-claude", version: "0.1.0" } as const;
const ROOT = Deno.build.os === "windows" ? "C:\\src\\mdsel claude" : "/src/mdsel claude";
const LOCAL = { kind: "local", root: ROOT } as const;

Deno.test("packageSource: a JSR version, a local checkout, or an error", () => {
  assert.deepEqual(packageSource("https://jsr.io/@x/mdsel-claude/0.1.0/setup.ts"), JSR);
  assert.deepEqual(packageSource(new URL("https://jsr.io/@other/fork/2.0.0-rc.1/setup.ts")), {
    kind: "jsr",
    name: "@other/fork",
    version: "2.0.0-rc.1",
  });
  // A registry of one's own, as JSR_URL names it.
  assert.deepEqual(packageSource("http://127.0.0.1:4507/@x/mdsel-claude/0.1.0/setup.ts"), JSR);
  assert.deepEqual(packageSource(pathToFileURL(join(ROOT, "setup.ts"))), LOCAL);
  for (const url of ["https://deno.land/x/mdsel/setup.ts", "https://jsr.io/setup.ts", "data:,x"]) {
    assert.throws(() => packageSource(url), RangeError, url);
  }
});

Deno.test("serverEntry: -A or the sandboxed flags, pinned JSR or the checkout's files", () => {
  assert.deepEqual(serverEntry(JSR, { sandboxed: false }), {
    type: "stdio",
    command: "deno",
    args: ["run", "-A", "--no-config", "jsr:@x/mdsel-claude@0.1.0"],
    env: { MDSEL_MIN_WORDS: "200" },
  });
  assert.deepEqual(serverEntry(JSR, { sandboxed: true }), {
    type: "stdio",
    command: "deno",
    args: ["run", "--allow-run=mdsel", "--allow-read", "--no-config", "jsr:@x/mdsel-claude@0.1.0"],
  });
  assert.deepEqual(serverEntry(LOCAL, { sandboxed: false }).args, [
    "run",
    "-A",
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "main.ts"),
  ]);
  assert.deepEqual(serverEntry(LOCAL, { sandboxed: true }).args, [
    "run",
    "--allow-run=mdsel",
    "--allow-read",
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "main.ts"),
  ]);
});

Deno.test("hookEntry: the hook's documented flags, pinned JSR or the checkout's file", () => {
  assert.deepEqual(hookEntry(JSR), {
    type: "command",
    command: "deno",
    args: [
      "run",
      "--allow-read",
      "--allow-env=MDSEL_MIN_WORDS",
      "--no-config",
      "jsr:@x/mdsel-claude@0.1.0/hook",
    ],
    timeout: 10,
  });
  assert.deepEqual(hookEntry(LOCAL).args, [
    "run",
    "--allow-read",
    "--allow-env=MDSEL_MIN_WORDS",
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "hook.ts"),
  ]);
});

Deno.test("hookEntry for the guard: its own variable, and --guard after the module", () => {
  assert.deepEqual(hookEntry(JSR, "guard").args, [
    "run",
    "--allow-read",
    "--allow-env=MDSEL_GUARD_WORDS",
    "--no-config",
    "jsr:@x/mdsel-claude@0.1.0/hook",
    "--guard",
  ]);
  assert.deepEqual(hookEntry(LOCAL, "guard").args, [
    "run",
    "--allow-read",
    "--allow-env=MDSEL_GUARD_WORDS",
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "hook.ts"),
    "--guard",
  ]);
});

Deno.test("isOwnHook recognises the package's hook in any version and form, and nothing else", () => {
  const mine = [
    hookEntry(JSR),
    hookEntry(LOCAL),
    { type: "command", command: "deno", args: ["run", "jsr:@x/mdsel-claude/hook"] },
    { type: "command", command: "deno run --allow-read jsr:@x/mdsel-claude@^0.1/hook" },
    { type: "command", command: `deno run --allow-read "jsr:@x/mdsel-claude/hook"` },
  ];
  const others = [
    { type: "command", command: "deno run jsr:@x/mdsel-claude/hook-extra" },
    { type: "command", command: "deno run jsr:@x/mdsel-claude" },
    { type: "command", command: "deno run jsr:@y/mdsel-claude/hook" },
    { type: "command", command: "deno", args: ["run", "/elsewhere/hook.ts"] },
    { type: "prompt", prompt: "jsr:@x/mdsel-claude/hook" },
    { type: "command", args: [1, null] },
    { command: "deno run jsr:@x/mdsel-claude/hook" },
  ];
  for (const source of [JSR, LOCAL]) {
    for (const hook of mine.slice(2)) {
      assert.equal(isOwnHook(source, hook), true, JSON.stringify(hook));
    }
    for (const hook of others) assert.equal(isOwnHook(source, hook), false, JSON.stringify(hook));
  }
  assert.equal(isOwnHook(JSR, hookEntry(JSR)), true);
  assert.equal(isOwnHook(LOCAL, hookEntry(LOCAL)), true);
  assert.equal(isOwnHook(LOCAL, hookEntry(JSR)), true);
  // Any checkout's hook as setup writes it is the package's too, the guard as the reminder.
  assert.equal(isOwnHook(JSR, hookEntry(LOCAL)), true);
  const otherCheckout = { kind: "local", root: "/other/checkout" } as const;
  assert.equal(isOwnHook(LOCAL, hookEntry(otherCheckout)), true);
  for (const source of [JSR, LOCAL, otherCheckout]) {
    assert.equal(isOwnHook(JSR, hookEntry(source, "guard")), true);
    assert.equal(isOwnHook(LOCAL, hookEntry(source, "guard")), true);
  }
  // The plugin's hooks read more variables; from another checkout they are recognised too.
  const pluginGuard = {
    type: "command",
    command: "deno",
    args: [
      "run",
      "--allow-read",
      "--allow-env=MDSEL_GUARD_WORDS,CLAUDE_PLUGIN_OPTION_GUARD_WORDS",
      "--config",
      "/p/deno.json",
      "/p/hook.ts",
      "--guard",
    ],
  };
  assert.equal(isOwnHook(JSR, pluginGuard), true);
  // Someone else's Deno hook with a config beside it is not.
  const foreign = {
    type: "command",
    command: "deno",
    args: ["run", "--allow-read", "--config", "/o/deno.json", "/o/hook.ts"],
  };
  assert.equal(isOwnHook(JSR, foreign), false);
  assert.equal(isOwnHook(LOCAL, foreign), false);
  // A fork on JSR also owns its own name.
  const fork = { kind: "jsr", name: "@y/mdsel-claude", version: "1.0.0" } as const;
  assert.equal(
    isOwnHook(fork, { type: "command", command: "deno run jsr:@y/mdsel-claude/hook" }),
    true,
  );
});

Deno.test("mdselInstallCommand quotes paths for the shell", () => {
  assert.equal(
    mdselInstallCommand(JSR),
    "deno install -g -n mdsel --allow-read jsr:@x/mdsel-claude@0.1.0/mdsel",
  );
  if (Deno.build.os !== "windows") {
    assert.equal(
      mdselInstallCommand(LOCAL),
      "deno install -g -n mdsel --allow-read --config '/src/mdsel claude/deno.json' '/src/mdsel claude/mdsel/cli.ts'",
    );
    assert.equal(
      mdselInstallCommand({ kind: "local", root: "/a/it's" }),
      `deno install -g -n mdsel --allow-read --config '/a/it'\\''s/deno.json' '/a/it'\\''s/mdsel/cli.ts'`,
    );
  }
});
