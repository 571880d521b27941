// `setup --remove` as a program: it takes out what setup wrote and nothing else.
import assert from "node:assert/strict";
import { join } from "node:path";
import { listing } from "./_read_only.ts";
import {
  backupFolder,
  backupsNamed,
  escape,
  READ_GROUP,
  readJson,
  runSetup,
  withDirs,
  write,
} from "./_run.ts";

const OTHER_HOOK = { type: "command", command: "echo read >> /tmp/log" };

Deno.test("setup --remove gives back the files as they were, for the project and --user", async () => {
  for (const scope of [[], ["--user"]]) {
    await withDirs(async (project, home) => {
      const base = scope.length > 0 ? home : project;
      const mcp = join(base, scope.length > 0 ? ".claude.json" : ".mcp.json");
      const settings = join(base, ".claude", "settings.json");
      const mcpText = JSON.stringify({ mcpServers: { other: { command: "x" } } }, null, 2) + "\n";
      const settingsText = JSON.stringify(
        {
          model: "opus",
          hooks: {
            PreToolUse: [{ matcher: "Read", hooks: [OTHER_HOOK] }],
            PostToolUse: [{ matcher: "Read", hooks: [OTHER_HOOK] }],
          },
        },
        null,
        "\t",
      );
      await write(mcp, mcpText);
      await write(settings, settingsText);
      assert.equal((await runSetup(scope, { cwd: project, home })).code, 0);

      const dry = await runSetup([...scope, "--remove", "--dry-run"], { cwd: project, home });
      assert.equal(dry.code, 0, dry.stderr);
      assert.match(
        dry.stdout,
        new RegExp(`^${escape(mcp)}: would remove server "mdsel"\n@@ `),
      );
      assert.match(dry.stdout, /\n- {4}"mdsel": \{\n/);
      assert.match(dry.stdout, /: would remove hooks PreToolUse and PostToolUse on "Read"\n@@ /);
      assert.ok(!dry.stdout.includes('"model"'));
      const added = await listing(base);

      const run = await runSetup([...scope, "--remove"], { cwd: project, home });
      assert.equal(run.code, 0, run.stderr);
      const [mcpBackup, settingsBackup] = backupsNamed(run.stdout);
      assert.equal(
        run.stdout,
        `${mcp}: removed server "mdsel"; backup at ${mcpBackup}\n` +
          `${settings}: removed hooks PreToolUse and PostToolUse on "Read"; ` +
          `backup at ${settingsBackup}\n`,
      );
      // Where the backups are: two from adding, two from removing.
      const note = `note: 4 backups of files setup changed are in ${backupFolder(home)}; ` +
        "delete the folder once you no longer need it\n";
      assert.equal(run.stderr, note);
      assert.equal(await Deno.readTextFile(mcp), mcpText);
      assert.equal(await Deno.readTextFile(settings), settingsText);
      assert.equal(await Deno.readTextFile(mcpBackup), added[mcp]);

      const again = await runSetup([...scope, "--remove"], { cwd: project, home });
      assert.equal(again.code, 0, again.stderr);
      assert.equal(again.stdout, `${mcp}: nothing to remove\n${settings}: nothing to remove\n`);
      assert.equal(again.stderr, note);
      const quiet = await runSetup([...scope, "--remove", "--dry-run"], { cwd: project, home });
      assert.equal(quiet.stdout, again.stdout);
      assert.equal(await Deno.readTextFile(mcp), mcpText);
      assert.equal(await Deno.readTextFile(settings), settingsText);
    });
  }
});

Deno.test("setup --remove empties what setup created, never deletes a file, and creates none", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    const nothing = await runSetup(["--remove"], { cwd: project, home });
    assert.equal(nothing.code, 0, nothing.stderr);
    assert.equal(nothing.stdout, `${mcp}: nothing to remove\n${settings}: nothing to remove\n`);
    // No backup yet: nothing to say about them.
    assert.equal(nothing.stderr, "");
    assert.deepEqual(await listing(project), {});

    assert.equal((await runSetup([], { cwd: project, home })).code, 0);
    const run = await runSetup(["--remove"], { cwd: project, home });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(await Deno.readTextFile(mcp), "{}\n");
    assert.equal(await Deno.readTextFile(settings), "{}\n");
  });
});

Deno.test("setup --remove keeps what the user made: an empty mcpServers, other servers and hooks", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    // The user's own empty mcpServers, and no mdsel: nothing to remove.
    await write(mcp, '{\n  "mcpServers": {}\n}\n');
    const own = { ...READ_GROUP.hooks[0] };
    await write(
      settings,
      JSON.stringify({
        hooks: {
          PostToolUse: [
            // Beside the user's hook in one group: only setup's hook goes.
            { matcher: "Read", hooks: [OTHER_HOOK, own] },
            // In a group whose matcher misses Read: not setup's, it stays.
            { matcher: "Edit", hooks: [own] },
          ],
        },
      }),
    );
    const run = await runSetup(["--remove"], { cwd: project, home });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\.mcp\.json: nothing to remove\n/);
    assert.match(run.stdout, /settings\.json: removed hook PostToolUse on "Read"; backup at /);
    assert.equal(await Deno.readTextFile(mcp), '{\n  "mcpServers": {}\n}\n');
    assert.deepEqual(await readJson(settings), {
      hooks: {
        PostToolUse: [
          { matcher: "Read", hooks: [OTHER_HOOK] },
          { matcher: "Edit", hooks: [own] },
        ],
      },
    });
    // An mdsel entry beside other servers goes alone, whatever it holds.
    await write(mcp, JSON.stringify({ mcpServers: { a: {}, mdsel: { command: "mine" } } }));
    assert.equal((await runSetup(["--remove"], { cwd: project, home })).code, 0);
    assert.deepEqual(await readJson(mcp), { mcpServers: { a: {} } });
  });
});
