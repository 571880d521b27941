import assert from "node:assert/strict";
import { formatBytes } from "../../../mdsel/files/format_bytes.ts";

Deno.test("formatBytes: decimal units, rounded to one decimal, for sizes read", () => {
  assert.deepEqual(
    [0, 999, 1000, 1_500_000, 32_000_000, 2_000_000_000, 999_950, 5e15].map((n) => formatBytes(n)),
    ["0 bytes", "999 bytes", "1 KB", "1.5 MB", "32 MB", "2 GB", "1000 KB", "5000 TB"],
  );
});

Deno.test("formatBytes: binary units, exact ones only, for limits", () => {
  const binary = (bytes: number) => formatBytes(bytes, { binary: true });
  assert.equal(binary(8 * 1024 * 1024), "8 MiB");
  assert.equal(binary(2 ** 30), "1 GiB");
  assert.equal(binary(2 ** 40), "1024 GiB");
  assert.equal(binary(65536), "64 KiB");
  assert.equal(binary(3 * 2 ** 20 + 2 ** 10), "3073 KiB");
  assert.equal(binary(1000), "1000 bytes");
  assert.equal(binary(256), "256 bytes");
  assert.equal(binary(0), "0 bytes");
});
