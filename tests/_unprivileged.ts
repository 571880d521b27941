// Runs the server and the CLI as a user the file system can say no to:
// root reads everything, so when the tests run as root, they run these as
// `nobody` through util-linux's setpriv. The server and the CLI are bundled
// into single files first (deno bundle), so that user needs no access to
// root's Deno cache or to the checkout.
import { join } from "node:path";
import { BASE_PATH, connectServer, pathWith, ROOT, type RunningServer } from "./_server.ts";

/** The user and group the tests drop to when they run as root. */
const NOBODY = 65534;

const _isRoot = Deno.uid() === 0;

/** Whether the tests can run a process the file system may refuse. */
export const CAN_DROP_PRIVILEGES: boolean = !_isRoot || (() => {
  try {
    return Deno.statSync("/usr/bin/setpriv").isFile;
  } catch {
    return false;
  }
})();

interface _Bundle {
  readonly dir: string;
  readonly bin: string;
  readonly denoDir: string;
}

let _bundle: Promise<_Bundle> | undefined;

/** The bundled server and CLI, made once per test process. */
function _bundled(): Promise<_Bundle> {
  return _bundle ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "mdsel-unprivileged-" });
    await Deno.chmod(dir, 0o755);
    for (const [entry, out] of [["main.ts", "main.js"], ["mdsel/cli.ts", "cli.js"]]) {
      const output = await new Deno.Command(Deno.execPath(), {
        args: [
          "bundle",
          "--quiet",
          "--platform",
          "deno",
          "--config",
          join(ROOT, "deno.json"),
          "-o",
          join(dir, out),
          join(ROOT, entry),
        ],
        stdin: "null",
      }).output();
      if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
      await Deno.chmod(join(dir, out), 0o644);
    }
    const bin = join(dir, "bin");
    await Deno.mkdir(bin, { mode: 0o755 });
    // What `deno install -g -n mdsel --allow-read` writes, for the bundle.
    await Deno.writeTextFile(
      join(bin, "mdsel"),
      `#!/bin/sh\nexec '${Deno.execPath()}' run --quiet --no-prompt --allow-read ` +
        `'${join(dir, "cli.js")}' "$@"\n`,
      { mode: 0o755 },
    );
    await Deno.chmod(join(bin, "mdsel"), 0o755);
    const denoDir = join(dir, "deno_dir");
    await Deno.mkdir(denoDir, { mode: 0o777 });
    await Deno.chmod(denoDir, 0o777);
    return { dir, bin, denoDir };
  })();
}

function _asUser(command: string, args: readonly string[]): [string, string[]] {
  if (!_isRoot) return [command, [...args]];
  return ["/usr/bin/setpriv", [
    `--reuid=${NOBODY}`,
    `--regid=${NOBODY}`,
    "--clear-groups",
    "--",
    command,
    ...args,
  ]];
}

/**
 * Makes a folder tree readable by the unprivileged user (it is created by
 * whoever runs the tests), except what the test then locks.
 *
 * @param root The folder.
 */
export async function openToAll(root: string): Promise<void> {
  const info = await Deno.stat(root);
  await Deno.chmod(root, info.isDirectory ? 0o755 : 0o644);
  if (!info.isDirectory) return;
  for await (const entry of Deno.readDir(root)) await openToAll(join(root, entry.name));
}

/**
 * Starts the bundled server, sandboxed, as an unprivileged user, with the
 * bundled CLI installed as `mdsel` on its PATH.
 *
 * @param flags Deno permission flags.
 * @returns The connected client.
 */
export async function startUnprivilegedServer(flags: readonly string[]): Promise<RunningServer> {
  const { dir, bin, denoDir } = await _bundled();
  const [command, args] = _asUser(Deno.execPath(), ["run", ...flags, join(dir, "main.js")]);
  return await connectServer(command, args, {
    PATH: pathWith(bin),
    DENO_DIR: denoDir,
    HOME: dir,
  }, dir);
}

/**
 * Runs the bundled CLI as an unprivileged user.
 *
 * @param args The arguments after `mdsel`.
 * @returns Its exit code and output.
 */
export async function runUnprivilegedCli(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { dir, bin, denoDir } = await _bundled();
  const [command, full] = _asUser(join(bin, "mdsel"), args);
  const output = await new Deno.Command(command, {
    args: full,
    cwd: dir,
    env: { PATH: BASE_PATH, DENO_DIR: denoDir, HOME: dir, NO_COLOR: "1" },
    clearEnv: true,
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}
