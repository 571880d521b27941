/**
 * The mdsel MCP server: `mdsel_index` and `mdsel_select` let Claude Code read the part of a large
 * Markdown file it needs instead of the whole file. Logs go to stderr, one line each.
 *
 * ```sh
 * claude mcp add mdsel -- deno run -A jsr:@x/mdsel-claude
 * deno run --allow-run=mdsel --allow-read jsr:@x/mdsel-claude   # sandboxed; mdsel on PATH
 * ```
 *
 * @module
 */
import { createServer } from "./server/create_server.ts";
import { requestChecker } from "./server/request_check.ts";
import { shutdownSignals } from "./server/shutdown_signals.ts";
import { StdioTransport } from "./server/stdio_transport.ts";
import { buildEngine } from "./tools/engine_build.ts";
import { TOOL_NAMES } from "./tools/mod.ts";
import { readSettings } from "./tools/settings.ts";

export { SERVER_NAME, serverInstructions } from "./server/create_server.ts";
export type { OutputFormat } from "./tools/settings.ts";

// Never called: it puts the engine the server runs in this module's graph, so that a checkout's
// first run caches the engine's npm packages with their registry data (Deno keeps none for the
// lock's other packages, and fetches it again at every later run of the engine or the hooks).
const _engineGraph = () => import("./mdsel/cli.ts");

/**
 * Runs the server on stdio until stdin closes or a shutdown signal arrives, killing any `mdsel`
 * still running; resolves once connected. A failure to read stdin exits 1.
 *
 * @example
 * ```ts ignore
 * import { main } from "./main.ts";
 * await main();
 * ```
 */
export async function main(): Promise<void> {
  const settings = readSettings();
  for (const warning of settings.warnings) console.error(warning);
  if (Deno.stdin.isTerminal()) {
    console.error(
      "mdsel-claude: an MCP server speaking JSON-RPC on stdin; Claude Code starts it for you " +
        "(see its README). Waiting for input; press Ctrl+C to quit.",
    );
  }
  const shutdown = new AbortController();
  const server = createServer({ settings, shutdown: shutdown.signal });

  let closing = false;
  let exitCode = 0;
  const close = async () => {
    if (closing) return;
    closing = true;
    // Aborting kills every running mdsel (SIGKILL, sent before this returns).
    shutdown.abort();
    await server.close().catch(() => {});
    Deno.exit(exitCode);
  };
  const transport = new StdioTransport({ checkRequest: requestChecker(TOOL_NAMES) });
  transport.onclose = close;
  // Only reading stdin fails here (the server's onerror logs it): fail loudly, never go deaf.
  transport.onerror = () => exitCode = 1;
  for (const signal of shutdownSignals()) Deno.addSignalListener(signal, close);
  // Never crash on a stray rejection: report it and keep serving.
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    console.error(`mdsel-claude: unhandled rejection: ${String(event.reason)}`);
  });
  await server.connect(transport);
  // A build made before: calls load the engine prebuilt (the warmer makes one between calls).
  if (settings.cacheDir !== undefined && settings.mdselBin === undefined) {
    buildEngine(settings.cacheDir, { make: false });
  }
}

if (import.meta.main) await main();
