import assert from "node:assert/strict";
import {
  isMarkdownPath,
  isWholeRead,
  markdownReadPath,
  parseHookInput,
} from "../../hooks/input.ts";

function input(filePath: unknown, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    hook_event_name: "PostToolUse",
    tool_name: "Read",
    tool_input: { file_path: filePath },
    ...fields,
  });
}

Deno.test("isMarkdownPath: .md and .markdown in any case", () => {
  const yes = ["/a.md", "/a.MD", "/a.Md", "/b/c.markdown", "/c.MARKDOWN", "rel.md", "/.md"];
  const no = ["/a.mdx", "/a.md.txt", "/amd", "/a.mark", "/a.markdow", "/dir.md/file", ""];
  for (const path of yes) assert.equal(isMarkdownPath(path), true, path);
  for (const path of no) assert.equal(isMarkdownPath(path), false, path);
});

Deno.test("parseHookInput and markdownReadPath", () => {
  const parsed = parseHookInput(input("/x/a.md"));
  assert.equal(parsed.hookEventName, "PostToolUse");
  assert.equal(markdownReadPath(parsed), "/x/a.md");
  assert.equal(markdownReadPath({ ...parsed, toolName: "Write" }), undefined);
  assert.equal(markdownReadPath(parseHookInput(input("/x/a.ts"))), undefined);
  assert.throws(() => parseHookInput(""), SyntaxError);
  assert.throws(() => parseHookInput("null"), {
    name: "TypeError",
    message: "Hook input is not a JSON object",
  });
  assert.throws(() => parseHookInput(input("/a.md", { tool_name: 3 })), {
    name: "TypeError",
    message: 'Expected "tool_name" to be a string, got a number',
  });
  assert.throws(() => markdownReadPath(parseHookInput(input(""))), {
    name: "TypeError",
    message: 'Expected "tool_input.file_path" to be a non-empty string, got ""',
  });
});

Deno.test("isWholeRead: neither offset nor limit, null counting as absent", () => {
  const read = (toolInput: Record<string, unknown>) => ({
    hookEventName: "PreToolUse",
    toolName: "Read",
    toolInput: { file_path: "/a.md", ...toolInput },
  });
  const table: [Record<string, unknown>, boolean][] = [
    [{}, true],
    [{ offset: null, limit: null }, true],
    [{ offset: 1 }, false],
    [{ offset: 0 }, false],
    [{ limit: 40 }, false],
    [{ offset: 120, limit: 40 }, false],
    [{ offset: "1" }, false],
    [{ pages: "1-2" }, true],
  ];
  for (const [fields, whole] of table) {
    assert.equal(isWholeRead(read(fields)), whole, JSON.stringify(fields));
  }
});
