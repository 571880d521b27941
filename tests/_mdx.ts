// The MDX project's own parser, the ground truth of the MDX front end's
// tests: `@mdx-js/mdx` 3.1 (remark-parse with remark-mdx), with remark-gfm and
// remark-frontmatter as MDX sites (Docusaurus, Astro, Nextra) configure it.
// Pinned here rather than in deno.json's import map, like fast-check (see
// tests/_fast_check.ts): only tests use it, and tests/deno.lock locks it.
// deno-lint-ignore no-import-prefix -- on purpose: not in the import map (see above)
import { createProcessor } from "npm:@mdx-js/mdx@3.1.1";
// deno-lint-ignore no-import-prefix -- on purpose: not in the import map (see above)
import remarkFrontmatter from "npm:remark-frontmatter@5.0.0";
// deno-lint-ignore no-import-prefix -- on purpose: not in the import map (see above)
import remarkGfm from "npm:remark-gfm@4.0.1";

/** A heading as MDX's syntax tree has it: its depth and its 1-based line. */
export interface MdxHeading {
  readonly depth: number;
  readonly line: number;
}

const processor = createProcessor({
  remarkPlugins: [remarkGfm, [remarkFrontmatter, ["yaml", "toml"]]],
});

/**
 * The section headings of an MDX text as `@mdx-js/mdx` parses it: the
 * headings at the top of the tree or inside JSX elements there (a rendered
 * page shows them as its sections), after Docusaurus's escape of `{#id}`.
 *
 * @param text An MDX text.
 * @returns The headings, in order.
 * @throws {Error} MDX's error when it rejects the text.
 */
export function mdxSectionHeadings(text: string): MdxHeading[] {
  const headings: MdxHeading[] = [];
  // deno-lint-ignore no-explicit-any
  const walk = (node: any) => {
    for (const child of node.children ?? []) {
      if (child.type === "heading") {
        headings.push({ depth: child.depth, line: child.position.start.line });
      } else if (child.type === "mdxJsxFlowElement") walk(child);
    }
  };
  walk(processor.parse(escapeHeadingIds(text)));
  return headings;
}

/**
 * Docusaurus's `escapeMarkdownHeadingIds`: on an ATX heading line at column 0
 * outside fences, the first `{#` becomes `\{#`, so that `## Title {#id}` is
 * valid MDX (an expression `{#id}` is not JavaScript).
 *
 * @param text An MDX text.
 * @returns The text, heading ids escaped.
 */
export function escapeHeadingIds(text: string): string {
  const lines = text.split("\n");
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(lines[i]);
    if (marker !== null) {
      if (fence === undefined) fence = marker[1];
      else if (
        marker[1][0] === fence[0] && marker[1].length >= fence.length &&
        /^[\t ]*\r?$/.test(lines[i].slice(marker[0].length))
      ) fence = undefined;
    } else if (fence === undefined && /^#{1,6}(?!#)/.test(lines[i])) {
      lines[i] = lines[i].replace("{#", "\\{#");
    }
  }
  return lines.join("\n");
}
