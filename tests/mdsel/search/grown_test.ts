import assert from "node:assert/strict";
import { grown } from "../../../mdsel/search/grown.ts";

Deno.test("grown: the same kind of array, its items first, twice as long or as asked", () => {
  const bytes = grown(Uint8Array.of(7, 255));
  assert.ok(bytes instanceof Uint8Array);
  assert.deepEqual([...bytes], [7, 255, 0, 0]);
  const floats = grown(Float64Array.of(0.5), 3);
  assert.ok(floats instanceof Float64Array);
  assert.deepEqual([...floats], [0.5, 0, 0]);
  // Twice as long wins over a smaller `least`; an empty array grows to `least`.
  assert.equal(grown(new Int32Array(8), 3).length, 16);
  assert.equal(grown(new Int32Array(0), 5).length, 5);
  const ints = Int32Array.of(-1, 2);
  assert.notEqual(grown(ints), ints);
});
