// Minimal types for markdown-it-footnote, which ships none.
import type { MarkdownIt } from "markdown-it";

/** Adds GFM footnote references and definitions to a markdown-it instance. */
declare function footnotePlugin(md: MarkdownIt): void;
export default footnotePlugin;
