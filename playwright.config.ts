import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { headlessShellPath } from "./scripts/lib/chromium-paths.js";
import { fakeOAuthEnv } from "./tests/support/fake-oauth";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;
// Workers load this file again: the variable keeps them on the server's data directory, where the
// tests name their administrator with `npm run admin` (tests/e2e/accounts.ts).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "market-analytics-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
// Next to the app's port, so runs on different E2E_PORTs do not share (or fight over) a provider.
const fakeOAuthPort = Number(process.env.E2E_OAUTH_PORT ?? port + 1);
const fakeOAuthUrl = `http://127.0.0.1:${fakeOAuthPort}`;

// Debian's headless shell: the browser tests never show a window, and without the full browser's
// processes a pass takes about 40 % less time on two cores (decision 0041).
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: headlessShellPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // E2E_JSON_REPORT=<folder> also writes sqlite.json or postgresql.json there, for scripts/e2e-durations.js.
  reporter: process.env.E2E_JSON_REPORT
    ? [
        ["list"],
        ["json", { outputFile: path.join(process.env.E2E_JSON_REPORT, process.env.DATABASE_URL ? "postgresql.json" : "sqlite.json") }],
      ]
    : [["list"]],
  timeout: 30_000,
  use: { baseURL, locale: "pt-BR", trace: "off" },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: "node server.js",
      url: `${baseURL}/about-us`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        // Client addresses from X-Forwarded-For keep each test its own rate limits.
        TRUST_PROXY: "loopback",
        // Demo prices tick every second, so the realtime spec sees them move without long waits.
        REALTIME_DEMO_TICK_MS: "1000",
        ...fakeOAuthEnv(fakeOAuthUrl),
      },
    },
    {
      command: "npx tsx tests/support/fake-oauth-server.ts",
      url: fakeOAuthUrl,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_OAUTH_PORT: String(fakeOAuthPort) },
    },
  ],
});
