import assert from "node:assert/strict";
import { ConfigShapeError } from "../../setup/errors.ts";
import { addMcpServer } from "../../setup/mcp_servers.ts";

const ENTRY = {
  type: "stdio",
  command: "deno",
  args: ["run", "-A", "jsr:@x/mdsel-claude@0.1.0"],
  env: { MDSEL_MIN_WORDS: "200" },
} as const;

Deno.test("addMcpServer adds the server next to the others and never touches its input", () => {
  const config = { other: true, mcpServers: { a: { command: "a", args: ["1"] } } };
  const copy = structuredClone(config);
  const result = addMcpServer(config, "mdsel", ENTRY);
  assert.equal(result.action, "added");
  assert.deepEqual(result.value, { ...config, mcpServers: { ...config.mcpServers, mdsel: ENTRY } });
  assert.deepEqual(config, copy);
  assert.deepEqual(Object.keys(result.value), ["other", "mcpServers"]);
  assert.deepEqual(addMcpServer({}, "mdsel", ENTRY), {
    value: { mcpServers: { mdsel: ENTRY } },
    action: "added",
  });
});

Deno.test("addMcpServer updates an existing entry, keeping its extra keys and key order", () => {
  const config = {
    mcpServers: {
      mdsel: { command: "old", args: [], env: { MDSEL_MIN_WORDS: "50" }, disabled: false },
    },
  };
  const result = addMcpServer(config, "mdsel", ENTRY);
  assert.equal(result.action, "updated");
  const entry = (result.value.mcpServers as Record<string, object>).mdsel;
  assert.deepEqual(entry, {
    command: "deno",
    args: ENTRY.args,
    env: { MDSEL_MIN_WORDS: "50" },
    disabled: false,
    type: "stdio",
  });
  assert.deepEqual(Object.keys(entry), ["command", "args", "env", "disabled", "type"]);
  assert.equal(addMcpServer(result.value, "mdsel", ENTRY).action, "unchanged");
  // A missing env is filled in.
  const noEnv = addMcpServer({ mcpServers: { mdsel: { command: "x" } } }, "mdsel", ENTRY);
  assert.deepEqual((noEnv.value.mcpServers as Record<string, unknown>).mdsel, {
    command: "deno",
    type: "stdio",
    args: ENTRY.args,
    env: ENTRY.env,
  });
  // An entry that is no object is replaced.
  const broken = addMcpServer({ mcpServers: { mdsel: "nonsense" } }, "mdsel", ENTRY);
  assert.equal(broken.action, "updated");
  assert.deepEqual((broken.value.mcpServers as Record<string, unknown>).mdsel, ENTRY);
});

Deno.test("addMcpServer treats a null mcpServers as none: it holds nothing to lose", () => {
  assert.deepEqual(addMcpServer({ mcpServers: null }, "mdsel", ENTRY).value, {
    mcpServers: { mdsel: ENTRY },
  });
});

Deno.test("addMcpServer refuses configurations of the wrong shape", () => {
  for (
    const [config, key] of [
      [[], ""],
      ["text", ""],
      [null, ""],
      [{ mcpServers: [] }, "mcpServers"],
      [{ mcpServers: "x" }, "mcpServers"],
    ] as const
  ) {
    assert.throws(() => addMcpServer(config, "mdsel", ENTRY), (error) => {
      assert.ok(error instanceof ConfigShapeError);
      assert.equal(error.key, key);
      return true;
    });
  }
});
