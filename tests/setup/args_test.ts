import assert from "node:assert/strict";
import { parseSetupArgs } from "../../setup/args.ts";
import { UsageError } from "../../setup/errors.ts";

Deno.test("parseSetupArgs: defaults to the project, flags in any order", () => {
  assert.deepEqual(parseSetupArgs([]), {
    scope: "project",
    remove: false,
    dryRun: false,
    sandboxed: false,
    help: false,
  });
  assert.deepEqual(parseSetupArgs(["--sandboxed", "--user", "--dry-run"]), {
    scope: "user",
    remove: false,
    dryRun: true,
    sandboxed: true,
    help: false,
  });
  assert.equal(parseSetupArgs(["--project", "--project"]).scope, "project");
  assert.equal(parseSetupArgs(["-h"]).help, true);
  assert.deepEqual(parseSetupArgs(["--dry-run", "--remove", "--user"]), {
    scope: "user",
    remove: true,
    dryRun: true,
    sandboxed: false,
    help: false,
  });
});

Deno.test("parseSetupArgs: unknown options, positionals and both scopes are usage errors", () => {
  const table: [string[], string, string][] = [
    [["--force"], "--force", 'Unknown option "--force"'],
    [["--dry-run=yes"], "--dry-run=yes", 'Unknown option "--dry-run=yes"'],
    [["."], ".", 'Unexpected argument "."'],
    [["--user", "--project"], "", "Choose one of --project and --user"],
    [["--remove", "--sandboxed"], "", "Choose one of --remove and --sandboxed"],
    [["--remove=all"], "--remove=all", 'Unknown option "--remove=all"'],
  ];
  for (const [args, argument, message] of table) {
    assert.throws(() => parseSetupArgs(args), (error) => {
      assert.ok(error instanceof UsageError);
      assert.equal(error.argument, argument);
      assert.equal(error.message, message);
      return true;
    });
  }
});
