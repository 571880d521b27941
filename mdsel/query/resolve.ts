/**
 * Selector resolution: each segment looks at the direct children of the
 * current node, keeps the matches its index names, and every kept node is
 * followed by the rest of the path (fan-out).
 *
 * @module
 */
import { isSelectable, type MdDocument, type MdNode, type NodeList } from "../parse/document.ts";
import { formatSegment, formatType, type Segment, type SegmentType } from "./selector.ts";

/** A node a selector path arrived at. */
export type Target =
  | { readonly kind: "root"; readonly doc: MdDocument; readonly selector: string }
  | {
    readonly kind: "section";
    readonly doc: MdDocument;
    readonly selector: string;
    readonly list: NodeList;
    /** Index of the heading in `list`. */
    readonly index: number;
    /** One past the section's last node in `list`. */
    readonly end: number;
  }
  | {
    readonly kind: "block";
    readonly doc: MdDocument;
    readonly selector: string;
    readonly list: NodeList;
    readonly index: number;
  };

/** The children a segment looks at, and how to name them. */
export interface Scope {
  /** The list holding the children. */
  readonly list: NodeList;
  /** First child index in `list`. */
  readonly from: number;
  /** One past the last child index in `list`. */
  readonly to: number;
  /** How messages name the parent: `readme` or `readme::heading:h2[0]`. */
  readonly label: string;
  /** Prepended to a child's segment to make its selector. */
  readonly prefix: string;
}

/** What resolving a path in one document gave. */
export interface Resolution {
  /** The nodes the path reached, in resolution order, without duplicates. */
  readonly targets: Target[];
  /** Why nothing was reached (set when `targets` is empty). */
  readonly reason?: string;
  /** The targets the last successful step reached (where suggestions look). */
  readonly stalledAt: Target[];
}

/**
 * Resolves a selector path in one document.
 *
 * @param doc The document.
 * @param segments The path (at least one segment).
 * @returns The targets, or the reason there are none.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { parseSelector } from "./selector.ts";
 * import { resolvePath } from "./resolve.ts";
 * const doc = parseDocument("# A\n\n~~~\nx\n~~~\n\n# B\n", "doc", "doc.md");
 * const { targets } = resolvePath(doc, parseSelector("h1/code.0").segments);
 * console.log(targets.map((target) => target.selector)); // ["doc::heading:h1[0]/block:code[0]"]
 * ```
 */
export function resolvePath(doc: MdDocument, segments: readonly Segment[]): Resolution {
  let rest = segments;
  let current: Target[];
  if (segments[0].type.kind === "root") {
    const root: Target = { kind: "root", doc, selector: `${doc.namespace}::root` };
    if (segments.length === 1) return { targets: [root], stalledAt: [] };
    // `root/x` is `x`: the root's children are the top-level nodes.
    rest = segments.slice(1);
    current = [root];
  } else {
    current = [{ kind: "root", doc, selector: `${doc.namespace}::root` }];
  }
  for (const segment of rest) {
    const next: Target[] = [];
    const seen = new Set<string>();
    let reason: string | undefined;
    for (const target of current) {
      const step = resolveSegment(scopeOf(target), segment, doc);
      reason ??= step.reason;
      for (const found of step.targets) {
        const key = `${found.kind === "root" ? -1 : found.list.id}:${
          found.kind === "root" ? 0 : found.index
        }`;
        if (!seen.has(key)) {
          seen.add(key);
          next.push(found);
        }
      }
    }
    if (next.length === 0) return { targets: [], reason, stalledAt: current };
    current = next;
  }
  return { targets: current, stalledAt: [] };
}

/**
 * The children a target's next segment looks at: top-level nodes for the root,
 * the nodes after the heading for a section, child blocks for a blockquote,
 * nothing for other blocks.
 *
 * @param target A resolved target.
 * @returns Its scope.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { scopeOf } from "./resolve.ts";
 * const doc = parseDocument("# A\n\ntext\n", "doc", "doc.md");
 * const scope = scopeOf({ kind: "root", doc, selector: "doc::root" });
 * console.log(scope.from, scope.to, scope.prefix); // 0 2 "doc::"
 * ```
 */
export function scopeOf(target: Target): Scope {
  const { doc } = target;
  switch (target.kind) {
    case "root":
      return {
        list: doc.top,
        from: 0,
        to: doc.top.nodes.length,
        label: doc.namespace,
        prefix: `${doc.namespace}::`,
      };
    case "section":
      return {
        list: target.list,
        from: target.index + 1,
        to: target.end,
        label: target.selector,
        prefix: `${target.selector}/`,
      };
    case "block": {
      const list = doc.childrenOf(target.list.nodes[target.index]);
      return {
        list,
        from: 0,
        to: list.nodes.length,
        label: target.selector,
        prefix: `${target.selector}/`,
      };
    }
  }
}

/**
 * Resolves one segment among a scope's children.
 *
 * @param scope Where to look.
 * @param segment The segment.
 * @param doc The document the scope belongs to.
 * @returns The matches the segment's index keeps, or why there are none.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { parseSelector } from "./selector.ts";
 * import { resolveSegment, scopeOf } from "./resolve.ts";
 * const doc = parseDocument("para\n", "doc", "doc.md");
 * const scope = scopeOf({ kind: "root", doc, selector: "doc::root" });
 * console.log(resolveSegment(scope, parseSelector("table").segments[0], doc).reason);
 * // No block:table found in doc
 * ```
 */
export function resolveSegment(
  scope: Scope,
  segment: Segment,
  doc: MdDocument,
): { targets: Target[]; reason?: string } {
  const candidates = matchingChildren(scope, segment.type);
  const typeName = formatType(segment.type);
  if (candidates.length === 0) {
    return { targets: [], reason: `No ${typeName} found in ${scope.label}` };
  }
  const picked: number[] = [];
  let outOfRange: number | undefined;
  if (segment.indexes === null) {
    for (let k = 0; k < candidates.length; k++) picked.push(k);
  } else {
    const seen = new Set<number>();
    for (const range of segment.indexes) {
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
  }
  if (picked.length === 0) {
    return {
      targets: [],
      reason:
        `Index ${outOfRange} out of range (only ${candidates.length} ${typeName}(s) found in ${scope.label})`,
    };
  }
  const targets = picked.map((k) =>
    _targetFor(doc, scope, candidates[k], scope.prefix + formatSegment(segment, [_one(k)]))
  );
  return { targets };
}

/**
 * The positions (in `scope.list`) of the children a segment type matches.
 *
 * @param scope Where to look.
 * @param type The segment type.
 * @returns Matching indexes into `scope.list.nodes`, in order.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { matchingChildren, scopeOf } from "./resolve.ts";
 * const doc = parseDocument("# A\n## B\n# C\n", "doc", "doc.md");
 * const scope = scopeOf({ kind: "root", doc, selector: "doc::root" });
 * console.log(matchingChildren(scope, { kind: "heading", depth: 1 })); // [0, 2]
 * ```
 */
export function matchingChildren(scope: Scope, type: SegmentType): number[] {
  const test = _matcher(type);
  const found: number[] = [];
  const nodes = scope.list.nodes;
  for (let i = scope.from; i < scope.to; i++) if (test(nodes[i])) found.push(i);
  return found;
}

/**
 * The selectable children of a target, each with its selector, as
 * `children_available` lists them.
 *
 * @param target A resolved target.
 * @returns One entry per heading or block child, in source order.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { childSelectors } from "./resolve.ts";
 * const doc = parseDocument("# A\n\ntext\n", "doc", "doc.md");
 * console.log(childSelectors({ kind: "root", doc, selector: "doc::root" }).map((c) => c.selector));
 * // ["doc::heading:h1[0]", "doc::block:paragraph[0]"]
 * ```
 */
export function childSelectors(target: Target): { selector: string; node: MdNode }[] {
  const scope = scopeOf(target);
  const counters = new Map<string, number>();
  const children: { selector: string; node: MdNode }[] = [];
  for (let i = scope.from; i < scope.to; i++) {
    const node = scope.list.nodes[i];
    if (!isSelectable(node)) continue;
    const type: SegmentType = node.kind === "heading"
      ? { kind: "heading", depth: node.depth }
      : { kind: "block", block: node.kind as "paragraph" };
    const name = formatType(type);
    const k = counters.get(name) ?? 0;
    counters.set(name, k + 1);
    children.push({ selector: `${scope.prefix}${name}[${k}]`, node });
  }
  return children;
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
      return () => false;
  }
}

function _targetFor(doc: MdDocument, scope: Scope, index: number, selector: string): Target {
  const node = scope.list.nodes[index];
  if (node.kind === "heading") {
    const end = Math.min(scope.list.sectionEnds[index], scope.to);
    return { kind: "section", doc, selector, list: scope.list, index, end };
  }
  return { kind: "block", doc, selector, list: scope.list, index };
}

function _one(k: number) {
  return { first: k, last: k };
}
