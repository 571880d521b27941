// What the file system refuses, through the real server in the sandboxed mode
// and through the CLI, run as a user the file system can refuse (see
// tests/_unprivileged.ts): permission errors say so, and inside a folder an
// unreadable file or subfolder is a warning while the rest is answered.
import assert from "node:assert/strict";
import { join } from "node:path";
import { callText } from "../_server.ts";
import {
  CAN_DROP_PRIVILEGES,
  openToAll,
  runUnprivilegedCli,
  startUnprivilegedServer,
} from "../_unprivileged.ts";

async function lockedTree(): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "mdsel-unreadable-" });
  const files: Record<string, string> = {
    "docs/a.md": "# Readable\n\nThe words here.\n",
    "docs/locked-file.md": "# Locked file\n\nhidden words\n",
    "docs/locked-dir/inner.md": "# Inner\n\nhidden words\n",
    "docs/open/b.md": "# Open\n\nMore words here.\n",
    "sealed/c.md": "# Sealed\n",
  };
  for (const [name, text] of Object.entries(files)) {
    const path = join(root, name);
    await Deno.mkdir(join(path, ".."), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  await openToAll(root);
  await Deno.chmod(join(root, "docs", "locked-file.md"), 0o000);
  await Deno.chmod(join(root, "docs", "locked-dir"), 0o000);
  await Deno.chmod(join(root, "sealed"), 0o000);
  return root;
}

Deno.test({
  name: "unreadable files and folders: said so, and a folder's other files are answered",
  ignore: !CAN_DROP_PRIVILEGES,
  async fn() {
    const root = await lockedTree();
    const docs = join(root, "docs");
    try {
      await using server = await startUnprivilegedServer([
        "--allow-run=mdsel",
        `--allow-read=${root}`,
      ]);
      const skippedFile = `[warning: Skipped ${docs}/locked-file.md: permission denied]`;
      const skippedDir =
        `[warning: Skipped ${docs}/locked-dir: permission denied (cannot list the folder)]`;

      // A folder holding unreadable things: the rest is answered, the skipped named.
      for (
        const [tool, args] of [
          ["mdsel_index", { files: [docs] }],
          ["mdsel_select", { selector: "h1.0", files: [docs] }],
          ["mdsel_select", { selector: "words", files: [docs] }],
          ["mdsel_index", { files: [`${docs}/**/*.md`] }],
        ] as const
      ) {
        const result = await callText(server.client, tool, args);
        const what = `${tool} ${JSON.stringify(args)}: ${result.text}`;
        assert.equal(result.isError, false, what);
        assert.match(result.text, /Readable/, what);
        assert.match(result.text, /Open/, what);
        assert.ok(!result.text.includes("hidden words"), what);
        assert.ok(result.text.includes(skippedDir), what);
        if (!args.files[0].includes("*")) assert.ok(result.text.includes(skippedFile), what);
      }

      // A folder that cannot be listed, and a file that cannot be read, named outright.
      const sealed = await callText(server.client, "mdsel_index", {
        files: [join(root, "sealed")],
      });
      assert.equal(sealed.isError, true);
      assert.match(
        sealed.text,
        new RegExp(
          `^error PROCESSING_ERROR: Permission denied: cannot list the folder ${root}/sealed\n`,
        ),
      );
      assert.doesNotMatch(sealed.text, /No Markdown files/);
      const locked = await callText(server.client, "mdsel_select", {
        selector: "h1.0",
        files: [join(docs, "locked-file.md")],
      });
      assert.equal(locked.isError, true);
      assert.match(locked.text, /^error PROCESSING_ERROR: Permission denied: .*locked-file\.md\n/);

      // The CLI alone says the same, with its exit codes.
      const cli = await runUnprivilegedCli(["index", "--", docs]);
      assert.equal(cli.code, 0, cli.stdout + cli.stderr);
      assert.ok(cli.stdout.includes(skippedFile), cli.stdout);
      const json = await runUnprivilegedCli(["index", "--json", "--", docs]);
      const envelope = JSON.parse(json.stdout);
      assert.equal(envelope.success, true);
      assert.deepEqual(envelope.warnings, [
        `Skipped ${docs}/locked-dir: permission denied (cannot list the folder)`,
        `Skipped ${docs}/locked-file.md: permission denied`,
      ]);
    } finally {
      await openToAll(root);
      await Deno.remove(root, { recursive: true });
    }
  },
});
