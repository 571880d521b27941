// Golden tests: every worked example of the spec (examples.md), run through
// the real CLI process in a folder holding `readme.md` and `guide.md`.
//
// Each case is checked twice:
// - against the values examples.md states, hard-coded below (`spec`), so a
//   regenerated fixture can never bless a wrong result;
// - against its fixture `fixtures/golden/<name>.json`, which records the whole
//   output (JSON parsed, `timestamp` removed, scores as `<score>`; text as it is) with the exit code
//   and stderr, so any other change to the output shows up too.
//
// `UPDATE_GOLDEN=1 deno test -A tests/mdsel/golden_test.ts` rewrites the
// fixtures from the current output (after the spec checks have passed).
import assert from "node:assert/strict";
import { examplesDir, mdsel, parseEnvelope } from "./_cli.ts";

const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";

/** A run's output as a fixture records it. */
interface Recorded {
  args: string[];
  env?: Record<string, string>;
  code: number;
  /** Text output, exactly (absent for `--json` runs). */
  stdout?: string;
  /** The parsed `--json` envelope, `timestamp` removed. */
  // deno-lint-ignore no-explicit-any
  json?: any;
  stderr: string;
}

interface GoldenCase {
  /** The fixture's name. */
  name: string;
  args: string[];
  env?: Record<string, string>;
  /** The values examples.md states for this case. */
  spec(out: Recorded): void;
}

// ---------------------------------------------------------------------------
// The values of examples.md.

const INTRO = "Intro paragraph before any heading, with **bold** and `code`.";
const WELCOME = "Welcome to the project. This paragraph is deliberately long so that the content " +
  "preview gets cut at eighty characters.";
const H2_0 = [
  "## Installation",
  "",
  "Run the installer:",
  "",
  "```bash",
  "npm install mdsel",
  "```",
  "",
  "- step one",
  "- step two",
  "  - nested step",
  "",
  "### Requirements",
  "",
  "| Name | Version |",
  "| ---- | ------- |",
  "| node | 18      |",
  "",
  "> Note: requires Node.js.",
].join("\n");
const H2_1 = '## Usage\n\nUse it like this.\n\n```js\nconsole.log("hi");\n```\n\n### Advanced\n\n' +
  "More details here.";
const H1_0 = `# Project Title\n\n${WELCOME}\n\n${H2_0}\n\n${H2_1}`;
const GUIDE_H1 = "# Guide\n\nGuide text.\n\n## Setup\n\nSetup steps.";
const GUIDE_H2 = "## Setup\n\nSetup steps.";
const PAGE_1 = "## Installation\n\nRun the installer:\n\n```bash\nnpm install mdsel\n```";
const PAGE_2 = "- step one\n- step two\n  - nested step\n\n### Requirements";
const PAGE_3 =
  "| Name | Version |\n| ---- | ------- |\n| node | 18      |\n\n> Note: requires Node.js.";

/**
 * `children_available` of the Installation section, under `prefix`: its direct
 * children, the blocks before its first subsection, then the subsection (the
 * table and the quote lie inside it).
 */
function installationChildren(prefix: string) {
  return [
    {
      selector: `${prefix}/block:paragraph[0]`,
      type: "paragraph",
      preview: "Run the installer:",
      word_count: 3,
    },
    {
      selector: `${prefix}/block:code[0]`,
      type: "code",
      preview: "```bash\nnpm install mdsel\n```",
      word_count: 3,
    },
    {
      selector: `${prefix}/block:list[0]`,
      type: "list",
      preview: "- step one\n- step two\n  - nested step",
      word_count: 6,
    },
    { selector: "readme::heading:h3[0]", type: "heading", preview: "Requirements", word_count: 8 },
  ];
}

function heading(
  depth: number,
  i: number,
  text: string,
  figures: [children: number, words: number, sectionWords: number, start: number, end: number],
) {
  const [children_count, word_count, section_word_count, start_line, end_line] = figures;
  return {
    selector: `readme::heading:h${depth}[${i}]`,
    type: `heading:h${depth}`,
    depth,
    text,
    content_preview: text,
    truncated: false,
    children_count,
    word_count,
    section_word_count,
    section_truncated: false,
    start_line,
    end_line,
  };
}

/** The readme's `DocumentIndex`, as examples.md prints it. */
const README_INDEX = {
  namespace: "readme",
  file_path: "readme.md",
  root: {
    selector: "readme::root",
    type: "root",
    content_preview: "Intro paragraph before any heading, with bold and code.",
    truncated: false,
    children_count: 1,
    word_count: 9,
  },
  headings: [
    heading(1, 0, "Project Title", [13, 2, 52, 3, 37]),
    heading(2, 0, "Installation", [6, 1, 21, 7, 25]),
    heading(3, 0, "Requirements", [2, 1, 8, 19, 25]),
    heading(2, 1, "Usage", [4, 1, 10, 27, 37]),
    heading(3, 1, "Advanced", [1, 1, 4, 35, 37]),
  ],
  blocks: { paragraphs: 5, code_blocks: 2, lists: 1, tables: 1, blockquotes: 1 },
};

const README_OUTLINE = [
  "h1.0 Project Title",
  " h2.0 Installation",
  "  h3.0 Requirements",
  " h2.1 Usage",
  "  h3.1 Advanced",
  "---",
  "code:2 para:5 list:1 table:1 quote:1",
  "",
].join("\n");

const README_INDEX_TEXT = "readme readme.md [61 words]\nintro [9 words]\n" + README_OUTLINE;

/** The Installation section's introduction: lines 7-17, 13 words. */
const INTRO_H2_0 = "## Installation\n\nRun the installer:\n\n```bash\nnpm install mdsel\n```\n\n" +
  "- step one\n- step two\n  - nested step";

const OUTLINED = { MDSEL_PAGE_WORDS: "15" };

const H2_0_MATCH = {
  selector: "readme::heading:h2[0]",
  type: "section",
  content: H2_0,
  truncated: false,
  start_line: 7,
  end_line: 25,
  children_available: installationChildren("readme::heading:h2[0]"),
};

const H2_BOTH_TEXT = `readme::heading:h2[0]:\n${H2_0}\nreadme::heading:h2[1]:\n${H2_1}\n`;

const PAGED = { MDSEL_PAGE_WORDS: "10" };

/** Words of a page of the readme: its non-markup runs (enough for these pages). */
function pageWords(content: string): number {
  return content.split(/\s+/).filter((word) => word !== "" && !/^(#+|[-|>]+|```\w*)$/.test(word))
    .length;
}

function assertSuccess(out: Recorded, command: "index" | "select") {
  assert.equal(out.code, 0);
  assert.equal(out.stderr, "");
  assert.equal(out.json.success, true);
  assert.equal(out.json.command, command);
}

function assertTextOk(out: Recorded, stdout: string) {
  assert.equal(out.code, 0);
  assert.equal(out.stderr, "");
  assert.equal(out.stdout, stdout);
}

/** `h2.0?head=3`: the first three lines of Installation, marked truncated. */
function assertHead3OfH2_0(out: Recorded) {
  assertSuccess(out, "select");
  const [match] = out.json.data.matches;
  assert.equal(match.content, "## Installation\n\nRun the installer:");
  assert.equal(match.truncated, true);
}

function assertSelectsH2_0(out: Recorded) {
  assertSuccess(out, "select");
  assert.deepStrictEqual(out.json.data, { matches: [H2_0_MATCH], unresolved: [] });
}

function assertUsageError(out: Recorded, message: RegExp) {
  assert.equal(out.code, 2);
  assert.equal(out.stdout, "");
  const lines = out.stderr.trimEnd().split("\n");
  assert.match(lines[0], /^error: /);
  assert.match(lines[0], message);
  assert.equal(lines.length, 2);
  assert.match(lines[1], /mdsel --help/);
}

// ---------------------------------------------------------------------------
// The cases, in the order of examples.md.

const CASES: GoldenCase[] = [
  // ## index
  {
    name: "index_text",
    args: ["index", "readme.md"],
    spec: (out) => assertTextOk(out, README_INDEX_TEXT),
  },
  {
    name: "index_text_size_words_10",
    args: ["index", "readme.md"],
    env: { MDSEL_SIZE_WORDS: "10" },
    spec: (out) =>
      assertTextOk(
        out,
        README_INDEX_TEXT
          .replace("h1.0 Project Title\n", "h1.0 Project Title [52 words]\n")
          .replace(" h2.0 Installation\n", " h2.0 Installation [21 words]\n")
          .replace(" h2.1 Usage\n", " h2.1 Usage [10 words]\n"),
      ),
  },
  {
    name: "index_json",
    args: ["index", "readme.md", "--json"],
    spec: (out) => {
      assertSuccess(out, "index");
      assert.deepStrictEqual(out.json, {
        success: true,
        command: "index",
        data: {
          documents: [README_INDEX],
          summary: { total_documents: 1, total_nodes: 16, total_selectors: 16 },
        },
      });
    },
  },
  {
    name: "index_json_before_command",
    args: ["--json", "index", "readme.md"],
    spec: (out) => {
      assertSuccess(out, "index");
      assert.deepStrictEqual(out.json.data.documents, [README_INDEX]);
    },
  },
  {
    name: "index_two_files_text",
    args: ["index", "readme.md", "guide.md"],
    spec: (out) =>
      assertTextOk(
        out,
        README_INDEX_TEXT + "guide guide.md [6 words]\nh1.0 Guide\n h2.0 Setup\n---\npara:2\n",
      ),
  },
  {
    name: "index_two_files_json",
    args: ["index", "--json", "readme.md", "guide.md"],
    spec: (out) => {
      assertSuccess(out, "index");
      const [readme, guide] = out.json.data.documents;
      assert.deepStrictEqual(readme, README_INDEX);
      assert.equal(guide.namespace, "guide");
      assert.equal(guide.file_path, "guide.md");
      assert.equal(guide.root, null);
      assert.deepStrictEqual(
        guide.headings.map((h: Record<string, unknown>) => [
          h.selector,
          h.children_count,
          h.section_word_count,
          h.start_line,
          h.end_line,
        ]),
        [["guide::heading:h1[0]", 3, 6, 1, 7], ["guide::heading:h2[0]", 1, 3, 5, 7]],
      );
      assert.deepStrictEqual(out.json.data.summary, {
        total_documents: 2,
        total_nodes: 20,
        total_selectors: 20,
      });
    },
  },
  {
    name: "index_missing_file_json",
    args: ["index", "readme.md", "missing.md", "--json"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.equal(out.json.success, false);
      assert.deepStrictEqual(out.json.data.documents, [README_INDEX]);
      assert.deepStrictEqual(out.json.errors, [{
        type: "FILE_NOT_FOUND",
        code: "FILE_NOT_FOUND",
        message: "File not found: missing.md (relative to <examples>)",
        file: "missing.md",
      }]);
      assert.deepStrictEqual(out.json.partial_results, [README_INDEX]);
      assert.deepStrictEqual(out.json.warnings, ["1 of 2 file(s) could not be processed"]);
    },
  },

  // ## select
  {
    name: "select_h2.0_json",
    args: ["select", "h2.0", "readme.md", "--json"],
    spec: (out) => {
      assertSelectsH2_0(out);
      assert.deepStrictEqual(Object.keys(out.json), ["success", "command", "data"]);
    },
  },
  {
    name: "select_heading_h2_bracket_0_json",
    args: ["select", "heading:h2[0]", "readme.md", "--json"],
    spec: assertSelectsH2_0,
  },
  {
    name: "select_h2_bracket_0_json",
    args: ["select", "h2[0]", "readme.md", "--json"],
    spec: assertSelectsH2_0,
  },
  {
    name: "select_uppercase_H2.0_json",
    args: ["select", "H2.0", "readme.md", "--json"],
    spec: assertSelectsH2_0,
  },
  {
    name: "select_section_1_json",
    args: ["select", "section[1]", "readme.md", "--json"],
    spec: (out) => {
      assertSuccess(out, "select");
      assert.deepStrictEqual(out.json.data, {
        matches: [{
          ...H2_0_MATCH,
          selector: "readme::section[1]",
          children_available: installationChildren("readme::section[1]"),
        }],
        unresolved: [],
      });
    },
  },
  {
    name: "select_h2.0_code.0_text",
    args: ["select", "h2.0/code.0", "readme.md"],
    spec: (out) => assertTextOk(out, "```bash\nnpm install mdsel\n```\n"),
  },
  {
    name: "select_list.0_text",
    args: ["select", "list.0", "readme.md"],
    spec: (out) => assertTextOk(out, "- step one\n- step two\n  - nested step\n"),
  },
  {
    name: "select_para.0_json",
    args: ["select", "para.0", "readme.md", "--json"],
    spec: (out) => {
      assertSuccess(out, "select");
      assert.deepStrictEqual(out.json.data, {
        matches: [{
          selector: "readme::block:paragraph[0]",
          type: "paragraph",
          content: INTRO,
          truncated: false,
          start_line: 1,
          end_line: 1,
          children_available: [],
        }],
        unresolved: [],
      });
    },
  },
  {
    name: "select_h2.0-1_text",
    args: ["select", "h2.0-1", "readme.md"],
    spec: (out) => assertTextOk(out, H2_BOTH_TEXT),
  },
  {
    name: "select_h2_list_0_1_text",
    args: ["select", "h2[0,1]", "readme.md"],
    spec: (out) => assertTextOk(out, H2_BOTH_TEXT),
  },
  {
    name: "select_h2_text",
    args: ["select", "h2", "readme.md"],
    spec: (out) => assertTextOk(out, H2_BOTH_TEXT),
  },
  {
    name: "select_h2_code.0_json",
    args: ["select", "h2/code.0", "readme.md", "--json"],
    spec: (out) => {
      assertSuccess(out, "select");
      assert.deepStrictEqual(
        out.json.data.matches.map((m: { selector: string; content: string }) => [
          m.selector,
          m.content,
        ]),
        [
          ["readme::heading:h2[0]/block:code[0]", "```bash\nnpm install mdsel\n```"],
          ["readme::heading:h2[1]/block:code[0]", '```js\nconsole.log("hi");\n```'],
        ],
      );
    },
  },
  {
    name: "select_h1.0_two_files_text",
    args: ["select", "h1.0", "readme.md", "guide.md"],
    spec: (out) =>
      assertTextOk(
        out,
        `readme::heading:h1[0]:\n${H1_0}\nguide::heading:h1[0]:\n${GUIDE_H1}\n`,
      ),
  },
  {
    name: "select_guide_namespace_text",
    args: ["select", "guide::h2.0", "readme.md", "guide.md"],
    spec: (out) => assertTextOk(out, `${GUIDE_H2}\n`),
  },

  // ## paging
  {
    name: "paging_outline_text",
    args: ["select", "h2.0", "readme.md"],
    env: OUTLINED,
    spec: (out) =>
      assertTextOk(
        out,
        `${INTRO_H2_0}\n\n  h3.0 Requirements\n` +
          "[h2.0 Installation: 21 words in 1 subsection; select one, or h2.0?page=1 to read the " +
          "section in pages]\n",
      ),
  },
  {
    name: "paging_outline_json",
    args: ["select", "h2.0", "readme.md", "--json"],
    env: OUTLINED,
    spec: (out) => {
      assertSuccess(out, "select");
      assert.deepStrictEqual(out.json.data.matches, [{
        selector: "readme::heading:h2[0]",
        type: "section",
        content: INTRO_H2_0,
        truncated: true,
        outline: true,
        start_line: 7,
        end_line: 17,
        children_available: installationChildren("readme::heading:h2[0]"),
      }]);
      assert.equal(pageWords(INTRO_H2_0), 13);
    },
  },
  {
    name: "paging_page1_json",
    args: ["select", "h2.0?page=1", "readme.md", "--json"],
    env: PAGED,
    spec: (out) => {
      assertSuccess(out, "select");
      assert.deepStrictEqual(out.json.data.matches, [{
        selector: "readme::heading:h2[0]?page=1",
        type: "section",
        content: PAGE_1,
        truncated: true,
        start_line: 7,
        end_line: 13,
        pagination: {
          page: 1,
          total_pages: 3,
          page_words: 10,
          next: "readme::heading:h2[0]?page=2",
        },
        children_available: installationChildren("readme::heading:h2[0]"),
      }]);
      assert.equal(pageWords(PAGE_1), 7);
    },
  },
  {
    name: "paging_page1_text",
    args: ["select", "h2.0?page=1", "readme.md"],
    env: PAGED,
    spec: (out) =>
      assertTextOk(out, `${PAGE_1}\n[page 1 of 3, next: readme::heading:h2[0]?page=2]\n`),
  },
  {
    name: "paging_no_subsection_text",
    args: ["select", "h3.0", "readme.md"],
    env: { MDSEL_PAGE_WORDS: "5" },
    spec: (out) => {
      // Requirements (8 words) has no subsection: without ?page it returns page 1.
      assert.equal(out.code, 0);
      const lines = (out.stdout ?? "").trimEnd().split("\n");
      assert.equal(lines[0], "### Requirements");
      assert.equal(lines.at(-1), "[page 1 of 2, next: readme::heading:h3[0]?page=2]");
    },
  },
  {
    name: "paging_page2_json",
    args: ["select", "h2.0?page=2", "readme.md", "--json"],
    env: PAGED,
    spec: (out) => {
      assertSuccess(out, "select");
      const [match] = out.json.data.matches;
      assert.equal(match.selector, "readme::heading:h2[0]?page=2");
      assert.equal(match.content, PAGE_2);
      assert.equal(pageWords(PAGE_2), 7);
      assert.deepStrictEqual([match.start_line, match.end_line, match.truncated], [15, 19, true]);
      assert.deepStrictEqual(match.pagination, {
        page: 2,
        total_pages: 3,
        page_words: 10,
        next: "readme::heading:h2[0]?page=3",
      });
    },
  },
  {
    name: "paging_page3_json",
    args: ["select", "h2.0?page=3", "readme.md", "--json"],
    env: PAGED,
    spec: (out) => {
      assertSuccess(out, "select");
      const [match] = out.json.data.matches;
      assert.equal(match.content, PAGE_3);
      assert.equal(pageWords(PAGE_3), 7);
      assert.deepStrictEqual([match.start_line, match.end_line, match.truncated], [21, 25, true]);
      assert.deepStrictEqual(match.pagination, { page: 3, total_pages: 3, page_words: 10 });
    },
  },
  {
    name: "paging_page4_json",
    args: ["select", "h2.0?page=4", "readme.md", "--json"],
    env: PAGED,
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.equal(out.json.success, false);
      assert.deepStrictEqual(out.json.data.matches, []);
      assert.equal(out.json.data.unresolved.length, 1);
      assert.deepStrictEqual(out.json.unresolved_selectors, [
        out.json.data.unresolved[0].selector,
      ]);
      assert.match(out.json.data.unresolved[0].reason, /Page 4/);
    },
  },
  {
    name: "paging_full_true_json",
    args: ["select", "h2.0?full=true", "readme.md", "--json"],
    env: PAGED,
    spec: (out) => {
      assertSuccess(out, "select");
      const [match] = out.json.data.matches;
      assert.equal(match.content, H2_0);
      assert.equal(match.truncated, false);
      assert.equal(match.pagination, undefined);
      assert.equal(pageWords(PAGE_1) + pageWords(PAGE_2) + pageWords(PAGE_3), 21);
    },
  },
  {
    name: "paging_full_flag_json",
    args: ["select", "--full", "h2.0", "readme.md", "--json"],
    env: PAGED,
    spec: assertSelectsH2_0,
  },
  {
    name: "paging_head3_json",
    args: ["select", "h2.0?head=3", "readme.md", "--json"],
    env: PAGED,
    spec: assertHead3OfH2_0,
  },
  {
    name: "select_head3_json",
    args: ["select", "h2.0?head=3", "readme.md", "--json"],
    spec: assertHead3OfH2_0,
  },

  // ## errors
  {
    name: "error_h2.5_json",
    args: ["select", "h2.5", "readme.md", "--json"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.equal(out.json.success, false);
      assert.equal(out.json.command, "select");
      assert.deepStrictEqual(out.json.data.matches, []);
      const [entry, ...more] = out.json.data.unresolved;
      assert.deepStrictEqual(more, []);
      assert.equal(entry.selector, "heading:h2[5]");
      // The valid range first (#18), in the outline's short form.
      assert.equal(entry.reason, "readme has h2.0-h2.1, no h2.5");
      // The last index that exists (#12.4), and no lookalikes of the number (#18).
      assert.deepStrictEqual(entry.suggestions, ["readme::heading:h2[1]"]);
      assert.deepStrictEqual(out.json.unresolved_selectors, ["heading:h2[5]"]);
    },
  },
  {
    name: "error_h2.5_text",
    args: ["select", "h2.5", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 1);
      const lines = (out.stdout ?? "").split("\n");
      // In words and in the outline's short form (#18).
      assert.deepStrictEqual(lines, [
        "not found: h2.5",
        "readme has h2.0-h2.1, no h2.5",
        "closest: h2.1",
        "",
      ]);
    },
  },
  {
    name: "error_h2.0_foo_0_json",
    args: ["select", "h2.0/foo[0]", "readme.md", "--json"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.deepStrictEqual(out.json, {
        success: false,
        command: "select",
        data: null,
        errors: [{
          type: "INVALID_SELECTOR",
          code: "INVALID_SYNTAX",
          message: "Unknown selector 'foo' at column 6 - use h1-h6, code, para, list, table, " +
            "quote, intro, root or section (to search for these words instead, put them in double quotes)",
          selector: "h2.0/foo[0]",
        }],
      });
    },
  },
  {
    name: "error_unknown_namespace_json",
    args: ["select", "gude::h2.0", "readme.md", "guide.md", "--json"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.equal(out.json.success, false);
      assert.deepStrictEqual(out.json.data.matches, []);
      const [entry] = out.json.data.unresolved;
      assert.equal(entry.reason, "Namespace 'gude' not found. Available namespaces: readme, guide");
      assert.deepStrictEqual(entry.suggestions, ["guide::heading:h2[0]"]);
      assert.deepStrictEqual(out.json.unresolved_selectors, [entry.selector]);
    },
  },
  {
    name: "error_select_missing_file_json",
    args: ["select", "h1.0", "readme.md", "missing.md", "--json"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.equal(out.json.success, false);
      assert.deepStrictEqual(
        out.json.data.matches.map((m: { selector: string; content: string }) => [
          m.selector,
          m.content,
        ]),
        [["readme::heading:h1[0]", H1_0]],
      );
      assert.deepStrictEqual(out.json.data.unresolved, []);
      assert.deepStrictEqual(out.json.errors, [{
        type: "FILE_NOT_FOUND",
        code: "FILE_NOT_FOUND",
        message: "File not found: missing.md (relative to <examples>)",
        file: "missing.md",
      }]);
    },
  },
  {
    // The spec's PARSE_ERROR / NO_FILES on stdout, exit 1, is a usage error here, as for index.
    name: "usage_select_no_files_json",
    args: ["select", "h1.0", "--json"],
    spec: (out) =>
      assertUsageError(out, /^error: select needs at least one file after the selector 'h1\.0'$/),
  },
  // ## search, several selectors, folders (beyond the spec: README "Search")
  {
    name: "search_text",
    args: ["select", "npm install", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 0);
      const lines = (out.stdout ?? "").split("\n");
      assert.match(lines[0], /^search: .*; its source follows$/);
      assert.equal(lines[1], "h2.0 Project Title > Installation");
      // The best stands out and is small: it comes whole, as selecting it would give it.
      assert.equal(lines.slice(2).join("\n"), `${H2_0}\n`);
    },
  },
  {
    name: "search_json",
    args: ["select", "--json", "npm install", "readme.md"],
    spec: (out) => {
      assertSuccess(out, "select");
      const { search, matches } = out.json.data;
      assert.deepEqual(matches, []);
      assert.equal(search.query, "npm install");
      const [best] = search.results;
      assert.deepEqual(
        [best.selector, best.heading_path, best.word_count, best.start_line, best.end_line],
        ["readme::heading:h2[0]", ["Project Title", "Installation"], 21, 7, 25],
      );
      assert.ok(best.score > 0);
      assert.match(best.snippet, /npm install mdsel/);
    },
  },
  {
    name: "search_typo_and_prefix_text",
    args: ["select", "requirments", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 0);
      assert.equal(
        (out.stdout ?? "").split("\n")[1],
        "h3.0 Project Title > Installation > Requirements",
      );
    },
  },
  {
    // A type name used as a word, and an identifier with punctuation: a search.
    name: "search_type_word_text",
    args: ["select", "code console.log", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 0);
      const lines = (out.stdout ?? "").split("\n");
      assert.match(
        lines[0],
        /^search: (\d+ sections? match|the best \d+ of \d+ matching sections)/,
      );
      assert.equal(lines[1], "h2.1 Project Title > Usage");
    },
  },
  {
    name: "search_phrase_text",
    args: ["select", '"step two"', "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 0);
      assert.equal(
        (out.stdout ?? "").split("\n")[1],
        "h2.0 Project Title > Installation",
      );
    },
  },
  {
    name: "search_namespace_text",
    args: ["select", "guide::setup steps", "readme.md", "guide.md"],
    spec: (out) => {
      assert.equal(out.code, 0);
      const lines = (out.stdout ?? "").split("\n");
      // The results of several files come under their file's path.
      assert.deepEqual(lines.slice(1, 3), ["guide.md", " guide::h2.0 Setup"]);
      assert.ok(!(out.stdout ?? "").includes("readme::"));
    },
  },
  {
    name: "search_no_hit_text",
    args: ["select", "zebra", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.deepEqual((out.stdout ?? "").split("\n").slice(0, 3), [
        "search: no section matches",
        "not found: zebra",
        "No section holds any of the words: zebra",
      ]);
    },
  },
  {
    name: "search_stop_words_json",
    args: ["select", "--json", "how is it", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.match(out.json.data.unresolved[0].reason, /^Nothing to search for in 'how is it'/);
    },
  },
  {
    name: "several_selectors_text",
    args: ["select", "h2.0/code.0, list.0", "readme.md"],
    spec: (out) =>
      assertTextOk(
        out,
        "readme::heading:h2[0]/block:code[0]:\n```bash\nnpm install mdsel\n```\n" +
          "readme::block:list[0]:\n- step one\n- step two\n  - nested step\n",
      ),
  },
  {
    name: "several_selectors_unresolved_json",
    args: ["select", "--json", "h2.0/code.0, h2.9, h2[0,1]", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.equal(out.json.success, false);
      assert.deepEqual(
        out.json.data.matches.map((m: { selector: string }) => m.selector),
        ["readme::heading:h2[0]/block:code[0]", "readme::heading:h2[0]", "readme::heading:h2[1]"],
      );
      assert.deepEqual(out.json.unresolved_selectors, ["heading:h2[9]"]);
    },
  },
  {
    name: "error_h7.0_json",
    args: ["select", "--json", "h7.0", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.equal(out.json.errors[0].code, "INVALID_HEADING_LEVEL");
      assert.match(out.json.errors[0].message, / at column 1 /);
    },
  },
  {
    name: "error_h2.x_text",
    args: ["select", "h2.x", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.deepEqual((out.stdout ?? "").split("\n").slice(0, 4), [
        "error INVALID_SELECTOR: Expected an index but found 'x' at column 4 - indexes are whole numbers from 0",
        "selector: h2.x",
        "             ^",
        "",
      ]);
    },
  },
  {
    name: "error_in_second_selector_text",
    args: ["select", "h2.0, h2.x", "readme.md"],
    spec: (out) => {
      assert.equal(out.code, 1);
      assert.match((out.stdout ?? "").split("\n")[0], / at column 10 /);
    },
  },
  {
    name: "index_folder_text",
    args: ["index", "."],
    spec: (out) => {
      assert.equal(out.code, 0);
      assert.match(out.stdout ?? "", /^guide guide\.md \[6 words\]\n/);
      assert.match(out.stdout ?? "", /\nreadme readme\.md \[61 words\]\n/);
    },
  },
  {
    name: "index_glob_text",
    args: ["index", "r*.md"],
    spec: (out) => assertTextOk(out, README_INDEX_TEXT),
  },
  {
    name: "usage_index_without_files",
    args: ["index"],
    spec: (out) => assertUsageError(out, /file/),
  },
  {
    name: "usage_unknown_command",
    args: ["bogus"],
    spec: (out) => assertUsageError(out, /bogus/),
  },
  {
    name: "usage_unknown_option",
    args: ["index", "readme.md", "--bogus"],
    spec: (out) => assertUsageError(out, /--bogus/),
  },
];

// ---------------------------------------------------------------------------

async function record(golden: GoldenCase): Promise<Recorded> {
  const ran = await mdsel(golden.args, { cwd: examplesDir(), env: golden.env });
  // A relative path's error names the folder it was resolved against: a temporary one here.
  const place = (text: string) => text.replaceAll(examplesDir(), "<examples>");
  const result = { ...ran, stdout: place(ran.stdout), stderr: place(ran.stderr) };
  let output: Pick<Recorded, "stdout" | "json">;
  if (golden.args.includes("--json") && result.code !== 2) {
    const { timestamp: _, ...envelope } = parseEnvelope(result.stdout);
    output = { json: envelope };
  } else {
    output = { stdout: result.stdout };
  }
  return {
    args: golden.args,
    ...(golden.env === undefined ? {} : { env: golden.env }),
    code: result.code,
    ...output,
    stderr: result.stderr,
  };
}

/** The output with every search result's score as "<score>": raw scores are no contract. */
function withoutScores(out: Recorded): Recorded {
  if (out.json === undefined) return out;
  const json = JSON.parse(
    JSON.stringify(out.json),
    (key, value) => key === "score" && typeof value === "number" ? "<score>" : value,
  );
  return { ...out, json };
}

for (const golden of CASES) {
  const env = Object.entries(golden.env ?? {}).map(([name, value]) => `${name}=${value} `).join("");
  Deno.test(`golden ${golden.name}: ${env}mdsel ${golden.args.join(" ")}`, async () => {
    const recorded = await record(golden);
    golden.spec(recorded);
    const out = withoutScores(recorded);
    const fixture = new URL(`./fixtures/golden/${golden.name}.json`, import.meta.url);
    if (UPDATE) {
      await Deno.writeTextFile(fixture, JSON.stringify(out, null, 2) + "\n");
      return;
    }
    let expected: Recorded;
    try {
      expected = JSON.parse(await Deno.readTextFile(fixture));
    } catch (error) {
      throw new Error(
        `fixture ${golden.name}.json is missing or invalid (${error}); ` +
          "run with UPDATE_GOLDEN=1 to create it",
      );
    }
    assert.deepStrictEqual(out, expected);
  });
}

Deno.test("golden: every fixture file belongs to a case", async () => {
  const names = new Set(CASES.map((golden) => `${golden.name}.json`));
  const folded = new Set(CASES.map((golden) => golden.name.toLowerCase()));
  assert.equal(folded.size, CASES.length, "case names are unique, also on case-insensitive disks");
  for (const golden of CASES) assert.match(golden.name, /^[A-Za-z0-9_.-]+$/);
  for await (const entry of Deno.readDir(new URL("./fixtures/golden/", import.meta.url))) {
    assert.ok(names.has(entry.name), `stale fixture ${entry.name}`);
  }
});

Deno.test("golden: the example inputs are the spec's, line for line", async () => {
  const readme = await Deno.readTextFile(`${examplesDir()}/readme.md`);
  const lines = readme.split("\n");
  assert.equal(lines[0], INTRO);
  assert.equal(lines.slice(6, 25).join("\n"), H2_0);
  assert.equal(lines.slice(2, 37).join("\n"), H1_0);
  assert.equal(readme, `${INTRO}\n\n${H1_0}\n`);
  assert.equal(await Deno.readTextFile(`${examplesDir()}/guide.md`), `${GUIDE_H1}\n`);
});
