// The setup command run as a program against temporary projects and homes,
// and the entries it writes there from this checkout.
import { dirname, join } from "node:path";
import { fileURLToPath as fromFileUrl } from "node:url";

/** The setup module of this checkout. */
export const SETUP = fromFileUrl(new URL("../../setup.ts", import.meta.url));
const ROOT = dirname(SETUP);
const FLAGS = ["--allow-read", "--allow-write", "--allow-env=HOME,USERPROFILE"];

/** The server entry setup writes from this checkout. */
export const SERVER = {
  type: "stdio",
  command: "deno",
  args: ["run", "-A", "--config", join(ROOT, "deno.json"), join(ROOT, "main.ts")],
  env: { MDSEL_MIN_WORDS: "200" },
};
/** The sandboxed server's arguments. */
export const SANDBOXED_ARGS = [
  "run",
  "--allow-run=mdsel",
  "--allow-read",
  "--config",
  join(ROOT, "deno.json"),
  join(ROOT, "main.ts"),
];
/** The hook setup writes from this checkout. */
export const HOOK = {
  type: "command",
  command: "deno",
  args: [
    "run",
    "--allow-read",
    "--allow-env=MDSEL_MIN_WORDS",
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "hook.ts"),
  ],
  timeout: 10,
};
/** The group setup adds for the hook. */
export const READ_GROUP = { matcher: "Read", hooks: [HOOK] };
/** The guard hook setup writes from this checkout. */
export const GUARD_HOOK = {
  type: "command",
  command: "deno",
  args: [
    "run",
    "--allow-read",
    "--allow-env=MDSEL_GUARD_WORDS",
    "--config",
    join(ROOT, "deno.json"),
    join(ROOT, "hook.ts"),
    "--guard",
  ],
  timeout: 10,
};
/** The group setup adds for the guard. */
export const GUARD_GROUP = { matcher: "Read", hooks: [GUARD_HOOK] };

// A temporary HOME would also move Deno's cache; keep the real one.
const DENO_DIR = Deno.env.get("DENO_DIR") ?? await _denoDir();

async function _denoDir(): Promise<string> {
  const { stdout } = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(stdout)).denoDir;
}

/** Escapes text for a regular expression. */
export function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|\/]/g, "\\$&");
}

/** A finished run. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs setup in `cwd`, with `HOME` only when given; killed after 60 s, so a
 * run that blocks (on a FIFO, say) fails rather than hangs.
 */
export async function runSetup(
  args: string[],
  options: { cwd: string; home?: string; flags?: string[] },
): Promise<Run> {
  const env: Record<string, string> = { DENO_DIR, PATH: Deno.env.get("PATH") ?? "" };
  if (options.home !== undefined) env.HOME = options.home;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...(options.flags ?? FLAGS), SETUP, ...args],
    cwd: options.cwd,
    env,
    clearEnv: true,
    stdin: "null",
    signal: AbortSignal.timeout(60_000),
  }).output();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

/** Runs `body` with an empty project and home, removed afterwards. */
export async function withDirs(
  body: (project: string, home: string) => Promise<void>,
): Promise<void> {
  const base = await Deno.makeTempDir({ prefix: "mdsel_setup_" });
  const project = join(base, "project");
  const home = join(base, "home");
  await Deno.mkdir(project);
  await Deno.mkdir(home);
  try {
    await body(project, home);
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

/** Writes a file, making its directories. */
export async function write(path: string, text: string): Promise<void> {
  await Deno.mkdir(dirname(path), { recursive: true });
  await Deno.writeTextFile(path, text);
}

/** Reads and parses a JSON file. */
export async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await Deno.readTextFile(path));
}

/** The backup folder setup uses below a home (or project) directory. */
export function backupFolder(dir: string): string {
  return join(dir, ".claude", "backups", "mdsel-claude");
}

/** The backup paths a report names, in order. */
export function backupsNamed(stdout: string): string[] {
  return [...stdout.matchAll(/; backup at (.+)$/gm)].map((match) => match[1]);
}

/**
 * Every entry under `dir`, like `listing`, but opening only regular files:
 * other kinds are named (`<fifo>`), since opening a FIFO blocks.
 */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  async function walk(current: string) {
    for await (const entry of Deno.readDir(current)) {
      const path = join(current, entry.name);
      const info = await Deno.lstat(path);
      if (info.isDirectory) {
        entries[`${path}/`] = `mode ${info.mode! & 0o7777}`;
        await walk(path);
      } else if (info.isSymlink) entries[path] = `-> ${await Deno.readLink(path)}`;
      else if (info.isFile) {
        entries[path] = `mode ${info.mode! & 0o7777}: ${await Deno.readTextFile(path)}`;
      } else entries[path] = info.isFifo ? "<fifo>" : info.isSocket ? "<socket>" : "<special>";
    }
  }
  await walk(dir);
  return entries;
}
