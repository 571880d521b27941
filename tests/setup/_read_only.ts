// Making a directory refuse new files, also when the tests run as root.
//
// chmod alone does not stop root (it has CAP_DAC_OVERRIDE), so after chmod a
// probe write tells whether it worked; if not, the directory gets the
// immutable attribute (`chattr +i`), which stops root too on ext4, xfs and
// btrfs. Where neither works, `makeReadOnly` returns undefined and the
// caller skips its test.
import { join } from "node:path";

async function _refusesWrites(dir: string): Promise<boolean> {
  const probe = `${dir}/.write_probe`;
  try {
    await Deno.writeTextFile(probe, "");
  } catch {
    return true;
  }
  await Deno.remove(probe);
  return false;
}

async function _chattr(flag: "+i" | "-i", path: string): Promise<boolean> {
  try {
    const { success } = await new Deno.Command("chattr", { args: [flag, path], stderr: "null" })
      .output();
    return success;
  } catch {
    return false; // no chattr on this system
  }
}

/** Makes `dir` refuse new files; returns how to undo it, or undefined when impossible here. */
export async function makeReadOnly(dir: string): Promise<(() => Promise<void>) | undefined> {
  const mode = (await Deno.stat(dir)).mode! & 0o777;
  await Deno.chmod(dir, 0o555);
  if (await _refusesWrites(dir)) return () => Deno.chmod(dir, mode);
  await Deno.chmod(dir, mode);
  if (await _chattr("+i", dir)) {
    if (await _refusesWrites(dir)) {
      return async () => {
        await _chattr("-i", dir);
      };
    }
    await _chattr("-i", dir);
  }
  return undefined;
}

/** Whether {@linkcode makeReadOnly} works on this machine. */
export async function canMakeReadOnly(): Promise<boolean> {
  const dir = await Deno.makeTempDir();
  try {
    const undo = await makeReadOnly(dir);
    await undo?.();
    return undo !== undefined;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * Every file and folder under `dir` (a symbolic link as its target), with
 * file contents, to prove what a run wrote or left alone.
 *
 * @param dir The folder.
 * @returns Paths and contents; folders end in `/`.
 */
export async function listing(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  async function walk(current: string) {
    for await (const entry of Deno.readDir(current)) {
      const path = join(current, entry.name);
      if (entry.isDirectory) {
        files[`${path}/`] = "";
        await walk(path);
      } else if (entry.isSymlink) files[path] = `-> ${await Deno.readLink(path)}`;
      else files[path] = await Deno.readTextFile(path);
    }
  }
  await walk(dir);
  return files;
}
