// The README's claims, kept in step with the code where a test can: the
// outputs it shows (run again, as the README writes the command, and
// compared), the figures of its example (measured again, all but Claude
// Code's own Read, which bench/readme_bench.ts measures), the hook commands
// it gives (the plugin's, and run), its option and settings tables against
// what the plugin declares and the code reads, the tasks it names, the
// folders its uninstall names, and the figures it shares with the docs.
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  EXAMPLE_CALLS,
  EXAMPLE_PATH,
  guardAnswer,
  mdselOutput,
  undiciApiDocs,
} from "../bench/readme_bench.ts";
import { DOCS_SETS_CACHE, docsSets } from "../bench/_docs_sets.ts";
import { DEFAULT_ENGINE_SETTINGS, ENGINE_VARIABLES } from "../mdsel/settings/engine_settings.ts";
import { DEFAULT_CACHE_MAX_BYTES } from "../mdsel/settings/cache_settings.ts";
import { DEFAULT_SETTINGS, defaultConcurrency, SETTING_NAMES } from "../tools/settings.ts";
import { TOOL_NAMES } from "../tools/mod.ts";
import { CORPUS_DIR } from "./_corpus.ts";
import { ensureMdxCorpus, MDX_CORPUS_DIR } from "./_mdx_corpus.ts";
import { ensureSearchCorpus } from "./_search_corpus.ts";
import { TEST_CACHE_VARIABLE, testCacheDir } from "./_cache.ts";
import { CLAUDE_CODE_VERSION } from "./e2e/_claude_code.ts";

const ROOT = new URL("../", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));
const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
const plugin = JSON.parse(await Deno.readTextFile(new URL(".claude-plugin/plugin.json", ROOT)));
const marketplace = JSON.parse(
  await Deno.readTextFile(new URL(".claude-plugin/marketplace.json", ROOT)),
);
const development = await Deno.readTextFile(new URL("docs/development.md", ROOT));

/** Where the README has the reader clone the repository; its commands use it. */
const CLONE = "~/mdsel-claude";
/** How the README runs the CLI by hand. */
const CLI = `deno run -A ${CLONE}/mdsel/cli.ts`;

/** A command of the README with the clone's path as this checkout's. */
const inCheckout = (text: string) => text.replaceAll(`${CLONE}/`, fileURLToPath(ROOT));

/** The README's text, one line: a phrase may wrap anywhere (and a list item's lines are indented). */
const flat = (text: string) => text.replace(/ *\n */g, " ");

/** A section of the README, from its `## ` heading to the next. */
function section(heading: string): string {
  const start = README.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `no section ${heading}`);
  const end = README.indexOf("\n## ", start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

/** The words a shell would pass for a command line of plain and double-quoted words. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map(([, quoted, word]) => quoted ?? word);
}

/** Small numbers as the README writes them. */
const NUMBER_WORDS = "zero one two three four five six seven eight nine ten".split(" ");

/** The rows of the Markdown table whose header row starts with `first`, as cells. */
function table(markdown: string, first: string): string[][] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`| ${first} `));
  assert.ok(start >= 0, `no table headed ${first}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.slice(1, -1).split(" | ").map((cell) => cell.trim()));
  }
  return rows;
}

/** The text of a cell without its backticks. */
const plain = (cell: string) => cell.replace(/^`|`$/g, "");

/** A figure as the README writes it (`31,658`) as a number. */
const figure = (text: string) => Number(text.replaceAll(",", ""));

Deno.test("README: the outputs it shows are what its command prints, character for character", async () => {
  const docs = await undiciApiDocs();
  const shown = [...README.matchAll(/^(`{3,4})\n\$ ([^\n]+)\n([\s\S]*?)^\1$/gm)];
  assert.ok(shown.length >= 2, `${shown.length} outputs shown`);
  const calls: string[][] = [];
  for (const [, , command, output] of shown) {
    // Every command is the CLI as the README says to run it by hand, not an `mdsel` on PATH.
    assert.ok(command.startsWith(`${CLI} `), command);
    const args = shellWords(command.slice(CLI.length + 1));
    calls.push(args);
    // Run as written, from the folder the README names (the clone's path made this checkout's)...
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", fileURLToPath(new URL("mdsel/cli.ts", ROOT)), ...args],
      cwd: docs,
      clearEnv: true,
      env: { PATH: Deno.env.get("PATH") ?? "" },
      stdin: "null",
    }).output();
    assert.equal(run.code, 0, command);
    assert.equal(new TextDecoder().decode(run.stdout), output, command);
    // ...and what the tool returns for the same call.
    assert.equal(await mdselOutput(args, docs), output, command);
  }
  // "In undici's `docs/docs/api/` folder": where the commands ran.
  assert.ok(flat(README).includes("In undici's `docs/docs/api/` folder:"));
  assert.ok(docs.endsWith(join("undici@8.12.4", "docs", "docs", "api")), docs);
  // An outline, and a search of a folder whose results are named file::selector.
  assert.ok(calls.some(([command]) => command === "index"), "an index");
  const search = shown.find(([, , command]) => command.startsWith(`${CLI} select "`));
  assert.ok(search !== undefined, "a search");
  const folder = shellWords(search[2]).at(-1)!;
  assert.ok((await Deno.stat(join(docs, folder))).isDirectory, `${folder} is a folder`);
  assert.match(search[3], /^ \w+::h\d\.\d+ /m);
  // "From the folder, `select dispatcher::h3.5/code.1 .` returns that abort example too."
  const named = /`select (\w+::h\d\.\d+\/code\.\d+) (\S+)` returns that abort example too/
    .exec(flat(README));
  assert.ok(named !== null);
  assert.ok(search[3].includes(` ${named[1].split("/")[0]} `), named[1]);
  assert.equal(
    await mdselOutput(["select", named[1], named[2]], docs),
    await mdselOutput(["select", "h3.5/code.1", "Dispatcher.md"], docs),
  );
  assert.match(
    await mdselOutput(["select", "h3.5/code.1", "Dispatcher.md"], docs),
    /abortController\.abort\(\)/,
  );
});

Deno.test("README: the example's figures are the engine's and the guard's, measured again", async () => {
  const docs = await undiciApiDocs();
  const file = join(docs, "Dispatcher.md");
  const text = await Deno.readTextFile(file);
  const facts = /\(undici 8\.12\.4: ([\d,]+) bytes, ([\d,]+) lines, ([\d,]+) words\)/
    .exec(flat(README));
  assert.ok(facts !== null);
  // The words are the outline's (text, not markup), so that the README's figure is the one its
  // outline prints: `dispatcher Dispatcher.md [3142 words]`.
  const outlineWords = /^\S+ Dispatcher\.md \[(\d+) words\]$/m
    .exec(await mdselOutput(EXAMPLE_CALLS[0], docs));
  assert.ok(outlineWords !== null);
  assert.deepEqual(facts.slice(1).map(figure), [
    new TextEncoder().encode(text).length,
    text.split("\n").length - 1,
    Number(outlineWords[1]),
  ]);
  const rows = table(README, "step");
  const cells = (name: string) => {
    const row = rows.find(([step]) => step.includes(name));
    assert.ok(row !== undefined, name);
    return row;
  };
  const [, read] = cells("`Read` the file");
  assert.equal(read, `all ${facts[2]} lines, numbered`);
  const guard = (await guardAnswer(file, EXAMPLE_PATH)).length;
  assert.deepEqual(cells("guard's answer").slice(2).map(figure), [guard, guard]);
  for (const call of EXAMPLE_CALLS) {
    const name = call[0] === "index" ? "`mdsel_index`" : `\`mdsel_select\` \`${call[1]}\``;
    const [, , text, json] = rows.find(([step]) => step === name)!;
    assert.deepEqual(
      [figure(text), figure(json)],
      [(await mdselOutput(call, docs)).length, (await mdselOutput(call, docs, true)).length],
      name,
    );
  }
  const index = await mdselOutput(EXAMPLE_CALLS[0], docs);
  const headings = index.split("\n").filter((line) => /^ *h\d\.\d+ /.test(line));
  const sized = headings.filter((line) => / \[\d+ words/.test(line));
  assert.equal(
    cells("`mdsel_index`")[1],
    `${headings.length} headings, ${sized.length} of them sized, and block counts`,
  );
  // The version the figures describe is the one the e2e tests pin.
  assert.ok(README.replaceAll("\n", " ").includes(`in Claude Code ${CLAUDE_CODE_VERSION}:`));
  // "mdsel_select with `abort a request` on `Dispatcher.md` finds `h3.5` first".
  const search = /with `([^`]+)` on `([^`]+)` finds `(h\d\.\d+)` first/.exec(flat(README));
  assert.ok(search !== null);
  const found = await mdselOutput(["select", search[1], search[2]], docs);
  assert.ok(found.split("\n")[1].startsWith(`${search[3]} `), found);
});

Deno.test("README: what it says the plugin is, and the install's message, agree with the plugin", () => {
  const intro = flat(README.slice(0, README.indexOf("\n## ")));
  const kinds = /plugin with (\w+) tools, (\w+) `Read` hooks and a warm-up/.exec(intro);
  assert.ok(kinds !== null, intro);
  assert.equal(NUMBER_WORDS.indexOf(kinds[1]), TOOL_NAMES.length);
  const readHooks = ["PreToolUse", "PostToolUse"].flatMap((event) =>
    plugin.hooks[event].filter((group: { matcher: string }) => group.matcher === "Read")
  );
  assert.equal(NUMBER_WORDS.indexOf(kinds[2]), readHooks.length);
  assert.ok(plugin.description.includes(`${kinds[2]} Read hooks`), plugin.description);
  assert.ok(plugin.description.toLowerCase().includes(`${kinds[1]} mcp tools`));
  assert.deepEqual(plugin.hooks.SessionStart[0].hooks[0].args.at(-1), "--warm");
  for (const name of TOOL_NAMES) assert.ok(intro.includes(`\`${name}\``), name);
  // "The install ends with `3 userConfig options not yet set ...`: ... its default".
  const unset = /`(\d+) userConfig options not yet set — run \/plugin configure \.\.\.`/
    .exec(flat(README));
  assert.ok(unset !== null);
  assert.equal(Number(unset[1]), Object.keys(plugin.userConfig).length);
  assert.ok(flat(README).includes("an option you do not set takes its default"));
  // The install and the uninstall name the marketplace and the plugin as the manifests do.
  const id = `${plugin.name}@${marketplace.name}`;
  assert.ok(README.includes(`claude plugin install ${id}\n`), id);
  assert.ok(README.includes(`claude plugin uninstall ${id}\n`), id);
  assert.ok(README.includes(`claude plugin marketplace remove ${marketplace.name} `));
});

Deno.test("README: the hook commands it gives are the plugin's, less the plugin's own variables, and they run", async () => {
  const block = /```sh\n(deno run [^\n]+--warm[\s\S]*?)```/.exec(README);
  assert.ok(block !== null, "the hooks' commands");
  const lines = block[1].trimEnd().split("\n");
  const events = ["SessionStart", "PreToolUse", "PostToolUse"];
  assert.equal(lines.length, events.length);
  for (const [i, line] of lines.entries()) {
    const [command, comment] = line.split(/ +# /);
    const group = plugin.hooks[events[i]][0];
    assert.equal(comment, `${events[i]}, "matcher": "${group.matcher}"`);
    const args = (group.hooks[0].args as string[])
      .filter((arg) => arg !== "--allow-write=${CLAUDE_PLUGIN_DATA}")
      .map((arg) => arg.replaceAll("${CLAUDE_PLUGIN_ROOT}", CLONE))
      .map((arg) =>
        arg.startsWith("--allow-env=")
          ? `--allow-env=${
            arg.slice("--allow-env=".length).split(",").filter((name) =>
              !name.startsWith("CLAUDE_PLUGIN_")
            ).join(",")
          }`
          : arg
      );
    assert.equal(command, ["deno", ...args].join(" "), events[i]);
  }
  // Run as written (the clone being this checkout), with the hook's JSON on stdin.
  const docs = await undiciApiDocs();
  const file = join(docs, "Dispatcher.md");
  const run = async (line: string, input: string) => {
    const [, ...args] = inCheckout(line.split(/ +# /)[0]).split(" ");
    const child = new Deno.Command(Deno.execPath(), {
      args,
      cwd: docs,
      env: { MDSEL_GUARD_WORDS: "2000", MDSEL_MIN_WORDS: "200" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(input));
    await writer.close();
    const output = await child.output();
    const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
  };
  const read = (event: string) =>
    JSON.stringify({ hook_event_name: event, tool_name: "Read", tool_input: { file_path: file } });
  const warm = await run(lines[0], JSON.stringify({ hook_event_name: "SessionStart" }));
  assert.deepEqual([warm.code, warm.stdout, warm.stderr], [0, "", ""]);
  const guard = await run(lines[1], read("PreToolUse"));
  assert.equal(guard.code, 0, guard.stderr);
  assert.deepEqual(JSON.parse(guard.stdout).hookSpecificOutput, {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: await guardAnswer(file),
  });
  const reminder = await run(lines[2], read("PostToolUse"));
  assert.equal(reminder.code, 0, reminder.stderr);
  assert.match(
    JSON.parse(reminder.stdout).hookSpecificOutput.additionalContext,
    /Use mdsel_index and mdsel_select instead of Read/,
  );
});

Deno.test("README: the plugin's options are the table's, with their defaults", () => {
  const rows = table(README, "option");
  const options: Record<string, { default: unknown }> = plugin.userConfig;
  assert.deepEqual(rows.map(([name]) => plain(name)).sort(), Object.keys(options).sort());
  for (const [name, value] of rows) {
    assert.equal(plain(value), String(options[plain(name)].default), name);
  }
});

Deno.test("README: the settings table is every variable the server and the engine read, with its default", () => {
  const rows = table(README, "variable");
  const names = rows.map(([name]) => plain(name));
  assert.deepEqual([...names].sort(), [...new Set([...SETTING_NAMES, ...ENGINE_VARIABLES])].sort());
  // "The last ten are the engine's, which the server passes on (`MDSEL_SIZE_WORDS` it reads too)."
  const last =
    /The last (\w+) are the engine's, which the server passes on \(`(\w+)` it reads too\)/
      .exec(flat(README));
  assert.ok(last !== null);
  const count = NUMBER_WORDS.indexOf(last[1]);
  assert.deepEqual(names.slice(-count).sort(), [...ENGINE_VARIABLES].sort());
  assert.deepEqual(
    ENGINE_VARIABLES.filter((name) => (SETTING_NAMES as readonly string[]).includes(name)),
    [last[2]],
  );
  const defaults: Record<string, unknown> = { ...DEFAULT_ENGINE_SETTINGS, ...DEFAULT_SETTINGS };
  for (const [name, value] of rows) {
    const key = plain(name).slice("MDSEL_".length).toLowerCase()
      .replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
    const expected = defaults[key];
    if (plain(name) === "MDSEL_BIN") assert.equal(value, "unset");
    else if (plain(name) === "MDSEL_CACHE") assert.equal(plain(value), "1");
    else if (plain(name) === "MDSEL_CACHE_DIR") assert.match(value, /^the platform's/);
    else if (plain(name) === "MDSEL_CACHE_MAX_BYTES") {
      assert.equal(plain(value), String(DEFAULT_CACHE_MAX_BYTES));
    } else if (plain(name) === "MDSEL_MAX_CONCURRENT") {
      assert.equal(value, "two per CPU core");
      assert.equal(defaultConcurrency(), 2 * navigator.hardwareConcurrency);
    } else if (typeof expected === "boolean") assert.equal(plain(value), expected ? "1" : "0");
    else assert.equal(plain(value), String(expected), name);
  }
});

Deno.test("README and docs/development.md: every task they name is deno.json's, and every task is named", async () => {
  const tasks = Object.keys(config.tasks);
  for (const [source, text] of [["README", README], ["development.md", development]]) {
    for (const [, task] of text.matchAll(/deno task ([\w:]+)/g)) {
      assert.ok(tasks.includes(task), `${source} names deno task ${task}`);
    }
  }
  for (const task of tasks) {
    assert.ok(development.includes(`deno task ${task}`), `development.md does not name ${task}`);
  }
  // The clone's equivalents of the jsr: entry points exist.
  assert.equal(config.tasks.start, "deno run -A main.ts");
  for (const path of ["main.ts", "mdsel/cli.ts", "hook.ts"]) {
    assert.ok(README.includes(path), path);
    assert.ok((await Deno.stat(new URL(path, ROOT))).isFile, path);
  }
});

Deno.test("README: the uninstall names the cache folder the engine uses on each platform", async () => {
  const { defaultCacheDir } = await import("../mdsel/settings/cache_settings.ts");
  const uninstall = section("Uninstall");
  const env: Record<string, string> = { HOME: "/h", LOCALAPPDATA: "C:\\L" };
  const get = (name: string) => env[name];
  assert.equal(defaultCacheDir(get, "linux"), "/h/.cache/mdsel");
  assert.match(uninstall, /rm -rf ~\/\.cache\/mdsel` on\s+Linux/);
  assert.equal(defaultCacheDir(get, "darwin"), "/h/Library/Caches/mdsel");
  assert.match(uninstall, /rm -rf ~\/Library\/Caches\/mdsel` on macOS/);
  assert.equal(defaultCacheDir(get, "windows"), "C:\\L\\mdsel");
  assert.match(uninstall, /\$env:LOCALAPPDATA\\mdsel"` on\s+Windows/);
  env.XDG_CACHE_HOME = "/x";
  assert.equal(defaultCacheDir(get, "linux"), "/x/mdsel");
  assert.match(uninstall, /`\$XDG_CACHE_HOME\/mdsel` when that is set/);
  assert.match(uninstall, /`MDSEL_CACHE_DIR` names/);
  // The tests' cache: "`mdsel-claude` beside the engine's cache folder".
  const places: [typeof Deno.build.os, Record<string, string>][] = [
    ["linux", { HOME: "/h" }],
    ["darwin", { HOME: "/h" }],
    ["linux", { HOME: "/h", XDG_CACHE_HOME: "/x" }],
  ];
  for (const [os, vars] of places) {
    const engine = defaultCacheDir((name) => vars[name], os);
    assert.ok(engine !== undefined, os);
    assert.equal(testCacheDir((name) => vars[name], os), join(dirname(engine), "mdsel-claude"));
  }
  assert.equal(testCacheDir((name) => places[0][1][name], "linux"), "/h/.cache/mdsel-claude");
  assert.match(
    uninstall,
    /`rm -rf ~\/\.cache\/mdsel-claude` on Linux; `MDSEL_TEST_CACHE_DIR` when set/,
  );
  assert.equal(TEST_CACHE_VARIABLE, "MDSEL_TEST_CACHE_DIR");
  // Claude Code's copy of the plugin, which `claude plugin uninstall` leaves, is named after the
  // marketplace (tests/e2e/plugin.e2e.ts reads its place from Claude Code's registry).
  assert.ok(uninstall.includes(`rm -rf ~/.claude/plugins/cache/${marketplace.name} `));
  // Deno's cache: the folder `deno info` names, which `deno clean` empties.
  assert.match(
    flat(uninstall),
    /the folder `deno info` names \(`DENO_DIR`\).*`deno clean` empties it/,
  );
  const deno = async (...args: string[]) => {
    const run = await new Deno.Command(Deno.execPath(), { args, env: { NO_COLOR: "1" } }).output();
    assert.equal(run.code, 0, args.join(" "));
    return new TextDecoder().decode(run.stdout);
  };
  assert.match(await deno("info"), /^DENO_DIR location: /m);
  assert.match(await deno("clean", "--help"), /^Remove the cache directory/);
});

/** The disk space a folder's files take, in bytes (their blocks where the system says, else their sizes). */
async function diskUsage(dir: string): Promise<number> {
  let total = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) total += await diskUsage(path);
    else if (entry.isFile) {
      const info = await Deno.stat(path);
      total += info.blocks !== null ? info.blocks * 512 : info.size;
    }
  }
  return total;
}

Deno.test("README: the test corpora it says to delete take the space it says, as docs/development.md does", async () => {
  // Every corpus the tests fetch, fetched if missing: the corpus, the MDX corpus, the search
  // corpus (into the corpus's folder) and the docs sets of the search test.
  await undiciApiDocs();
  await ensureMdxCorpus();
  await ensureSearchCorpus();
  await docsSets();
  let bytes = 0;
  for (const dir of [CORPUS_DIR, MDX_CORPUS_DIR, DOCS_SETS_CACHE]) bytes += await diskUsage(dir);
  const stated = /with the\s+test corpora \((\d+) MB\)/.exec(section("Uninstall"));
  assert.ok(stated !== null);
  // Rounded as `du -sh` rounds; a tenth either way for the file system's block size.
  const mb = bytes / 1e6;
  assert.ok(Math.abs(mb - Number(stated[1])) <= Number(stated[1]) / 10, `${mb.toFixed(1)} MB`);
  assert.ok(flat(development).includes(`${stated[1]} MB on disk`), "development.md's figure");
});

Deno.test("README: one figure for the first start and one range for the test time, the docs' own", async () => {
  const hook = await Deno.readTextFile(new URL("docs/hook.md", ROOT));
  const starts = (text: string) => [...flat(text).matchAll(/\b(\d+-\d+ s)\b/g)].map(([, f]) => f);
  const figures = new Set([README, hook, development].flatMap(starts));
  assert.ok(starts(README).length >= 1, "the README gives the first start");
  assert.equal(figures.size, 1, [...figures].join(", "));
  // "`deno task test` runs the tests: 2 to 8 minutes on 2 cores": the one range, development.md's.
  const range = /`deno task test` runs the tests: (\d+ to \d+ minutes) on 2 cores/.exec(
    flat(README),
  );
  assert.ok(range !== null);
  assert.equal([...flat(README).matchAll(/\d+ min\b|\d+ minutes/g)].length, 1, "one test time");
  assert.ok(flat(development).includes(range[1]), "development.md's range");
  // The tests need npm: the README says so, as the corpora are fetched with `npm pack`.
  const corpus = await Deno.readTextFile(new URL("tests/_corpus.ts", ROOT));
  assert.ok(corpus.includes('run("npm", ["pack"'));
  assert.ok(section("Development").includes("`npm pack`"));
});
