import assert from "node:assert/strict";
import { fileExceedsWordLimit, readFileChunks } from "../../hooks/word_count.ts";
import { countWords } from "../../mdsel/parse/words.ts";

/** Whether the chunks, as a file's, hold more than `limit` words. */
function exceedsWordLimit(chunks: Iterable<Uint8Array>, limit: number): Promise<boolean> {
  return fileExceedsWordLimit("/t.md", limit, () => chunks);
}

/** `count` words separated by a mix of spaces, tabs and line endings. */
function words(count: number): string {
  const separators = [" ", "\n", "\t", "  ", "\r\n", " \n\n"];
  return Array.from({ length: count }, (_, i) => `w${i}`)
    .map((word, i) => word + separators[i % separators.length])
    .join("");
}

Deno.test("exceedsWordLimit counts words split across any chunk boundary", async () => {
  const text = "  alpha beta\tgamma\u3000δέλτα\r\nepsilon\u00a0zeta  ";
  const bytes = new TextEncoder().encode(text);
  for (let cut = 0; cut <= bytes.length; cut++) {
    const chunks = [bytes.slice(0, cut), bytes.slice(cut)];
    assert.equal(await exceedsWordLimit(chunks, 5), true, `cut at ${cut}`);
    assert.equal(await exceedsWordLimit(chunks, 6), false, `cut at ${cut}`);
  }
  const oneByteChunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
  assert.equal(await exceedsWordLimit(oneByteChunks, 5), true);
  assert.equal(await exceedsWordLimit(oneByteChunks, 6), false);
});

Deno.test("exceedsWordLimit: empty input, whitespace only, a trailing broken character", async () => {
  assert.equal(await exceedsWordLimit([], 0), false);
  assert.equal(await exceedsWordLimit([new TextEncoder().encode(" \n\t ")], 0), false);
  // A cut-off UTF-8 sequence after a space is one more word.
  assert.equal(await exceedsWordLimit([Uint8Array.of(0x61, 0x20, 0xe3, 0x80)], 1), true);
  assert.equal(await exceedsWordLimit([Uint8Array.of(0x61, 0xe3, 0x80)], 1), false);
});

Deno.test("exceedsWordLimit stops reading once the limit is passed", async () => {
  let pulled = 0;
  function* chunks() {
    for (let i = 0; i < 1000; i++) {
      pulled++;
      yield new TextEncoder().encode("one two three ");
    }
  }
  assert.equal(await exceedsWordLimit(chunks(), 7), true);
  assert.equal(pulled, 3);
});

Deno.test("exceedsWordLimit rejects binary content", async () => {
  await assert.rejects(
    exceedsWordLimit([new TextEncoder().encode("a b"), Uint8Array.of(0x61, 0, 0x62)], 10),
    { message: 'Cannot count words of "/t.md": File contains a NUL byte' },
  );
});

Deno.test("readFileChunks reads a whole file and closes it when stopped early", async () => {
  const path = await Deno.makeTempFile({ suffix: ".md" });
  try {
    const content = new Uint8Array(200_000).map((_, i) => 97 + (i % 26));
    await Deno.writeFile(path, content);
    const sizes: number[] = [];
    for await (const chunk of readFileChunks(path, 65536)) sizes.push(chunk.length);
    assert.deepEqual(sizes, [65536, 65536, 65536, 200_000 - 3 * 65536]);
    // Deno's resource sanitizer fails this test if breaking out leaks the file handle.
    for await (const _ of readFileChunks(path, 1024)) break;
    await assert.rejects(async () => {
      for await (const _ of readFileChunks(`${path}.missing`)) break;
    }, Deno.errors.NotFound);
    const dir = await Deno.makeTempDir();
    try {
      await assert.rejects(async () => {
        for await (const _ of readFileChunks(dir)) break;
      }, TypeError);
    } finally {
      await Deno.remove(dir);
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("exceedsWordLimit agrees with the engine's countWords", async () => {
  for (const count of [0, 1, 7, 300]) {
    const text = words(count);
    assert.equal(countWords(text), count);
    const bytes = new TextEncoder().encode(text);
    assert.equal(await exceedsWordLimit([bytes], count), false);
    if (count > 0) assert.equal(await exceedsWordLimit([bytes], count - 1), true);
  }
});

Deno.test("fileExceedsWordLimit names the file in one line when it cannot count", async () => {
  await assert.rejects(
    fileExceedsWordLimit("/a\nb.md", 1, () => {
      throw new Deno.errors.PermissionDenied("Permission denied (os error 13)\nmore");
    }),
    { message: 'Cannot count words of "/a\\nb.md": Permission denied (os error 13)' },
  );
});

Deno.test("fileExceedsWordLimit gives up at its deadline: a file that grows, blank, as it is read", async () => {
  const blank = new TextEncoder().encode("\n".repeat(64 * 1024));
  function* growing() {
    while (true) yield blank;
  }
  const started = performance.now();
  await assert.rejects(
    fileExceedsWordLimit("/d/grow.md", 200, growing, performance.now() + 100),
    { message: 'Cannot count words of "/d/grow.md": Not counted in time' },
  );
  assert.ok(performance.now() - started < 5000, "stopped near its deadline, not at the file's end");
  // A file over the limit answers before any deadline matters.
  assert.equal(
    await fileExceedsWordLimit("/d/a.md", 1, () => [new TextEncoder().encode("a b c"), blank], 0),
    true,
  );
});
