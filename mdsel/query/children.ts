/**
 * The children of a target, with the paths that select them: the flat list a selector's next
 * segment searches, and the direct children an answer lists.
 *
 * @module
 */
import { isSelectable, type MdNode, nodeTypeKey } from "../parse/document.ts";
import { scopeOf, type Target, targetAt } from "./resolve.ts";
import type { SegmentType } from "./selector.ts";
import type { PathStep } from "./selector_format.ts";

/** A selectable child of a target. */
export interface Child {
  readonly target: Target;
  readonly node: MdNode;
}

/**
 * Every selectable node a target's next segment looks at (a section's include its
 * subsections'), in source order, each with its path below `target`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { flatChildren } from "./children.ts";
 * import { rootOf } from "./resolve.ts";
 * assert.equal(flatChildren(rootOf(parseDocument("# A\n\ntext\n", "doc", "doc.md"))).length, 2);
 * ```
 */
export function flatChildren(target: Target): Child[] {
  const scope = scopeOf(target);
  const counters = new Map<string, number>();
  const children: Child[] = [];
  for (let i = scope.from; i < scope.to; i++) {
    const node = scope.list.nodes[i];
    if (!isSelectable(node)) continue;
    const step = { type: _segmentTypeOf(node), index: _next(counters, node) };
    children.push({ target: targetAt(scope, i, [...target.path, step]), node });
  }
  return children;
}

/**
 * A target's direct children: the blocks before its first subsection, then its direct
 * subsections, whatever their depth (the root: the blocks before the first heading). A
 * top-level subsection is named by its document-wide selector, as the index shows it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { directChildren } from "./children.ts";
 * import { rootOf } from "./resolve.ts";
 * assert.equal(directChildren(rootOf(parseDocument("text\n\n# A\n", "doc", "doc.md"))).length, 1);
 * ```
 */
export function directChildren(target: Target): Child[] {
  const scope = scopeOf(target);
  const { list } = scope;
  const counters = new Map<string, number>();
  const children: Child[] = [];
  let i = scope.from;
  for (; i < scope.to && list.nodes[i].kind !== "heading"; i++) {
    const node = list.nodes[i];
    if (!isSelectable(node)) continue;
    const step = { type: _segmentTypeOf(node), index: _next(counters, node) };
    children.push({ target: targetAt(scope, i, [...target.path, step]), node });
  }
  if (target.kind === "root") return children;
  const topLevel = list === target.doc.top;
  while (i < scope.to) {
    const node = list.nodes[i];
    const k = _next(counters, node);
    const path: PathStep[] = topLevel
      ? [{ type: _segmentTypeOf(node), index: list.ordinals[i] }]
      : [...target.path, { type: _segmentTypeOf(node), index: k }];
    children.push({ target: targetAt(scope, i, path), node });
    const end = Math.min(list.sectionEnds[i], scope.to);
    // Count what the subsection holds, so later indexes stay those of the scope.
    for (let j = i + 1; j < end; j++) {
      if (isSelectable(list.nodes[j])) _next(counters, list.nodes[j]);
    }
    i = end;
  }
  return children;
}

function _segmentTypeOf(node: MdNode): SegmentType {
  return node.kind === "heading"
    ? { kind: "heading", depth: node.depth }
    : { kind: "block", block: node.kind as "paragraph" };
}

function _next(counters: Map<string, number>, node: MdNode): number {
  const key = nodeTypeKey(node);
  const k = counters.get(key) ?? 0;
  counters.set(key, k + 1);
  return k;
}
