import assert from "node:assert/strict";
import { parseArgs, UsageError } from "../../../mdsel/cli/args.ts";

Deno.test("--json and --full may stand anywhere before --", () => {
  assert.deepEqual(parseArgs(["--json", "index", "a.md"]), {
    command: "index",
    json: true,
    full: false,
    lines: false,
    files: ["a.md"],
  });
  assert.deepEqual(parseArgs(["select", "h1", "a.md", "--full", "--json"]), {
    command: "select",
    json: true,
    full: true,
    selector: "h1",
    files: ["a.md"],
  });
});

Deno.test("--lines asks index for line ranges", () => {
  assert.deepEqual(parseArgs(["index", "--lines", "a.md", "b.md"]), {
    command: "index",
    json: false,
    full: false,
    lines: true,
    files: ["a.md", "b.md"],
  });
});

Deno.test("-- makes what follows literal", () => {
  assert.deepEqual(parseArgs(["select", "--", "-h1", "--json", "-"]), {
    command: "select",
    json: false,
    full: false,
    selector: "-h1",
    files: ["--json", "-"],
  });
});

Deno.test("usage errors name the problem", () => {
  const cases: [string[], string][] = [
    [[], "missing command"],
    [["bogus"], "unknown command 'bogus'"],
    [["index"], "index needs at least one file"],
    [["index", "a.md", "--bogus"], "unknown option '--bogus'"],
    [["select"], "select needs a selector and files"],
    [["select", "h2.0"], "select needs at least one file after the selector 'h2.0'"],
    [["format", "nope"], "unknown format topic 'nope'"],
    [["format", "--json"], "option '--json' does not apply to format"],
    [["index", "a.md", "--example"], "option '--example' does not apply to index"],
    [["select", "h1", "a.md", "--lines"], "option '--lines' does not apply to select"],
    [["format", "--lines"], "option '--lines' does not apply to format"],
    [["help", "bogus"], "unknown help topic 'bogus'"],
    [["help", "index", "select"], "help takes at most one command"],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseArgs(args), (error: unknown) => {
      assert.ok(error instanceof UsageError);
      assert.ok(error.message.includes(message), `${args}: ${error.message}`);
      return true;
    });
  }
});

Deno.test("help: the usage, or the help of one command", () => {
  assert.deepEqual(parseArgs(["help"]), { command: "help" });
  assert.deepEqual(parseArgs(["help", "help"]), { command: "help" });
  assert.deepEqual(parseArgs(["--help"]), { command: "help" });
  for (const topic of ["index", "select", "format"]) {
    assert.deepEqual(parseArgs(["help", topic]), { command: "help", topic }, topic);
    assert.deepEqual(parseArgs([topic, "--help"]), { command: "help", topic }, topic);
  }
  assert.deepEqual(parseArgs(["select", "h2.0", "a.md", "-h"]), {
    command: "help",
    topic: "select",
  });
});

Deno.test("select without files is a usage error, as index without files is", () => {
  for (const args of [["select", "h1"], ["select", "--json", "h2.0"], ["select", "--", "-x"]]) {
    assert.throws(() => parseArgs(args), (error: unknown) => {
      assert.ok(error instanceof UsageError);
      assert.match(error.message, /^select needs at least one file after the selector '/);
      return true;
    }, args.join(" "));
  }
});
