// A local JSR registry serving this package as `deno publish` would upload
// it, so `deno run -A jsr:@x/mdsel-claude` runs for real (Deno honours
// JSR_URL). The files are exactly those `deno publish --dry-run` lists, with
// bare specifiers unfurled through the import map into full `npm:` ones.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout's root directory. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The package's config, as far as publishing reads it. */
export interface PackageConfig {
  readonly name: string;
  readonly version: string;
  readonly exports: Readonly<Record<string, string>>;
  readonly imports: Readonly<Record<string, string>>;
}

/** Reads the checkout's deno.json. */
export async function readConfig(root = ROOT): Promise<PackageConfig> {
  return JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
}

/**
 * The files `deno publish --dry-run` would upload, relative to the root,
 * with a leading slash (`/main.ts`), sorted.
 */
export async function publishedFiles(root = ROOT): Promise<string[]> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["publish", "--dry-run", "--allow-dirty"],
    cwd: root,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  const text = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
  if (!output.success) throw new Error(`deno publish --dry-run failed:\n${text}`);
  const prefix = new URL(`file://${root.endsWith("/") ? root : `${root}/`}`).href;
  const files = [...text.matchAll(/^\s+(file:\/\/\S+) \(/gm)].map(([, url]) => {
    if (!url.startsWith(prefix)) throw new Error(`Published file outside the root: ${url}`);
    return `/${decodeURIComponent(url.slice(prefix.length))}`;
  });
  if (files.length === 0) throw new Error(`No files in the dry run's output:\n${text}`);
  return files.sort();
}

/**
 * Rewrites a module's bare specifiers (imports, exports, dynamic imports and
 * `@ts-types` comments) through the import map, as `deno publish` does.
 */
export function unfurl(source: string, imports: Readonly<Record<string, string>>): string {
  const resolve = (specifier: string): string => {
    if (/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier)) return specifier;
    if (specifier in imports) return imports[specifier];
    const prefix = Object.keys(imports)
      .filter((key) => key.endsWith("/") && specifier.startsWith(key))
      .sort((a, b) => b.length - a.length)[0];
    if (prefix === undefined) throw new Error(`Bare specifier not in the import map: ${specifier}`);
    // "npm:/pkg@1.0.0/" + "sub/path" -> "npm:pkg@1.0.0/sub/path"
    return (imports[prefix] + specifier.slice(prefix.length)).replace(/^npm:\//, "npm:");
  };
  return source
    .replace(
      // Not a word inside a string (`"from", "when"`): the keyword stands after no quote.
      /(?<!["'])(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"'\n]+)\2/g,
      (_, lead, quote, specifier) => `${lead}${quote}${resolve(specifier)}${quote}`,
    )
    .replace(
      /(@ts-types=)(["'])([^"'\n]+)\2/g,
      (_, lead, quote, specifier) => `${lead}${quote}${resolve(specifier)}${quote}`,
    );
}

/** A running local registry. */
export interface Registry extends AsyncDisposable {
  /** The value for JSR_URL. */
  readonly url: string;
  /** The files served, by path. */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

/**
 * Serves the package on a free local port: `meta.json`,
 * `<version>_meta.json` (manifest with sha256 checksums, and exports) and the
 * files. Anything else is a 404.
 */
export async function serveRegistry(root = ROOT): Promise<Registry> {
  const config = await readConfig(root);
  const files = new Map<string, Uint8Array>();
  for (const path of await publishedFiles(root)) {
    let bytes = await Deno.readFile(join(root, path));
    if (/\.(ts|tsx|js|mjs|mts)$/.test(path)) {
      bytes = new TextEncoder().encode(unfurl(new TextDecoder().decode(bytes), config.imports));
    }
    files.set(path, bytes);
  }
  const manifest: Record<string, { size: number; checksum: string }> = {};
  for (const [path, bytes] of files) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
    const hex = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    manifest[path] = { size: bytes.length, checksum: `sha256-${hex}` };
  }
  const base = `/${config.name}/`;
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), { headers: { "content-type": "application/json" } });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    const path = decodeURIComponent(new URL(request.url).pathname);
    if (!path.startsWith(base)) return new Response("not found", { status: 404 });
    const rest = path.slice(base.length);
    if (rest === "meta.json") {
      return json({
        scope: config.name.split("/")[0].slice(1),
        name: config.name.split("/")[1],
        latest: config.version,
        versions: { [config.version]: {} },
      });
    }
    if (rest === `${config.version}_meta.json`) return json({ manifest, exports: config.exports });
    const file = rest.startsWith(`${config.version}/`)
      ? files.get(rest.slice(config.version.length))
      : undefined;
    if (file === undefined) return new Response("not found", { status: 404 });
    const type = /\.(ts|tsx|mts)$/.test(rest) ? "application/typescript" : "text/plain";
    return new Response(file as BodyInit, { headers: { "content-type": type } });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    files,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
