/**
 * The package's version, as each place that states it states it: `deno.json`
 * (what JSR publishes), the Claude Code plugin manifest, the engine's
 * `VERSION` (the server's `serverInfo` and `mdsel --version`), and the latest
 * release in `CHANGELOG.md`. They must agree: `tests/version_test.ts` pins it
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

const ROOT = new URL("../", import.meta.url);

/**
 * Reads the version from every place that states it.
 *
 * @param root The checkout's root folder.
 * @returns What each place says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statedVersions } from "./versions.ts";
 * const stated = statedVersions();
 * assert.equal(stated.plugin, stated.denoJson);
 * ```
 */
export function statedVersions(root: URL = ROOT): StatedVersions {
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
 * The places whose version differs from `deno.json`'s, as sentences.
 *
 * @param stated What each place says.
 * @returns One line per place that disagrees; none when all agree.
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
