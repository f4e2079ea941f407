import path from "node:path";

import type { Page } from "@playwright/test";

import { type DeclaredRoute, declaredRoutes } from "../support/routes";
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

/**
 * The screens of app/routes.ts by who opens them, each through the example paths its policy
 * declares: private and personal ones for a signed-in user, or under /admin/ for an administrator.
 */
const screenRoutes = declaredRoutes().filter(({ screen }) => screen);
const personal = ({ policy }: DeclaredRoute) => policy?.cache === "private" || policy?.cache === "personal";
const administrators = ({ pattern }: DeclaredRoute) => pattern.startsWith("/admin/");
/** Opens only in the middle of a sign-in with a second factor: account.spec.ts goes through it. */
const midSignIn = ({ id }: DeclaredRoute) => id === "routes/login-two-fa";
/** Every public page and every other screen a visitor sees alike (sign-in, search, registration). */
const visitorScreens = screenRoutes.filter((route) => !personal(route)).flatMap(({ examples }) => examples);
const userScreens = screenRoutes.filter((route) => personal(route) && !administrators(route) && !midSignIn(route));
const adminScreens = screenRoutes.filter((route) => personal(route) && administrators(route)).flatMap(({ examples }) => examples);

type Look = (typeof looks)[number];

/** SCREENSHOTS_DIR=<folder> also keeps a full-page picture of each screen in each look, to look over by eye. */
const screenshotsDirectory = process.env.SCREENSHOTS_DIR;
const screenshotPath = (look: Look, screen: string) =>
  path.join(screenshotsDirectory!, `${look.language}-${look.theme}-${look.viewport.width}${screen.replace(/[^a-z0-9]+/gi, "_")}.png`);

async function checkScreens(page: Page, projectName: string, look: Look, screens: readonly string[]) {
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([
    { name: "theme", value: look.theme, url: baseURL },
    { name: "i18next", value: look.language, url: baseURL },
  ]);
  await page.setViewportSize(look.viewport);
  for (const screen of screens) {
    await page.goto(screen);
    await ready(page, projectName);
    // A screen this session cannot open would send it elsewhere, and axe would check that page instead.
    expect.soft(new URL(page.url()).pathname, screen).toBe(new URL(screen, baseURL).pathname);
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
      await checkScreens(page, project.name, look, visitorScreens);
    });

    test(`a signed-in user's and an administrator's screens (${named})`, async ({ page }, { project }) => {
      test.info().annotations.push({ type: "not on PostgreSQL", description: "axe reads the page, whichever database filled it" });
      const account = await signedInAccount(page, "axe", project.name);
      // A record table opens for its owner only: the account's own stands for the route's example.
      const tableId = await createRecordTableFor(account, "Carteira de longo prazo");
      const ownTable = (route: DeclaredRoute) =>
        route.id === "routes/register-table" ? [`/user/register-tables/${tableId}`] : route.examples;
      await checkScreens(page, project.name, look, userScreens.flatMap(ownTable));
      await page.context().clearCookies();
      await signInAsAdmin(page, project.name);
      await checkScreens(page, project.name, look, adminScreens);
    });
  }
});
