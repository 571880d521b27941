/**
 * The error entries of the JSON envelope, and the error a file read raises.
 *
 * @module
 */

/** The `type` of an error entry. */
export type ErrorType =
  | "FILE_NOT_FOUND"
  | "PARSE_ERROR"
  | "INVALID_SELECTOR"
  | "SELECTOR_NOT_FOUND"
  | "NAMESPACE_NOT_FOUND"
  | "PROCESSING_ERROR";

/** One entry of the envelope's `errors` list. */
export interface ErrorEntry {
  /** The kind of failure. */
  type: ErrorType;
  /** A finer code, e.g. `IS_DIRECTORY`. */
  code: string;
  /** What went wrong, in one line. */
  message: string;
  /** The file concerned. */
  file?: string;
  /** The selector concerned. */
  selector?: string;
  /** Selectors the user may have meant. */
  suggestions?: string[];
}

/** A file that could not be read as Markdown, with the entry to report. */
export class FileReadError extends Error {
  /** The envelope entry describing the failure. */
  readonly entry: ErrorEntry;

  /** @param file The path as given. */
  constructor(type: ErrorType, code: string, message: string, file: string) {
    super(message);
    this.name = "FileReadError";
    this.entry = { type, code, message, file };
  }
}
