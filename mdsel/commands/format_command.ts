/**
 * `mdsel format`: a terse description of the output; with `--example`, real output for a sample.
 *
 * @module
 */
import { parseDocument } from "../parse/markdown_nodes.ts";
import { parseSelector } from "../query/selector.ts";
import { indexDocument, summarize } from "./index_command.ts";
import { indexJsonWithin, selectJson } from "./render_json.ts";
import { selectInWorkspace } from "./select_command.ts";

const INDEX_FORMAT =
  `index --json: {success, command:"index", timestamp, data:{documents:[{namespace, file_path,
  root: null | {selector, type:"root", content_preview, truncated, children_count, word_count},
  headings:[{selector:"ns::heading:hD[i]", type:"heading:hD", depth, text, content_preview, truncated,
    children_count, word_count, section_word_count, section_truncated, start_line, end_line}],
  blocks:{paragraphs, code_blocks, lists, tables, blockquotes}, headings_omitted?, max_depth?}],
  summary:{total_documents, total_nodes, total_selectors}}, errors?, partial_results?, warnings?}
index (text): per document "<namespace> <path> [W words]"; "intro [N words]" for content before the
  first heading (select intro for it, root for the whole file); "hD.i text" per heading, indented by depth, "[N words]" from 500 words,
  "[N words, +K subsections]" where deeper headings are folded; "---"; "code:N para:N list:N table:N
  quote:N"; last "[outline limited to h1-hD: ...]" when folded; --lines: " L<first>-<last>" after
  the text of the intro and of each heading (its section's lines, 1-based)`;

const SELECT_FORMAT =
  `select --json: {success, command:"select", timestamp, data:{matches:[{selector, type, content,
  truncated, start_line, end_line, outline?:true, pagination?:{page, total_pages, page_words, next?},
  children_available:[{selector, type, preview, word_count}], children_omitted?}],
  unresolved:[{selector, reason, suggestions}], omitted?:[selector], search?:{query, matched,
  results:[{selector, file, heading_path, word_count, start_line, end_line, score, snippet, content?}]}},
  unresolved_selectors?, errors?:[{type, code, message, file?, selector?, suggestions?}], warnings?}
select (text): the content; "<selector>:" before each of several matches; "[page 1 of N, next: <selector>]";
  a big section: its introduction, its subsections as an outline, "[hD.i Text: N words in K subsections;
  select one, or hD.i?page=1 to read the section in pages]"; "[N more matches not shown: ...]";
  a search: "search: the best K of N matching sections", then per file its path (several files) and
  per result " <selector> <heading path>" ("[N words]" from 500 words) and its snippet; the best one's source when
  it is small and stands out (the others then without snippets) or is short;
  unresolved: "not found: <selector>", the reason, "closest: <selector>, ..." (the outline's short
  form); errors: "error TYPE: message", "did you mean: <selector>"`;

const SAMPLE = `# Sample

Intro text.

## Install

\`\`\`sh
deno install
\`\`\`

## Use

- one
- two
`;

/**
 * What `mdsel format` prints: the description of `topic` (else both), or real output (`example`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatText } from "./format_command.ts";
 * assert.equal(formatText("select", false).startsWith("select --json"), true);
 * ```
 */
export function formatText(topic: "index" | "select" | undefined, example: boolean): string {
  const parts: string[] = [];
  if (topic !== "select") parts.push(example ? _indexExample() : INDEX_FORMAT);
  if (topic !== "index") parts.push(example ? _selectExample() : SELECT_FORMAT);
  return parts.join("\n") + "\n";
}

function _indexExample(): string {
  const page = { words: 2000, chars: 16000 };
  const doc = indexDocument(parseDocument(SAMPLE, "sample", "sample.md"), page);
  return `$ mdsel index --json sample.md\n${
    indexJsonWithin([doc], summarize([doc]), [], [], 1, Infinity)
  }`;
}

function _selectExample(): string {
  const docs = [parseDocument(SAMPLE, "sample", "sample.md")];
  const outcome = selectInWorkspace(parseSelector("h2.0"), { docs, errors: [], warnings: [] });
  return `$ mdsel select --json h2.0 sample.md\n${selectJson(outcome)}`;
}
