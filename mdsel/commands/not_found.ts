/**
 * What `select` says when a selector matches nothing: why (`fs has h3.0-h3.144, no h3.999`), and
 * the closest existing selectors, canonical in JSON, in the outline's short form in text.
 *
 * @module
 */
import type { MdDocument } from "../parse/document.ts";
import { flatChildren } from "../query/children.ts";
import {
  introOf,
  type Resolution,
  type ResolutionFailure,
  resolvePath,
  rootOf,
  type Target,
} from "../query/resolve.ts";
import { parseSelector, type Selector } from "../query/selector.ts";
import {
  formatPath,
  formatSelector,
  formatShortPath,
  formatShortSelector,
  formatShortType,
  type PathStep,
} from "../query/selector_format.ts";
import { closestSelectors, similarity } from "../query/suggest.ts";
import { clipText } from "../query/clip.ts";
import { MAX_ECHO } from "./echo.ts";

const MAX_SUGGESTIONS = 5;
const LISTED_NAMESPACES = 20;
const LISTED_REASONS = 3;

/** A document without a match: its resolution, or why the page asked for is none. */
export type Miss = Resolution | string;

/**
 * The unresolved entry of a selector that matched nothing, from the misses of each document in
 * turn: an index past the end suggests the last one that exists, anything else the closest ones
 * (short forms with `ns::` when `qualify`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { resolvePath } from "../query/resolve.ts";
 * import { parseSelector } from "../query/selector.ts";
 * import { notFound } from "./not_found.ts";
 * const doc = parseDocument("## A\n\n## B\n", "fs", "fs.md");
 * const selector = parseSelector("h2.999");
 * const entry = notFound(selector, [resolvePath(doc, selector.segments)], [doc], false);
 * assert.deepEqual([entry.reason, entry.suggestions], ["fs has h2.0-h2.1, no h2.999", ["fs::heading:h2[1]"]]);
 * ```
 */
export function notFound(
  selector: Selector,
  misses: readonly Miss[],
  docs: readonly MdDocument[],
  qualify: boolean,
): Unresolved {
  const reasons: string[] = [];
  // For an index past the end, the last one that exists, canonical (one per document).
  const lastValid: string[] = [];
  // Where resolution stopped: suggestions look among their children.
  const stalled: Target[] = [];
  for (const miss of misses) {
    if (typeof miss === "string") {
      reasons.push(miss);
      continue;
    }
    const { failure } = miss;
    if (failure !== undefined) reasons.push(_describeFailure(failure, qualify));
    if (failure?.kind === "out_of_range") {
      const last: PathStep = { type: failure.type, index: failure.found - 1 };
      lastValid.push(formatPath(failure.scope.doc.namespace, [...failure.scope.path, last]));
    }
    // One by one: `push(...targets)` overflows the stack on a big fan-out.
    for (const target of miss.stalledAt) stalled.push(target);
  }
  const canonical = formatSelector(selector);
  const onlyPastTheEnd = lastValid.length > 0 && lastValid.length === reasons.length;
  const closest = onlyPastTheEnd ? [] : _closestPaths(selector, docs, stalled);
  const reason = _joinReasons(reasons) || `No match for ${clipText(canonical, MAX_ECHO)}`;
  return _unresolved(selector, reason, [...lastValid, ...closest], qualify);
}

/** Why a path reached nothing, in one sentence, in the outline's short form. */
function _describeFailure(failure: ResolutionFailure, qualify: boolean): string {
  const { scope } = failure;
  const inside = scope.kind === "root" ? "" : formatShortPath(scope.path);
  const where = scope.kind === "root"
    ? scope.doc.namespace
    : clipText(qualify ? `${scope.doc.namespace}::${inside}` : inside, MAX_ECHO);
  const type = formatShortType(failure.type);
  if (failure.type.kind === "intro") {
    const { nodes } = scope.doc.top;
    const why = nodes.length > 0
      ? "it starts with a heading (root selects the whole file)"
      : scope.doc.frontMatterLines > 0
      ? "it holds only front matter"
      : "it is empty";
    return `No intro in ${where}: ${why}`;
  }
  if (failure.kind === "none") return `No ${type} in ${where}`;
  const at = (index: number) =>
    clipText(`${inside === "" ? "" : `${inside}/`}${type}.${index}`, MAX_ECHO);
  const range = failure.found === 1 ? `${at(0)} only` : `${at(0)}-${at(failure.found - 1)}`;
  return `${where} has ${range}, no ${at(failure.index)}`;
}

/**
 * A canonical selector in the outline's short form, with its namespace only when `qualify`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shortLabel } from "./not_found.ts";
 * assert.equal(shortLabel("fs::heading:h3[144]", false), "h3.144");
 * ```
 */
export function shortLabel(canonical: string, qualify: boolean): string {
  const short = formatShortSelector(parseSelector(canonical));
  return qualify ? short : short.slice(short.indexOf("::") + 2);
}

/** The first few namespaces, then how many in all. */
function _listNamespaces(names: readonly string[]): string {
  if (names.length <= LISTED_NAMESPACES) return names.join(", ");
  return `${names.slice(0, LISTED_NAMESPACES).join(", ")}, ... (${
    names.length.toLocaleString("en-US")
  } in all)`;
}

/**
 * The unresolved entry of a selector whose namespace no document has: the namespaces there are,
 * and the same path in documents whose namespace is close.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { parseSelector } from "../query/selector.ts";
 * import { unknownNamespace } from "./not_found.ts";
 * const guide = parseDocument("## Setup\n", "guide", "guide.md");
 * const entry = unknownNamespace(parseSelector("gude::h2.0"), [guide]);
 * assert.deepEqual(entry.text?.suggestions, ["guide::h2.0"]);
 * ```
 */
export function unknownNamespace(selector: Selector, docs: readonly MdDocument[]): Unresolved {
  const available = docs.map((doc) => doc.namespace);
  const namespace = clipText(selector.namespace!, 40);
  const reason = available.length === 0
    ? `Namespace '${namespace}' not found. No documents could be read`
    : `Namespace '${namespace}' not found. Available namespaces: ${_listNamespaces(available)}`;
  const close = docs
    .map((doc) => ({ doc, score: similarity(doc.namespace, selector.namespace!) }))
    .filter((entry) => entry.score >= 0.4)
    .sort((a, b) => b.score - a.score);
  const found: string[] = [];
  for (const { doc } of close) {
    const resolution = resolvePath(doc, selector.segments);
    const paths = resolution.targets.length > 0
      ? resolution.targets.map((target) => formatPath(doc.namespace, target.path))
      : _closestPaths({ ...selector, namespace: doc.namespace }, [doc], resolution.stalledAt);
    for (const path of paths) found.push(path);
  }
  return _unresolved(selector, reason, found, true);
}

/** The entry of a selector: the first distinct `found` as suggestions, in both forms. */
function _unresolved(
  selector: Selector,
  reason: string,
  found: readonly string[],
  qualify: boolean,
): Unresolved {
  const suggestions = [...new Set(found)].slice(0, MAX_SUGGESTIONS);
  const short = suggestions.map((suggestion) => shortLabel(suggestion, qualify));
  const text = { selector: formatShortSelector(selector), suggestions: short };
  return { selector: formatSelector(selector), reason, suggestions, text };
}

/** The existing selectors closest to one that matched nothing, in the outline's short form. */
function _closestPaths(
  selector: Selector,
  docs: readonly MdDocument[],
  stalled: readonly Target[],
): string[] {
  const qualified = selector.namespace !== null;
  const input = formatShortSelector({ ...selector, query: "" });
  const candidates: { compare: string; selector: string }[] = [];
  const add = (doc: MdDocument, path: readonly PathStep[]) => {
    const short = formatShortPath(path);
    const compare = qualified ? `${doc.namespace}::${short}` : short;
    candidates.push({ compare, selector: formatPath(doc.namespace, path) });
  };
  for (const target of stalled) {
    for (const child of flatChildren(target)) add(target.doc, child.target.path);
  }
  for (const doc of docs) {
    const root = rootOf(doc);
    add(doc, root.path);
    const intro = introOf(doc);
    if (intro !== undefined) add(doc, intro.path);
    for (const child of flatChildren(root)) add(doc, child.target.path);
  }
  return closestSelectors(input, candidates);
}

/** The first few distinct reasons, then how many more. */
function _joinReasons(reasons: readonly string[]): string {
  const distinct = [...new Set(reasons)];
  if (distinct.length <= LISTED_REASONS) return distinct.join("; ");
  const more = distinct.length - LISTED_REASONS;
  return `${distinct.slice(0, LISTED_REASONS).join("; ")}; and ${
    more.toLocaleString("en-US")
  } more like ${more === 1 ? "it" : "these"}`;
}

/** A selector that matched nothing. */
export interface Unresolved {
  /** Canonical form. */
  selector: string;
  reason: string;
  /** Existing selectors close to it, canonical and fully qualified. */
  suggestions: string[];
  /** The selector and suggestions as the text format shows them, in the outline's short form. */
  text?: { selector: string; suggestions: string[] };
}
