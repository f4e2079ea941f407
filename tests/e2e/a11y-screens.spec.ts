import type { Page } from "@playwright/test";
import path from "node:path";
import { createRecordTableFor, signedInAccount, signInAsAdmin } from "./accounts";
import { expect, ready, seriousA11yViolations, test } from "./fixtures";

/**
 * axe (WCAG 2.2 A and AA) on every screen. Each screen is checked four times, so that between them
 * every screen is seen in both themes, at desktop and phone width, and in all three languages.
 */
const looks = [
  { language: "pt-BR", theme: "light", viewport: { width: 1280, height: 800 } },
  { language: "pt-BR", theme: "dark", viewport: { width: 390, height: 844 } },
  { language: "en", theme: "dark", viewport: { width: 1280, height: 800 } },
  { language: "es", theme: "light", viewport: { width: 390, height: 844 } },
] as const;

const publicScreens = [
  "/",
  "/cryptos",
  "/cryptos/bitcoin",
  "/stocks",
  "/stocks?type=fund",
  "/stocks/PETR4",
  "/screener",
  "/screener?type=fund&dyMin=abc",
  "/news",
  "/news?category=crypto",
  "/currency-converter",
  "/calendar",
  "/compare?a=PETR4&a=bitcoin&a=ibov&a=cdi&a=ipca&range=1y",
  "/search?q=petro",
  "/release-notes",
  "/chat",
  "/about-us",
  "/about-data",
  "/team",
  "/faq",
  "/more",
  "/privacy-policy",
  "/cookie-policy",
  "/login",
  "/register",
  "/missing-page",
];

type Look = (typeof looks)[number];

/** SCREENSHOTS_DIR=<folder> also keeps a full-page picture of each screen in each look, to look over by eye. */
const screenshotsDirectory = process.env.SCREENSHOTS_DIR;
const screenshotPath = (look: Look, screen: string) =>
  path.join(screenshotsDirectory!, `${look.language}-${look.theme}-${look.viewport.width}${screen.replace(/[^a-z0-9]+/gi, "_")}.png`);

async function checkScreens(page: Page, projectName: string, look: Look, screens: string[]) {
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([
    { name: "theme", value: look.theme, url: baseURL },
    { name: "i18next", value: look.language, url: baseURL },
  ]);
  await page.setViewportSize(look.viewport);
  for (const screen of screens) {
    await page.goto(screen);
    await ready(page, projectName);
    // Soft, so one run lists every screen's findings.
    expect.soft(await seriousA11yViolations(page), screen).toEqual([]);
    if (screenshotsDirectory) await page.screenshot({ path: screenshotPath(look, screen), fullPage: true });
  }
}

test.describe("axe on every screen", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");
  test.describe.configure({ timeout: 300_000 });

  for (const look of looks) {
    const named = `${look.language}, ${look.theme}, ${look.viewport.width} px`;

    test(`public screens (${named})`, async ({ page }, { project }) => {
      await checkScreens(page, project.name, look, publicScreens);
    });

    test(`a signed-in user's and an administrator's screens (${named})`, async ({ page }, { project }) => {
      test.info().annotations.push({ type: "not on PostgreSQL", description: "axe reads the page, whichever database filled it" });
      const account = await signedInAccount(page, "axe", project.name);
      const tableId = await createRecordTableFor(account, "Carteira de longo prazo");
      await checkScreens(page, project.name, look, [
        "/user",
        "/user/favorite-items",
        "/user/register-tables",
        `/user/register-tables/${tableId}`,
        "/feedback",
      ]);
      await page.context().clearCookies();
      await signInAsAdmin(page, project.name);
      await checkScreens(page, project.name, look, ["/admin/users", "/admin/feedback", "/admin/release-notes", "/admin/release-notes/new"]);
    });
  }
});
