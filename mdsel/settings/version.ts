/** The version of this package (kept equal to `deno.json` by a test). */
export const VERSION = "0.1.0";

/** The mdsel release whose command line and output this engine keeps. */
export const MDSEL_COMPATIBLE_VERSION = "1.0.0";
