/**
 * The character codes the parsers' scans compare with `charCodeAt`, named once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BACKTICK } from "./char_codes.ts";
 *
 * assert.equal("`code`".charCodeAt(0), BACKTICK);
 * ```
 *
 * @module
 */

export const TAB = 9;
export const LINE_FEED = 10;
export const CARRIAGE_RETURN = 13;
export const SPACE = 32;
export const QUOTE = 34;
export const HASH = 35;
export const APOSTROPHE = 39;
export const SLASH = 47;
export const LESS_THAN = 60;
export const EQUALS = 61;
export const GREATER_THAN = 62;
export const BACKSLASH = 92;
export const BACKTICK = 96;
export const LEFT_BRACE = 123;
export const RIGHT_BRACE = 125;
export const TILDE = 126;
