/**
 * Selector resolution: each segment keeps the children its index names, and every kept node
 * follows the rest of the path (fan-out), to targets or a structured failure.
 *
 * @module
 */
import type { MdDocument, MdNode, NodeList } from "../parse/document.ts";
import type { Segment, SegmentType } from "./selector.ts";
import type { PathStep } from "./selector_format.ts";

/** A node a selector path arrived at. */
export type Target =
  | { readonly kind: "root"; readonly doc: MdDocument; readonly path: readonly PathStep[] }
  // The text before the document's first heading (front matter aside).
  | (NodeRun & { readonly kind: "intro" })
  | (NodeRun & { readonly kind: "section" })
  // A block: `index` is its place in `list`.
  | (Omit<NodeRun, "end"> & { readonly kind: "block" });

/** The nodes of an intro or a section target: a run of a list. */
export interface NodeRun {
  readonly doc: MdDocument;
  readonly path: readonly PathStep[];
  readonly list: NodeList;
  /** The first node in `list` (the heading, or 0 for the intro) and one past the last. */
  readonly index: number;
  readonly end: number;
}

/** The children a segment looks at. */
export interface Scope {
  readonly owner: Target;
  readonly list: NodeList;
  /** The children's indexes in `list`, `to` exclusive. */
  readonly from: number;
  readonly to: number;
}

/** Why a path reached nothing. */
export type ResolutionFailure =
  /** No child of `scope` has the segment's type. */
  | { readonly kind: "none"; readonly type: SegmentType; readonly scope: Target }
  | {
    /** Children of that type exist, but none at the indexes asked for. */
    readonly kind: "out_of_range";
    readonly type: SegmentType;
    readonly scope: Target;
    /** The first index asked for that does not exist, and how many there are. */
    readonly index: number;
    readonly found: number;
  };

/** What resolving a path in one document gave. */
export interface Resolution {
  /** The nodes the path reached, in resolution order, without duplicates. */
  readonly targets: Target[];
  /** Why nothing was reached (set when `targets` is empty). */
  readonly failure?: ResolutionFailure;
  /** The targets the last successful step reached (where suggestions look). */
  readonly stalledAt: Target[];
}

/**
 * The root target of a document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { rootOf } from "./resolve.ts";
 * assert.equal(rootOf(parseDocument("text\n", "doc", "doc.md")).kind, "root");
 * ```
 */
export function rootOf(doc: MdDocument): Target {
  return { kind: "root", doc, path: [] };
}

/**
 * The intro target of a document: its top-level nodes before the first heading, front matter
 * aside; `undefined` when there are none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { introOf } from "./resolve.ts";
 * assert.equal(introOf(parseDocument("# A\n\nHello.\n", "doc", "doc.md")), undefined);
 * ```
 */
export function introOf(doc: MdDocument): Target | undefined {
  const list = doc.top;
  let end = 0;
  while (end < list.nodes.length && list.nodes[end].kind !== "heading") end++;
  if (end === 0) return undefined;
  return { kind: "intro", doc, path: [INTRO_STEP], list, index: 0, end };
}

const INTRO_STEP: PathStep = { type: { kind: "intro" }, index: 0 };

/**
 * Resolves a selector path (at least one segment) in one document: the targets, or why none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { parseSelector } from "./selector.ts";
 * import { resolvePath } from "./resolve.ts";
 * const doc = parseDocument("# A\n\n~~~\nx\n~~~\n\n# B\n", "doc", "doc.md");
 * assert.equal(resolvePath(doc, parseSelector("h1/code.0").segments).targets.length, 1);
 * ```
 */
export function resolvePath(doc: MdDocument, segments: readonly Segment[]): Resolution {
  const root = rootOf(doc);
  const first = segments[0].type.kind;
  let current: Target[] = [root];
  if (first === "intro") {
    const intro = introOf(doc);
    if (intro === undefined) {
      const failure = { kind: "none", type: { kind: "intro" }, scope: root } as const;
      return { targets: [], failure, stalledAt: [root] };
    }
    current = [intro];
  }
  // `root/x` is `x`: the root's children are the top-level nodes; `intro/x` looks in the intro.
  const rest = first === "root" || first === "intro" ? segments.slice(1) : segments;
  for (const segment of rest) {
    const next: Target[] = [];
    const seen = new Set<string>();
    let failure: ResolutionFailure | undefined;
    for (const target of current) {
      const step = _resolveSegment(scopeOf(target), segment);
      failure ??= step.failure;
      for (const found of step.targets) {
        const key = found.kind === "root" ? "root" : `${found.list.id}:${found.index}`;
        if (!seen.has(key)) {
          seen.add(key);
          next.push(found);
        }
      }
    }
    if (next.length === 0) return { targets: [], failure, stalledAt: current };
    current = next;
  }
  return { targets: current, stalledAt: [] };
}

/**
 * The children a target's next segment looks at: a section's nodes after its heading, a
 * blockquote's blocks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { rootOf, scopeOf } from "./resolve.ts";
 * const scope = scopeOf(rootOf(parseDocument("# A\n\ntext\n", "doc", "doc.md")));
 * assert.deepEqual([scope.from, scope.to], [0, 2]);
 * ```
 */
export function scopeOf(target: Target): Scope {
  const { doc } = target;
  switch (target.kind) {
    case "root":
      return { owner: target, list: doc.top, from: 0, to: doc.top.nodes.length };
    case "intro":
      return { owner: target, list: target.list, from: 0, to: target.end };
    case "section":
      return { owner: target, list: target.list, from: target.index + 1, to: target.end };
    case "block": {
      const list = doc.childrenOf(target.list.nodes[target.index]);
      return { owner: target, list, from: 0, to: list.nodes.length };
    }
  }
}

/** Resolves one segment among a scope's children: the matches it keeps, or why there are none. */
function _resolveSegment(
  scope: Scope,
  segment: Segment,
): { targets: Target[]; failure?: ResolutionFailure } {
  const test = _matcher(segment.type);
  const candidates: number[] = [];
  for (let i = scope.from; i < scope.to; i++) if (test(scope.list.nodes[i])) candidates.push(i);
  if (candidates.length === 0) {
    return { targets: [], failure: { kind: "none", type: segment.type, scope: scope.owner } };
  }
  const picked = segment.indexes === null ? candidates.map((_, k) => k) : [];
  let outOfRange: number | undefined;
  const seen = new Set<number>();
  for (const range of segment.indexes ?? []) {
    if (range.first >= candidates.length) {
      outOfRange ??= range.first;
      continue;
    }
    const last = Math.min(range.last, candidates.length - 1);
    for (let k = range.first; k <= last; k++) {
      if (!seen.has(k)) {
        seen.add(k);
        picked.push(k);
      }
    }
  }
  if (picked.length === 0) {
    return {
      targets: [],
      failure: {
        kind: "out_of_range",
        type: segment.type,
        scope: scope.owner,
        index: outOfRange!,
        found: candidates.length,
      },
    };
  }
  const path = (k: number) => [...scope.owner.path, { type: segment.type, index: k }];
  return { targets: picked.map((k) => targetAt(scope, candidates[k], path(k))) };
}

/**
 * The target for child `index` (in `scope.list`) of a scope, reached by `path`: a section for a
 * heading (ending within the scope), a block otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { rootOf, scopeOf, targetAt } from "./resolve.ts";
 * const scope = scopeOf(rootOf(parseDocument("# A\n\ntext\n", "doc", "doc.md")));
 * const target = targetAt(scope, 0, [{ type: { kind: "heading", depth: 1 }, index: 0 }]);
 * assert.equal(target.kind === "section" && target.end, 2);
 * ```
 */
export function targetAt(scope: Scope, index: number, path: readonly PathStep[]): Target {
  const { doc } = scope.owner;
  const node = scope.list.nodes[index];
  if (node.kind === "heading") {
    const end = Math.min(scope.list.sectionEnds[index], scope.to);
    return { kind: "section", doc, path, list: scope.list, index, end };
  }
  return { kind: "block", doc, path, list: scope.list, index };
}

function _matcher(type: SegmentType): (node: MdNode) => boolean {
  switch (type.kind) {
    case "heading":
      return (node) => node.kind === "heading" && node.depth === type.depth;
    case "section":
      return (node) => node.kind === "heading";
    case "block":
      return (node) => node.kind === type.block;
    case "root":
    case "intro":
      return () => false;
  }
}
