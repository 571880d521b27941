import assert from "node:assert/strict";
import { join } from "node:path";
import { writeFilesAtomically } from "../../setup/atomic_write.ts";
import { ConfigFileError } from "../../setup/errors.ts";
import { canMakeReadOnly, listing, makeReadOnly } from "./_read_only.ts";
import { makeFifo } from "./_special_files.ts";

async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_atomic_" });
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("writeFilesAtomically creates files and their directories, leaving no temporary files", async () => {
  await inTempDir(async (dir) => {
    const a = join(dir, "a.json");
    const b = join(dir, "x", "y", "b.json");
    await writeFilesAtomically([{ path: a, content: "A" }, { path: b, content: "B" }]);
    assert.deepEqual(await listing(dir), {
      [a]: "A",
      [join(dir, "x") + "/"]: "",
      [join(dir, "x", "y") + "/"]: "",
      [b]: "B",
    });
  });
});

Deno.test("writeFilesAtomically keeps the replaced content where asked, with the file's mode", async () => {
  await inTempDir(async (dir) => {
    const a = join(dir, "a.json");
    const backup = join(dir, "backups", "deep", "a.json.1.bak");
    await Deno.writeTextFile(a, "old");
    if (Deno.build.os !== "windows") await Deno.chmod(a, 0o640);
    await writeFilesAtomically([{ path: a, content: "new", previous: "old", backup }]);
    assert.deepEqual(await listing(dir), {
      [a]: "new",
      [join(dir, "backups") + "/"]: "",
      [join(dir, "backups", "deep") + "/"]: "",
      [backup]: "old",
    });
    if (Deno.build.os !== "windows") {
      assert.equal((await Deno.stat(a)).mode! & 0o777, 0o640);
      assert.equal((await Deno.stat(backup)).mode! & 0o777, 0o640);
    }
    // Without a backup path, none is made.
    await writeFilesAtomically([{ path: a, content: "newer", previous: "new" }]);
    assert.equal(Object.keys(await listing(dir)).length, 4);
  });
});

Deno.test("writeFilesAtomically writes through a symbolic link and keeps the link", async () => {
  await inTempDir(async (dir) => {
    const real = join(dir, "dotfiles", "settings.json");
    const link = join(dir, "settings.json");
    await Deno.mkdir(join(dir, "dotfiles"));
    await Deno.writeTextFile(real, "old");
    await Deno.symlink(real, link);
    await writeFilesAtomically([{ path: link, content: "new", previous: "old" }]);
    assert.equal((await Deno.lstat(link)).isSymlink, true);
    assert.deepEqual(await listing(dir), {
      [join(dir, "dotfiles") + "/"]: "",
      [real]: "new",
      [link]: `-> ${real}`,
    });
  });
});

Deno.test("writeFilesAtomically changes nothing when a later file cannot be staged", async () => {
  await inTempDir(async (dir) => {
    const first = join(dir, "made", "for", "first.json");
    const existing = join(dir, "existing.json");
    await Deno.writeTextFile(existing, "keep");
    // A regular file where a directory should be: nobody, root included, can write below it.
    await Deno.writeTextFile(join(dir, "blocker"), "file");
    const blocked = join(dir, "blocker", "second.json");
    const before = await listing(dir);
    await assert.rejects(
      writeFilesAtomically([
        { path: existing, content: "changed", previous: "keep" },
        { path: first, content: "1" },
        { path: blocked, content: "2" },
      ]),
      (error) => {
        assert.ok(error instanceof ConfigFileError);
        assert.equal(error.path, blocked);
        assert.match(error.message, /^Cannot write ".*second\.json": .+; no file was changed$/);
        return true;
      },
    );
    // No temporary files, no backups, and the directories made for `first` are gone.
    assert.deepEqual(await listing(dir), before);
  });
});

Deno.test("writeFilesAtomically refuses to replace a file another program changed", async () => {
  await inTempDir(async (dir) => {
    const a = join(dir, "a.json");
    const b = join(dir, "b.json");
    const appeared = join(dir, "appeared.json");
    await Deno.writeTextFile(a, "\uFEFF{}\n");
    await Deno.writeTextFile(b, "changed by someone else");
    await Deno.writeTextFile(appeared, "created meanwhile");
    const before = await listing(dir);
    for (
      const [path, previous] of [[b, "what setup read"], [appeared, undefined]] as const
    ) {
      await assert.rejects(
        writeFilesAtomically([
          { path: a, content: "new", previous: "\uFEFF{}\n" },
          { path, content: "new", previous },
        ]),
        {
          name: "ConfigFileError",
          path,
          message: `Cannot write "${path}": it changed while setup ran; no file was changed`,
        },
      );
      assert.deepEqual(await listing(dir), before);
    }
    // A byte order mark is part of the content compared, not a change.
    await writeFilesAtomically([{ path: a, content: "new", previous: "\uFEFF{}\n" }]);
    assert.equal(await Deno.readTextFile(a), "new");
  });
});

Deno.test("writeFilesAtomically puts back files already replaced when a later rename fails", async () => {
  await inTempDir(async (dir) => {
    const a = join(dir, "a.json");
    const b = join(dir, "b.json");
    const created = join(dir, "created.json");
    await Deno.writeTextFile(a, "a old");
    await Deno.writeTextFile(b, "b old");
    // A non-empty directory where b's backup goes makes b's commit fail.
    await Deno.mkdir(`${b}.bak`);
    await Deno.writeTextFile(join(`${b}.bak`, "x"), "x");
    const before = await listing(dir);
    await assert.rejects(
      writeFilesAtomically([
        { path: a, content: "a new", previous: "a old", backup: `${a}.bak` },
        { path: created, content: "c" },
        { path: b, content: "b new", previous: "b old", backup: `${b}.bak` },
      ]),
      { name: "ConfigFileError", message: /files already replaced were put back$/ },
    );
    const after = await listing(dir);
    // a's backup stays (it holds the old content); everything else is as before.
    assert.equal(after[`${a}.bak`], "a old");
    delete after[`${a}.bak`];
    assert.deepEqual(after, before);
  });
});

Deno.test({
  name: "writeFilesAtomically in a read-only directory fails cleanly",
  ignore: !(await canMakeReadOnly()),
  fn: async () => {
    await inTempDir(async (dir) => {
      const locked = join(dir, "locked");
      await Deno.mkdir(locked);
      const target = join(locked, "settings.json");
      await Deno.writeTextFile(target, "old");
      const other = join(dir, "other.json");
      const undo = await makeReadOnly(locked);
      assert.ok(undo);
      try {
        await assert.rejects(
          writeFilesAtomically([
            { path: other, content: "o" },
            { path: target, content: "new", previous: "old" },
          ]),
          { name: "ConfigFileError", path: target },
        );
      } finally {
        await undo();
      }
      assert.deepEqual(await listing(dir), { [`${locked}/`]: "", [target]: "old" });
    });
  },
});

Deno.test({
  name: "writeFilesAtomically takes a target turned into a FIFO for a change, without opening it",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await inTempDir(async (dir) => {
      const fifo = join(dir, "settings.json");
      await makeFifo(fifo);
      // Opening the FIFO to compare its content would block this test for ever.
      await assert.rejects(
        writeFilesAtomically([{ path: fifo, content: "new", previous: "old" }]),
        {
          name: "ConfigFileError",
          message: `Cannot write "${fifo}": it changed while setup ran; no file was changed`,
        },
      );
      assert.equal((await Deno.lstat(fifo)).isFifo, true);
      // No temporary file is left (listing would open the FIFO).
      assert.deepEqual(await Array.fromAsync(Deno.readDir(dir), (entry) => entry.name), [
        "settings.json",
      ]);
    });
  },
});
