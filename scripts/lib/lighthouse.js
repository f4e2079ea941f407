// Lighthouse's default (mobile) preset against pages of a running server, in Debian's Chromium.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import lighthouse from "lighthouse";

import { chromiumPath } from "./chromium-paths.js";
import { request } from "./http.js";
import { freePort } from "./servers.js";

export const categories = ["performance", "accessibility", "best-practices", "seo"];

async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "bench-chromium-"));
  const chromium = spawn(
    chromiumPath,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      "about:blank",
    ],
    // Its own process group, so closing it stops its helper processes too.
    { stdio: "ignore", detached: true },
  );
  for (let attempt = 0; attempt < 100; attempt++) {
    if (chromium.exitCode !== null) throw new Error(`Chromium exited with ${chromium.exitCode}`);
    const answer = await request(`http://127.0.0.1:${port}/json/version`).catch(() => null);
    if (answer?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async close() {
      await new Promise((resolve) => {
        chromium.once("exit", resolve);
        process.kill(-chromium.pid, "SIGTERM");
      });
      // Helper processes may still be writing the profile for a moment after the browser exits.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`Chromium's profile ${profile} could not be removed: ${error.message}`);
      }
    },
  };
}

/** The audits of a category that lost points, so that a score under target says why. */
function failedAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
}

/** Lighthouse's own metrics (ms) that the bench reports beside the performance score. */
const metricAudits = { tbt: "total-blocking-time", fcp: "first-contentful-paint", lcp: "largest-contentful-paint" };

/** The settings a run was measured with, so that two runs' figures can be compared. */
function describeSettings({ formFactor, throttlingMethod, throttling, screenEmulation }) {
  return (
    `${formFactor}, ${throttlingMethod} throttling (CPU ×${throttling.cpuSlowdownMultiplier}, ` +
    `${throttling.rttMs} ms RTT, ${throttling.throughputKbps} kbps), screen ${screenEmulation.width}×${screenEmulation.height}`
  );
}

/**
 * One Lighthouse run of each URL with its default (mobile) preset: scores (0–100) per category,
 * the audits that cost points, the metrics (ms) and the host's benchmarkIndex, which Lighthouse
 * measures in every run (its CPU speed at that moment; a busy machine reads lower). A run that
 * Lighthouse could not complete has `error` set (its code) and no scores.
 * @returns {Promise<Map<string, { scores?: Record<string, number>, failed?: Record<string, string[]>,
 *   metrics?: Record<keyof typeof metricAudits, number>, benchmarkIndex: number, settings: string, error?: string }>>}
 */
export async function lighthouseScores(urls) {
  const chromium = await launchChromium();
  const results = new Map();
  try {
    for (const url of urls) {
      const result = await lighthouse(url, { port: chromium.port, output: "json", logLevel: "error", onlyCategories: categories });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      const run = { benchmarkIndex: lhr.environment.benchmarkIndex, settings: describeSettings(lhr.configSettings) };
      if (lhr.runtimeError) {
        results.set(url, { ...run, error: lhr.runtimeError.code });
        continue;
      }
      results.set(url, {
        ...run,
        scores: Object.fromEntries(categories.map((name) => [name, Math.round((lhr.categories[name]?.score ?? 0) * 100)])),
        failed: Object.fromEntries(categories.map((name) => [name, failedAudits(lhr, name)])),
        metrics: Object.fromEntries(Object.entries(metricAudits).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN])),
      });
    }
  } finally {
    await chromium.close();
  }
  return results;
}
