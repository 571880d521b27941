/**
 * The help of each command: `mdsel help index|select|format`, or `--help` after the command.
 *
 * @module
 */
import type { HelpTopic } from "./args.ts";

const INDEX = `mdsel index - the outline of Markdown files

Usage: mdsel index [--json] [--full] [--lines] [--] <files...>

For each file: a line '<namespace> <path> [N words]', then every heading with its
selector (h2.3), sections of 500 words or more with their size (MDSEL_SIZE_WORDS),
then the counts of its top-level blocks (code:4 para:3 list:2 ...). A big outline is
folded deepest level first: a folded heading says how many subsections it hides, and
selecting it lists them. A folder or glob is read file by file; a big one answers
with its tree of folders.

Options:
  --json   one line of JSON: every heading with selector, words and line range
  --full   no size budget: every heading
  --lines  each heading's line range (L54-2668), e.g. for a Read with offset and limit

Examples:
  mdsel index README.md
  mdsel index --lines docs/api.md
  mdsel index docs/
  mdsel index --json 'docs/**/*.md'
`;

const SELECT = `mdsel select - the exact source behind a selector, or a search

Usage:
  mdsel select [--json] [--full] [--] <selector> <files...>
  mdsel select [--json] [--] <words> <files...>

A selector prints what it matches exactly as the file writes it. A section bigger
than a page answers with its introduction and the outline of its subsections; long
content comes in pages (MDSEL_PAGE_WORDS, MDSEL_PAGE_CHARS).

Selectors: [namespace::]type[index][/type[index]...][?full=true|page=N|head=N|tail=N]
  h1-h6, heading:h1-h6   the section a heading opens, its subsections included
  section                the section of a heading of any level, in document order
  intro                  the text before the first heading
  root                   the whole document
  para code list table quote, block:paragraph|code|list|table|blockquote
  .0 [0] .0-2 [0,3]      which ones, 0-based; none means every match
  /                      inside: h2.0/code.1 is the second code block under the first h2
  ns::                   one file, by its name without extension: readme::h2.0
  ?page=2 ?full=true ?head=20 ?tail=20
  h2.0, h3.4             several selectors in one call

Search: words that are not a selector search the files: up to 10 sections holding
  them, best first, grouped under their file, each with its selector, heading path,
  size (from 500 words, as in the outline), the first three with a snippet; a best
  section that is small and stands out, or is short, comes whole.
  "Double quotes" or backticks keep a phrase together; ns::words searches one file.

Options:
  --json   one line of JSON instead of the text format
  --full   no pages, no outline answers, no size budget

Examples:
  mdsel select h2.0 README.md
  mdsel select h2.0/code.0 README.md
  mdsel select 'h3.5?page=2' api.md
  mdsel select 'readme::h2.1, guide::h2.0' README.md guide.md
  mdsel select 'abort request' docs/
  mdsel select '"content collections"' 'docs/**/*.mdx'

Exit codes: 0 success, 1 unresolved selector, no hit or unreadable file, 2 usage error
`;

const FORMAT = `mdsel format - what the output of index and select holds

Usage: mdsel format [index|select] [--example]

Describes the compact text format (the default, the one agents read) and the JSON
of --json, for index, select or both. --example shows real output.

Examples:
  mdsel format
  mdsel format select --example
`;

/**
 * The help text of one command, ending in a newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { helpText } from "./help.ts";
 * assert.ok(helpText("select").startsWith("mdsel select - "));
 * ```
 */
export function helpText(topic: HelpTopic): string {
  return { index: INDEX, select: SELECT, format: FORMAT }[topic];
}
