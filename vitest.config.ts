import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    globalSetup: ["tests/support/build-commands.ts"],
    // Loader tests render real pages and start real servers: on a busy two-core machine one can
    // take several seconds without anything being wrong. A hang still fails, later.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
