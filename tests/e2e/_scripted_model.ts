// A scripted model behind the Anthropic Messages API, so that the real Claude
// Code CLI runs a whole session offline: the session's turns are written in
// advance (a Read, an Edit, a tool call...), and everything Claude Code sends
// is recorded. Claude Code reaches it through ANTHROPIC_BASE_URL. It plays
// only the model: the CLI, its hooks, the plugin's server and the files are
// real.

/** One content block of a scripted answer. */
export type ScriptedBlock =
  | { readonly type: "text"; readonly text: string }
  | {
    readonly type: "tool_use";
    readonly id: string;
    readonly name: string;
    readonly input: Record<string, unknown>;
  };

/** A request Claude Code sent to `/v1/messages`. */
export interface MessagesRequest {
  // deno-lint-ignore no-explicit-any
  readonly messages: any[];
  // deno-lint-ignore no-explicit-any
  readonly tools?: any[];
  readonly stream?: boolean;
}

/** What one tool call returned, as the model received it. */
export interface ToolResult {
  /** The text of the result. */
  readonly text: string;
  /** Whether Claude Code marked it an error (a hook's deny is one). */
  readonly isError: boolean;
  /** The text blocks that followed it in the same message (hook context, system reminders). */
  readonly after: string[];
}

/** A running scripted model. */
export interface ScriptedModel {
  /** The base URL for ANTHROPIC_BASE_URL. */
  readonly url: string;
  /** Every request to `/v1/messages`, in order. */
  readonly requests: MessagesRequest[];
  /** Stops the server. */
  close(): Promise<void>;
}

/** How the scripted model answers besides its turns. */
export interface ScriptedModelOptions {
  /**
   * The `input_tokens` of `/v1/messages/count_tokens`, from the request's body;
   * 100 by default. Claude Code asks it for a file a `Read` returns: past 25,000
   * tokens it returns a first page instead of the file. A quarter of the body's
   * characters ({@linkcode roughTokens}) makes it page as with the real API.
   */
  readonly countTokens?: (body: unknown) => number;
  /**
   * A small file to `Read` while a turn's MCP tool is not offered yet (its
   * server still starting), as a model does other work with the tools it has
   * instead of calling one it was not given: a second later, and up to 90
   * times, the turn is tried again. Those reads do not count as turns.
   */
  readonly whileStarting?: string;
}

/** The id prefix of the reads made while a server starts. */
const _WAITING = "waiting-";

/**
 * About a quarter of a request body's characters, as tokens.
 *
 * @param body A request body.
 * @returns Its rough token count.
 */
export function roughTokens(body: unknown): number {
  return Math.ceil(JSON.stringify(body).length / 4);
}

/**
 * Starts a model that answers the session's `n`th request, counted by the
 * tool calls already in its conversation, with `turns[n]`, and any other
 * request (or any request past the script) with the text "done".
 *
 * @param turns The answers, in order; a turn with a `tool_use` ends with `stop_reason: tool_use`.
 * @param options How it counts tokens.
 * @returns The running model.
 */
export function startScriptedModel(
  turns: readonly ScriptedBlock[][],
  options: ScriptedModelOptions = {},
): ScriptedModel {
  const requests: MessagesRequest[] = [];
  let waits = 0;
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const { pathname } = new URL(req.url);
    if (req.method !== "POST") return Response.json({});
    const body = await req.json().catch(() => ({}));
    if (pathname.endsWith("/count_tokens")) {
      return Response.json({ input_tokens: options.countTokens?.(body) ?? 100 });
    }
    if (!pathname.endsWith("/messages")) return Response.json({});
    requests.push(body);
    // The session's own requests offer the Read tool; side requests (titles, summaries) do not.
    const session = Array.isArray(body.tools) &&
      body.tools.some((tool: { name?: string }) => tool.name === "Read");
    const done = (body.messages ?? []).filter((message: { role: string; content: unknown }) =>
      message.role === "assistant" && Array.isArray(message.content) &&
      message.content.some((block: { type: string; id?: string }) =>
        block.type === "tool_use" && !block.id?.startsWith(_WAITING)
      )
    ).length;
    let content: readonly ScriptedBlock[] = session && done < turns.length
      ? turns[done]
      : [{ type: "text", text: "done" } as const];
    const offered = new Set((body.tools ?? []).map((tool: { name?: string }) =>
      tool.name
    ));
    const missing = content.some((block) =>
      block.type === "tool_use" && block.name.startsWith("mcp__") && !offered.has(block.name)
    );
    if (session && missing && options.whileStarting !== undefined && waits < 90) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const input = { file_path: options.whileStarting, offset: 1, limit: 1 };
      content = [{ type: "tool_use", id: `${_WAITING}${waits++}`, name: "Read", input }];
    }
    const stop = content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
    if (body.stream) {
      return new Response(_events(content, stop), {
        headers: { "content-type": "text/event-stream" },
      });
    }
    return Response.json({ ..._message(), content, stop_reason: stop });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    close: () => server.shutdown(),
  };
}

/**
 * The results of the session's tool calls, by tool call id, as the last
 * request carried them to the model.
 *
 * @param requests The recorded requests.
 * @returns Each tool call's result.
 */
export function toolResults(requests: readonly MessagesRequest[]): Map<string, ToolResult> {
  const results = new Map<string, ToolResult>();
  const last = requests.findLast((request) =>
    request.tools?.some((tool: { name?: string }) => tool.name === "Read")
  );
  for (const message of last?.messages ?? []) {
    if (message.role !== "user" || !Array.isArray(message.content)) continue;
    let current: { after: string[] } | undefined;
    for (const block of message.content) {
      if (block.type === "tool_result") {
        const text = typeof block.content === "string"
          ? block.content
          : (block.content ?? []).map((part: { text?: string }) => part.text ?? "").join("");
        current = { after: [] };
        results.set(block.tool_use_id, { text, isError: block.is_error === true, ...current });
      } else if (block.type === "text" && current !== undefined) {
        current.after.push(block.text);
      }
    }
  }
  // A hook's context may come as a message of its own, right after the results.
  const messages = last?.messages ?? [];
  messages.forEach((message, i) => {
    if (message.role !== "user" || !Array.isArray(message.content)) return;
    const ids = message.content.filter((block: { type: string }) => block.type === "tool_result")
      .map((block: { tool_use_id: string }) => block.tool_use_id);
    const next = messages[i + 1];
    if (ids.length === 0 || next?.role !== "user" || !Array.isArray(next.content)) return;
    for (const block of next.content) {
      if (block.type === "text") results.get(ids.at(-1))?.after.push(block.text);
    }
  });
  return results;
}

function _message() {
  return {
    id: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
    type: "message",
    role: "assistant",
    model: "claude-scripted",
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

/** The server-sent events of a streamed answer. */
function _events(content: readonly ScriptedBlock[], stop: string): string {
  const events: string[] = [];
  const send = (type: string, data: Record<string, unknown>) =>
    events.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send("message_start", { message: { ..._message(), content: [], stop_reason: null } });
  content.forEach((block, index) => {
    if (block.type === "text") {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      send("content_block_delta", { index, delta: { type: "text_delta", text: block.text } });
    } else {
      const start = { type: "tool_use", id: block.id, name: block.name, input: {} };
      send("content_block_start", { index, content_block: start });
      const delta = { type: "input_json_delta", partial_json: JSON.stringify(block.input) };
      send("content_block_delta", { index, delta });
    }
    send("content_block_stop", { index });
  });
  send("message_delta", {
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 5 },
  });
  send("message_stop", {});
  return events.join("");
}
