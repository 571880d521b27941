// The setup command as a program, against temporary projects and homes.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { canMakeReadOnly, listing, makeReadOnly } from "./setup/_read_only.ts";
import {
  backupFolder,
  backupsNamed,
  escape,
  GUARD_GROUP,
  HOOK,
  READ_GROUP,
  readJson,
  type Run,
  runSetup,
  SANDBOXED_ARGS,
  SERVER,
  withDirs,
  write,
} from "./setup/_run.ts";
import * as setupModule from "../setup.ts";

Deno.test("setup with no files yet creates both, two-space indented, and a second run changes nothing", async () => {
  await withDirs(async (project) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    const first = await runSetup([], { cwd: project });
    assert.equal(first.stderr, "");
    assert.equal(first.code, 0);
    assert.equal(
      first.stdout,
      `${mcp}: created with server "mdsel"\n` +
        `${settings}: created with hooks PreToolUse and PostToolUse on "Read"\n`,
    );
    assert.equal(
      await Deno.readTextFile(mcp),
      JSON.stringify({ mcpServers: { mdsel: SERVER } }, null, 2) + "\n",
    );
    assert.equal(
      await Deno.readTextFile(settings),
      JSON.stringify({ hooks: { PreToolUse: [GUARD_GROUP], PostToolUse: [READ_GROUP] } }, null, 2) +
        "\n",
    );
    const after = await listing(project);
    assert.deepEqual(Object.keys(after).sort(), [join(project, ".claude") + "/", settings, mcp]);

    const second = await runSetup(["--project"], { cwd: project });
    assert.equal(second.code, 0);
    assert.equal(second.stdout, `${mcp}: unchanged\n${settings}: unchanged\n`);
    assert.deepEqual(await listing(project), after);
  });
});

Deno.test("setup merges into existing project files, changing only its own bytes, with backups in the home", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    // Oddly formatted: four-space indent, no final newline, spaces before colons.
    const mcpText = [
      "{",
      '    "mcpServers" : {',
      '        "github": { "type": "http", "url": "https://api.example.com/mcp/" },',
      '        "local" : {"command":"node","args":["server.js"],"env":{"TOKEN":"${TOKEN}"}}',
      "    },",
      '    "unknownKey": [1, 2.5, null, true, {"nested": "x"}]',
      "}",
    ].join("\n");
    const otherReadGroup = {
      matcher: "Read",
      hooks: [{ type: "command", command: "echo read >> /tmp/log" }],
    };
    const settingsValue = {
      $schema: "https://json.schemastore.org/claude-code-settings.json",
      permissions: { allow: ["Bash(git diff:*)"], deny: ["Read(./.env)"] },
      env: { MDSEL_MIN_WORDS: "300" },
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "check.sh" }] }],
        PostToolUse: [
          otherReadGroup,
          { matcher: "Edit|Write", hooks: [{ type: "command", command: "deno fmt" }] },
        ],
        Stop: [{ hooks: [{ type: "command", command: "notify" }] }],
      },
      futureSetting: { anything: ["goes"] },
    };
    // Tab indented with CRLF line endings.
    const settingsText = JSON.stringify(settingsValue, null, "\t").replaceAll("\n", "\r\n") +
      "\r\n";
    await write(mcp, mcpText);
    await write(settings, settingsText);

    const before = await listing(project);
    const first = await runSetup([], { cwd: project, home });
    assert.equal(first.code, 0, first.stderr);
    const [mcpBackup, settingsBackup] = backupsNamed(first.stdout);
    assert.equal(
      first.stdout,
      `${mcp}: added server "mdsel"; backup at ${mcpBackup}\n` +
        `${settings}: added hooks PreToolUse and PostToolUse on "Read"; backup at ${settingsBackup}\n`,
    );

    const original = JSON.parse(mcpText);
    assert.deepEqual(await readJson(mcp), {
      ...original,
      mcpServers: { ...original.mcpServers, mdsel: SERVER },
    });
    assert.deepEqual(await readJson(settings), {
      ...settingsValue,
      hooks: {
        ...settingsValue.hooks,
        PreToolUse: [...settingsValue.hooks.PreToolUse, GUARD_GROUP],
        PostToolUse: [...settingsValue.hooks.PostToolUse, READ_GROUP],
      },
    });
    // Only the new entries' bytes are added, laid out like their neighbours.
    const at = mcpText.indexOf("}}\n") + 2;
    const server = JSON.stringify(SERVER, null, 4).replaceAll("\n", "\n        ");
    assert.equal(
      await Deno.readTextFile(mcp),
      `${mcpText.slice(0, at)},\n        "mdsel": ${server}${mcpText.slice(at)}`,
    );
    const newSettings = {
      ...settingsValue,
      hooks: {
        ...settingsValue.hooks,
        PreToolUse: [...settingsValue.hooks.PreToolUse, GUARD_GROUP],
        PostToolUse: [...settingsValue.hooks.PostToolUse, READ_GROUP],
      },
    };
    assert.equal(
      await Deno.readTextFile(settings),
      JSON.stringify(newSettings, null, "\t").replaceAll("\n", "\r\n") + "\r\n",
    );
    // The backups hold the old bytes, outside the project, named after the files.
    const folder = backupFolder(home);
    assert.match(
      mcpBackup,
      new RegExp(`^${escape(folder)}/%2F.*%2F\\.mcp\\.json\\.\\d{4}-.*Z\\.bak$`),
    );
    assert.match(
      settingsBackup,
      new RegExp(`^${escape(folder)}/%2F.*%2Fsettings\\.json\\..*Z\\.bak$`),
    );
    assert.equal(await Deno.readTextFile(mcpBackup), mcpText);
    assert.equal(await Deno.readTextFile(settingsBackup), settingsText);
    assert.equal(await Deno.readTextFile(join(folder, ".gitignore")), "*\n");
    assert.deepEqual(Object.keys(await listing(project)), Object.keys(before));

    const after = await listing(project);
    const second = await runSetup([], { cwd: project, home });
    assert.equal(second.code, 0);
    assert.equal(second.stdout, `${mcp}: unchanged\n${settings}: unchanged\n`);
    assert.deepEqual(await listing(project), after);
  });
});

Deno.test("setup --user edits ~/.claude.json and ~/.claude/settings.json, keeping modes and other keys", async () => {
  await withDirs(async (project, home) => {
    const claudeJson = join(home, ".claude.json");
    const settings = join(home, ".claude", "settings.json");
    const claudeValue = {
      numStartups: 42,
      theme: "dark",
      projects: { "/work/app": { allowedTools: [], mcpServers: { inner: { command: "x" } } } },
      mcpServers: { other: { type: "stdio", command: "other-server", args: [] } },
      oauthAccount: { emailAddress: "ada@example.com" },
    };
    await write(claudeJson, JSON.stringify(claudeValue, null, 2));
    await Deno.chmod(claudeJson, 0o600);
    await write(settings, JSON.stringify({ model: "opus", hooks: {} }));

    const run = await runSetup(["--user"], { cwd: project, home });
    assert.equal(run.code, 0, run.stderr);
    const [claudeBackup, settingsBackup] = backupsNamed(run.stdout);
    assert.equal(
      run.stdout,
      `${claudeJson}: added server "mdsel"; backup at ${claudeBackup}\n` +
        `${settings}: added hooks PreToolUse and PostToolUse on "Read"; backup at ${settingsBackup}\n`,
    );
    assert.equal(dirname(claudeBackup), backupFolder(home));
    assert.deepEqual(await readJson(claudeJson), {
      ...claudeValue,
      mcpServers: { ...claudeValue.mcpServers, mdsel: SERVER },
    });
    assert.deepEqual(await readJson(settings), {
      model: "opus",
      hooks: { PreToolUse: [GUARD_GROUP], PostToolUse: [READ_GROUP] },
    });
    if (Deno.build.os !== "windows") {
      assert.equal((await Deno.stat(claudeJson)).mode! & 0o777, 0o600);
      // The backup of a private file is private too.
      assert.equal((await Deno.stat(claudeBackup)).mode! & 0o777, 0o600);
    }
    // The project directory is not touched.
    assert.deepEqual(await listing(project), {});

    const again = await runSetup(["--user"], { cwd: project, home });
    assert.equal(again.stdout, `${claudeJson}: unchanged\n${settings}: unchanged\n`);
  });
});

Deno.test("setup updates an existing mdsel server and its own hook instead of adding more", async () => {
  await withDirs(async (project) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    await write(
      mcp,
      JSON.stringify({
        mcpServers: {
          mdsel: {
            command: "deno",
            args: ["run", "-A", "jsr:@x/mdsel-claude"],
            env: { MDSEL_MIN_WORDS: "500" },
          },
          other: { command: "other" },
        },
      }),
    );
    const ownOld = {
      type: "command",
      command: "deno run --allow-read --allow-env=MDSEL_MIN_WORDS jsr:@x/mdsel-claude@0.0.9/hook",
      timeout: 30,
    };
    const neighbour = { type: "command", command: "echo neighbour" };
    await write(
      settings,
      JSON.stringify({
        hooks: { PostToolUse: [{ matcher: "Read|Grep", hooks: [neighbour, ownOld] }] },
      }),
    );

    const mcpBefore = await Deno.readTextFile(mcp);
    const run = await runSetup([], { cwd: project });
    assert.equal(run.code, 0, run.stderr);
    // Without HOME the backups go below the project's .claude, which ignores them.
    const [mcpBackup, settingsBackup] = backupsNamed(run.stdout);
    assert.equal(
      run.stdout,
      `${mcp}: updated server "mdsel"; backup at ${mcpBackup}\n` +
        `${settings}: added hook PreToolUse on "Read", updated hook PostToolUse on "Read|Grep"; ` +
        `backup at ${settingsBackup}\n`,
    );
    assert.equal(dirname(mcpBackup), backupFolder(project));
    assert.equal(await Deno.readTextFile(mcpBackup), mcpBefore);
    assert.equal(await Deno.readTextFile(join(backupFolder(project), ".gitignore")), "*\n");
    assert.deepEqual(await readJson(mcp), {
      mcpServers: {
        // The user's env stays; type, command and args are set.
        mdsel: { ...SERVER, env: { MDSEL_MIN_WORDS: "500" } },
        other: { command: "other" },
      },
    });
    assert.deepEqual(await readJson(settings), {
      hooks: {
        PostToolUse: [{ matcher: "Read|Grep", hooks: [neighbour, { ...HOOK, timeout: 30 }] }],
        PreToolUse: [GUARD_GROUP],
      },
    });
    const again = await runSetup([], { cwd: project });
    assert.equal(again.stdout, `${mcp}: unchanged\n${settings}: unchanged\n`);
  });
});

Deno.test("setup --sandboxed writes the narrow server and says mdsel must be installed", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    const run = await runSetup(["--sandboxed"], { cwd: project });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(await readJson(mcp), {
      mcpServers: { mdsel: { type: "stdio", command: "deno", args: SANDBOXED_ARGS } },
    });
    assert.deepEqual(await readJson(settings), {
      hooks: { PreToolUse: [GUARD_GROUP], PostToolUse: [READ_GROUP] },
    });
    assert.match(
      run.stderr,
      /^note: the sandboxed server runs "mdsel" from PATH; install it with: deno install -g -n mdsel --allow-read /,
    );
    assert.equal(run.stderr.trimEnd().split("\n").length, 1);

    const back = await runSetup([], { cwd: project, home });
    const [backup] = backupsNamed(back.stdout);
    assert.equal(
      back.stdout,
      `${mcp}: updated server "mdsel"; backup at ${backup}\n${settings}: unchanged\n`,
    );
    assert.deepEqual(await readJson(mcp), { mcpServers: { mdsel: SERVER } });
    assert.deepEqual(await readJson(backup), {
      mcpServers: { mdsel: { type: "stdio", command: "deno", args: SANDBOXED_ARGS } },
    });
  });
});

Deno.test("setup --dry-run prints only the change, as a diff, and writes nothing", async () => {
  await withDirs(async (project) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    const mcpText = '{\n  "mcpServers": {\n    "other": {"command": "x"}\n  }\n}\n';
    await write(mcp, mcpText);
    const before = await listing(project);
    const run = await runSetup(["--dry-run"], { cwd: project });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(await listing(project), before);

    const server = JSON.stringify(SERVER, null, 2).replaceAll("\n", "\n+    ");
    const created = JSON.stringify(
      { hooks: { PreToolUse: [GUARD_GROUP], PostToolUse: [READ_GROUP] } },
      null,
      2,
    );
    assert.equal(
      run.stdout,
      `${mcp}: would add server "mdsel"\n` +
        `@@ -1,5 +1,${5 + JSON.stringify(SERVER, null, 2).split("\n").length} @@\n` +
        ' {\n   "mcpServers": {\n-    "other": {"command": "x"}\n' +
        `+    "other": {"command": "x"},\n+    "mdsel": ${server}\n` +
        "   }\n }\n" +
        `${settings}: would be created with hooks PreToolUse and PostToolUse on "Read"\n` +
        `@@ -0,0 +1,${created.split("\n").length} @@\n+${created.replaceAll("\n", "\n+")}\n`,
    );

    // After a real run, a dry run reports nothing to change.
    await runSetup([], { cwd: project });
    const quiet = await runSetup(["--dry-run"], { cwd: project });
    assert.equal(quiet.stdout, `${mcp}: unchanged\n${settings}: unchanged\n`);
  });
});

Deno.test("setup --dry-run --user prints the change to ~/.claude.json, never the rest of it", async () => {
  await withDirs(async (project, home) => {
    const claudeJson = join(home, ".claude.json");
    const projects = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`/work/secret-project-${i}`, { history: [`q${i}`] }]),
    );
    const value = {
      userID: "0123456789abcdef-user-id",
      oauthAccount: { emailAddress: "ada@example.com" },
      projects,
      mcpServers: { other: { command: "other" } },
      zLast: "after the servers",
    };
    for (const text of [JSON.stringify(value, null, 2) + "\n", JSON.stringify(value)]) {
      await write(claudeJson, text);
      const run = await runSetup(["--dry-run", "--user"], { cwd: project, home });
      assert.equal(run.code, 0, run.stderr);
      // The first file's report: its line and its diff.
      const report = run.stdout.slice(0, run.stdout.indexOf(join(home, ".claude", "settings")));
      const [line, ...diff] = report.split("\n");
      assert.equal(line, `${claudeJson}: would add server "mdsel"`);
      for (const secret of ["0123456789abcdef", "ada@example.com", "secret-project", "q29"]) {
        assert.ok(!run.stdout.includes(secret), `${secret} in\n${run.stdout}`);
      }
      assert.ok(diff.join("\n").includes('"mdsel"'));
      // The change, and at most a few lines around it: far less than the file.
      assert.ok(report.length < text.length / 2, report);
      assert.equal(await Deno.readTextFile(claudeJson), text);
    }
  });
});

Deno.test("invalid JSON in an existing file is an error naming it, its line and column, and nothing is written", async () => {
  await withDirs(async (project, home) => {
    const settings = join(project, ".claude", "settings.json");
    await write(join(project, ".mcp.json"), '{"mcpServers": {"a": {"command": "a"}}}');
    await write(settings, '{"hooks": {"PostToolUse": [}');
    const before = await listing(project);
    const run = await runSetup([], { cwd: project });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.equal(
      run.stderr,
      `error: Invalid JSON in "${settings}": value expected at line 1, column 28\n`,
    );
    assert.deepEqual(await listing(project), before);

    // The first file being the broken one does not create the second.
    const claudeJson = join(home, ".claude.json");
    await write(claudeJson, "{ this is not json");
    const homeBefore = await listing(home);
    const user = await runSetup(["--user"], { cwd: project, home });
    assert.equal(user.code, 1);
    assert.equal(
      user.stderr,
      `error: Invalid JSON in "${claudeJson}": invalid symbol at line 1, column 3\n`,
    );
    assert.deepEqual(await listing(home), homeBefore);
  });
});

Deno.test("a wrong shape where setup must write is an error naming the file and key", async () => {
  await withDirs(async (project) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    for (
      const [file, text, key] of [
        [settings, '{"hooks": {"PostToolUse": {"matcher": "Read"}}}', '"hooks.PostToolUse"'],
        [settings, '{"hooks": []}', '"hooks"'],
        [mcp, '{"mcpServers": ["mdsel"]}', '"mcpServers"'],
        [mcp, "[]", "the top level"],
      ]
    ) {
      await Deno.remove(join(project, ".claude"), { recursive: true }).catch(() => {});
      await Deno.remove(mcp).catch(() => {});
      await write(file, text);
      const before = await listing(project);
      const run = await runSetup([], { cwd: project });
      assert.equal(run.code, 1, text);
      assert.equal(
        run.stderr.split(": Expected ")[0],
        `error: Cannot update "${file}"`,
        run.stderr,
      );
      assert.ok(run.stderr.includes(key), run.stderr);
      assert.deepEqual(await listing(project), before);
    }
  });
});

Deno.test({
  name: "a read-only directory is a clear error and nothing is lost",
  ignore: !(await canMakeReadOnly()),
  fn: async () => {
    await withDirs(async (project, home) => {
      const mcp = join(project, ".mcp.json");
      const claudeDir = join(project, ".claude");
      const settings = join(claudeDir, "settings.json");
      await write(mcp, '{"mcpServers": {"keep": {"command": "me"}}}\n');
      await write(settings, '{"permissions": {"allow": []}}\n');
      const before = await listing(project);
      // .mcp.json is staged first; the settings directory then refuses its
      // temporary file, so the staged .mcp.json must be discarded too.
      const undo = await makeReadOnly(claudeDir);
      assert.ok(undo);
      let run: Run;
      try {
        run = await runSetup([], { cwd: project, home });
      } finally {
        await undo();
      }
      assert.equal(run.code, 1);
      assert.equal(run.stdout, "");
      assert.match(
        run.stderr,
        new RegExp(`^error: Cannot write "${escape(settings)}": .+; no file was changed\n$`),
      );
      assert.deepEqual(await listing(project), before);
    });
  },
});

Deno.test("an unwritable settings location (.claude is a file) is a clear error and nothing is lost", async () => {
  // Works for root too, unlike chmod: no one can create a file inside a regular file.
  await withDirs(async (project) => {
    const mcp = join(project, ".mcp.json");
    await write(mcp, '{"mcpServers": {"keep": {"command": "me"}}}\n');
    await write(join(project, ".claude"), "not a directory\n");
    const before = await listing(project);
    const run = await runSetup([], { cwd: project });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, /^error: Cannot read ".*settings\.json": /);
    assert.deepEqual(await listing(project), before);
  });
});

Deno.test("setup --user needs HOME: a clear error without env permission, or for a missing home", async () => {
  await withDirs(async (project, home) => {
    const noEnv = await runSetup(["--user"], {
      cwd: project,
      home,
      flags: ["--allow-read", "--allow-write"],
    });
    assert.equal(noEnv.code, 1);
    assert.equal(
      noEnv.stderr,
      "error: Cannot read the HOME environment variable: run setup with --allow-env=HOME,USERPROFILE\n",
    );
    const missing = join(home, "nowhere");
    const gone = await runSetup(["--user"], { cwd: project, home: missing });
    assert.equal(gone.code, 1);
    assert.match(
      gone.stderr,
      new RegExp(`^error: Cannot use the home directory "${escape(missing)}": `),
    );
    const unset = await runSetup(["--user"], { cwd: project });
    assert.equal(unset.code, 1);
    assert.equal(unset.stderr, "error: Cannot find the home directory: HOME is not set\n");
    assert.deepEqual(await listing(home), {});
    assert.deepEqual(await listing(project), {});
  });
});

Deno.test("setup usage: --help, unknown options, conflicting scopes", async () => {
  await withDirs(async (project) => {
    const help = await runSetup(["--help"], { cwd: project });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^mdsel-claude setup - /);
    assert.match(help.stdout, /--allow-env=HOME,USERPROFILE/);
    for (
      const [args, message] of [
        [["--bogus"], 'Unknown option "--bogus"'],
        [["extra"], 'Unexpected argument "extra"'],
        [["--project", "--user"], "Choose one of --project and --user"],
      ] as const
    ) {
      const run = await runSetup([...args], { cwd: project });
      assert.equal(run.code, 2, args.join(" "));
      assert.equal(run.stdout, "");
      assert.equal(run.stderr, `error: ${message}\nRun with --help for usage.\n`);
    }
    assert.deepEqual(await listing(project), {});
  });
});

Deno.test("run from JSR, setup writes pinned jsr: commands and takes over a checkout's hook", async () => {
  await withDirs(async (project) => {
    // First configured from this checkout, as the subprocess tests do.
    assert.equal((await runSetup([], { cwd: project })).code, 0);
    const source = setupModule.packageSource("https://jsr.io/@x/mdsel-claude/0.3.1/setup.ts");
    const reports = await setupModule.setup({ scope: "project", dir: project, source });
    assert.deepEqual(reports.map((report) => report.summary), [
      'updated server "mdsel"',
      'updated hooks PreToolUse and PostToolUse on "Read"',
    ]);
    assert.deepEqual(await readJson(join(project, ".mcp.json")), {
      mcpServers: {
        mdsel: {
          type: "stdio",
          command: "deno",
          args: ["run", "-A", "--no-config", "jsr:@x/mdsel-claude@0.3.1"],
          env: { MDSEL_MIN_WORDS: "200" },
        },
      },
    });
    assert.deepEqual(await readJson(join(project, ".claude", "settings.json")), {
      hooks: {
        PreToolUse: [{
          matcher: "Read",
          hooks: [{
            ...HOOK,
            args: [
              "run",
              "--allow-read",
              "--allow-env=MDSEL_GUARD_WORDS",
              "--no-config",
              "jsr:@x/mdsel-claude@0.3.1/hook",
              "--guard",
            ],
          }],
        }],
        PostToolUse: [{
          matcher: "Read",
          hooks: [{
            ...HOOK,
            args: [
              "run",
              "--allow-read",
              "--allow-env=MDSEL_MIN_WORDS",
              "--no-config",
              "jsr:@x/mdsel-claude@0.3.1/hook",
            ],
          }],
        }],
      },
    });
    const again = await setupModule.setup({ scope: "project", dir: project, source });
    assert.deepEqual(again.map((report) => report.changed), [false, false]);
  });
});

Deno.test("a settings file with comments or trailing commas gets a warning naming it, every run", async () => {
  await withDirs(async (project, home) => {
    const mcp = join(project, ".mcp.json");
    const settings = join(project, ".claude", "settings.json");
    await write(settings, '{"model": "opus",}\n');
    const warning = `warning: "${settings}" has comments or trailing commas: Claude Code reads ` +
      "only strict JSON and ignores this whole file until they are removed\n";
    for (const args of [[], [], ["--dry-run"], ["--remove"]]) {
      const run = await runSetup(args, { cwd: project, home });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stderr.replace(/^note: .*\n/m, ""), warning, args.join(" "));
    }
    // Strict JSON: no warning.
    await write(settings, '{"model": "opus"}\n');
    const clean = await runSetup([], { cwd: project, home });
    assert.equal(clean.stderr, "");
    assert.ok((await Deno.readTextFile(mcp)).length > 0);
  });
});

Deno.test("the setup module's public API", () => {
  assert.deepEqual(Object.keys(setupModule).sort(), [
    "SERVER_NAME",
    "USAGE",
    "backupNote",
    "formatReport",
    "main",
    "packageSource",
    "setup",
  ]);
});
