// Search data as searchData derives it (its tokens and terms kept from one call to the next)
// against a plain reading of each field's text with searchTerms, term by term.
import assert from "node:assert/strict";
import type { MdDocument } from "../../../mdsel/parse/document.ts";
import { parseMdxDocument } from "../../../mdsel/parse/mdx.ts";
import {
  BODY,
  documentTitle,
  FIELD_COUNT,
  JSX,
  type SearchData,
  searchData,
  sectionJsxText,
  sectionText,
  stemTerm,
} from "../../../mdsel/search/data.ts";
import { searchTerms } from "../../../mdsel/search/text.ts";
import { fc } from "../../_fast_check.ts";
import { doc } from "../_docs.ts";

/** The texts of each section's fields (heading, path, body, jsx), as the module documents them. */
function fieldTexts(document: MdDocument, data: SearchData): string[][] {
  const { nodes, sectionEnds } = document.top;
  const title = documentTitle(document);
  return data.sections.map((section) => {
    const path: string[] = [];
    for (let up = section.parent; up !== -1; up = data.sections[up].parent) {
      path.unshift(data.sections[up].heading);
    }
    if (section.node === -1) {
      let first = 0;
      while (first < nodes.length && nodes[first].kind !== "heading") first++;
      return [title, "", sectionText(document, 0, first), sectionJsxText(document, 0, first)];
    }
    let own = section.node + 1;
    while (own < sectionEnds[section.node] && nodes[own].kind !== "heading") own++;
    const body = own > section.node + 1 ? sectionText(document, section.node + 1, own) : "";
    const jsx = own > section.node + 1 ? sectionJsxText(document, section.node + 1, own) : "";
    return [section.heading, [title, ...path].join(" "), body, jsx];
  });
}

/** The terms and lengths of a document's fields, read one term at a time. */
function plainReading(
  texts: string[][],
  keep?: (term: string) => boolean,
): Pick<SearchData, "terms" | "lengths"> {
  const terms = new Map<string, number[]>();
  const lengths: number[] = [];
  const seen = new Map<string, { field: number; count: number; places?: number[] }>();
  const kept = (term: string) => keep === undefined || keep(term);
  let serial = 0;
  const note = (term: string, section: number, field: number, at: number): boolean => {
    let entry = seen.get(term);
    if (entry === undefined) {
      entry = { field: 0, count: 0, places: kept(term) ? [] : undefined };
      seen.set(term, entry);
      if (entry.places !== undefined) terms.set(term, entry.places);
    }
    const first = entry.field !== serial;
    if (first) {
      entry.field = serial;
      entry.places?.push(section, field, 0);
      entry.count = (entry.places?.length ?? 0) - 1;
    }
    if (entry.places !== undefined) {
      entry.places[entry.count]++;
      if (field === BODY) entry.places.push(at);
    }
    return first;
  };
  texts.forEach((fields, section) =>
    fields.forEach((text, field) => {
      serial++;
      const firsts = new Set<string>();
      searchTerms(text).forEach((term, at) => {
        // A term first met makes its entry before its stem's.
        if (note(term, section, field, at)) firsts.add(term);
        const stem = stemTerm(term);
        if (stem !== undefined && kept(stem)) note(stem, section, field, at);
      });
      lengths[section * FIELD_COUNT + field] = firsts.size;
    })
  );
  return { terms, lengths };
}

const WORDS = [
  "Redirects",
  "redirect",
  "redirecting",
  "REDIRECT",
  "maxRetries",
  "max_retries",
  "fs.readFile",
  "v7.14.0",
  "7.14.0",
  "--frozen-lockfile",
  "@astrojs/node",
  "bun:sqlite",
  "a::b",
  "h1",
  "résumé",
  "東京タワー",
  "Vue组件",
  "[guide](https://x.dev/guide)",
  "the",
  "a",
  "install",
  "installs",
  "`code`",
];

const markdown = fc.array(
  fc.tuple(
    fc.constantFrom("", "# ", "## ", "### ", "- "),
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }),
  ),
  { minLength: 1, maxLength: 10 },
).map((lines) => lines.map(([mark, words]) => `${mark}${words.join(" ")}`).join("\n\n") + "\n");

Deno.test("search data: every document's terms and lengths are a plain reading of its fields, whatever was derived before", () => {
  const keeps = [
    undefined,
    (term: string) => term.length % 2 === 0,
    (term: string) => term.startsWith("~"),
  ];
  fc.assert(
    fc.property(markdown, fc.boolean(), fc.nat(keeps.length - 1), (text, front, k) => {
      const document = doc(front ? `---\ntitle: "Install Redirects"\n---\n\n${text}` : text, "d");
      const keep = keeps[k];
      const data = searchData(document, keep);
      const plain = plainReading(fieldTexts(document, data), keep);
      assert.deepEqual([...data.terms], [...plain.terms]);
      assert.deepEqual(data.lengths, plain.lengths);
    }),
    { numRuns: 300 },
  );
});

Deno.test("search data: an MDX section's JSX attributes are its jsx field, not its body", () => {
  const { doc: document } = parseMdxDocument(
    [
      "# `streamText()`",
      "",
      "## Parameters",
      "",
      "Options of the call.",
      "",
      '<PropertiesTable content={[{ name: "onChunk", description: "Called for each chunk." }]} />',
    ].join("\n"),
    "s",
    "s.mdx",
  );
  const data = searchData(document);
  const plain = plainReading(fieldTexts(document, data));
  assert.deepEqual([...data.terms], [...plain.terms]);
  assert.deepEqual(data.lengths, plain.lengths);
  // "onchunk" stands once in the jsx field of section 1 (Parameters), nowhere else.
  assert.deepEqual(data.terms.get("onchunk"), [1, JSX, 1]);
  assert.deepEqual(data.terms.get("options"), [1, BODY, 1, 0]);
});

Deno.test("search data: the same after the process has read more words than it keeps", () => {
  const small = doc("# Install\n\nInstall a package: `bun install --frozen-lockfile`.\n", "s");
  const before = searchData(small);
  // More distinct tokens than the tables keep: they start again at the next call.
  const letters = (i: number) =>
    [...i.toString(26)].map((d) => "abcdefghijklmnopqrstuvwxyz"[parseInt(d, 26)]);
  // Words of letters alone (`wba`): one term each.
  const words = Array.from({ length: 250_000 }, (_, i) => `w${letters(i).join("")}`);
  const large = doc(`# Words\n\n${words.join(" ")}\n`, "l");
  assert.equal(searchData(large).lengths[BODY], words.length);
  assert.deepEqual(searchData(small), before);
  // Tokens met before and tokens new to the tables, of the same terms.
  const mixed = doc("# Install\n\nINSTALL, Installs and install: `Bun Install`.\n", "m");
  const data = searchData(mixed);
  const plain = plainReading(fieldTexts(mixed, data));
  assert.deepEqual([...data.terms], [...plain.terms]);
  assert.deepEqual(data.lengths, plain.lengths);
  assert.deepEqual(searchData(large).terms.get(words[7]), [0, BODY, 1, 7]);
});

Deno.test("search data: what it lends is every term's places, numbered alike across documents, whatever it keeps", () => {
  const keeps = [(term: string) => term.length % 2 === 0, () => false];
  const numbers = new Map<string, number>();
  const names = new Map<number, string>();
  let generation = -1;
  fc.assert(
    fc.property(markdown, fc.nat(keeps.length - 1), (text, k) => {
      const document = doc(text, "d");
      const whole = searchData(document);
      let lent: [string, number[]][] = [];
      const kept = searchData(document, keeps[k], (all) => {
        if (all.generation !== generation) {
          generation = all.generation;
          numbers.clear();
          names.clear();
        }
        lent = all.names.map((name, t) => {
          // One number per term, and one term per number, from one document to the next.
          assert.equal(all.ids[t], numbers.get(name) ?? all.ids[t], name);
          assert.equal(name, names.get(all.ids[t]) ?? name);
          numbers.set(name, all.ids[t]);
          names.set(all.ids[t], name);
          return [name, Array.from(all.places.subarray(all.starts[t], all.starts[t + 1]))];
        });
        assert.equal(new Set(all.ids.subarray(0, all.count)).size, all.count);
      });
      // In the order first seen, as the whole data lists them; a stem term kept or without places.
      assert.deepEqual(lent.map(([name]) => name), [...whole.terms.keys()]);
      for (const [name, places] of lent) {
        const skipped = name.startsWith("~") && !keeps[k](name);
        assert.deepEqual(places, skipped ? [] : whole.terms.get(name), name);
      }
      assert.deepEqual([...kept.terms], [...whole.terms].filter(([name]) => keeps[k](name)));
      assert.deepEqual(kept.lengths, whole.lengths);
    }),
    { numRuns: 200 },
  );
});
