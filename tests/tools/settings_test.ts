import assert from "node:assert/strict";
import { DEFAULT_SETTINGS, readSettings } from "../../tools/settings.ts";

Deno.test("readSettings: defaults when nothing is set", () => {
  assert.deepEqual(readSettings(() => undefined), DEFAULT_SETTINGS);
  assert.deepEqual(DEFAULT_SETTINGS, {
    minWords: 200,
    timeoutMs: 30_000,
    maxOutputBytes: 8 * 1024 * 1024,
    format: "text",
    sizeWords: 500,
    allowAnyFile: false,
    maxConcurrent: 2 * navigator.hardwareConcurrency,
    warnings: [],
  });
});

Deno.test("readSettings: every variable is read", () => {
  const env: Record<string, string> = {
    MDSEL_MIN_WORDS: " 0 ",
    MDSEL_BIN: "/opt/mdsel/bin/mdsel",
    MDSEL_TIMEOUT_MS: "1500",
    MDSEL_MAX_OUTPUT_BYTES: "65536",
    MDSEL_FORMAT: "JSON",
    MDSEL_SIZE_WORDS: "800",
    MDSEL_ALLOW_ANY_FILE: "1",
    MDSEL_MAX_CONCURRENT: "4",
  };
  assert.deepEqual(readSettings((name) => env[name]), {
    minWords: 0,
    mdselBin: "/opt/mdsel/bin/mdsel",
    timeoutMs: 1500,
    maxOutputBytes: 65536,
    format: "json",
    sizeWords: 800,
    allowAnyFile: true,
    maxConcurrent: 4,
    warnings: [],
  });
});

Deno.test("readSettings: MDSEL_FORMAT is text or json; MDSEL_ALLOW_ANY_FILE is 1 or 0", () => {
  const read = (env: Record<string, string>) => readSettings((name) => env[name]);
  assert.equal(read({ MDSEL_FORMAT: " text " }).format, "text");
  assert.equal(read({ MDSEL_FORMAT: "" }).format, "text");
  assert.equal(read({ MDSEL_FORMAT: "json" }).format, "json");
  for (const value of ["1", "true", " TRUE "]) {
    assert.equal(read({ MDSEL_ALLOW_ANY_FILE: value }).allowAnyFile, true, value);
  }
  for (const value of ["", "0", "false"]) {
    const settings = read({ MDSEL_ALLOW_ANY_FILE: value });
    assert.deepEqual([settings.allowAnyFile, settings.warnings], [false, []], value);
  }
});

Deno.test("readSettings: a bad value falls back to its default with one warning each", () => {
  const env: Record<string, string> = {
    MDSEL_MIN_WORDS: "many",
    MDSEL_TIMEOUT_MS: "0",
    MDSEL_MAX_OUTPUT_BYTES: "1.5",
    MDSEL_FORMAT: "yaml",
    MDSEL_SIZE_WORDS: "0",
    MDSEL_ALLOW_ANY_FILE: "yes",
    MDSEL_BIN: "  ",
    MDSEL_MAX_CONCURRENT: "0",
  };
  const settings = readSettings((name) => env[name]);
  assert.equal(settings.minWords, 200);
  assert.equal(settings.timeoutMs, 30_000);
  assert.equal(settings.maxOutputBytes, 8 * 1024 * 1024);
  assert.equal(settings.format, "text");
  assert.equal(settings.sizeWords, 500);
  assert.equal(settings.allowAnyFile, false);
  assert.equal(settings.mdselBin, undefined);
  assert.deepEqual(settings.warnings, [
    "mdsel-claude: ignoring MDSEL_MIN_WORDS='many' (not a whole number); using 200",
    "mdsel-claude: ignoring MDSEL_TIMEOUT_MS='0' (not a positive whole number up to 2147483647); using 30000",
    "mdsel-claude: ignoring MDSEL_MAX_OUTPUT_BYTES='1.5' (not a positive whole number); using 8388608",
    "mdsel-claude: ignoring MDSEL_SIZE_WORDS='0' (not a positive whole number); using 500",
    "mdsel-claude: ignoring MDSEL_MAX_CONCURRENT='0' (not a positive whole number); using " +
    DEFAULT_SETTINGS.maxConcurrent,
    "mdsel-claude: ignoring MDSEL_FORMAT='yaml' (use text or json); using text",
    "mdsel-claude: ignoring MDSEL_ALLOW_ANY_FILE='yes' (use 1 or 0); using 0",
  ]);
});

Deno.test("readSettings: digits only, and a value past the largest integer names that bound", () => {
  for (const raw of ["1e3", "0x10", "+400", "400.0"]) {
    const settings = readSettings((name) => name === "MDSEL_SIZE_WORDS" ? raw : undefined);
    assert.equal(settings.sizeWords, 500, raw);
    assert.deepEqual(settings.warnings, [
      `mdsel-claude: ignoring MDSEL_SIZE_WORDS='${raw}' (not a positive whole number); using 500`,
    ]);
  }
  const huge = readSettings((name) =>
    name === "MDSEL_SIZE_WORDS" ? "99999999999999999999" : undefined
  );
  assert.deepEqual(huge.warnings, [
    "mdsel-claude: ignoring MDSEL_SIZE_WORDS='99999999999999999999' (not a positive whole number up to 9007199254740991); using 500",
  ]);
});

Deno.test("readSettings: a timeout a timer cannot hold is refused, not overflowed", () => {
  const read = (value: string) =>
    readSettings((name) => name === "MDSEL_TIMEOUT_MS" ? value : undefined);
  assert.equal(read("2147483647").timeoutMs, 2 ** 31 - 1);
  const settings = read("2147483648");
  assert.equal(settings.timeoutMs, 30_000);
  assert.deepEqual(settings.warnings, [
    "mdsel-claude: ignoring MDSEL_TIMEOUT_MS='2147483648' (not a positive whole number up to 2147483647); using 30000",
  ]);
});

Deno.test("readSettings: without env permission, the defaults, silently", async () => {
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  const settings = new URL("../../tools/settings.ts", import.meta.url).href;
  await Deno.writeTextFile(
    file,
    `import { readSettings } from ${JSON.stringify(settings)};\n` +
      "console.log(JSON.stringify(readSettings()));\n",
  );
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", "--no-prompt", file],
    env: {
      MDSEL_MIN_WORDS: "999",
      MDSEL_FORMAT: "json",
      MDSEL_ALLOW_ANY_FILE: "1",
      NO_COLOR: "1",
    },
    stdin: "null",
  }).output();
  await Deno.remove(file);
  const decoder = new TextDecoder();
  assert.equal(output.success, true, decoder.decode(output.stderr));
  assert.deepEqual(JSON.parse(decoder.decode(output.stdout)), DEFAULT_SETTINGS);
  assert.equal(decoder.decode(output.stderr), "");
});
