/**
 * Adding the Read reminder to the `hooks.PostToolUse` of Claude Code settings,
 * keeping every other setting and hook.
 *
 * @module
 */
import { ConfigShapeError } from "./errors.ts";
import { jsonEqual } from "./json_equal.ts";
import type { MergeResult } from "./mcp_servers.ts";
import type { CommandHook } from "./package_commands.ts";

/**
 * The hook event the reminder runs on.
 *
 * @example
 * ```ts
 * import { HOOK_EVENT } from "./read_hook.ts";
 * console.log(HOOK_EVENT); // PostToolUse
 * ```
 */
export const HOOK_EVENT = "PostToolUse";

/**
 * The tool the reminder watches: the matcher of the group setup adds.
 *
 * @example
 * ```ts
 * import { HOOK_MATCHER } from "./read_hook.ts";
 * console.log(HOOK_MATCHER); // Read
 * ```
 */
export const HOOK_MATCHER = "Read";

/** A merged settings file, with the matcher of the group holding the hook. */
export interface HookMergeResult extends MergeResult {
  /** The `matcher` of the group the hook is in, e.g. `Read`. */
  readonly matcher: string;
}

/**
 * Puts the reminder hook into `hooks.PostToolUse`. When a group whose matcher
 * covers `Read` already holds the package's hook (as `isOwn` tells), that hook
 * gets the wanted `type`, `command` and `args`, keeping its other keys (a
 * custom `timeout`, say). Otherwise a new group `{matcher: "Read", hooks:
 * [hook]}` is appended, leaving other groups, on `Read` or not, as they are.
 *
 * @param settings The parsed settings file.
 * @param hook The wanted hook.
 * @param isOwn Tells whether a hook in the file is the package's.
 * @returns The new settings and what changed.
 * @throws {ConfigShapeError} When the settings, `hooks` or `hooks.PostToolUse` have the wrong type.
 *
 * @example
 * ```ts
 * import { addReadHook } from "./read_hook.ts";
 * const hook = { type: "command", command: "deno", args: ["run", "hook.ts"], timeout: 10 } as const;
 * const isOwn = (candidate: Record<string, unknown>) => candidate.command === "deno";
 * const first = addReadHook({ model: "opus" }, hook, isOwn);
 * console.log(first.action, first.matcher); // added Read
 * console.log(addReadHook(first.value, hook, isOwn).action); // unchanged
 * ```
 */
export function addReadHook(
  settings: unknown,
  hook: CommandHook,
  isOwn: (hook: Readonly<Record<string, unknown>>) => boolean,
): HookMergeResult {
  if (!_isRecord(settings)) throw new ConfigShapeError("", "an object");
  const value = structuredClone(settings);
  const hooks = value.hooks ?? {};
  if (!_isRecord(hooks)) throw new ConfigShapeError("hooks", "an object");
  value.hooks = hooks;
  const groups = hooks[HOOK_EVENT] ?? [];
  if (!Array.isArray(groups)) throw new ConfigShapeError(`hooks.${HOOK_EVENT}`, "an array");
  hooks[HOOK_EVENT] = groups;

  for (const group of groups) {
    if (!_isRecord(group) || !Array.isArray(group.hooks) || !_coversRead(group.matcher)) continue;
    const index = group.hooks.findIndex((candidate) => _isRecord(candidate) && isOwn(candidate));
    if (index === -1) continue;
    const matcher = typeof group.matcher === "string" ? group.matcher : "";
    const existing = group.hooks[index] as Record<string, unknown>;
    const { type, command, args, ...defaults } = structuredClone(hook);
    const merged: Record<string, unknown> = { ...existing, type, command, args };
    for (const [key, fallback] of Object.entries(defaults)) {
      if (!Object.hasOwn(merged, key)) merged[key] = fallback;
    }
    if (jsonEqual(merged, existing)) return { value: settings, action: "unchanged", matcher };
    group.hooks[index] = merged;
    return { value, action: "updated", matcher };
  }
  groups.push({ matcher: HOOK_MATCHER, hooks: [structuredClone(hook)] });
  return { value, action: "added", matcher: HOOK_MATCHER };
}

// Claude Code matchers: empty or `*` match every tool; otherwise a tool name,
// `A|B`, or a regular expression.
function _coversRead(matcher: unknown): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  if (typeof matcher !== "string") return false;
  try {
    return new RegExp(`^(?:${matcher})$`).test(HOOK_MATCHER);
  } catch {
    return matcher === HOOK_MATCHER;
  }
}

function _isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
