/**
 * The forms a selector is printed in: canonical (`readme::heading:h2[0]/block:code[1]`), as JSON
 * gives it, and short (`readme::h2.0/code.1`), as outlines print it.
 *
 * @module
 */
import type { BlockKind } from "../parse/document.ts";
import { type Segment, type SegmentType, type Selector, takesIndex } from "./selector.ts";

/** Segments in canonical form (`heading:h2[0]/block:code[1]`) or `short` (`h2.0/code.1`). */
function _formatSegments(segments: readonly Segment[], short = false): string {
  return segments.map(({ type, indexes }) => {
    const name = short
      ? formatShortType(type)
      : type.kind === "heading"
      ? `heading:h${type.depth}`
      : type.kind === "block"
      ? `block:${type.block}`
      : type.kind;
    if (!takesIndex(type) || indexes === null) return name;
    const list = indexes.map(({ first, last }) => first === last ? first : `${first}-${last}`)
      .join(",");
    return short ? `${name}.${list}` : `${name}[${list}]`;
  }).join("/");
}

/** One resolved step of a path: what the segment named, and which of its matches. */
export interface PathStep {
  /** The segment's type as written (`section` stays `section`), and the match's index. */
  readonly type: SegmentType;
  readonly index: number;
}

/**
 * The canonical, qualified selector of a resolved path: `ns::heading:h2[0]/block:code[1]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatPath } from "./selector_format.ts";
 * const path = [{ type: { kind: "heading", depth: 2 }, index: 0 }] as const;
 * assert.equal(formatPath("readme", path), "readme::heading:h2[0]");
 * ```
 */
export function formatPath(namespace: string, path: readonly PathStep[]): string {
  return `${namespace}::${path.length === 0 ? "root" : _formatSegments(_segmentsOf(path))}`;
}

function _segmentsOf(path: readonly PathStep[]): Segment[] {
  return path.map(({ type, index }) => ({ type, indexes: [{ first: index, last: index }] }));
}

/**
 * The short form of a path, as outlines print it: `h2.0/code.1`, `section.3`, `root`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatShortPath } from "./selector_format.ts";
 * assert.equal(formatShortPath([{ type: { kind: "heading", depth: 3 }, index: 4 }]), "h3.4");
 * ```
 */
export function formatShortPath(path: readonly PathStep[]): string {
  return path.length === 0 ? "root" : _formatSegments(_segmentsOf(path), true);
}

/**
 * The short name of a segment type, as outlines print it: `h2`, `para`, `quote`, `section`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatShortType } from "./selector_format.ts";
 * assert.equal(formatShortType({ kind: "block", block: "blockquote" }), "quote");
 * ```
 */
export function formatShortType(type: SegmentType): string {
  switch (type.kind) {
    case "heading":
      return `h${type.depth}`;
    case "block":
      return SHORT_NAMES[type.block];
    default:
      return type.kind;
  }
}

/**
 * The short form of a whole selector, as outlines print it: `readme::h2.0-1/code.0?head=5`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSelector } from "./selector.ts";
 * import { formatShortSelector } from "./selector_format.ts";
 * assert.equal(formatShortSelector(parseSelector("heading:h3[1]/block:code[0]")), "h3.1/code.0");
 * ```
 */
export function formatShortSelector(selector: Selector): string {
  return _formatSelector(selector, true);
}

const SHORT_NAMES: Readonly<Record<BlockKind, string>> = {
  paragraph: "para",
  code: "code",
  list: "list",
  table: "table",
  blockquote: "quote",
};

/**
 * The canonical form of a whole selector, qualified only when the user named a namespace.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSelector } from "./selector.ts";
 * import { formatSelector } from "./selector_format.ts";
 * assert.equal(formatSelector(parseSelector("h2.5")), "heading:h2[5]");
 * ```
 */
export function formatSelector(selector: Selector): string {
  return _formatSelector(selector, false);
}

function _formatSelector(selector: Selector, short: boolean): string {
  const prefix = selector.namespace === null ? "" : `${selector.namespace}::`;
  return prefix + _formatSegments(selector.segments, short) + selector.query;
}
