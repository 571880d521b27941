/**
 * Where a CLI run's time goes, by phase: a V8 CPU profile
 * (`deno run --cpu-prof`) split by the innermost function of each sample that
 * names a phase (walking folders, stat, reading, the cache, decoding records,
 * parsing, the search's steps, rendering), garbage collection and idle time
 * on their own, the rest as "start-up and other" (module loading, the CLI).
 *
 * @module
 */

/** One phase and its share of the samples. */
export interface PhaseTime {
  /** What the phase is. */
  readonly phase: string;
  /** Its time, in milliseconds. */
  readonly ms: number;
  /** Its share of the whole profile. */
  readonly share: number;
}

interface _Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Phases by the functions that start them, innermost first when they nest. */
const PHASES: readonly [string, (name: string, url: string) => boolean][] = [
  ["cache: lookup", (name, url) => /cache\/store\.ts$/.test(url) && /^(get|open)$/.test(name)],
  ["cache: write", (name, url) => /cache\/store\.ts$/.test(url) && name === "put"],
  ["cache: records to documents", (name) => name === "documentOf" || name === "_fromEntry"],
  ["cache: documents to records", (name) => name === "recordOf"],
  ["parse", (name) => /^(parseDocument|parseMdxDocument|parseText|parseClaimed)$/.test(name)],
  ["walk folders", (name) => /^(expandPaths|_visit|files|parentScopes)$/.test(name)],
  ["stat", (name) => name === "_statOrUndefined"],
  ["read files", (name) => name === "loadFile"],
  ["search: per-file data, derived (searchData)", (name) => name === "searchData"],
  [
    "search: the index, encoded (the files derived)",
    (name, url) => /search_record\.ts$/.test(url) && /^(add|postings|stems)$/.test(name),
  ],
  [
    "search: the index, read (entries, postings)",
    (name, url) => /search_files\.ts$/.test(url) && /^(lookUp|dataFor)$/.test(name),
  ],
  ["search: ranking (scoreSections)", (name) => name === "scoreSections"],
  ["search: phrases", (name) => name === "_liftPhrases"],
  ["search: snippets", (name) => name === "_snippet"],
  ["search: query, other", (name) => /^(searchDocuments|searchWorkspace)$/.test(name)],
  [
    "render",
    (name) => /^(selectText|indexText|selectJson|indexJsonWithin|indexDocument)$/.test(name),
  ],
];

/**
 * Splits a CPU profile by phase.
 *
 * @param profile The parsed `.cpuprofile` JSON.
 * @returns The phases, largest first.
 */
export function profileSplit(
  profile: { nodes: _Node[]; samples: number[]; timeDeltas: number[] },
): PhaseTime[] {
  const nodes = new Map<number, _Node>();
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    nodes.set(node.id, node);
    for (const child of node.children ?? []) parents.set(child, node.id);
  }
  const memo = new Map<number, string>();
  const phaseOf = (id: number): string => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const { functionName: name, url } = nodes.get(id)!.callFrame;
    let phase: string;
    if (name === "(garbage collector)") phase = "garbage collection";
    else if (name === "(idle)") phase = "idle (waiting on files, workers)";
    else {
      const found = PHASES.find(([, test]) => test(name, url));
      const parent = parents.get(id);
      phase = found?.[0] ?? (parent === undefined ? "start-up and other" : phaseOf(parent));
    }
    memo.set(id, phase);
    return phase;
  };
  const totals = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const phase = phaseOf(id);
    totals.set(phase, (totals.get(phase) ?? 0) + delta);
    all += delta;
  });
  return [...totals].map(([phase, us]) => ({ phase, ms: us / 1000, share: us / all }))
    .sort((a, b) => b.ms - a.ms);
}
