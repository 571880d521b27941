/**
 * Checks, before a release is published, that the tag names the version every place states
 * (`versions.ts`): `deno run --allow-read=. .ci/release_version.ts v0.2.0`. Exits 1 if not.
 *
 * @module
 */
import { statedVersions, versionMismatches } from "./versions.ts";

const tag = Deno.args[0] ?? "";
const stated = statedVersions();
const problems = versionMismatches(stated);
if (tag !== `v${stated.denoJson}`) {
  problems.push(`the tag "${tag}" is not "v${stated.denoJson}", the version in deno.json`);
}
for (const problem of problems) console.error(`release: ${problem}`);
if (problems.length > 0) Deno.exit(1);
console.error(`release: ${tag} is the version everywhere`);
