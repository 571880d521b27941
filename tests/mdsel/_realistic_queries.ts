/**
 * Realistic queries, as developers type them into a docs search, over docs
 * no one here wrote (`tests/_search_corpus.ts`): Bun's documentation, and
 * mand-mobile's Chinese component docs. Each names the section that answers
 * it, chosen by reading the docs, not by running the search: `file > heading
 * text` (the section of the only heading with that text in the file),
 * `file intro` (the text before the first heading, under the front matter's
 * title) or `file h3.9` (a heading by its selector). A few name two sections
 * when the docs answer the question twice (a guide page and the reference).
 *
 * Families: identifiers with punctuation, quoted phrases, questions, queries
 * whose first word is a selector type name, backticked code, Chinese.
 *
 * @module
 */

/** The families of the table. */
export type QueryFamily =
  | "identifier"
  | "phrase"
  | "question"
  | "type word"
  | "backticks"
  | "cjk";

/** One query and the section(s) that answer it. */
export interface RealisticQuery {
  /** The family. */
  readonly family: QueryFamily;
  /** The query as typed. */
  readonly query: string;
  /** The answering sections (any one of them counts). */
  readonly expected: readonly string[];
}

/** Which package of the search corpus a family searches. */
export const FAMILY_FOLDER: Readonly<Record<QueryFamily, "bun" | "mand-mobile">> = {
  "identifier": "bun",
  "phrase": "bun",
  "question": "bun",
  "type word": "bun",
  "backticks": "bun",
  "cjk": "mand-mobile",
};

const q = (family: QueryFamily, query: string, ...expected: string[]): RealisticQuery => ({
  family,
  query,
  expected,
});

/** The table. */
export const REALISTIC_QUERIES: readonly RealisticQuery[] = [
  // Identifiers, written as in code.
  q("identifier", "Bun.serve idleTimeout", "docs/runtime/http/server.mdx > idleTimeout"),
  q("identifier", "bun:sqlite transactions", "docs/runtime/sqlite.mdx > Transactions"),
  q("identifier", "Bun.file()", "docs/runtime/file-io.mdx > Reading files (Bun.file())"),
  q("identifier", "Bun.write", "docs/runtime/file-io.mdx > Writing files (Bun.write())"),
  q(
    "identifier",
    "import.meta.env",
    "docs/runtime/environment-variables.mdx > Reading environment variables",
    "docs/runtime/module-resolution.mdx > import.meta",
  ),
  q(
    "identifier",
    "import.meta.dir",
    "docs/guides/util/import-meta-dir.mdx intro",
    "docs/runtime/module-resolution.mdx > import.meta",
  ),
  q("identifier", "server.requestIP", "docs/runtime/http/server.mdx > server.requestIP(Request)"),
  q("identifier", "mock.module", "docs/test/mocks.mdx > Module Mocks with mock.module()"),
  q("identifier", "test.coverageThreshold", "docs/runtime/bunfig.mdx > test.coverageThreshold"),
  q("identifier", "$.escape", "docs/runtime/shell.mdx > $.escape (escape strings)"),
  q(
    "identifier",
    "Bun.password.hash bcrypt",
    "docs/runtime/hashing.mdx > Bun.password",
    "docs/guides/util/hash-a-password.mdx intro",
  ),
  q("identifier", "Bun.CryptoHasher hmac", "docs/runtime/hashing.mdx > HMAC in Bun.CryptoHasher"),
  q("identifier", "describe.each", "docs/test/writing-tests.mdx > test.each and describe.each"),
  q("identifier", "dns.prefetch", "docs/runtime/networking/dns.mdx > dns.prefetch"),
  // Quoted phrases.
  q("phrase", '"inline snapshots"', "docs/test/snapshots.mdx > Inline Snapshots"),
  q(
    "phrase",
    '"connection pooling"',
    "docs/runtime/networking/fetch.mdx > Connection pooling & HTTP keep-alive",
  ),
  q("phrase", '"WAL mode"', "docs/runtime/sqlite.mdx > WAL mode"),
  q(
    "phrase",
    '"abstract namespace sockets"',
    "docs/runtime/http/server.mdx > Abstract namespace sockets",
  ),
  q("phrase", '"text-based lockfile"', "docs/pm/lockfile.mdx > Text-based lockfile"),
  q("phrase", '"rate limiting" redis', "docs/runtime/redis.mdx > Rate Limiting"),
  q("phrase", '"custom conditions"', "docs/runtime/module-resolution.mdx > Custom conditions"),
  q("phrase", '"minimum release age"', "docs/pm/cli/install.mdx > Minimum release age"),
  q("phrase", '"reset all mocks"', "docs/test/mocks.mdx > Reset All Mocks"),
  q("phrase", '"hot route reloading"', "docs/runtime/http/server.mdx > Hot Route Reloading"),
  q("phrase", '"property matchers" snapshots', "docs/test/snapshots.mdx > Property Matchers"),
  q("phrase", '"cross-compile"', "docs/bundler/executables.mdx > Cross-compile to other platforms"),
  // Questions.
  q(
    "question",
    "how do I change the port of the server?",
    "docs/runtime/http/server.mdx > Changing the port and hostname",
  ),
  q(
    "question",
    "how to cancel a fetch request?",
    "docs/runtime/networking/fetch.mdx > Canceling a request",
  ),
  q(
    "question",
    "should the lockfile be committed to git?",
    "docs/pm/lockfile.mdx > Should it be committed to git?",
  ),
  q(
    "question",
    "how do I update snapshots?",
    "docs/test/snapshots.mdx > Updating Snapshots",
    "docs/guides/test/update-snapshots.mdx intro",
  ),
  q(
    "question",
    "how to read a directory recursively",
    "docs/runtime/file-io.mdx > Reading directories recursively",
  ),
  q(
    "question",
    "how do I stop bun from loading .env files automatically?",
    "docs/runtime/environment-variables.mdx > Disabling automatic .env loading",
  ),
  q(
    "question",
    "what does the runtime transpiler cache store?",
    "docs/runtime/environment-variables.mdx > What does it cache?",
  ),
  q(
    "question",
    "how to compress websocket messages",
    "docs/runtime/http/websockets.mdx > Compression",
    "docs/guides/websocket/compression.mdx intro",
  ),
  q(
    "question",
    "why is 30 seconds the default DNS cache TTL?",
    "docs/runtime/networking/dns.mdx > Why is 30 seconds the default?",
  ),
  q(
    "question",
    "how do I set a timeout for a test?",
    "docs/test/writing-tests.mdx > Timeouts",
    "docs/guides/test/timeout.mdx intro",
  ),
  q(
    "question",
    "how can I delete a cookie?",
    "docs/runtime/http/cookies.mdx > Deleting cookies",
    "docs/runtime/cookies.mdx h4.7",
  ),
  q(
    "question",
    "how to limit memory of a child process with cgroups?",
    "docs/runtime/child-process.mdx > Resource limits with cgroups (Linux)",
  ),
  // Queries whose first word is a selector type name.
  q("type word", "code coverage reporters", "docs/test/code-coverage.mdx > Coverage Reporters"),
  q("type word", "list of builtin shell commands", "docs/runtime/shell.mdx > Builtin Commands"),
  q(
    "type word",
    "quote characters in .env files",
    "docs/runtime/environment-variables.mdx > Quotation marks",
  ),
  q(
    "type word",
    "code splitting",
    "docs/bundler/index.mdx > splitting",
    "docs/bundler/executables.mdx > Code splitting",
  ),
  q("type word", "heading ids markdown", "docs/runtime/markdown.mdx > Heading IDs"),
  q(
    "type word",
    "root directory for tests bunfig",
    "docs/runtime/bunfig.mdx > test.root",
    "docs/test/discovery.mdx > Changing the Root Directory",
    "docs/test/configuration.mdx > root",
  ),
  q(
    "type word",
    "table of supported compile targets",
    "docs/bundler/executables.mdx h3.0",
    "docs/bundler/executables.mdx h3.18",
  ),
  q(
    "type word",
    "section about WAL sidecar files",
    "docs/runtime/sqlite.mdx > WAL sidecar file cleanup",
  ),
  q(
    "type word",
    "block scoped using statement database",
    "docs/runtime/sqlite.mdx > using statement",
  ),
  q(
    "type word",
    "paragraph callbacks markdown render",
    "docs/runtime/markdown.mdx > Block callbacks",
  ),
  q("type word", "h1 heading ids", "docs/runtime/markdown.mdx > Heading IDs"),
  q("type word", "list item meta", "docs/runtime/markdown.mdx > List item meta"),
  // Backticked code.
  q("backticks", "`bun add --dev`", "docs/pm/cli/add.mdx > --dev"),
  q("backticks", "`expect().toMatchSnapshot()`", "docs/test/snapshots.mdx > Basic Snapshots"),
  q("backticks", "`db.query()`", "docs/runtime/sqlite.mdx > .query()"),
  q("backticks", "`Bun.hash`", "docs/runtime/hashing.mdx > Bun.hash"),
  q("backticks", "`$.braces`", "docs/runtime/shell.mdx > $.braces (brace expansion)"),
  q("backticks", "`server.reload()`", "docs/runtime/http/server.mdx > server.reload()"),
  q(
    "backticks",
    "`Bun.spawnSync()`",
    "docs/runtime/child-process.mdx > Blocking API (Bun.spawnSync())",
  ),
  q("backticks", "`bun install --dry-run`", "docs/pm/cli/install.mdx > Dry run"),
  q("backticks", "`spyOn()`", "docs/test/mocks.mdx > Spies with spyOn()"),
  q("backticks", "`Bun.markdown.react()`", "docs/runtime/markdown.mdx > Bun.markdown.react()"),
  q(
    "backticks",
    "`fetch` with `unix` socket",
    "docs/runtime/networking/fetch.mdx > Unix domain sockets",
  ),
  q("backticks", "`maxBuffer`", "docs/runtime/child-process.mdx > Using maxBuffer"),
  // Chinese, written without spaces.
  q(
    "cjk",
    "下拉刷新后无法触发endReached",
    "components/scroll-view/README.md > 下拉刷新后滚动无法触发endReached",
  ),
  q("cjk", "无法正常滚动 异常回弹", "components/scroll-view/README.md > 无法正常滚动且异常回弹"),
  q("cjk", "模态窗口隐藏后触发", "components/dialog/README.md > @hide()"),
  q("cjk", "关闭所有 Dialog", "components/dialog/README.md > Dialog.closeAll()"),
  q("cjk", "验证码 掩码", "components/codebox/README.md > Codebox Props"),
  q(
    "cjk",
    "表单校验",
    "components/input-item/README.md > 表单校验",
    "components/input-item/README.md > 使用指南",
  ),
  q("cjk", "车牌键盘", "components/license-plate/README.md intro"),
  q("cjk", "水印间距", "components/water-mark/README.md > WaterMask Props"),
  q("cjk", "骨架屏 加载状态", "components/skeleton/README.md intro"),
  q("cjk", "步进器最大值", "components/stepper/README.md > Stepper Props"),
  q("cjk", "回退键点击事件", "components/number-keyboard/README.md > @delete()"),
  q("cjk", "提示框隐藏后触发的事件", "components/tip/README.md > @hide()"),
];
