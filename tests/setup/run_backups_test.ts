// Setup's backups as a program keeps them: out of the project, one per run.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { listing } from "./_read_only.ts";
import { backupFolder, backupsNamed, escape, runSetup, withDirs, write } from "./_run.ts";

Deno.test("every changing run keeps its own backup in ~/.claude/backups/mdsel-claude, none in the project", async () => {
  await withDirs(async (project, home) => {
    const settings = join(project, ".claude", "settings.json");
    const states = ['{"model": "a"}\n'];
    await write(settings, states[0]);
    const backups: string[] = [];
    // Add, remove, add again: three changes to the settings, three backups.
    for (const args of [[], ["--remove"], []]) {
      const run = await runSetup(args, { cwd: project, home });
      assert.equal(run.code, 0, run.stderr);
      const named = backupsNamed(run.stdout).filter((path) => path.includes("settings.json"));
      assert.equal(named.length, 1, run.stdout);
      backups.push(named[0]);
      states.push(await Deno.readTextFile(settings));
    }
    assert.equal(new Set(backups).size, 3);
    for (const [i, backup] of backups.entries()) {
      assert.equal(dirname(backup), backupFolder(home));
      assert.equal(await Deno.readTextFile(backup), states[i], backup);
    }
    // A run that changes nothing makes no backup.
    const files = Object.keys(await listing(backupFolder(home))).length;
    const quiet = await runSetup([], { cwd: project, home });
    assert.ok(!quiet.stdout.includes("backup"));
    assert.equal(Object.keys(await listing(backupFolder(home))).length, files);
    // The folder ignores itself for version control; the project holds no backup.
    assert.equal(await Deno.readTextFile(join(backupFolder(home), ".gitignore")), "*\n");
    assert.deepEqual(
      Object.keys(await listing(project)).sort(),
      [
        join(project, ".claude") + "/",
        settings,
        join(project, ".mcp.json"),
      ].sort(),
    );
  });
});

Deno.test("without HOME, backups go below the project's .claude, which git is told to ignore", async () => {
  await withDirs(async (project) => {
    const mcp = join(project, ".mcp.json");
    await write(mcp, "{}\n");
    const run = await runSetup([], { cwd: project, flags: ["--allow-read", "--allow-write"] });
    assert.equal(run.code, 0, run.stderr);
    const [backup] = backupsNamed(run.stdout);
    assert.equal(dirname(backup), backupFolder(project));
    assert.equal(await Deno.readTextFile(backup), "{}\n");
    assert.equal(await Deno.readTextFile(join(backupFolder(project), ".gitignore")), "*\n");
    const git = await new Deno.Command("git", { args: ["--version"] }).output().catch(() => null);
    if (git?.success) {
      await new Deno.Command("git", { args: ["init", "-q"], cwd: project }).output();
      const { stdout } = await new Deno.Command("git", {
        args: ["status", "--porcelain", "--untracked-files=all"],
        cwd: project,
      }).output();
      const untracked = new TextDecoder().decode(stdout).trim().split("\n").sort();
      assert.deepEqual(untracked, ["?? .claude/settings.json", "?? .mcp.json"]);
    }
  });
});

Deno.test("a file where the backup folder goes is a clear error, and nothing is changed", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    await write(mcp, "{}\n");
    await write(join(home, ".claude"), "not a folder\n");
    const before = await listing(project);
    const run = await runSetup([], { cwd: project, home });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.match(
      run.stderr,
      new RegExp(
        `^error: Cannot write "${escape(backupFolder(home))}": .+; no file was changed\n$`,
      ),
    );
    assert.deepEqual(await listing(project), before);
    assert.equal(await Deno.readTextFile(join(home, ".claude")), "not a folder\n");
  });
});
