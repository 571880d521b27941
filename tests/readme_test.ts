// The README's claims, kept in step with the code where a test can: the
// outputs it shows (run again and compared), the figures of its example
// (measured again, all but Claude Code's own Read, which bench/readme_bench.ts
// measures), its option and settings tables against what the plugin declares
// and the code reads, and the tasks it names.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  EXAMPLE_CALLS,
  EXAMPLE_PATH,
  guardAnswer,
  mdselOutput,
  undiciApiDocs,
} from "../bench/readme_bench.ts";
import { DEFAULT_ENGINE_SETTINGS, ENGINE_VARIABLES } from "../mdsel/settings/engine_settings.ts";
import { DEFAULT_CACHE_MAX_BYTES } from "../mdsel/settings/cache_settings.ts";
import { DEFAULT_SETTINGS, defaultConcurrency, SETTING_NAMES } from "../tools/settings.ts";
import { CLAUDE_CODE_VERSION } from "./e2e/_claude_code.ts";

const ROOT = new URL("../", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));
const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
const plugin = JSON.parse(await Deno.readTextFile(new URL(".claude-plugin/plugin.json", ROOT)));

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

Deno.test("README: the outputs it shows are what mdsel prints, character for character", async () => {
  const docs = await undiciApiDocs();
  const shown = [...README.matchAll(/^(`{3,4})\n(\$ mdsel [^\n]+)\n([\s\S]*?)^\1$/gm)];
  assert.ok(shown.length >= 2, `${shown.length} outputs shown`);
  for (const [, , command, output] of shown) {
    const args = command.slice("$ mdsel ".length).split(" ");
    assert.equal(await mdselOutput(args, docs), output, command);
  }
});

Deno.test("README: the example's figures are the engine's and the guard's, measured again", async () => {
  const docs = await undiciApiDocs();
  const file = join(docs, "Dispatcher.md");
  const text = await Deno.readTextFile(file);
  const facts = /\(undici 8\.12\.4: ([\d,]+) bytes, ([\d,]+) lines, ([\d,]+) words\)/.exec(README);
  assert.ok(facts !== null);
  assert.deepEqual(facts.slice(1).map(figure), [
    new TextEncoder().encode(text).length,
    text.split("\n").length - 1,
    text.match(/\S+/g)!.length,
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
  // "mdsel_select with `abort a request` finds `h3.5` first".
  const search = /with `([^`]+)` finds `(h\d\.\d+)` first/.exec(README.replaceAll("\n", " "));
  assert.ok(search !== null);
  const found = await mdselOutput(["select", search[1], "Dispatcher.md"], docs);
  assert.ok(found.split("\n")[1].startsWith(`${search[2]} `), found);
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
  const development = await Deno.readTextFile(new URL("docs/development.md", ROOT));
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
  const uninstall = README.slice(README.indexOf("## Uninstall"), README.indexOf("## What it does"));
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
});
