import assert from "node:assert/strict";
import { parseTree } from "jsonc-parser";
import { ConfigShapeError } from "../../setup/errors.ts";
import { addMcpServer, removeMcpServer } from "../../setup/mcp_servers.ts";
import { applyMerge } from "./_edit.ts";

const ENTRY = {
  type: "stdio",
  command: "deno",
  args: ["run", "-A", "jsr:@x/mdsel-claude@0.1.0"],
  env: { MDSEL_MIN_WORDS: "200" },
} as const;
const add = (text: string) => applyMerge(text, (root) => addMcpServer(root, "mdsel", ENTRY));
const remove = (text: string) => applyMerge(text, (root) => removeMcpServer(root, "mdsel"));

Deno.test("addMcpServer adds the server after the others, every other byte kept", () => {
  const text = [
    "{",
    '  "n": 12345678901234567890, "x": 1e400, "f": 1.0, // not re-serialised',
    '  "mcpServers": {',
    '    "a": {"command": "a", "args": ["1"]}',
    "  },",
    '  "mcpServers2": {"dup": 1, "dup": 2}',
    "}",
    "",
  ].join("\n");
  const result = add(text);
  assert.equal(result.action, "added");
  const inserted = ',\n    "mdsel": ' + JSON.stringify(ENTRY, null, 2).replaceAll("\n", "\n    ");
  const at = text.indexOf("}\n  },") + 1;
  assert.equal(result.text, text.slice(0, at) + inserted + text.slice(at));
  assert.equal(add(result.text).action, "unchanged");
  assert.deepEqual(add(result.text).changes, []);
  assert.equal(add("").text, JSON.stringify({ mcpServers: { mdsel: ENTRY } }, null, 2) + "\n");
});

Deno.test("addMcpServer updates an existing entry key by key, keeping its other keys as written", () => {
  const text = [
    "{",
    '  "mcpServers": {',
    '    "mdsel": {',
    '      "command": "old",',
    '      "args": [],',
    '      "env": {"MDSEL_MIN_WORDS": "50"}, // mine',
    '      "disabled": false, "weight": 1.0',
    "    }",
    "  }",
    "}",
  ].join("\n");
  const result = add(text);
  assert.equal(result.action, "updated");
  assert.equal(
    result.text,
    [
      "{",
      '  "mcpServers": {',
      '    "mdsel": {',
      '      "command": "deno",',
      '      "args": [',
      '        "run",',
      '        "-A",',
      '        "jsr:@x/mdsel-claude@0.1.0"',
      "      ],",
      '      "env": {"MDSEL_MIN_WORDS": "50"}, // mine',
      '      "disabled": false, "weight": 1.0,',
      '      "type": "stdio"',
      "    }",
      "  }",
      "}",
    ].join("\n"),
  );
  assert.equal(add(result.text).action, "unchanged");
  // A missing env is filled in; an entry that is no object is replaced.
  assert.deepEqual(JSON.parse(add('{"mcpServers": {"mdsel": {"command": "x"}}}').text), {
    mcpServers: { mdsel: { command: "deno", type: "stdio", args: ENTRY.args, env: ENTRY.env } },
  });
  const broken = add('{"mcpServers": {"mdsel": "nonsense"}}');
  assert.equal(broken.action, "updated");
  assert.deepEqual(JSON.parse(broken.text), { mcpServers: { mdsel: ENTRY } });
});

Deno.test("addMcpServer treats a null mcpServers as none: it holds nothing to lose", () => {
  assert.deepEqual(JSON.parse(add('{"mcpServers": null}').text), { mcpServers: { mdsel: ENTRY } });
});

Deno.test("addMcpServer refuses wrong shapes and keys written twice on its way", () => {
  for (
    const [text, key] of [
      ["[]", ""],
      ['"text"', ""],
      ["null", ""],
      ['{"mcpServers": []}', "mcpServers"],
      ['{"mcpServers": "x"}', "mcpServers"],
      ['{"mcpServers": {}, "mcpServers": {}}', "mcpServers"],
      ['{"mcpServers": {"mdsel": {}, "mdsel": {}}}', "mcpServers.mdsel"],
      ['{"mcpServers": {"mdsel": {"args": [], "args": []}}}', "mcpServers.mdsel.args"],
    ] as const
  ) {
    assert.throws(() => addMcpServer(parseTree(text), "mdsel", ENTRY), (error) => {
      assert.ok(error instanceof ConfigShapeError, text);
      assert.equal(error.key, key, text);
      return true;
    });
  }
});

Deno.test("removeMcpServer takes out the server, and mcpServers only when it held nothing else", () => {
  const others = '{\n  "mcpServers": {\n    "a": {},\n    "mdsel": {"command": "deno"}\n  }\n}\n';
  assert.deepEqual(remove(others), {
    changes: [{ remove: ["mcpServers", "mdsel"] }],
    action: "removed",
    text: '{\n  "mcpServers": {\n    "a": {}\n  }\n}\n',
  });
  const only = '{\n  "keep": 1e400,\n  "mcpServers": {\n    "mdsel": {}\n  }\n}\n';
  assert.equal(remove(only).text, '{\n  "keep": 1e400\n}\n');
  for (const text of ['{"mcpServers": {}}', "{}", "", '{"mcpServers": []}', "[]"]) {
    assert.deepEqual(remove(text), { changes: [], action: "absent", text }, text);
  }
});
