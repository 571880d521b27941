// Setup as a program refuses whatever is not a regular, writable file, before
// writing anything, and never opens a FIFO.
import assert from "node:assert/strict";
import { join } from "node:path";
import { makeFifo, makeSocket } from "./_special_files.ts";
import { backupsNamed, runSetup, SERVER, snapshot, withDirs, write } from "./_run.ts";

const POSIX = Deno.build.os !== "windows";

// Each puts something setup must refuse at `path`, returning the reason setup gives and an undo.
const REFUSED: [string, (path: string, dir: string) => Promise<[string, () => void]>][] = [
  ["a link to /dev/null", async (path) => {
    await Deno.symlink("/dev/null", path);
    return [
      'it is a symbolic link to "/dev/null", a character device, not a regular file',
      () => {},
    ];
  }],
  ["a FIFO", async (path) => {
    await makeFifo(path);
    return ["it is a FIFO, not a regular file", () => {}];
  }],
  ["a socket", (path) => {
    const close = makeSocket(path);
    return Promise.resolve(["it is a socket, not a regular file", close]);
  }],
  ["a directory", async (path) => {
    await Deno.mkdir(path);
    return ["it is a directory, not a regular file", () => {}];
  }],
  ["a dangling link", async (path, dir) => {
    await Deno.symlink(join(dir, "gone.json"), path);
    return [`it is a dangling symbolic link to "${join(dir, "gone.json")}"`, () => {}];
  }],
  ["a read-only file", async (path) => {
    await write(path, "{}\n");
    await Deno.chmod(path, 0o444);
    return ["it is read-only (mode 0444)", () => {}];
  }],
];

Deno.test({
  name:
    "setup refuses devices, FIFOs, sockets, directories, dangling links and read-only files, changing nothing",
  ignore: !POSIX,
  fn: async () => {
    for (const [what, make] of REFUSED) {
      for (const bad of [".mcp.json", join(".claude", "settings.json")] as const) {
        await withDirs(async (project, home) => {
          // The other file exists and would change: it must not be written either.
          const other = bad === ".mcp.json" ? join(".claude", "settings.json") : ".mcp.json";
          await write(join(project, other), '{"model": "x", "mcpServers": {}}\n');
          const path = join(project, bad);
          await Deno.mkdir(join(project, ".claude"), { recursive: true });
          const [reason, undo] = await make(path, project);
          try {
            const before = await snapshot(project);
            for (const args of [[], ["--dry-run"], ["--remove"]]) {
              if (args[0] === "--remove" && what === "a read-only file") continue;
              const run = await runSetup(args, { cwd: project, home });
              const label = `${what} at ${bad} ${args.join(" ")}`;
              assert.equal(run.code, 1, label);
              assert.equal(run.stdout, "", label);
              assert.equal(
                run.stderr,
                `error: Cannot write "${path}": ${reason}; no file was changed\n`,
                label,
              );
              assert.deepEqual(await snapshot(project), before, label);
            }
            assert.deepEqual(await snapshot(home), {});
          } finally {
            undo();
          }
        });
      }
    }
  },
});

Deno.test({
  name: "setup leaves a read-only file alone when it holds nothing to change",
  ignore: !POSIX,
  fn: async () => {
    await withDirs(async (project, home) => {
      assert.equal((await runSetup([], { cwd: project, home })).code, 0);
      const mcp = join(project, ".mcp.json");
      await Deno.chmod(mcp, 0o444);
      const run = await runSetup([], { cwd: project, home });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /\.mcp\.json: unchanged\n/);
      // Removing would change it: refused.
      const remove = await runSetup(["--remove"], { cwd: project, home });
      assert.equal(remove.code, 1);
      assert.equal(
        remove.stderr,
        `error: Cannot write "${mcp}": it is read-only (mode 0444); no file was changed\n`,
      );
    });
  },
});

Deno.test({
  name: "setup writes a linked file in place of the link's target, keeps the link, and says so",
  ignore: !POSIX,
  fn: async () => {
    await withDirs(async (project, home) => {
      const dotfiles = join(home, "dotfiles");
      const real = join(dotfiles, "mcp.json");
      const text = '{"mcpServers": {}}\n';
      await write(real, text);
      const mcp = join(project, ".mcp.json");
      await Deno.symlink(real, mcp);
      const run = await runSetup([], { cwd: project, home });
      assert.equal(run.code, 0, run.stderr);
      const [backup] = backupsNamed(run.stdout);
      assert.equal(
        run.stdout.split("\n")[0],
        `${mcp} -> ${real}: added server "mdsel"; backup at ${backup}`,
      );
      assert.ok(backup.includes("%2Fdotfiles%2Fmcp.json."), backup);
      assert.equal(await Deno.readLink(mcp), real);
      assert.deepEqual(JSON.parse(await Deno.readTextFile(real)), {
        mcpServers: { mdsel: SERVER },
      });
      assert.equal(await Deno.readTextFile(backup), text);
      const again = await runSetup([], { cwd: project, home });
      assert.equal(again.stdout.split("\n")[0], `${mcp} -> ${real}: unchanged`);
    });
  },
});

Deno.test({
  name: "setup refuses two targets that are the same file",
  ignore: !POSIX,
  fn: async () => {
    await withDirs(async (project, home) => {
      const settings = join(project, ".claude", "settings.json");
      await write(settings, "{}\n");
      await Deno.symlink(settings, join(project, ".mcp.json"));
      const before = await snapshot(project);
      const run = await runSetup([], { cwd: project, home });
      assert.equal(run.code, 1);
      assert.equal(
        run.stderr,
        `error: Cannot write "${settings}": it is the same file as "${
          join(project, ".mcp.json")
        }"; no file was changed\n`,
      );
      assert.deepEqual(await snapshot(project), before);
    });
  },
});
