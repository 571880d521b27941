/**
 * Checks a request's params against the MCP schema of its method before the
 * server sees it, so a malformed call is answered `Invalid params` in one
 * line, not `Internal error` with a dump of the schema's complaints; and a
 * tool name the server does not have is unknown, even `constructor`.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/types"
import { ClientRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { CheckedRequest, RequestRefusal } from "./stdio_transport.ts";
import { JSONRPC_ERRORS } from "./stdio_transport.ts";

const _SCHEMAS = new Map(
  ClientRequestSchema.options.map((schema) => [String(schema.shape.method.value), schema]),
);

/**
 * Makes the request check for a server with these tools: it says why a
 * request must be refused, or returns `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestChecker } from "./request_check.ts";
 * const check = requestChecker(["mdsel_index"]);
 * assert.equal(check({ id: 1, method: "tools/call", params: { name: "mdsel_index", arguments: {} } }), undefined);
 * assert.deepEqual(check({ id: 2, method: "tools/call", params: { name: "constructor" } }), {
 *   code: -32602,
 *   message: 'Unknown tool: "constructor" (the tools are mdsel_index)',
 * });
 * assert.deepEqual(check({ id: 3, method: "tools/call", params: { name: "mdsel_index", arguments: "x" } }), {
 *   code: -32602,
 *   message:
 *     "Invalid params for tools/call: params.arguments: Invalid input: expected record, received string",
 * });
 * ```
 */
export function requestChecker(
  toolNames: readonly string[],
): (request: CheckedRequest) => RequestRefusal | undefined {
  const tools = new Set(toolNames);
  return (request) => {
    const schema = _SCHEMAS.get(request.method);
    // A method MCP does not define is for the server to answer (Method not found).
    if (schema === undefined) return undefined;
    const parsed = schema.safeParse({ method: request.method, params: request.params });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      return {
        code: JSONRPC_ERRORS.invalidParams,
        message: `Invalid params for ${request.method}: ${where}${_oneLine(issue.message)}`,
      };
    }
    if (request.method === "tools/call") {
      const name = String(request.params?.name);
      if (!tools.has(name)) {
        return {
          code: JSONRPC_ERRORS.invalidParams,
          message: `Unknown tool: ${JSON.stringify(name)} (the tools are ${
            [...tools].join(" and ")
          })`,
        };
      }
    }
    return undefined;
  };
}

function _oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
