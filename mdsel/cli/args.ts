/**
 * The command line: `index`, `select`, `format`, `help`, `--version`, `--help`.
 *
 * @module
 */
import { clipText } from "../query/clip.ts";

/** A parsed command line. */
export type Invocation =
  | { readonly command: "help"; readonly topic?: HelpTopic }
  | { readonly command: "version" }
  | {
    readonly command: "index";
    readonly json: boolean;
    readonly full: boolean;
    /** `--lines`: each outline line gives its section's line range (`L54-2668`). */
    readonly lines: boolean;
    readonly files: string[];
  }
  | {
    readonly command: "select";
    readonly json: boolean;
    readonly full: boolean;
    readonly selector: string;
    readonly files: string[];
  }
  | { readonly command: "format"; readonly topic?: "index" | "select"; readonly example: boolean }
  /** `mdsel warm <files...>`: the server's own, not in the usage (`commands/warm_command.ts`). */
  | { readonly command: "warm"; readonly files: string[] };

/** A command `help` knows more about. */
export type HelpTopic = "index" | "select" | "format";

/** A command line that does not fit the usage: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** The usage text printed by `--help` (stdout) and on usage errors (stderr). */
export const USAGE = `mdsel - select parts of Markdown documents by selector, or search them

Usage:
  mdsel index  [--json] [--full] [--lines] [--] <files...>
  mdsel select [--json] [--full] [--] <selector> <files...>
  mdsel select [--json] [--] <words> <files...>
  mdsel format [index|select] [--example]
  mdsel --version | --help | help [index|select|format]

  index   the outline of each file: headings with their selectors and sizes
  select  the exact source behind a selector; given plain words instead, a ranked search
  files   Markdown files, folders (their .md, .markdown and .mdx files) or globs

Options:
  --json     print one line of JSON instead of the compact text format
  --full     select: never page; index: no size budget
  --lines    index: each heading's line range in the text outline (L54-2668)
  --example  format: show an example output
  --         end of options (for a selector or file starting with '-')

Selectors: [namespace::]type[index][/type[index]...][?full=true|page=N|head=N|tail=N]
  types: h1-h6, heading:h1-h6, section, intro, root, para, code, list, table, quote,
         block:paragraph|code|list|table|blockquote
  index: .0  [0]  .0-2  [0,3]   (0-based)
Search: what is not a selector is a search: the sections holding the words, best first,
  each with its selector; "double quotes" keep a phrase together; ns::words searches one file.
Examples:
  mdsel index README.md
  mdsel select h2.0 README.md
  mdsel select h2.0/code.0 README.md
  mdsel select 'abort request' docs/
  mdsel select '"content collections"' 'docs/**/*.mdx'
  mdsel select 'readme::heading:h2[0]/block:code[0]' README.md --json

More: mdsel help index | mdsel help select | mdsel help format
Environment: MDSEL_MAX_CHARS (default 40000) and others, see docs/cli.md
Exit codes: 0 success, 1 error (unresolved selector, unreadable file), 2 usage error
`;

const HELP_TOPICS: readonly string[] = ["index", "select", "format"];

const OPTIONS = new Set("--json --full --lines --example --help -h --version -V".split(" "));

/**
 * Parses the arguments after `mdsel`.
 *
 * @throws {UsageError} For an unknown command or option or a missing argument.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "./args.ts";
 * const invocation = { command: "select", json: true, full: false, selector: "-x", files: ["a.md"] };
 * assert.deepEqual(parseArgs(["select", "--json", "--", "-x", "a.md"]), invocation);
 * ```
 */
export function parseArgs(args: readonly string[]): Invocation {
  const flags = new Set<string>();
  const positional: string[] = [];
  let literal = false;
  for (const arg of args) {
    if (literal) positional.push(arg);
    else if (arg === "--") literal = true;
    else if (arg.startsWith("-") && arg !== "-") {
      if (!OPTIONS.has(arg)) throw new UsageError(`unknown option '${_show(arg)}'`);
      flags.add(arg);
    } else positional.push(arg);
  }
  if (positional.length === 0 && !literal) {
    if (flags.has("--help") || flags.has("-h")) return { command: "help" };
    if (flags.has("--version") || flags.has("-V")) return { command: "version" };
  }
  const [command, ...rest] = positional;
  if (command === undefined) throw new UsageError("missing command");
  // `mdsel select --help` is the help of select.
  if (flags.has("--help") || flags.has("-h")) return _help(command);
  const json = flags.has("--json");
  const full = flags.has("--full");
  switch (command) {
    case "index":
      _refuse(flags, ["--example", "--version", "-V"], command);
      if (rest.length === 0) throw new UsageError("index needs at least one file");
      return { command, json, full, lines: flags.has("--lines"), files: rest };
    case "select": {
      _refuse(flags, ["--example", "--lines", "--version", "-V"], command);
      const [selector, ...files] = rest;
      if (selector === undefined) throw new UsageError("select needs a selector and files");
      const after = `after the selector '${_show(selector)}'`;
      if (files.length === 0) throw new UsageError(`select needs at least one file ${after}`);
      return { command, json, full, selector, files };
    }
    case "format": {
      _refuse(flags, ["--json", "--full", "--lines", "--version", "-V"], command);
      if (rest.length > 1) throw new UsageError("format takes at most one topic");
      const topic = rest[0];
      if (topic !== undefined && topic !== "index" && topic !== "select") {
        throw new UsageError(`unknown format topic '${_show(topic)}' (use index or select)`);
      }
      return { command, topic, example: flags.has("--example") };
    }
    case "warm":
      _refuse(flags, [...flags], command);
      if (rest.length === 0) throw new UsageError("warm needs at least one file");
      return { command, files: rest };
    case "help":
      // `mdsel help` is the usage; `mdsel help select`, what there is to know about select.
      if (rest.length > 1) throw new UsageError("help takes at most one command");
      if (rest.length === 0 || rest[0] === "help") return { command: "help" };
      if (HELP_TOPICS.includes(rest[0])) return _help(rest[0]);
      throw new UsageError(`unknown help topic '${_show(rest[0])}' (use index, select or format)`);
    default:
      throw new UsageError(`unknown command '${_show(command)}' (use index, select or format)`);
  }
}

function _help(command: string): Invocation {
  return HELP_TOPICS.includes(command)
    ? { command: "help", topic: command as HelpTopic }
    : { command: "help" };
}

function _refuse(flags: Set<string>, refused: string[], command: string): void {
  for (const flag of refused) {
    if (flags.has(flag)) throw new UsageError(`option '${flag}' does not apply to ${command}`);
  }
}

function _show(text: string): string {
  return JSON.stringify(clipText(text, 60)).slice(1, -1);
}
