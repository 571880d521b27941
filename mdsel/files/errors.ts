/**
 * The error entries of the JSON envelope, and the error a file read raises.
 *
 * @module
 */

type _ErrorType =
  | "FILE_NOT_FOUND"
  | "PARSE_ERROR"
  | "INVALID_SELECTOR"
  | "SELECTOR_NOT_FOUND"
  | "NAMESPACE_NOT_FOUND"
  | "PROCESSING_ERROR";

/** One entry of the envelope's `errors` list. */
export interface ErrorEntry {
  type: _ErrorType;
  /** A finer code, e.g. `IS_DIRECTORY`. */
  code: string;
  message: string;
  file?: string;
  selector?: string;
  /** Selectors the user may have meant. */
  suggestions?: string[];
}

/**
 * A file that could not be read as Markdown, with the entry to report.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FileReadError } from "./errors.ts";
 * const error = new FileReadError("FILE_NOT_FOUND", "FILE_NOT_FOUND", "File not found: a.md", "a.md");
 * assert.equal(error.entry.file, "a.md");
 * ```
 */
export class FileReadError extends Error {
  readonly entry: ErrorEntry;

  constructor(type: _ErrorType, code: string, message: string, file: string) {
    super(message);
    this.name = "FileReadError";
    this.entry = { type, code, message, file };
  }
}
