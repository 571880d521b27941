import assert from "node:assert/strict";
import { ConfigShapeError } from "../../setup/errors.ts";
import { addReadHook } from "../../setup/read_hook.ts";

const HOOK = {
  type: "command",
  command: "deno",
  args: ["run", "--allow-read", "--allow-env=MDSEL_MIN_WORDS", "/pkg/hook.ts"],
  timeout: 10,
} as const;
const isOwn = (hook: Readonly<Record<string, unknown>>) =>
  Array.isArray(hook.args) && hook.args.includes("/pkg/hook.ts");
const own = (extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: "deno",
  args: ["run", "/pkg/hook.ts"],
  ...extra,
});

Deno.test("addReadHook appends its own group and leaves other groups, also on Read, alone", () => {
  const settings = {
    env: { A: "1" },
    hooks: {
      PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "pre" }] }],
      PostToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "log" }] }],
    },
  };
  const copy = structuredClone(settings);
  const result = addReadHook(settings, HOOK, isOwn);
  assert.equal(result.action, "added");
  assert.equal(result.matcher, "Read");
  assert.deepEqual(result.value, {
    ...settings,
    hooks: {
      ...settings.hooks,
      PostToolUse: [...settings.hooks.PostToolUse, { matcher: "Read", hooks: [HOOK] }],
    },
  });
  assert.deepEqual(settings, copy);
  assert.equal(addReadHook(result.value, HOOK, isOwn).action, "unchanged");
  assert.deepEqual(addReadHook({}, HOOK, isOwn).value, {
    hooks: { PostToolUse: [{ matcher: "Read", hooks: [HOOK] }] },
  });
});

Deno.test("addReadHook updates its own hook in any group whose matcher covers Read", () => {
  for (const matcher of ["Read", "Read|Grep", "Edit|Read", "*", "", undefined, "R.*", ".*"]) {
    const group = matcher === undefined ? { hooks: [own()] } : { matcher, hooks: [own()] };
    const result = addReadHook({ hooks: { PostToolUse: [group] } }, HOOK, isOwn);
    assert.equal(result.action, "updated", String(matcher));
    assert.equal(result.matcher, matcher ?? "");
    const groups = (result.value.hooks as Record<string, unknown[]>).PostToolUse;
    assert.equal(groups.length, 1, String(matcher));
    assert.deepEqual((groups[0] as { hooks: unknown[] }).hooks, [{ ...HOOK }]);
  }
});

Deno.test("addReadHook keeps a custom timeout and other keys of its own hook", () => {
  const settings = {
    hooks: {
      PostToolUse: [{
        matcher: "Read",
        hooks: [{ type: "command", command: "a" }, own({ timeout: 3, note: "x" })],
      }],
    },
  };
  const result = addReadHook(settings, HOOK, isOwn);
  assert.equal(result.action, "updated");
  assert.deepEqual((result.value.hooks as Record<string, unknown>).PostToolUse, [
    {
      matcher: "Read",
      hooks: [{ type: "command", command: "a" }, { ...HOOK, timeout: 3, note: "x" }],
    },
  ]);
});

Deno.test("addReadHook ignores its hook where the matcher misses Read, and odd groups", () => {
  const elsewhere = { matcher: "Edit", hooks: [own()] };
  const invalid = { matcher: "([", hooks: [own()] };
  const odd = ["not a group", { matcher: "Read" }, { matcher: "Read", hooks: "x" }, {
    matcher: 5,
    hooks: [own()],
  }];
  const settings = { hooks: { PostToolUse: [elsewhere, invalid, ...odd] } };
  const result = addReadHook(settings, HOOK, isOwn);
  assert.equal(result.action, "added");
  assert.deepEqual((result.value.hooks as Record<string, unknown>).PostToolUse, [
    ...settings.hooks.PostToolUse,
    { matcher: "Read", hooks: [HOOK] },
  ]);
});

Deno.test("addReadHook treats null hooks as none: they hold nothing to lose", () => {
  const group = { matcher: "Read", hooks: [HOOK] };
  assert.deepEqual(addReadHook({ hooks: null }, HOOK, isOwn).value, {
    hooks: { PostToolUse: [group] },
  });
  assert.deepEqual(addReadHook({ hooks: { PostToolUse: null } }, HOOK, isOwn).value, {
    hooks: { PostToolUse: [group] },
  });
});

Deno.test("addReadHook refuses settings of the wrong shape", () => {
  for (
    const [settings, key] of [
      [[], ""],
      [1, ""],
      [{ hooks: [] }, "hooks"],
      [{ hooks: "x" }, "hooks"],
      [{ hooks: { PostToolUse: {} } }, "hooks.PostToolUse"],
    ] as const
  ) {
    assert.throws(() => addReadHook(settings, HOOK, isOwn), (error) => {
      assert.ok(error instanceof ConfigShapeError);
      assert.equal(error.key, key);
      return true;
    });
  }
});
