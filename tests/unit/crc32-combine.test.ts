import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

import { describe, expect, it } from "vitest";

import { crc32Combine } from "~/lib/crc32-combine";

describe("crc32Combine", () => {
  it("gives the CRC-32 of two byte runs end to end, from theirs and the second's length", () => {
    for (const [firstLength, secondLength] of [
      [0, 0],
      [0, 5],
      [5, 0],
      [1, 1],
      [37, 16],
      [3000, 65_535],
      [70_000, 131_073],
    ] as const) {
      const first = randomBytes(firstLength);
      const second = randomBytes(secondLength);
      expect(crc32Combine(crc32(first), crc32(second), second.length), `${firstLength} + ${secondLength}`).toBe(
        crc32(Buffer.concat([first, second])),
      );
    }
  });
});
