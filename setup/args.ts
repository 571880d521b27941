/**
 * The setup command's command line.
 *
 * @module
 */
import { UsageError } from "./errors.ts";

/** Where setup writes: the project in the working directory, or the user's home. */
export type Scope = "project" | "user";

/** The parsed command line. */
export interface SetupArgs {
  /** `--project` (the default) or `--user`. */
  readonly scope: Scope;
  /** `--remove`: take out what setup added instead of adding it. */
  readonly remove: boolean;
  /** `--dry-run`: print the changes instead of writing them. */
  readonly dryRun: boolean;
  /** `--sandboxed`: configure the narrow-permission server. */
  readonly sandboxed: boolean;
  /** `--help` or `-h`: print usage and do nothing else. */
  readonly help: boolean;
}

/**
 * Parses the setup command's arguments.
 *
 * @param args The arguments after the module, e.g. `Deno.args`.
 * @returns The options they select.
 * @throws {UsageError} On an unknown option, a positional argument, both `--project` and `--user`,
 * or both `--remove` and `--sandboxed`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSetupArgs } from "./args.ts";
 * const args = parseSetupArgs(["--user", "--dry-run"]);
 * assert.deepEqual(args, { scope: "user", remove: false, dryRun: true, sandboxed: false, help: false });
 * ```
 */
export function parseSetupArgs(args: readonly string[]): SetupArgs {
  const scopes = new Set<Scope>();
  let remove = false;
  let dryRun = false;
  let sandboxed = false;
  let help = false;
  for (const arg of args) {
    switch (arg) {
      case "--project":
        scopes.add("project");
        break;
      case "--user":
        scopes.add("user");
        break;
      case "--remove":
        remove = true;
        break;
      case "--dry-run":
        dryRun = true;
        break;
      case "--sandboxed":
        sandboxed = true;
        break;
      case "--help":
      case "-h":
        help = true;
        break;
      default:
        throw new UsageError(
          arg,
          arg.startsWith("-") ? `Unknown option "${arg}"` : `Unexpected argument "${arg}"`,
        );
    }
  }
  if (scopes.size > 1) throw new UsageError("", "Choose one of --project and --user");
  // The sandboxed variant is a way to add the server; removing takes out either.
  if (remove && sandboxed) throw new UsageError("", "Choose one of --remove and --sandboxed");
  return { scope: scopes.has("user") ? "user" : "project", remove, dryRun, sandboxed, help };
}
