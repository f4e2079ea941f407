import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "market-analytics-e2e-"));

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  reporter: [["list"]],
  timeout: 30_000,
  use: { baseURL, locale: "pt-BR", trace: "off" },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/about-us`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
  },
});
