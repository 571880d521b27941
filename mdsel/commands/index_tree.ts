/**
 * The index of a folder too big to show whole, as a tree folded by folder depth.
 *
 * @module
 */
import { fitCount, linesChars } from "./budget.ts";
import { echoLine, echoValue } from "./echo.ts";
import { headingEntries, type IndexedDocument } from "./index_outline.ts";
import { headingLine, outlineLines } from "./outline.ts";

/** One folder of a tree (its path relative to the root, `` for the root, at depth 0). */
interface FolderNode {
  readonly path: string;
  readonly depth: number;
  /** The documents directly inside, as indexes into the call's documents, in path order. */
  readonly files: number[];
  readonly folders: FolderNode[];
  totalFiles: number;
  totalWords: number;
}

/** The documents a folder or glob (`root`, as the call named it) holds, as a tree. */
export interface FolderTree {
  readonly root: string;
  readonly node: FolderNode;
}

/** What one document contributes to a tree; `origin` is its folder or glob base, if any. */
interface TreeItem {
  readonly path: string;
  readonly origin?: string;
  readonly words: number;
}

/**
 * The trees of a call's documents, one per folder or glob base; files named outright stand apart.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrees } from "./index_tree.ts";
 * const { trees, loose } = buildTrees([
 *   { path: "docs/a.md", origin: "docs", words: 10 },
 *   { path: "docs/guide/b.md", origin: "docs", words: 5 },
 *   { path: "README.md", words: 3 },
 * ]);
 * assert.deepEqual([loose, trees[0].node.folders[0].path], [[2], "guide"]);
 * ```
 */
export function buildTrees(items: readonly TreeItem[]): { trees: FolderTree[]; loose: number[] } {
  const trees = new Map<string, FolderTree>();
  const loose: number[] = [];
  const children = new Map<FolderNode, Map<string, FolderNode>>();
  items.forEach((item, i) => {
    if (item.origin === undefined) {
      loose.push(i);
      return;
    }
    let tree = trees.get(item.origin);
    if (tree === undefined) {
      tree = { root: item.origin, node: _node("", 0) };
      trees.set(item.origin, tree);
    }
    const prefix = item.origin === "." ? "" : item.origin.replace(/\/*$/, "/");
    const parts = item.path.slice(prefix.length).split("/");
    let node = tree.node;
    node.totalFiles++;
    node.totalWords += item.words;
    for (const part of parts.slice(0, -1)) {
      let named = children.get(node);
      if (named === undefined) children.set(node, named = new Map());
      let next = named.get(part);
      if (next === undefined) {
        next = _node(node.path === "" ? part : `${node.path}/${part}`, node.depth + 1);
        named.set(part, next);
        node.folders.push(next);
      }
      node = next;
      node.totalFiles++;
      node.totalWords += item.words;
    }
    node.files.push(i);
  });
  return { trees: [...trees.values()], loose };
}

function _node(path: string, depth: number): FolderNode {
  return { path, depth, files: [], folders: [], totalFiles: 0, totalWords: 0 };
}

/** The deepest folder of the trees (0 when every file is at a root). */
function _treeDepth(trees: readonly FolderTree[]): number {
  const deepest = (node: FolderNode): number =>
    node.folders.reduce((most, folder) => Math.max(most, deepest(folder)), node.depth);
  return trees.reduce((most, tree) => Math.max(most, deepest(tree.node)), 0);
}

/** How a tree is folded: which folders open, and which files show headings. */
interface _TreeFold {
  /** Folders up to this depth list their files; deeper ones are one line each. */
  readonly depth: number;
  /** Heading levels shown under each listed file (0: none; 1: its shallowest; 2: two). */
  readonly levels: number;
}

type _Kind = "folder" | "file" | "heading";

/**
 * The text lines of the trees folded (a line per root, folder and open folder's file), what each
 * is, the folders shown as one line, and how many listed files hide headings.
 */
function _treeLines(
  trees: readonly FolderTree[],
  items: readonly IndexedDocument[],
  fold: _TreeFold,
  sizeWords: number,
) {
  const lines: string[] = [];
  const kinds: _Kind[] = [];
  const push = (line: string, kind: _Kind) => {
    lines.push(line);
    kinds.push(kind);
  };
  const foldedFolders: string[] = [];
  let foldedFiles = 0;
  const fileLines = (i: number, indent: string) => {
    const { doc, index } = items[i];
    const name = index.file_path.split("/").pop() ?? index.file_path;
    const words = doc.top.wordPrefix[doc.top.nodes.length];
    const first = index.headings[0];
    // The first heading, unless the file's headings follow (they start with it).
    const heading = first === undefined || fold.levels > 0 ? "" : ` ${headingLine(first.text)}`;
    push(
      `${indent}${index.namespace} ${echoLine(name)} [${words} words]${echoLine(heading)}`,
      "file",
    );
    const entries = headingEntries(index);
    if (fold.levels === 0 || entries.length === 0) {
      if (entries.length > 1) foldedFiles++;
      return;
    }
    let shallowest = 6;
    for (const entry of entries) shallowest = Math.min(shallowest, entry.depth);
    const limit = shallowest + fold.levels - 1;
    if (entries.some((entry) => entry.depth > limit)) foldedFiles++;
    for (const line of outlineLines(entries, limit, { sizeWords })) {
      push(`${indent} ${line}`, "heading");
    }
  };
  const visit = (tree: FolderTree, node: FolderNode) => {
    const indent = " ".repeat(node.depth);
    const path = node.depth === 0 ? tree.root.replace(/\/*$/, "/") : `${node.path}/`;
    push(`${indent}${echoValue(path)} ${_size(node)}`, "folder");
    if (node.depth > fold.depth) {
      foldedFolders.push(`${tree.root.replace(/\/*$/, "")}/${node.path}`);
      return;
    }
    for (const i of node.files) fileLines(i, `${indent} `);
    for (const folder of node.folders) visit(tree, folder);
  };
  for (const tree of trees) visit(tree, tree.node);
  return { lines, kinds, foldedFolders, foldedFiles };
}

function _size({ totalFiles: files, totalWords: words }: FolderNode): string {
  return `[${files} file${files === 1 ? "" : "s"}, ${words} words]`;
}

/**
 * The tree lines that fit `maxChars` beside `extra` characters, and a line on how to go deeper.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { treeLinesWithin } from "./index_tree.ts";
 * assert.deepEqual(treeLinesWithin([], [], 100, 500, 0), []);
 * ```
 */
export function treeLinesWithin(
  trees: readonly FolderTree[],
  items: readonly IndexedDocument[],
  maxChars: number,
  sizeWords: number,
  extra: number,
): string[] {
  if (trees.length === 0) return [];
  const closingRoom = 300;
  // The fold that shows the most: deepest folders first, then heading levels.
  const fits = (fold: _TreeFold) =>
    linesChars(_treeLines(trees, items, fold, sizeWords).lines) + extra + closingRoom <= maxChars;
  let depth = _treeDepth(trees);
  while (depth > 0 && !fits({ depth, levels: 0 })) depth--;
  let levels = 0;
  while (levels < 2 && fits({ depth, levels: levels + 1 })) levels++;
  const shown = _treeLines(trees, items, { depth, levels }, sizeWords);
  let lines = shown.lines;
  if (linesChars(lines) + extra + closingRoom > maxChars) {
    // The root's own files do not fit beside its subfolders: the subfolders first.
    const others = lines.flatMap((_, i) => shown.kinds[i] === "folder" ? [] : [i]);
    const sizes = others.map((i) => lines[i].length + 1);
    const folderChars = linesChars(lines) - sizes.reduce((sum, size) => sum + size, 0);
    const dropped = others.slice(fitCount(sizes, maxChars - extra - closingRoom - folderChars));
    const left = dropped.filter((i) => shown.kinds[i] === "file").length;
    const gone = new Set(dropped);
    lines = lines.filter((_, i) => !gone.has(i));
    if (left > 0) {
      const glob = `${echoValue(trees[0].root.replace(/\/*$/, "/"))}a*.md`;
      lines.push(`[${left} more files not shown: index a narrower glob (e.g. ${glob}) or a file]`);
    }
  }
  if (shown.foldedFolders.length > 0) {
    lines.push(
      `[${shown.foldedFolders.length} folders folded (their files and words shown); index one ` +
        `(e.g. ${echoValue(shown.foldedFolders[0])}) to list its files, or a file for its outline]`,
    );
  } else if (shown.foldedFiles > 0) {
    lines.push(
      `[headings folded in ${shown.foldedFiles} files: index a file for its outline, or select ` +
        "a section by namespace (ns::h2.0) with the folder as files]",
    );
  }
  return lines;
}

/** A folder as the JSON index lists it: its path, files and words under it. */
export interface FolderEntry {
  readonly path: string;
  readonly files: number;
  readonly words: number;
  /** Whether its own files are among the documents listed. */
  readonly listed: boolean;
}

/**
 * Each fold of the JSON index, deepest first: the folders shown, documents listed, all in trees.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTrees, folderFolds } from "./index_tree.ts";
 * const { trees } = buildTrees([
 *   { path: "d/a.md", origin: "d", words: 2 },
 *   { path: "d/x/b.md", origin: "d", words: 3 },
 * ]);
 * const [, fold] = folderFolds(trees);
 * assert.deepEqual(fold.folders.map((folder) => [folder.path, folder.listed]), [["d", true], ["d/x", false]]);
 * ```
 */
export function* folderFolds(
  trees: readonly FolderTree[],
): Generator<{ folders: FolderEntry[]; listed: Set<number>; inTrees: Set<number> }> {
  for (let depth = _treeDepth(trees); depth >= 0; depth--) {
    const folders: FolderEntry[] = [];
    const listed = new Set<number>();
    const inTrees = new Set<number>();
    // Folders below a closed one are not shown, but their files are in the tree.
    const visit = (tree: FolderTree, node: FolderNode, shown: boolean) => {
      const open = shown && node.depth <= depth;
      if (shown) {
        const root = tree.root.replace(/\/*$/, "");
        const path = node.path === "" ? root : `${root}/${node.path}`;
        folders.push({ path, files: node.totalFiles, words: node.totalWords, listed: open });
      }
      for (const i of node.files) {
        if (open) listed.add(i);
        inTrees.add(i);
      }
      for (const folder of node.folders) visit(tree, folder, open);
    };
    for (const tree of trees) visit(tree, tree.node, true);
    yield { folders, listed, inTrees };
  }
}
