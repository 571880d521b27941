import assert from "node:assert/strict";
import { join } from "node:path";
import { ConfigFileError } from "../../setup/errors.ts";
import { assertWritable, inspectTarget } from "../../setup/target_file.ts";
import { makeFifo, makeSocket } from "./_special_files.ts";

const POSIX = Deno.build.os !== "windows";

async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_target_" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("inspectTarget accepts nothing, a regular file, and a link to one (naming the file)", async () => {
  await inTempDir(async (dir) => {
    const file = join(dir, "real.json");
    await Deno.writeTextFile(file, "{}");
    assert.deepEqual(await inspectTarget(file), { path: file, file, linked: false, exists: true });
    const none = join(dir, "none.json");
    assert.deepEqual(await inspectTarget(none), {
      path: none,
      file: none,
      linked: false,
      exists: false,
    });
    const link = join(dir, "link.json");
    const chain = join(dir, "chain.json");
    await Deno.symlink("real.json", link);
    await Deno.symlink(link, chain);
    assert.deepEqual(await inspectTarget(chain), {
      path: chain,
      file: await Deno.realPath(file),
      linked: true,
      exists: true,
    });
  });
});

Deno.test({
  name:
    "inspectTarget refuses devices, FIFOs, sockets, directories and dangling links, without opening them",
  ignore: !POSIX,
  fn: async () => {
    await inTempDir(async (dir) => {
      const fifo = join(dir, "fifo.json");
      await makeFifo(fifo);
      const socket = join(dir, "socket.json");
      const close = makeSocket(socket);
      const folder = join(dir, "folder.json");
      await Deno.mkdir(folder);
      const toNull = join(dir, "null.json");
      await Deno.symlink("/dev/null", toNull);
      const toFifo = join(dir, "to_fifo.json");
      await Deno.symlink(fifo, toFifo);
      const dangling = join(dir, "dangling.json");
      await Deno.symlink(join(dir, "gone.json"), dangling);
      try {
        const table: [string, string][] = [
          [fifo, "it is a FIFO, not a regular file"],
          [socket, "it is a socket, not a regular file"],
          [folder, "it is a directory, not a regular file"],
          ["/dev/null", "it is a character device, not a regular file"],
          [toNull, 'it is a symbolic link to "/dev/null", a character device, not a regular file'],
          [toFifo, `it is a symbolic link to "${fifo}", a FIFO, not a regular file`],
          [dangling, `it is a dangling symbolic link to "${join(dir, "gone.json")}"`],
        ];
        for (const [path, reason] of table) {
          await assert.rejects(inspectTarget(path), (error) => {
            assert.ok(error instanceof ConfigFileError);
            assert.equal(error.path, path);
            assert.equal(error.message, `Cannot write "${path}": ${reason}; no file was changed`);
            return true;
          });
        }
      } finally {
        close();
      }
    });
  },
});

Deno.test({
  name:
    "assertWritable refuses a file without a write bit for the user, also for root, and its link",
  ignore: !POSIX,
  fn: async () => {
    await inTempDir(async (dir) => {
      const file = join(dir, "settings.json");
      await Deno.writeTextFile(file, "{}");
      await Deno.chmod(file, 0o644);
      await assertWritable(await inspectTarget(file));
      await assertWritable(await inspectTarget(join(dir, "new.json")));
      const link = join(dir, "link.json");
      await Deno.symlink(file, link);
      const real = await Deno.realPath(file);
      for (const mode of [0o444, 0o400, 0o000]) {
        await Deno.chmod(file, mode);
        const octal = mode.toString(8).padStart(4, "0");
        await assert.rejects(assertWritable(await inspectTarget(file)), {
          name: "ConfigFileError",
          message: `Cannot write "${file}": it is read-only (mode ${octal}); no file was changed`,
        });
        await assert.rejects(assertWritable(await inspectTarget(link)), {
          name: "ConfigFileError",
          path: link,
          message:
            `Cannot write "${link}": its target "${real}" is read-only (mode ${octal}); no file was changed`,
        });
      }
    });
  },
});
