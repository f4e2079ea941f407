/**
 * Draws the social-share images (Open Graph / Twitter cards), one per language since they carry
 * text, into public/og/<language>.png at 1200×630. Run after changing the app's name, tagline or
 * hero title: `npx tsx scripts/og-images.ts` (uses the Chromium the browser tests use).
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { chromium } from "@playwright/test";

import { supportedLanguages } from "../app/i18n/languages";
import { ogImage, ogImagePath } from "../app/ui/og-image";
import { chromiumPath } from "./lib/chromium-paths.js";

const root = path.resolve(import.meta.dirname, "..");
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const logo = readFileSync(path.join(root, "public/favicon.svg"), "utf8");

function page(texts: { name: string; title: string; tagline: string }) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${ogImage.width}px; height: ${ogImage.height}px; }
  body { box-sizing: border-box; padding: 72px 80px; display: flex; flex-direction: column; justify-content: space-between;
    background: #1a1b1e; border-bottom: 16px solid #0c8599; color: #f1f3f5;
    font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; }
  .brand svg { width: 88px; height: 88px; }
  h1 { margin: 0; font-size: 68px; line-height: 1.1; max-width: 1000px; }
  p { margin: 0; font-size: 32px; color: #96f2d7; max-width: 1000px; }
  .chart { position: absolute; right: 60px; top: 60px; opacity: 0.35; }
  </style></head><body>
  <svg class="chart" width="360" height="160" viewBox="0 0 360 160"><path d="M0 140 L70 90 L130 110 L200 50 L260 75 L360 10" fill="none" stroke="#38d9a9" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/></svg>
  <div class="brand">${logo}<span>${escapeHtml(texts.name)}</span></div>
  <h1>${escapeHtml(texts.title)}</h1>
  <p>${escapeHtml(texts.tagline)}</p>
  </body></html>`;
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
try {
  const tab = await browser.newPage({ viewport: { width: ogImage.width, height: ogImage.height } });
  mkdirSync(path.join(root, "public/og"), { recursive: true });
  for (const language of supportedLanguages) {
    const common = JSON.parse(readFileSync(path.join(root, `locales/${language}/common.json`), "utf8"));
    await tab.setContent(page({ name: common.app.name, title: common.home.heroTitle, tagline: common.app.tagline }));
    await tab.screenshot({ path: path.join(root, "public", ogImagePath(language)), type: "png" });
    console.log(`wrote public${ogImagePath(language)}`);
  }
} finally {
  await browser.close();
}
