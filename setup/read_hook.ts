/**
 * The changes that add a Read hook to, or remove it from, Claude Code
 * settings: the guard in `hooks.PreToolUse`, the reminder in
 * `hooks.PostToolUse`, leaving every other setting and hook as it is.
 *
 * @module
 */
import type { Node } from "jsonc-parser";
import { ConfigShapeError } from "./errors.ts";
import type { JsonChange } from "./json_edit.ts";
import { entryChanges, member, nodeValue } from "./json_tree.ts";
import type { MergeResult } from "./mcp_servers.ts";
import type { CommandHook } from "./package_commands.ts";

/** A hook event a Read hook runs on: `PreToolUse` (the guard) or `PostToolUse` (the reminder). */
export type HookEvent = "PreToolUse" | "PostToolUse";

/**
 * The hook event the reminder runs on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOOK_EVENT } from "./read_hook.ts";
 * assert.equal(HOOK_EVENT, "PostToolUse");
 * ```
 */
export const HOOK_EVENT: HookEvent = "PostToolUse";

/**
 * The hook event the guard runs on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GUARD_EVENT } from "./read_hook.ts";
 * assert.equal(GUARD_EVENT, "PreToolUse");
 * ```
 */
export const GUARD_EVENT: HookEvent = "PreToolUse";

const _REQUIRED = ["type", "command", "args"];

/**
 * The tool the reminder watches: the matcher of the group setup adds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOOK_MATCHER } from "./read_hook.ts";
 * assert.equal(HOOK_MATCHER, "Read");
 * ```
 */
export const HOOK_MATCHER = "Read";

/** The changes to a settings file, with the matcher of the group holding the hook. */
export interface HookMergeResult extends MergeResult {
  /** The `matcher` of the group the hook is (or was) in, e.g. `Read`. */
  readonly matcher: string;
}

/**
 * Puts a Read hook into `hooks.<event>` (the reminder's `PostToolUse` by
 * default). When a group whose matcher
 * covers `Read` already holds the package's hook (as `isOwn` tells), that hook
 * gets the wanted `type`, `command` and `args`, keeping its other keys (a
 * custom `timeout`, say). Otherwise a new group `{matcher: "Read", hooks:
 * [hook]}` is appended, leaving other groups, on `Read` or not, as they are.
 * A `null` `hooks` or `hooks.<event>` counts as none.
 *
 * @param root The settings' parse tree; `undefined` for an empty file.
 * @param hook The wanted hook.
 * @param isOwn Tells whether a hook in the file is the package's.
 * @param event The hook event: `PostToolUse` (the reminder) or `PreToolUse` (the guard).
 * @returns The changes, what they do, and the group's matcher.
 * @throws {ConfigShapeError} When the settings, `hooks` or `hooks.<event>` have the wrong type,
 * or a key on the way appears twice.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "jsonc-parser";
 * import { addReadHook } from "./read_hook.ts";
 * const hook = { type: "command", command: "deno", args: ["hook.ts"], timeout: 10 } as const;
 * const isOwn = (candidate: Readonly<Record<string, unknown>>) => candidate.command === "deno";
 * const first = addReadHook(parseTree('{"model": "opus"}'), hook, isOwn);
 * assert.deepEqual(first.changes, [
 *   { set: ["hooks", "PostToolUse", -1], value: { matcher: "Read", hooks: [hook] } },
 * ]);
 * const settings = `{"hooks": {"PostToolUse": [{"hooks": [${JSON.stringify(hook)}]}]}}`;
 * const again = addReadHook(parseTree(settings), hook, isOwn);
 * assert.deepEqual([again.action, again.matcher], ["unchanged", ""]);
 * ```
 */
export function addReadHook(
  root: Node | undefined,
  hook: CommandHook,
  isOwn: (hook: Readonly<Record<string, unknown>>) => boolean,
  event: HookEvent = HOOK_EVENT,
): HookMergeResult {
  const eventKey = `hooks.${event}`;
  if (root !== undefined && root.type !== "object") throw new ConfigShapeError("", "an object");
  const hooks = root && member(root, "hooks", "hooks");
  if (hooks !== undefined && hooks.type !== "object" && hooks.type !== "null") {
    throw new ConfigShapeError("hooks", "an object");
  }
  const groups = hooks?.type === "object" ? member(hooks, event, eventKey) : undefined;
  if (groups !== undefined && groups.type !== "array" && groups.type !== "null") {
    throw new ConfigShapeError(eventKey, "an array");
  }
  const own = _ownHooks(groups, isOwn, eventKey)[0];
  if (own !== undefined) {
    const path = ["hooks", event, own.group, "hooks", own.index];
    const keyPath = `${eventKey}[${own.group}].hooks[${own.index}]`;
    const changes = entryChanges(own.node, path, keyPath, { ...hook }, _REQUIRED);
    return {
      changes,
      action: changes.length > 0 ? "updated" : "unchanged",
      matcher: own.matcher,
    };
  }
  return {
    changes: [{
      set: ["hooks", event, -1],
      value: { matcher: HOOK_MATCHER, hooks: [structuredClone(hook)] },
    }],
    action: "added",
    matcher: HOOK_MATCHER,
  };
}

/**
 * Takes a Read hook out of `hooks.<event>` (the reminder's `PostToolUse` by
 * default): every hook `isOwn` recognises in a group whose matcher covers
 * `Read`, as {@linkcode addReadHook} finds it. A group left with no hooks
 * goes, when it held nothing but its matcher and hooks; the event goes when
 * every group in it went, and `hooks` when the event was all it held.
 * Anything the user made stays, empty or not.
 *
 * @param root The settings' parse tree; `undefined` for an empty file.
 * @param isOwn Tells whether a hook in the file is the package's.
 * @param event The hook event: `PostToolUse` (the reminder) or `PreToolUse` (the guard).
 * @returns The changes: `removed`, or `absent` when there is no such hook.
 * @throws {ConfigShapeError} When a key on the way appears twice.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "jsonc-parser";
 * import { removeReadHook } from "./read_hook.ts";
 * const isOwn = (candidate: Readonly<Record<string, unknown>>) => candidate.command === "deno";
 * const settings = '{"hooks": {"PostToolUse": [{"matcher": "Read", "hooks": [{"command": "deno"}]}]}}';
 * assert.deepEqual(removeReadHook(parseTree(settings), isOwn), {
 *   changes: [{ remove: ["hooks"] }],
 *   action: "removed",
 *   matcher: "Read",
 * });
 * assert.equal(removeReadHook(parseTree('{"hooks": {}}'), isOwn).action, "absent");
 * ```
 */
export function removeReadHook(
  root: Node | undefined,
  isOwn: (hook: Readonly<Record<string, unknown>>) => boolean,
  event: HookEvent = HOOK_EVENT,
): HookMergeResult {
  const eventKey = `hooks.${event}`;
  const hooks = root?.type === "object" ? member(root, "hooks", "hooks") : undefined;
  const groups = hooks?.type === "object" ? member(hooks, event, eventKey) : undefined;
  const owns = _ownHooks(groups, isOwn, eventKey);
  if (owns.length === 0) return { changes: [], action: "absent", matcher: HOOK_MATCHER };
  const matcher = owns[0].matcher;
  const removed = (group: number) => owns.filter((own) => own.group === group);
  const emptied = new Set(
    owns.filter((own) => {
      const group = groups!.children![own.group];
      const keys = group.children!.map((property) => property.children![0].value);
      return keys.every((key) => key === "matcher" || key === "hooks") &&
        removed(own.group).length === own.hooks.children!.length;
    }).map((own) => own.group),
  );
  if (emptied.size === groups!.children!.length) {
    const alone = hooks!.children!.length === 1;
    return {
      changes: [{ remove: alone ? ["hooks"] : ["hooks", event] }],
      action: "removed",
      matcher,
    };
  }
  // From the end, so that earlier indices stay valid.
  const changes: JsonChange[] = [];
  for (const own of [...owns].reverse()) {
    if (!emptied.has(own.group)) {
      changes.push({ remove: ["hooks", event, own.group, "hooks", own.index] });
    } else if (own === removed(own.group)[0]) {
      changes.push({ remove: ["hooks", event, own.group] });
    }
  }
  return { changes, action: "removed", matcher };
}

interface _OwnHook {
  readonly group: number;
  readonly index: number;
  readonly matcher: string;
  readonly hooks: Node;
  readonly node: Node;
}

// The package's hooks in groups whose matcher covers Read, in file order.
function _ownHooks(
  groups: Node | undefined,
  isOwn: (hook: Readonly<Record<string, unknown>>) => boolean,
  eventKey: string,
): _OwnHook[] {
  if (groups?.type !== "array") return [];
  const found: _OwnHook[] = [];
  for (const [group, node] of groups.children!.entries()) {
    if (node.type !== "object") continue;
    const keyPath = `${eventKey}[${group}]`;
    const matcher = nodeValue(member(node, "matcher", `${keyPath}.matcher`));
    const hooks = member(node, "hooks", `${keyPath}.hooks`);
    if (hooks?.type !== "array" || !_coversRead(matcher)) continue;
    for (const [index, hook] of hooks.children!.entries()) {
      const value = nodeValue(hook);
      if (hook.type === "object" && isOwn(value as Record<string, unknown>)) {
        found.push({
          group,
          index,
          matcher: typeof matcher === "string" ? matcher : "",
          hooks,
          node: hook,
        });
      }
    }
  }
  return found;
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
