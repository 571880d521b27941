// The stdio transport, in process and through the real server: what a
// careless or hostile client writes is answered or skipped, never fatal.
import assert from "node:assert/strict";
import { join } from "node:path";
import { MAX_LINE_BYTES, StdioTransport } from "../../server/stdio_transport.ts";
import { INITIALIZE, spawnRaw, waitFor } from "../_server.ts";
import { examplesDir } from "../mdsel/_cli.ts";

/** Runs lines through a transport in process; returns what it passed on, wrote and logged. */
async function throughTransport(input: string | Uint8Array[], maxLineBytes?: number) {
  const chunks = typeof input === "string" ? [new TextEncoder().encode(input)] : input;
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const written: unknown[] = [];
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => {
      for (const line of new TextDecoder().decode(chunk).split("\n")) {
        if (line !== "") written.push(JSON.parse(line));
      }
    },
  });
  const received: unknown[] = [];
  const logs: string[] = [];
  const transport = new StdioTransport({
    readable,
    writable,
    maxLineBytes,
    log: (line) => logs.push(line),
  });
  const closed = new Promise<void>((resolve) => transport.onclose = resolve);
  transport.onmessage = (message) => void received.push(message);
  await transport.start();
  await closed;
  return { received, written, logs };
}

const ping = (id: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });

Deno.test("transport: lines split across chunks, CRLF, blank lines and a last line without newline", async () => {
  const text = `${ping(1)}\r\n\n   \n${ping(2)}\n${ping(3)}`;
  const bytes = new TextEncoder().encode(text);
  const chunks = [bytes.subarray(0, 5), bytes.subarray(5, 40), bytes.subarray(40)];
  const { received, written, logs } = await throughTransport(chunks);
  assert.deepEqual(received.map((message) => (message as { id: number }).id), [1, 2, 3]);
  assert.deepEqual(written, []);
  assert.deepEqual(logs, []);
});

Deno.test("transport: an oversized line is skipped and answered by the id at its start or end", async () => {
  const padding = "x".repeat(300);
  const head = `{"jsonrpc":"2.0","id":"first","method":"tools/call","params":{"pad":"${padding}"}}`;
  const tail = `{"method":"tools/call","params":{"pad":"${padding}"},"jsonrpc":"2.0","id":42}`;
  const none = `{"method":"tools/call","params":{"id":7,"pad":"${padding}"}}`;
  const { received, written, logs } = await throughTransport(
    [head, tail, none, ping(5)].join("\n") + "\n",
    256,
  );
  assert.deepEqual(received, [{ jsonrpc: "2.0", id: 5, method: "ping" }]);
  assert.deepEqual(written, [
    {
      jsonrpc: "2.0",
      id: "first",
      error: {
        code: -32600,
        message: `Message too large: ${head.length} bytes (the limit is 256 bytes)`,
      },
    },
    {
      jsonrpc: "2.0",
      id: 42,
      error: {
        code: -32600,
        message: `Message too large: ${tail.length} bytes (the limit is 256 bytes)`,
      },
    },
  ]);
  assert.equal(logs.length, 3);
  assert.match(
    logs[2],
    /^mdsel-claude: skipped a message of \d+ bytes \(the limit is 256 bytes\)$/,
  );
});

Deno.test("the server: a line over 10 MiB is skipped, and it keeps serving what is already in the pipe", async () => {
  const server = spawnRaw(["-A"]);
  const files = Array.from({ length: 400_000 }, (_, i) => `/docs/reference/file-${i}.md`);
  const huge = JSON.stringify({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "mdsel_index", arguments: { files } },
  });
  assert.ok(huge.length > MAX_LINE_BYTES);
  // 11 MiB with no id to be found: skipped without an answer.
  const anonymous = `{"pad":"${"y".repeat(11 * 1024 * 1024)}"}`;
  const readme = join(examplesDir(), "readme.md");
  const call = JSON.stringify({
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "mdsel_index", arguments: { files: [readme] } },
  });
  // Everything goes into the pipe before the server has read any of it.
  const writing = server.send([INITIALIZE, huge, anonymous, call].join("\n") + "\n");
  assert.ok((await server.response(1)).result);
  const tooLarge = await server.response(2);
  assert.deepEqual(tooLarge.error, {
    code: -32600,
    message: `Message too large: ${huge.length} bytes (the limit is 10 MiB)`,
  });
  const answer = await server.response(3) as { result: { content: { text: string }[] } };
  assert.match(answer.result.content[0].text, /Project Title/);
  await writing;
  await server.closeStdin();
  assert.equal((await server.child.status).code, 0);
  await server.stdoutDone;
  const stderr = (await server.stderrText).trim().split("\n");
  assert.equal(stderr.length, 2, stderr.join("\n"));
  assert.ok(stderr.every((line) => /^mdsel-claude: skipped a message of \d+ bytes/.test(line)));
});

Deno.test("the server: requests with an id but an invalid envelope are answered Invalid Request", async () => {
  const server = spawnRaw(["-A"]);
  const bad = [
    { jsonrpc: "2.0", id: 10, method: "tools/call", params: "x" },
    { jsonrpc: "2.0", id: 11, method: "tools/call", params: null },
    { jsonrpc: "1.0", id: 12, method: "ping" },
    { jsonrpc: "2.0", id: 13.5, method: "ping" },
    { jsonrpc: "2.0", id: 14, method: 7 },
    { jsonrpc: "2.0", id: 15 },
  ];
  await server.send(
    [INITIALIZE, ...bad.map((message) => JSON.stringify(message)), "[1,2]", "42", "{nope"]
      .join("\n") + "\n",
  );
  assert.ok((await server.response(1)).result);
  const reasons: Record<number, string> = {
    10: "params must be an object",
    11: "params must be an object",
    12: 'jsonrpc must be "2.0"',
    13.5: "id must be a string or an integer",
    14: "method must be a string",
    15: "not a request, a notification or a response",
  };
  for (const [id, reason] of Object.entries(reasons)) {
    const answer = await server.response(Number(id));
    assert.deepEqual(answer.error, { code: -32600, message: `Invalid Request: ${reason}` }, id);
  }
  await waitFor(
    () => server.lines.length >= 10,
    "the answers to the batch, the number and the bad JSON",
  );
  const anonymous = server.lines.map((line) => JSON.parse(line)).filter((message) =>
    message.id === null
  );
  assert.deepEqual(anonymous.map((message) => message.error.code), [-32600, -32600, -32700]);
  await server.closeStdin();
  await server.child.status;
  await server.stdoutDone;
  // One line per refused line, never a dump.
  const stderr = (await server.stderrText).trim().split("\n");
  assert.equal(stderr.length, bad.length + 3, stderr.join("\n"));
});

Deno.test("the server: malformed tools/call is Invalid params in one line; unknown tools, even prototype names, are unknown", async () => {
  const server = spawnRaw(["-A"]);
  const calls: [number, unknown, string][] = [
    [
      20,
      undefined,
      "Invalid params for tools/call: params: Invalid input: expected object, received undefined",
    ],
    [
      21,
      { name: "mdsel_index", arguments: "x" },
      "Invalid params for tools/call: params.arguments: Invalid input: expected record, received string",
    ],
    [
      22,
      { name: "mdsel_index", arguments: ["x"] },
      "Invalid params for tools/call: params.arguments: Invalid input: expected record, received array",
    ],
    [
      23,
      { name: 5, arguments: {} },
      "Invalid params for tools/call: params.name: Invalid input: expected string, received number",
    ],
    [
      24,
      { name: "constructor", arguments: {} },
      'Unknown tool: "constructor" (the tools are mdsel_index and mdsel_select)',
    ],
    [
      25,
      { name: "toString" },
      'Unknown tool: "toString" (the tools are mdsel_index and mdsel_select)',
    ],
    [
      26,
      { name: "nope", arguments: {} },
      'Unknown tool: "nope" (the tools are mdsel_index and mdsel_select)',
    ],
  ];
  const lines = calls.map(([id, params]) =>
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      ...(params === undefined ? {} : { params }),
    })
  );
  await server.send([INITIALIZE, ...lines].join("\n") + "\n");
  for (const [id, , message] of calls) {
    assert.deepEqual((await server.response(id)).error, { code: -32602, message }, String(id));
  }
  // A well-formed call still works after all of that.
  await server.send(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 27,
      method: "tools/call",
      params: { name: "mdsel_index", arguments: { files: [join(examplesDir(), "readme.md")] } },
    }) + "\n",
  );
  assert.ok((await server.response(27)).result);
  await server.closeStdin();
  await server.child.status;
  await server.stdoutDone;
  const stderr = (await server.stderrText).trim().split("\n");
  assert.equal(stderr.length, calls.length, stderr.join("\n"));
});
