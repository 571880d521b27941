import assert from "node:assert/strict";
import { join } from "node:path";
import { BACKUP_FOLDER, backupDirectory, backupPath } from "../../setup/backups.ts";

Deno.test("backupDirectory: the home's .claude/backups/mdsel-claude, else the fallback's", async () => {
  const home = await Deno.makeTempDir();
  try {
    assert.equal(await backupDirectory("/p", () => home), join(home, BACKUP_FOLDER));
    assert.equal(await backupDirectory("/p", () => undefined), join("/p", BACKUP_FOLDER));
    // A home that is missing or no directory is not made.
    assert.equal(await backupDirectory("/p", () => join(home, "gone")), join("/p", BACKUP_FOLDER));
    await Deno.writeTextFile(join(home, "file"), "");
    assert.equal(await backupDirectory("/p", () => join(home, "file")), join("/p", BACKUP_FOLDER));
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("backupDirectory reads HOME only where permission is granted, without asking", async () => {
  const home = await Deno.makeTempDir();
  try {
    const script = join(home, "backup_dir.ts");
    const module = new URL("../../setup/backups.ts", import.meta.url).href;
    await Deno.writeTextFile(
      script,
      `import { backupDirectory } from ${JSON.stringify(module)};\n` +
        `console.log(await backupDirectory("/p"));\n`,
    );
    for (
      const [flags, expected] of [
        [["--allow-read", "--allow-env=HOME"], join(home, BACKUP_FOLDER)],
        [["--allow-read"], join("/p", BACKUP_FOLDER)],
      ] as const
    ) {
      const { stdout, stderr, code: exit } = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--quiet", "--no-prompt", ...flags, script],
        env: { HOME: home },
        stdin: "null",
      }).output();
      assert.equal(exit, 0, new TextDecoder().decode(stderr));
      assert.equal(new TextDecoder().decode(stdout), `${expected}\n`);
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("backupPath encodes the whole path and the time, and never reuses a name", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const now = new Date("2025-06-07T08:09:10.011Z");
    const file = "/work/my app/.claude/settings.json";
    const first = await backupPath(dir, file, now);
    assert.equal(
      first,
      join(dir, "%2Fwork%2Fmy app%2F.claude%2Fsettings.json.2025-06-07T08-09-10.011Z.bak"),
    );
    await Deno.writeTextFile(first, "");
    const second = await backupPath(dir, file, now);
    assert.equal(second, first.replace(/\.bak$/, "-2.bak"));
    await Deno.writeTextFile(second, "");
    assert.equal(await backupPath(dir, file, now), first.replace(/\.bak$/, "-3.bak"));
    // Different files never share a name: "/" and "%" are both encoded.
    assert.notEqual(await backupPath(dir, "/a%2Fb", now), await backupPath(dir, "/a/b", now));
    // Long paths keep their end, within a file name's limit.
    const long = `/${"deep/".repeat(60)}settings.json`;
    const name = (await backupPath(dir, long, now)).slice(dir.length + 1);
    assert.ok(
      name.startsWith("...") && name.endsWith("%2Fsettings.json.2025-06-07T08-09-10.011Z.bak"),
    );
    assert.ok(new TextEncoder().encode(name).length < 255);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
