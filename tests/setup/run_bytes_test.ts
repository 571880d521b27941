// Setup as a program changes only the bytes of the keys it owns: numbers,
// duplicate keys and comments elsewhere stay exactly as written.
import assert from "node:assert/strict";
import { join } from "node:path";
import { GUARD_GROUP, HOOK, READ_GROUP, runSetup, SERVER, withDirs, write } from "./_run.ts";

// The claude.json of the issue: values JSON.parse cannot give back.
const CLAUDE_JSON = [
  "{",
  '  "numStartups": 12345678901234567890,',
  '  "tipsHistory": {"a": 1e400, "b": 1.0, "c": -0.0},',
  '  "dup": 1,',
  '  "dup": 2,',
  "  // a comment Claude Code would not keep, but setup does",
  '  "projects": {"/work/app": {"mcpServers": {}}}, /* block */',
  '  "mcpServers": {',
  '    "other": {"command": "x", "timeout": 1.50}',
  "  },",
  '  "userID": "abc"',
  "}",
  "",
].join("\n");

const SETTINGS = [
  "{",
  "  // mine",
  '  "model": "opus",',
  '  "cleanupPeriodDays": 30.0,',
  '  "hooks": {',
  '    "PostToolUse": [',
  '      {"matcher": "Edit", "hooks": [{"type": "command", "command": "fmt"}]}, // formatter',
  "    ],",
  "  },",
  "}",
  "",
].join("\n");

Deno.test("setup --user adds its keys to files with big numbers, duplicates and comments, every other byte kept", async () => {
  await withDirs(async (project, home) => {
    const claudeJson = join(home, ".claude.json");
    const settings = join(home, ".claude", "settings.json");
    await write(claudeJson, CLAUDE_JSON);
    await write(settings, SETTINGS);
    const run = await runSetup(["--user"], { cwd: project, home });
    assert.equal(run.code, 0, run.stderr);

    const server = JSON.stringify(SERVER, null, 2).replaceAll("\n", "\n    ");
    assert.equal(
      await Deno.readTextFile(claudeJson),
      CLAUDE_JSON.replace(
        '"timeout": 1.50}\n',
        `"timeout": 1.50},\n    "mdsel": ${server}\n`,
      ),
    );
    const group = JSON.stringify(READ_GROUP, null, 2).replaceAll("\n", "\n      ");
    const guard = JSON.stringify(GUARD_GROUP, null, 2).replaceAll("\n", "\n      ");
    assert.equal(
      await Deno.readTextFile(settings),
      SETTINGS.replace("// formatter\n", `// formatter\n      ${group},\n`)
        .replace("    ],\n  },\n}", `    ],\n    "PreToolUse": [\n      ${guard}\n    ],\n  },\n}`),
    );
    // Claude Code reads neither file: each gets a warning naming it.
    assert.deepEqual(run.stderr.trimEnd().split("\n"), [
      `warning: "${claudeJson}" has comments or trailing commas: Claude Code reads only strict ` +
      "JSON and ignores this whole file until they are removed",
      `warning: "${settings}" has comments or trailing commas: Claude Code reads only strict ` +
      "JSON and ignores this whole file until they are removed",
    ]);

    // Removing gives back the very bytes there were.
    const removed = await runSetup(["--user", "--remove"], { cwd: project, home });
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(await Deno.readTextFile(claudeJson), CLAUDE_JSON);
    assert.equal(await Deno.readTextFile(settings), SETTINGS);
  });
});

Deno.test("setup updating its own entries changes only the keys that differ", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    const mcpText = [
      "{",
      '  "mcpServers": {',
      '    "mdsel": {',
      '      "type": "stdio",',
      '      "command": "deno",',
      '      "args": ["run", "-A", "jsr:@x/mdsel-claude@0.0.1"],',
      '      "env": {"MDSEL_MIN_WORDS": "500", "N": 1e400} // mine',
      "    }",
      "  }",
      "}",
      "",
    ].join("\n");
    const settingsText = [
      "{",
      '  "hooks": {"PostToolUse": [{"matcher": "Read", "hooks": [',
      '    {"type": "command", "command": "echo"},',
      '    {"type": "command", "command": "deno run --allow-read jsr:@x/mdsel-claude/hook", "timeout": 30.0}',
      "  ]}]}",
      "}",
      "",
    ].join("\n");
    await write(mcp, mcpText);
    await write(settings, settingsText);
    const run = await runSetup([], { cwd: project, home });
    assert.equal(run.code, 0, run.stderr);
    const args = JSON.stringify(SERVER.args, null, 2).replaceAll("\n", "\n      ");
    assert.equal(
      await Deno.readTextFile(mcp),
      mcpText.replace('["run", "-A", "jsr:@x/mdsel-claude@0.0.1"]', args),
    );
    // Its hook sits among others on one line: the new values stay on that line.
    assert.equal(
      await Deno.readTextFile(settings),
      settingsText.replace(
        '"command": "deno run --allow-read jsr:@x/mdsel-claude/hook", "timeout": 30.0}',
        `"command": "deno", "timeout": 30.0, "args": ${JSON.stringify(HOOK.args)}}`,
      ).replace("  ]}]}\n", `  ]}], "PreToolUse": [${JSON.stringify(GUARD_GROUP)}]}\n`),
    );
  });
});

Deno.test("setup reads JSONC: comments and trailing commas are kept, not errors", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    const text =
      '{\n  // servers for this repo\n  "mcpServers": {\n    "a": {"command": "a"},\n  },\n}\n';
    await write(mcp, text);
    const run = await runSetup([], { cwd: project, home });
    assert.equal(run.code, 0, run.stderr);
    const server = JSON.stringify(SERVER, null, 2).replaceAll("\n", "\n    ");
    assert.equal(
      await Deno.readTextFile(mcp),
      text.replace('"a": {"command": "a"},\n', `"a": {"command": "a"},\n    "mdsel": ${server},\n`),
    );
  });
});
