/**
 * The Markdown parser: markdown-it with GFM tables, strikethrough and footnotes, tuned to report
 * where every block starts and ends instead of rendering.
 *
 * @module
 */
import MarkdownIt from "markdown-it";
import type { Env, MarkdownIt as MarkdownItInstance, StateBlock, Token } from "markdown-it";
// @ts-types="./markdown_it_footnote.d.ts"
import footnotePlugin from "markdown-it-footnote";

/** Token type recorded for a link reference definition (`[x]: /url`). */
export const DEFINITION_TOKEN = "mdsel_definition";
/** Token type that opens a footnote definition (`[^1]: text`). */
export const FOOTNOTE_OPEN_TOKEN = "footnote_reference_open";

let _parser: MarkdownItInstance | undefined;
let _mdxParser: MarkdownItInstance | undefined;
let _inlineParser: MarkdownItInstance | undefined;

/**
 * Parses Markdown into block tokens whose `map` gives 0-based lines (as `splitLines` counts them);
 * `inline` tokens keep their raw `content` unparsed (most of markdown-it's time).
 *
 * @param env Receives the reference definitions, for {@linkcode parseInline}.
 * @param indentedCode Whether a line indented four spaces is code (MDX has no indented code).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMarkdown } from "./markdown.ts";
 * assert.deepEqual(parseMarkdown("# Hi\n")[0].map, [0, 1]);
 * ```
 */
export function parseMarkdown(source: string, env: Env = {}, indentedCode = true): Token[] {
  if (indentedCode) return (_parser ??= _createParser(true)).parse(source, env);
  return (_mdxParser ??= _createParser(true, false)).parse(source, env);
}

/**
 * Parses a heading's or a paragraph's inline content into inline tokens; `env`'s reference
 * definitions resolve reference links (`[http.Agent][]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseInline, parseMarkdown } from "./markdown.ts";
 * const env = {};
 * parseMarkdown("[x]: https://example.com\n", env);
 * assert.deepEqual(parseInline("[x][]", env).map((token) => token.type), ["link_open", "text", "link_close"]);
 * ```
 */
export function parseInline(content: string, env: Env = {}): Token[] {
  _inlineParser ??= _createParser(false);
  // markdown-it's inline rules may write into env: give them a copy.
  return _inlineParser.parseInline(content, { ...env })[0]?.children ?? [];
}

/**
 * Records in `env` the labels of link reference definitions another parser (MDX's) found; a label
 * already defined keeps its first definition, as in CommonMark.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defineReferences, parseInline } from "./markdown.ts";
 * const env = {};
 * defineReferences(env, ["The  Guide"]);
 * assert.equal(parseInline("[the guide][]", env)[0].type, "link_open");
 * ```
 */
export function defineReferences(env: Env, labels: readonly string[]): void {
  _parser ??= _createParser(true);
  const references = env.references ??= {};
  for (const label of labels) {
    const key = _parser.utils.normalizeReference(label);
    if (key !== "" && !(key in references)) references[key] = { href: "", title: "" };
  }
}

function _createParser(blockOnly: boolean, indentedCode = true): MarkdownItInstance {
  // linkify and typographer change nothing the engine reads, and cost time. MDX has no HTML.
  const md = new MarkdownIt({ html: indentedCode, linkify: false, typographer: false });
  md.use(footnotePlugin);
  // The tail rule moves footnote definitions to the end; the engine needs them where they stand.
  md.core.ruler.disable("footnote_tail");
  if (blockOnly) md.core.ruler.disable(["inline", "text_join"]);
  _pushLightTokens(md);
  _recordDefinitions(md);
  _boundTooDeepNesting(md);
  if (!indentedCode) md.block.ruler.disable("code");
  return md;
}

/**
 * markdown-it's `Token` sets each field with the slow `Object.defineProperty`: block tokens are
 * made by this class instead, the same fields in the same order, with `Token`'s prototype.
 */
class _BlockToken {
  type: string;
  tag: string;
  attrs: Token["attrs"] = null;
  map: Token["map"] = null;
  nesting: Token["nesting"];
  level = 0;
  children: Token["children"] = null;
  content = "";
  markup = "";
  info = "";
  meta: unknown = null;
  block = true;
  hidden = false;

  constructor(type: string, tag: string, nesting: Token["nesting"]) {
    this.type = type;
    this.tag = tag;
    this.nesting = nesting;
  }
}
Object.setPrototypeOf(_BlockToken.prototype, MarkdownIt.Token.prototype);

/** Block parses push {@linkcode _BlockToken}s, as `StateBlock.push` does its own tokens. */
function _pushLightTokens(md: MarkdownItInstance): void {
  const Base = md.block.State;
  md.block.State = class extends Base {
    override push(type: string, tag: string, nesting: Token["nesting"]): Token {
      const token = new _BlockToken(type, tag, nesting) as unknown as Token;
      if (nesting < 0) this.level--;
      token.level = this.level;
      if (nesting > 0) this.level++;
      this.tokens.push(token);
      return token;
    }
  };
}

/**
 * Past `maxNesting` markdown-it skips the rest of its range (in a list item, the rest of the file):
 * skip only the lines of the too-deep container (blank, or indented at least as far).
 */
function _boundTooDeepNesting(md: MarkdownItInstance): void {
  const block = md.block;
  const tokenize = block.tokenize.bind(block);
  block.tokenize = (state, startLine, endLine) => {
    if (state.level < md.options.maxNesting) return tokenize(state, startLine, endLine);
    let line = startLine;
    while (line < endLine && (state.isEmpty(line) || state.sCount[line] >= state.blkIndent)) {
      line++;
    }
    state.line = line;
  };
}

/** Reference and footnote definitions are nodes too: each leaves a token with a map. */
function _recordDefinitions(md: MarkdownItInstance): void {
  _wrapBlockRule(md, "reference", (state, startLine) => {
    state.push(DEFINITION_TOKEN, "", 0).map = [startLine, state.line];
  });
  _wrapBlockRule(md, "footnote_def", (state, startLine, tokensBefore) => {
    const opener = state.tokens[tokensBefore];
    if (opener?.type === FOOTNOTE_OPEN_TOKEN) opener.map = [startLine, state.line];
  });
}

function _wrapBlockRule(
  md: MarkdownItInstance,
  name: string,
  after: (state: StateBlock, startLine: number, tokensBefore: number) => void,
): void {
  const rule = md.block.ruler.__rules__.find((candidate) => candidate.name === name);
  if (rule === undefined) throw new Error(`markdown-it has no block rule '${name}'`);
  const original = rule.fn;
  const wrapped: typeof original = (state, startLine, endLine, silent) => {
    const tokensBefore = state.tokens.length;
    const matched = original(state, startLine, endLine, silent);
    if (matched && !silent) after(state, startLine, tokensBefore);
    return matched;
  };
  md.block.ruler.at(name, wrapped, { alt: rule.alt });
}
