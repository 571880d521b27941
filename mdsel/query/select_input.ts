/**
 * What `select` was given: selectors (a comma list), or words to search for; text that starts
 * like a selector but breaks the grammar keeps its error, which may say how to search instead.
 *
 * @module
 */
import {
  meantTypeName,
  parseSelector,
  type Selector,
  SELECTOR_WORDS,
  SelectorSyntaxError,
} from "./selector.ts";

/** What `select` was asked: selectors, or words to search for. */
export type SelectInput =
  | { readonly kind: "selectors"; readonly selectors: readonly Selector[] }
  | {
    readonly kind: "search";
    /** `ns::words` searches one file (when a file has that namespace). */
    readonly namespace: string | null;
    /** The words, after any `ns::`. */
    readonly query: string;
  };

/** What a selector error adds when the text could have been meant as words. */
export const SEARCH_HINT = "(to search for these words instead, put them in double quotes)";

const NAMESPACE_PREFIX = /^([a-z_][a-z0-9_-]*)\s*::\s*/i;
/** A type name directly followed by selector syntax or the end (`heading`, `block`: syntax only). */
const TYPE_START =
  /^(?:(?:(?:heading|block):[\p{L}\p{N}_]*|h\d+|root|intro|section|paragraph|para|code|list|table|quote|blockquote)(?=[.[/?]|$)|(?:heading|block)(?=[.[/?]))/iu;
/** A word directly followed by `[`, `.` and a digit, or one `:` and more selector. */
const WORD_START = /^([a-z]+)(\[|\.\d|:(?![:\s]|$))/i;

/**
 * Reads what `select` was given (see the module); a comma and a digit continue an index list.
 *
 * @throws {SelectorSyntaxError} When the text starts like a selector but breaks the grammar; the
 * column counts from the start of the whole input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSelectInput } from "./select_input.ts";
 * assert.equal(parseSelectInput("code examples").kind, "search");
 * ```
 */
export function parseSelectInput(input: string): SelectInput {
  try {
    return { kind: "selectors", selectors: _parseList(input) };
  } catch (error) {
    if (!(error instanceof SelectorSyntaxError)) throw error;
    if (input.trim() === "" || _startsLikeSelector(input)) throw _withSearchHint(error, input);
    return _search(input);
  }
}

/** Whether text starts like a selector, so that its syntax error is reported. */
function _startsLikeSelector(input: string): boolean {
  const rest = input.trim().replace(NAMESPACE_PREFIX, "");
  if (TYPE_START.test(rest)) return true;
  const word = WORD_START.exec(rest);
  if (word === null) return false;
  return meantTypeName(word[1], word[2] === ":") !== undefined;
}

function _parseList(input: string): Selector[] {
  const selectors: Selector[] = [];
  let start = 0;
  for (const part of _splitList(input)) {
    try {
      selectors.push(parseSelector(part));
    } catch (error) {
      if (!(error instanceof SelectorSyntaxError) || input === part) throw error;
      const offset = [...input.slice(0, start)].length;
      const column = error.column + offset;
      const fix = error.fix && { ...error.fix, offset: error.fix.offset + start };
      const message = error.message.replace(/ at column \d+/, ` at column ${column}`);
      throw new SelectorSyntaxError(error.code, message, input, column, fix);
    }
    start += part.length + 1;
  }
  return selectors;
}

// A comma followed by a digit continues an index list (`h2.0,2`); sticky, so nothing is copied.
const _INDEX_NEXT = /\s*\d/y;

function _indexNext(input: string, at: number): boolean {
  _INDEX_NEXT.lastIndex = at;
  return _INDEX_NEXT.test(input);
}

/** The selectors of a list: split at each comma outside `[...]` that no index follows. */
function _splitList(input: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (char === "[") depth++;
    else if (char === "]") depth = Math.max(0, depth - 1);
    else if (char === "," && depth === 0 && !_indexNext(input, i + 1)) {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(input.slice(start));
  return parts;
}

function _search(input: string): SelectInput {
  const text = input.trim();
  const qualified = NAMESPACE_PREFIX.exec(text);
  if (qualified === null) return { kind: "search", namespace: null, query: text };
  const namespace = qualified[1].toLowerCase();
  return { kind: "search", namespace, query: text.slice(qualified[0].length) };
}

/** The error, saying how to search instead when a word is none of the grammar nor misspelt. */
function _withSearchHint(error: SelectorSyntaxError, input: string): SelectorSyntaxError {
  const words = input.replace(NAMESPACE_PREFIX, "").match(/\p{L}{2,}/gu) ?? [];
  const meant = words.some((word) => {
    const lower = word.toLowerCase();
    return !SELECTOR_WORDS.has(lower) && meantTypeName(lower) === undefined &&
      meantTypeName(lower, true) === undefined;
  });
  if (!meant) return error;
  const message = `${error.message} ${SEARCH_HINT}`;
  return new SelectorSyntaxError(error.code, message, error.selector, error.column, error.fix);
}
