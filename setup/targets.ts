/**
 * Which files setup edits, and where the user's home directory is.
 *
 * @module
 */
import { join } from "node:path";
import type { Scope } from "./args.ts";
import { HomeDirectoryError } from "./errors.ts";

/** The two files setup edits for one scope. */
export interface TargetFiles {
  /** Where the MCP server goes: `.mcp.json` or `~/.claude.json`. */
  readonly mcpConfig: string;
  /** Where the hook goes: `.claude/settings.json` or `~/.claude/settings.json`. */
  readonly settings: string;
}

/**
 * Names the files Claude Code reads for a scope.
 *
 * @param scope `project` or `user`.
 * @param dir The project directory for `project`, the home directory for `user`.
 * @returns The MCP configuration file and the settings file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { targetFiles } from "./targets.ts";
 * assert.equal(targetFiles("user", "/home/ada").mcpConfig, "/home/ada/.claude.json");
 * assert.equal(targetFiles("project", "/work/app").mcpConfig, "/work/app/.mcp.json");
 * ```
 */
export function targetFiles(scope: Scope, dir: string): TargetFiles {
  return {
    mcpConfig: join(dir, scope === "user" ? ".claude.json" : ".mcp.json"),
    settings: join(dir, ".claude", "settings.json"),
  };
}

/**
 * Finds the user's home directory from `HOME`, then `USERPROFILE`, and checks
 * that it is a directory.
 *
 * @param getEnv Looks a variable up; throws when the process may not read it.
 * @returns The home directory.
 * @throws {HomeDirectoryError} When neither variable may be read or is set, or it is no directory.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { homeDirectory } from "./targets.ts";
 * const env: Record<string, string> = { HOME: Deno.cwd() };
 * assert.equal(await homeDirectory((name) => env[name]), Deno.cwd());
 * ```
 */
export async function homeDirectory(
  getEnv: (name: string) => string | undefined = (name) => Deno.env.get(name),
): Promise<string> {
  let home: string | undefined;
  for (const name of ["HOME", "USERPROFILE"]) {
    try {
      home = getEnv(name);
    } catch (error) {
      throw new HomeDirectoryError(
        `Cannot read the ${name} environment variable: run setup with --allow-env=HOME,USERPROFILE`,
        { cause: error },
      );
    }
    if (home) break;
  }
  if (!home) throw new HomeDirectoryError("Cannot find the home directory: HOME is not set");
  let isDirectory: boolean;
  try {
    isDirectory = (await Deno.stat(home)).isDirectory;
  } catch (error) {
    throw new HomeDirectoryError(
      `Cannot use the home directory "${home}": ${_firstLine(error)}`,
      { cause: error },
    );
  }
  if (!isDirectory) {
    throw new HomeDirectoryError(`Cannot use the home directory "${home}": not a directory`);
  }
  return home;
}

function _firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n", 1)[0];
}
