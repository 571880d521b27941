/**
 * The errors the setup command reports. Each carries what a caller needs to
 * tell the user which file or setting is at fault.
 *
 * @module
 */

/**
 * A configuration file cannot be read, parsed, updated or written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigFileError } from "./errors.ts";
 * const error = new ConfigFileError("/p/.mcp.json", 'Invalid JSON in "/p/.mcp.json"');
 * assert.equal(error.path, "/p/.mcp.json");
 * ```
 */
export class ConfigFileError extends Error {
  /** The file at fault. */
  readonly path: string;

  /**
   * Creates the error.
   *
   * @param path The file at fault.
   * @param message What went wrong, naming the file.
   * @param options The underlying error, if any.
   */
  constructor(path: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ConfigFileError";
    this.path = path;
  }
}

/**
 * A parsed configuration has a value of the wrong type where setup must write.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigShapeError } from "./errors.ts";
 * const error = new ConfigShapeError("hooks.PostToolUse", "an array");
 * assert.equal(error.message, 'Expected "hooks.PostToolUse" to be an array');
 * ```
 */
export class ConfigShapeError extends TypeError {
  /** The dotted key of the offending value, e.g. `hooks.PostToolUse`; empty for the top level. */
  readonly key: string;

  /**
   * Creates the error.
   *
   * @param key The dotted key of the offending value; empty for the top level.
   * @param expected What the value should be, e.g. `an array`.
   */
  constructor(key: string, expected: string) {
    super(
      key === ""
        ? `Expected the top level to be ${expected}`
        : `Expected "${key}" to be ${expected}`,
    );
    this.name = "ConfigShapeError";
    this.key = key;
  }
}

/**
 * The home directory, needed for `--user`, cannot be found or used.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HomeDirectoryError } from "./errors.ts";
 * assert.equal(new HomeDirectoryError("HOME is not set").name, "HomeDirectoryError");
 * ```
 */
export class HomeDirectoryError extends Error {
  /**
   * Creates the error.
   *
   * @param message Why the home directory is unavailable.
   * @param options The underlying error, if any.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "HomeDirectoryError";
  }
}

/**
 * The command line is not valid.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { UsageError } from "./errors.ts";
 * const error = new UsageError("--bogus", 'Unknown option "--bogus"');
 * assert.equal(error.argument, "--bogus");
 * ```
 */
export class UsageError extends TypeError {
  /** The offending argument, or empty when the arguments conflict. */
  readonly argument: string;

  /**
   * Creates the error.
   *
   * @param argument The offending argument, or empty.
   * @param message What is wrong with it.
   */
  constructor(argument: string, message: string) {
    super(message);
    this.name = "UsageError";
    this.argument = argument;
  }
}
