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
  /** `--dry-run`: print the resulting files instead of writing them. */
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
 * @throws {UsageError} On an unknown option, a positional argument, or both `--project` and `--user`.
 *
 * @example
 * ```ts
 * import { parseSetupArgs } from "./args.ts";
 * const args = parseSetupArgs(["--user", "--dry-run"]);
 * console.log(args.scope, args.dryRun, args.sandboxed); // user true false
 * ```
 */
export function parseSetupArgs(args: readonly string[]): SetupArgs {
  const scopes = new Set<Scope>();
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
  return { scope: scopes.has("user") ? "user" : "project", dryRun, sandboxed, help };
}
