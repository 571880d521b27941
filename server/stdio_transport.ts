/**
 * The server's stdio transport: newline-delimited JSON-RPC that, unlike the SDK's, skips a bad or
 * oversized line and keeps serving, answering every request whose id it can find.
 *
 * @module
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
// @ts-types="@modelcontextprotocol/sdk/types"
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { formatBytes } from "../mdsel/files/format_bytes.ts";
import { clipText } from "../mdsel/query/clip.ts";

/** The largest input line taken, as the SDK's own transport has it: 10 MiB. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC's error codes for what this transport refuses. */
export const JSONRPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
} as const;

/** A JSON-RPC request id; `null` when it cannot be told. */
type _MessageId = string | number | null;

/** An error to answer a request with instead of handing it on. */
export interface RequestRefusal {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** One line saying why. */
  readonly message: string;
}

/** A request whose envelope is valid, as {@linkcode _StdioTransportOptions.checkRequest} sees it. */
export interface CheckedRequest {
  readonly id: string | number;
  readonly method: string;
  /** Always an object, when present. */
  readonly params?: Record<string, unknown>;
}

/** Streams and checks for {@linkcode StdioTransport}; stdin, stdout and stderr by default. */
interface _StdioTransportOptions {
  readonly readable?: ReadableStream<Uint8Array>;
  readonly writable?: WritableStream<Uint8Array>;
  /** Lines longer than this many bytes are skipped; {@linkcode MAX_LINE_BYTES} by default. */
  readonly maxLineBytes?: number;
  /** Says why a request must be refused, before the server sees it. */
  readonly checkRequest?: (request: CheckedRequest) => RequestRefusal | undefined;
  /** Where the one-line logs go. */
  readonly log?: (line: string) => void;
}

// How much of an oversized line's start and end is kept to find its id.
const _EDGE_BYTES = 4096;

/**
 * A JSON-RPC transport over stdio (or any pair of byte streams) that never closes on bad input and
 * answers every request it can attribute.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { StdioTransport } from "./stdio_transport.ts";
 * const lines = ["not json", '{"jsonrpc":"2.0","id":7,"method":"ping","params":"x"}', '{"jsonrpc":"2.0","id":8,"method":"ping"}'];
 * const written: string[] = [];
 * const writable = new WritableStream<Uint8Array>({ write: (chunk) => void written.push(new TextDecoder().decode(chunk)) });
 * const transport = new StdioTransport({ readable: new Blob([lines.join("\n")]).stream(), writable, log: () => {} });
 * const received: unknown[] = [];
 * transport.onmessage = (message) => void received.push(message);
 * const closed = new Promise<void>((resolve) => transport.onclose = resolve);
 * await transport.start();
 * await closed;
 * assert.deepEqual(received, [{ jsonrpc: "2.0", id: 8, method: "ping" }]);
 * assert.deepEqual(written.map((line) => JSON.parse(line).error?.code), [-32700, -32600]);
 * ```
 */
export class StdioTransport {
  /** Called with each valid message. */
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called when the input ends or the transport is closed. */
  onclose?: () => void;
  /** Called when reading the input fails; the transport then closes. */
  onerror?: (error: Error) => void;

  #readable: ReadableStream<Uint8Array>;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #reader?: ReadableStreamDefaultReader<Uint8Array>;
  #maxLineBytes: number;
  #checkRequest?: (request: CheckedRequest) => RequestRefusal | undefined;
  #log: (line: string) => void;
  #closed = false;
  // The line being read: its parts, or (once over the limit) its first bytes and its last ones.
  #parts: Uint8Array[] = [];
  #size = 0;
  #head?: Uint8Array;

  /** Creates the transport, on stdin and stdout by default. */
  constructor(options: _StdioTransportOptions = {}) {
    this.#readable = options.readable ?? Deno.stdin.readable;
    this.#writer = (options.writable ?? Deno.stdout.writable).getWriter();
    this.#maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.#checkRequest = options.checkRequest;
    this.#log = options.log ?? ((line) => console.error(line));
  }

  /** Starts reading; returns at once. `onclose` fires when the input ends. */
  start(): Promise<void> {
    this.#reader = this.#readable.getReader();
    this.#readLoop().catch((error) => {
      const reason = error instanceof Error ? error.message : String(error);
      this.onerror?.(new Error(`cannot read the input: ${reason}`, { cause: error }));
      this.close();
    });
    return Promise.resolve();
  }

  /** Writes one message as one line. */
  async send(message: JSONRPCMessage | Record<string, unknown>): Promise<void> {
    if (this.#closed) return;
    await this.#writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
  }

  /** Stops reading and fires `onclose` once. */
  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#reader?.cancel().catch(() => {});
    this.onclose?.();
    return Promise.resolve();
  }

  async #readLoop(): Promise<void> {
    const reader = this.#reader!;
    for (;;) {
      const { done, value } = await reader.read();
      if (done || this.#closed) break;
      let start = 0;
      while (start < value.length) {
        const newline = value.indexOf(10, start);
        this.#take(value.subarray(start, newline === -1 ? value.length : newline));
        if (newline === -1) break;
        await this.#endLine();
        start = newline + 1;
      }
    }
    // A last line without its newline is still a message.
    if (!this.#closed && this.#size > 0) await this.#endLine();
    await this.close();
  }

  #take(bytes: Uint8Array): void {
    this.#size += bytes.length;
    if (this.#size <= this.#maxLineBytes) return void this.#parts.push(bytes);
    // Over the limit: keep only the edges, where the id usually is.
    const kept = _concat([...this.#parts, bytes]);
    this.#head ??= kept.slice(0, _EDGE_BYTES);
    this.#parts = [kept.slice(-_EDGE_BYTES)];
  }

  async #endLine(): Promise<void> {
    const [size, head, line] = [this.#size, this.#head, _concat(this.#parts)];
    [this.#parts, this.#size, this.#head] = [[], 0, undefined];
    const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    if (head !== undefined) {
      const limit = formatBytes(this.#maxLineBytes, { binary: true });
      this.#log(`mdsel-claude: skipped a message of ${size} bytes (the limit is ${limit})`);
      const id = _findId(text(head), "head") ?? _findId(text(line), "tail");
      const message = `Message too large: ${size} bytes (the limit is ${limit})`;
      if (id !== undefined) await this.#refuse(id, JSONRPC_ERRORS.invalidRequest, message);
      return;
    }
    const decoded = text(line).replace(/\r$/, "");
    if (decoded.trim() !== "") await this.#handleLine(decoded);
  }

  async #handleLine(line: string): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#log(`mdsel-claude: skipped a line that is not JSON: ${_preview(line)}`);
      return await this.#refuse(null, JSONRPC_ERRORS.parseError, `Parse error: ${reason}`);
    }
    const invalid = _envelopeError(value);
    if (invalid !== undefined) {
      this.#log(`mdsel-claude: skipped an invalid message (${invalid.reason}): ${_preview(line)}`);
      // A notification is never answered; a request is, by its id when it has a usable one.
      if (invalid.answer) {
        const message = `Invalid Request: ${invalid.reason}`;
        await this.#refuse(invalid.id, JSONRPC_ERRORS.invalidRequest, message);
      }
      return;
    }
    const message = value as JSONRPCMessage & Record<string, unknown>;
    if (typeof message.method === "string" && "id" in message && this.#checkRequest) {
      const refusal = this.#checkRequest(message as unknown as CheckedRequest);
      if (refusal !== undefined) {
        this.#log(`mdsel-claude: refused ${message.method} (${refusal.message})`);
        return await this.#refuse(message.id as string | number, refusal.code, refusal.message);
      }
    }
    this.onmessage?.(message);
  }

  async #refuse(id: _MessageId, code: number, message: string): Promise<void> {
    await this.send({ jsonrpc: "2.0", id, error: { code, message } });
  }
}

function _envelopeError(
  value: unknown,
): { reason: string; id: _MessageId; answer: boolean } | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const what = Array.isArray(value)
      ? "a batch (an array)"
      : value === null
      ? "null"
      : typeof value;
    return { reason: `expected a JSON object, got ${what}`, id: null, answer: true };
  }
  const message = value as Record<string, unknown>;
  const hasId = "id" in message;
  const id = _usableId(message.id);
  // Requests and malformed messages with an id are answered; notifications are not.
  const answer = hasId || typeof message.method !== "string";
  const fail = (reason: string) => ({ reason, id, answer });
  if (message.jsonrpc !== "2.0") return fail(`jsonrpc must be "2.0"`);
  const { id: rawId, method, params } = message;
  if (hasId && !(typeof rawId === "string" || Number.isSafeInteger(rawId))) {
    return fail("id must be a string or an integer");
  }
  if ("method" in message) {
    if (typeof method !== "string") return fail("method must be a string");
    if ("params" in message && (typeof params !== "object" || !params || Array.isArray(params))) {
      return fail("params must be an object");
    }
  } else if (!hasId || !("result" in message || "error" in message)) {
    return fail("not a request, a notification or a response");
  }
  const parsed = JSONRPCMessageSchema.safeParse(message);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return fail(`${where}${_oneLine(issue?.message ?? "invalid message")}`);
}

function _usableId(id: unknown): _MessageId {
  // Echo any string or finite number so the client can match the answer to its request.
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

function _findId(text: string, edge: "head" | "tail"): _MessageId | undefined {
  // JSON text of an id (a string or a number): at the start only right after the jsonrpc
  // member, at the end only as the last member.
  const id = String.raw`("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)`;
  const pattern = edge === "head"
    ? new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${id}\s*,`)
    : new RegExp(String.raw`,\s*"id"\s*:\s*${id}\s*\}\s*$`);
  const match = pattern.exec(text);
  if (!match) return undefined;
  try {
    return _usableId(JSON.parse(match[1]));
  } catch {
    return undefined;
  }
}

function _concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

function _oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function _preview(line: string): string {
  return clipText(_oneLine(line), 80);
}
