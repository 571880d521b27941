// fast-check for the property tests, pinned here rather than in deno.json's
// import map: a package only tests use stays out of deno.lock, which a
// checkout's first `deno run main.ts` installs in full. The tests' own lock
// is tests/deno.lock (see the test task).
// deno-lint-ignore no-import-prefix -- on purpose: not in the import map (see above)
import fc from "npm:fast-check@4.10.2";

export { fc };
