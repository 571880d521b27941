// Minimal types for stopword, which ships none: the English list is all the engine uses.
/** English stop-words, lower-case. */
export const eng: string[];
