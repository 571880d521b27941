/**
 * The changes that add the Read reminder to, or remove it from, the
 * `hooks.PostToolUse` of Claude Code settings, leaving every other setting
 * and hook as it is.
 *
 * @module
 */
import type { Node } from "jsonc-parser";
import { ConfigShapeError } from "./errors.ts";
import type { JsonChange } from "./json_edit.ts";
import { entryChanges, member, nodeValue } from "./json_tree.ts";
import type { MergeResult } from "./mcp_servers.ts";
import type { CommandHook } from "./package_commands.ts";

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
export const HOOK_EVENT = "PostToolUse";

const _EVENT_KEY = `hooks.${HOOK_EVENT}`;
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
 * Puts the reminder hook into `hooks.PostToolUse`. When a group whose matcher
 * covers `Read` already holds the package's hook (as `isOwn` tells), that hook
 * gets the wanted `type`, `command` and `args`, keeping its other keys (a
 * custom `timeout`, say). Otherwise a new group `{matcher: "Read", hooks:
 * [hook]}` is appended, leaving other groups, on `Read` or not, as they are.
 * A `null` `hooks` or `hooks.PostToolUse` counts as none.
 *
 * @param root The settings' parse tree; `undefined` for an empty file.
 * @param hook The wanted hook.
 * @param isOwn Tells whether a hook in the file is the package's.
 * @returns The changes, what they do, and the group's matcher.
 * @throws {ConfigShapeError} When the settings, `hooks` or `hooks.PostToolUse` have the wrong type,
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
): HookMergeResult {
  if (root !== undefined && root.type !== "object") throw new ConfigShapeError("", "an object");
  const hooks = root && member(root, "hooks", "hooks");
  if (hooks !== undefined && hooks.type !== "object" && hooks.type !== "null") {
    throw new ConfigShapeError("hooks", "an object");
  }
  const groups = hooks?.type === "object" ? member(hooks, HOOK_EVENT, _EVENT_KEY) : undefined;
  if (groups !== undefined && groups.type !== "array" && groups.type !== "null") {
    throw new ConfigShapeError(_EVENT_KEY, "an array");
  }
  const own = _ownHooks(groups, isOwn)[0];
  if (own !== undefined) {
    const path = ["hooks", HOOK_EVENT, own.group, "hooks", own.index];
    const keyPath = `${_EVENT_KEY}[${own.group}].hooks[${own.index}]`;
    const changes = entryChanges(own.node, path, keyPath, { ...hook }, _REQUIRED);
    return {
      changes,
      action: changes.length > 0 ? "updated" : "unchanged",
      matcher: own.matcher,
    };
  }
  return {
    changes: [{
      set: ["hooks", HOOK_EVENT, -1],
      value: { matcher: HOOK_MATCHER, hooks: [structuredClone(hook)] },
    }],
    action: "added",
    matcher: HOOK_MATCHER,
  };
}

/**
 * Takes the reminder hook out of `hooks.PostToolUse`: every hook `isOwn`
 * recognises in a group whose matcher covers `Read`, as {@linkcode addReadHook}
 * finds it. A group left with no hooks goes, when it held nothing but its
 * matcher and hooks; `PostToolUse` goes when every group in it went, and
 * `hooks` when `PostToolUse` was all it held. Anything the user made stays,
 * empty or not.
 *
 * @param root The settings' parse tree; `undefined` for an empty file.
 * @param isOwn Tells whether a hook in the file is the package's.
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
): HookMergeResult {
  const hooks = root?.type === "object" ? member(root, "hooks", "hooks") : undefined;
  const groups = hooks?.type === "object" ? member(hooks, HOOK_EVENT, _EVENT_KEY) : undefined;
  const owns = _ownHooks(groups, isOwn);
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
      changes: [{ remove: alone ? ["hooks"] : ["hooks", HOOK_EVENT] }],
      action: "removed",
      matcher,
    };
  }
  // From the end, so that earlier indices stay valid.
  const changes: JsonChange[] = [];
  for (const own of [...owns].reverse()) {
    if (!emptied.has(own.group)) {
      changes.push({ remove: ["hooks", HOOK_EVENT, own.group, "hooks", own.index] });
    } else if (own === removed(own.group)[0]) {
      changes.push({ remove: ["hooks", HOOK_EVENT, own.group] });
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
): _OwnHook[] {
  if (groups?.type !== "array") return [];
  const found: _OwnHook[] = [];
  for (const [group, node] of groups.children!.entries()) {
    if (node.type !== "object") continue;
    const keyPath = `${_EVENT_KEY}[${group}]`;
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
