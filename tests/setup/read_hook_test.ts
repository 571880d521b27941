import assert from "node:assert/strict";
import { parseTree } from "jsonc-parser";
import { ConfigShapeError } from "../../setup/errors.ts";
import { addReadHook, removeReadHook } from "../../setup/read_hook.ts";
import { applyMerge } from "./_edit.ts";

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
const add = (text: string) => applyMerge(text, (root) => addReadHook(root, HOOK, isOwn));
const remove = (text: string) => applyMerge(text, (root) => removeReadHook(root, isOwn));
const groupsOf = (text: string) => JSON.parse(text).hooks.PostToolUse;

Deno.test("addReadHook appends its own group and leaves other groups, also on Read, alone", () => {
  const settings = {
    env: { A: "1" },
    hooks: {
      PreToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "pre" }] }],
      PostToolUse: [{ matcher: "Read", hooks: [{ type: "command", command: "log" }] }],
    },
  };
  const text = JSON.stringify(settings, null, 2);
  const result = add(text);
  assert.equal(result.action, "added");
  assert.equal(result.matcher, "Read");
  assert.equal(
    result.text,
    JSON.stringify(
      {
        ...settings,
        hooks: {
          ...settings.hooks,
          PostToolUse: [...settings.hooks.PostToolUse, { matcher: "Read", hooks: [HOOK] }],
        },
      },
      null,
      2,
    ),
  );
  assert.equal(add(result.text).action, "unchanged");
  assert.equal(
    add("{}").text,
    JSON.stringify({ hooks: { PostToolUse: [{ matcher: "Read", hooks: [HOOK] }] } }, null, 2),
  );
});

Deno.test("addReadHook updates its own hook in any group whose matcher covers Read", () => {
  for (const matcher of ["Read", "Read|Grep", "Edit|Read", "*", "", undefined, "R.*", ".*"]) {
    const group = matcher === undefined ? { hooks: [own()] } : { matcher, hooks: [own()] };
    const result = add(JSON.stringify({ hooks: { PostToolUse: [group] } }, null, 2));
    assert.equal(result.action, "updated", String(matcher));
    assert.equal(result.matcher, matcher ?? "");
    const groups = groupsOf(result.text);
    assert.equal(groups.length, 1, String(matcher));
    assert.deepEqual(groups[0].hooks, [{ ...HOOK }]);
  }
});

Deno.test("addReadHook keeps a custom timeout and other keys of its own hook, as written", () => {
  const text = [
    "{",
    '  "hooks": {',
    '    "PostToolUse": [',
    "      {",
    '        "matcher": "Read",',
    '        "hooks": [',
    '          {"type": "command", "command": "a"},',
    "          {",
    '            "type": "command",',
    '            "command": "deno",',
    '            "args": ["run", "/pkg/hook.ts"],',
    '            "timeout": 3.0, "note": "x"',
    "          }",
    "        ]",
    "      }",
    "    ]",
    "  }",
    "}",
  ].join("\n");
  const result = add(text);
  assert.equal(result.action, "updated");
  const args = JSON.stringify(HOOK.args, null, 2).replaceAll("\n", "\n            ");
  assert.equal(
    result.text,
    text.replace('["run", "/pkg/hook.ts"]', args),
  );
});

Deno.test("addReadHook ignores its hook where the matcher misses Read, and odd groups", () => {
  const elsewhere = { matcher: "Edit", hooks: [own()] };
  const invalid = { matcher: "([", hooks: [own()] };
  const odd = ["not a group", { matcher: "Read" }, { matcher: "Read", hooks: "x" }, {
    matcher: 5,
    hooks: [own()],
  }];
  const groups = [elsewhere, invalid, ...odd];
  const result = add(JSON.stringify({ hooks: { PostToolUse: groups } }));
  assert.equal(result.action, "added");
  assert.deepEqual(groupsOf(result.text), [...groups, { matcher: "Read", hooks: [HOOK] }]);
});

Deno.test("addReadHook treats null hooks as none: they hold nothing to lose", () => {
  const group = { matcher: "Read", hooks: [HOOK] };
  assert.deepEqual(JSON.parse(add('{"hooks": null}').text), { hooks: { PostToolUse: [group] } });
  assert.deepEqual(JSON.parse(add('{"hooks": {"PostToolUse": null}}').text), {
    hooks: { PostToolUse: [group] },
  });
});

Deno.test("addReadHook refuses settings of the wrong shape and keys written twice on its way", () => {
  for (
    const [text, key] of [
      ["[]", ""],
      ["1", ""],
      ['{"hooks": []}', "hooks"],
      ['{"hooks": "x"}', "hooks"],
      ['{"hooks": {"PostToolUse": {}}}', "hooks.PostToolUse"],
      ['{"hooks": {}, "hooks": {}}', "hooks"],
      ['{"hooks": {"PostToolUse": [], "PostToolUse": []}}', "hooks.PostToolUse"],
      ['{"hooks": {"PostToolUse": [{"hooks": [], "hooks": []}]}}', "hooks.PostToolUse[0].hooks"],
    ] as const
  ) {
    assert.throws(() => addReadHook(parseTree(text), HOOK, isOwn), (error) => {
      assert.ok(error instanceof ConfigShapeError, text);
      assert.equal(error.key, key, text);
      return true;
    });
  }
});

Deno.test("removeReadHook takes out its hooks, and a group, PostToolUse or hooks only when emptied", () => {
  const mine = own();
  const other = { type: "command", command: "log" };
  const cases: [unknown, unknown][] = [
    // Alone: everything setup made goes, the user's other settings stay.
    [
      { model: "x", hooks: { PostToolUse: [{ matcher: "Read", hooks: [mine] }] } },
      { model: "x" },
    ],
    // Beside another event: hooks stays.
    [
      { hooks: { Stop: [], PostToolUse: [{ matcher: "Read", hooks: [mine] }] } },
      { hooks: { Stop: [] } },
    ],
    // Beside another group: PostToolUse stays.
    [
      {
        hooks: {
          PostToolUse: [{ matcher: "Edit", hooks: [other] }, { matcher: "Read", hooks: [mine] }],
        },
      },
      { hooks: { PostToolUse: [{ matcher: "Edit", hooks: [other] }] } },
    ],
    // Beside another hook in its group, twice, and in a group with more keys: only the hooks go.
    [
      {
        hooks: {
          PostToolUse: [
            { matcher: "Read|Grep", hooks: [mine, other, mine] },
            { matcher: "Read", hooks: [mine], note: "mine" },
            { matcher: "Edit", hooks: [mine] },
          ],
        },
      },
      {
        hooks: {
          PostToolUse: [
            { matcher: "Read|Grep", hooks: [other] },
            { matcher: "Read", hooks: [], note: "mine" },
            { matcher: "Edit", hooks: [mine] },
          ],
        },
      },
    ],
  ];
  for (const [before, after] of cases) {
    const text = JSON.stringify(before, null, 2) + "\n";
    const result = remove(text);
    assert.equal(result.action, "removed", text);
    assert.equal(result.text, JSON.stringify(after, null, 2) + "\n");
    assert.deepEqual(remove(result.text).changes, []);
  }
  for (
    const text of [
      "",
      '{"hooks": {}}',
      '{"hooks": {"PostToolUse": []}}',
      '{"hooks": {"PostToolUse": [{"matcher": "Read", "hooks": []}]}}',
      JSON.stringify({ hooks: { PostToolUse: [{ matcher: "Edit", hooks: [mine] }] } }),
    ]
  ) {
    assert.deepEqual(remove(text), { changes: [], action: "absent", matcher: "Read", text }, text);
  }
});

Deno.test("the guard's event: added to and removed from PreToolUse, PostToolUse untouched", () => {
  const settings = JSON.stringify(
    { hooks: { PostToolUse: [{ matcher: "Read", hooks: [HOOK] }] } },
    null,
    2,
  );
  const added = applyMerge(settings, (root) => addReadHook(root, HOOK, isOwn, "PreToolUse"));
  assert.equal(added.action, "added");
  assert.deepEqual(JSON.parse(added.text).hooks, {
    PostToolUse: [{ matcher: "Read", hooks: [HOOK] }],
    PreToolUse: [{ matcher: "Read", hooks: [HOOK] }],
  });
  const again = applyMerge(added.text, (root) => addReadHook(root, HOOK, isOwn, "PreToolUse"));
  assert.equal(again.action, "unchanged");
  const removed = applyMerge(added.text, (root) => removeReadHook(root, isOwn, "PreToolUse"));
  assert.equal(removed.action, "removed");
  assert.deepEqual(JSON.parse(removed.text), JSON.parse(settings));
  assert.throws(
    () => addReadHook(parseTree('{"hooks": {"PreToolUse": {}}}'), HOOK, isOwn, "PreToolUse"),
    { name: "ConfigShapeError", message: 'Expected "hooks.PreToolUse" to be an array' },
  );
});
