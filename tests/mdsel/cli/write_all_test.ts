import assert from "node:assert/strict";
import { writeAll } from "../../../mdsel/cli/write_all.ts";

Deno.test("writeAll: a writer that takes a few bytes a call gets every byte, in order", async () => {
  const text = "héllo wörld 😀 ".repeat(1000);
  const written: number[] = [];
  let calls = 0;
  const writer = {
    write(bytes: Uint8Array) {
      const taken = Math.min(bytes.length, 1 + (calls++ % 7));
      written.push(...bytes.subarray(0, taken));
      return Promise.resolve(taken);
    },
  };
  await writeAll(writer, text);
  assert.equal(new TextDecoder().decode(Uint8Array.from(written)), text);
});

Deno.test("writeAll: nothing to write, no write", async () => {
  await writeAll({ write: () => Promise.reject(new Error("written")) }, "");
});
