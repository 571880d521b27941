/**
 * The package's version as each place states it: `deno.json`, the Claude Code plugin manifest, the
 * engine's `VERSION` and the latest release in `CHANGELOG.md`. They must agree: the tests pin it
 * and the publish workflow checks the tag against it (`release_version.ts`).
 *
 * @module
 */
import { VERSION } from "../mdsel/settings/version.ts";

/** Where the version is stated, and what each says. */
export interface StatedVersions {
  /** `version` in `deno.json`. */
  readonly denoJson: string;
  /** `version` in `.claude-plugin/plugin.json`. */
  readonly plugin: string;
  /** `VERSION` in `mdsel/settings/version.ts`. */
  readonly engine: string;
  /** The first `## [x.y.z]` heading of `CHANGELOG.md` (none: an empty string). */
  readonly changelog: string;
}

/**
 * Reads the version from every place that states it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statedVersions } from "./versions.ts";
 * const stated = statedVersions();
 * assert.equal(stated.plugin, stated.denoJson);
 * ```
 */
export function statedVersions(): StatedVersions {
  const root = new URL("../", import.meta.url);
  const json = (path: string) => JSON.parse(Deno.readTextFileSync(new URL(path, root)));
  const changelog = Deno.readTextFileSync(new URL("CHANGELOG.md", root));
  return {
    denoJson: json("deno.json").version,
    plugin: json(".claude-plugin/plugin.json").version,
    engine: VERSION,
    changelog: /^## \[(\d+\.\d+\.\d+[^\]]*)\]/m.exec(changelog)?.[1] ?? "",
  };
}

/**
 * The places whose version differs from `deno.json`'s, one sentence each (none when all agree).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { versionMismatches } from "./versions.ts";
 * const stated = { denoJson: "1.0.0", plugin: "1.0.0", engine: "0.9.0", changelog: "1.0.0" };
 * assert.deepEqual(versionMismatches(stated), [
 *   `mdsel/settings/version.ts says "0.9.0", deno.json "1.0.0"`,
 * ]);
 * ```
 */
export function versionMismatches(stated: StatedVersions): string[] {
  const places: [string, string][] = [
    [".claude-plugin/plugin.json", stated.plugin],
    ["mdsel/settings/version.ts", stated.engine],
    ["CHANGELOG.md's latest release", stated.changelog],
  ];
  return places
    .filter(([, version]) => version !== stated.denoJson)
    .map(([place, version]) => `${place} says "${version}", deno.json "${stated.denoJson}"`);
}
