import assert from "node:assert/strict";
import { join } from "node:path";
import { HomeDirectoryError } from "../../setup/errors.ts";
import { homeDirectory, targetFiles } from "../../setup/targets.ts";

Deno.test("targetFiles names Claude Code's project and user files", () => {
  assert.deepEqual(targetFiles("project", "/p"), {
    mcpConfig: join("/p", ".mcp.json"),
    settings: join("/p", ".claude", "settings.json"),
  });
  assert.deepEqual(targetFiles("user", "/h"), {
    mcpConfig: join("/h", ".claude.json"),
    settings: join("/h", ".claude", "settings.json"),
  });
});

Deno.test("homeDirectory: HOME, then USERPROFILE; clear errors otherwise", async () => {
  const dir = await Deno.makeTempDir();
  try {
    assert.equal(
      await homeDirectory((name) => ({ HOME: dir } as Record<string, string>)[name]),
      dir,
    );
    assert.equal(
      await homeDirectory((name) =>
        ({ HOME: "", USERPROFILE: dir } as Record<string, string>)[name]
      ),
      dir,
    );
    const denied = (name: string): string => {
      throw new Deno.errors.NotCapable(`Requires env access to "${name}"`);
    };
    await assert.rejects(homeDirectory(denied), {
      name: "HomeDirectoryError",
      message:
        "Cannot read the HOME environment variable: run setup with --allow-env=HOME,USERPROFILE",
    });
    await assert.rejects(homeDirectory(() => undefined), {
      message: "Cannot find the home directory: HOME is not set",
    });
    const file = join(dir, "file");
    await Deno.writeTextFile(file, "");
    await assert.rejects(homeDirectory(() => file), {
      message: `Cannot use the home directory "${file}": not a directory`,
    });
    await assert.rejects(homeDirectory(() => join(dir, "gone")), HomeDirectoryError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
