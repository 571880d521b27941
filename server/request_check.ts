/**
 * Checks a request's params against its method's MCP schema before the server sees it, so a
 * malformed call is answered `Invalid params` in one line, and an unknown tool is unknown.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/types"
import { ClientRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { type CheckedRequest, JSONRPC_ERRORS, type RequestRefusal } from "./stdio_transport.ts";

const _SCHEMAS = new Map(
  ClientRequestSchema.options.map((schema) => [String(schema.shape.method.value), schema]),
);

/**
 * Makes the request check for a server with these tools: why a request must be refused, if it must.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestChecker } from "./request_check.ts";
 * const check = requestChecker(["mdsel_index"]);
 * assert.equal(check({ id: 1, method: "tools/call", params: { name: "mdsel_index", arguments: {} } }), undefined);
 * const unknown = check({ id: 2, method: "tools/call", params: { name: "constructor" } });
 * assert.deepEqual(unknown, { code: -32602, message: 'Unknown tool: "constructor" (the tools are mdsel_index)' });
 * const invalid = check({ id: 3, method: "tools/call", params: { name: "mdsel_index", arguments: "x" } });
 * assert.equal(invalid?.message, "Invalid params for tools/call: params.arguments: Invalid input: expected record, received string");
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
    const code = JSONRPC_ERRORS.invalidParams;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      const reason = issue.message.replace(/\s+/g, " ").trim();
      return { code, message: `Invalid params for ${request.method}: ${where}${reason}` };
    }
    if (request.method !== "tools/call") return undefined;
    const name = String(request.params?.name);
    if (tools.has(name)) return undefined;
    const names = [...tools].join(" and ");
    return { code, message: `Unknown tool: ${JSON.stringify(name)} (the tools are ${names})` };
  };
}
