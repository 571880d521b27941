// Minimal types for stopword's English list (the package ships no types).
/** English stop-words, lower-case. */
export const eng: string[];
