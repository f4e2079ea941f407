import type { Page } from "@playwright/test";

import { YEAR_SECONDS } from "../../app/lib/time";
import { expect, javaScriptOn, ready, test } from "./fixtures";

/**
 * With JavaScript the notice goes at once and a post sets the cookie behind it; the next page
 * load must wait for that post's answer, or it races the cookie.
 */
async function dismissNotice(page: Page, projectName: string) {
  const saved = javaScriptOn(projectName)
    ? page.waitForResponse(
        (response) => new URL(response.url()).pathname.startsWith("/demo-notice") && response.request().method() === "POST",
      )
    : undefined;
  await page.getByTestId("demo-notice").getByRole("button", { name: "Dispensar o aviso de dados de demonstração" }).click();
  if (saved) expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByTestId("demo-notice")).toHaveCount(0);
}

test.describe("demonstration-data notice on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is one short line that links to About the data", async ({ page }, { project }) => {
    test.setTimeout(60_000);
    for (const path of ["/", "/stocks/PETR4", "/currency-converter?lng=es"]) {
      await page.goto(path);
      const notice = page.getByTestId("demo-notice");
      await expect(notice, path).toBeVisible();
      const box = await notice.boundingBox();
      expect(box!.height, path).toBeLessThanOrEqual(48);
      expect(box!.x + box!.width, path).toBeLessThanOrEqual(390);
    }
    await page.goto("/cryptos?lng=pt-BR");
    await ready(page, project.name);
    await page.getByTestId("demo-notice").getByRole("link", { name: "ver as fontes" }).click();
    await expect(page).toHaveURL(/\/about-data$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre os dados");
  });
});

test("dismissing the notice hides it on every market screen, for a year", async ({ page, context }, { project }) => {
  test.setTimeout(60_000);
  await page.goto("/cryptos?page=2");
  await ready(page, project.name);
  // A full page load would drop this mark: with JavaScript the notice goes without one.
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await dismissNotice(page, project.name);
  await expect(page).toHaveURL(/\/cryptos\?page=2$/);
  await expect(page.getByTestId("crypto-table")).toBeVisible();
  if (javaScriptOn(project.name)) expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

  const cookie = (await context.cookies()).find(({ name }) => name === "demo-notice");
  expect(cookie?.value).toBe("dismissed");
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(YEAR_SECONDS - 3600);

  for (const path of ["/cryptos?page=2", "/", "/stocks/PETR4"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expect(page.getByTestId("demo-notice"), path).toHaveCount(0);
  }
});

test("with JavaScript the notice goes at once, before the server has answered", async ({ page }, { project }) => {
  test.setTimeout(60_000);
  test.skip(!javaScriptOn(project.name), "without JavaScript the dismissal is a form post");
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/demo-notice*", async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto("/stocks");
  await ready(page, project.name);
  await page.getByTestId("demo-notice-dismiss").click();
  await expect(page.getByTestId("demo-notice")).toHaveCount(0, { timeout: 1000 });
  release();
  await expect(page.getByTestId("demo-notice")).toHaveCount(0);
});

test("one visitor's dismissal never reaches another through the page cache", async ({ browser }, { project }) => {
  test.setTimeout(90_000);
  const javaScriptEnabled = javaScriptOn(project.name);
  const dismisser = await browser.newContext({ javaScriptEnabled });
  const other = await browser.newContext({ javaScriptEnabled });
  const dismisserPage = await dismisser.newPage();
  const otherPage = await other.newPage();

  // Each visitor in turn asks for a page the other one has just had kept, both ways round.
  await otherPage.goto("/news");
  await expect(otherPage.getByTestId("demo-notice")).toBeVisible();
  await dismisserPage.goto("/news");
  await ready(dismisserPage, project.name);
  await dismissNotice(dismisserPage, project.name);
  await dismisserPage.reload();
  await expect(dismisserPage.getByTestId("demo-notice")).toHaveCount(0);
  await otherPage.reload();
  await expect(otherPage.getByTestId("demo-notice")).toBeVisible();
  if (javaScriptEnabled) {
    // With JavaScript the dismissal reloaded /news's data: the other visitor's data request must not get that answer.
    await ready(otherPage, project.name);
    const data = otherPage.waitForResponse((response) => new URL(response.url()).pathname === "/news.data");
    await otherPage.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Notícias" }).click();
    await data;
    await expect(otherPage.getByTestId("demo-notice")).toBeVisible();
  }
  await Promise.all([dismisser.close(), other.close()]);
});

test("About the data explains the sources in the three languages", async ({ page }, { project }) => {
  test.setTimeout(60_000);
  const pages = [
    { lng: "pt-BR", title: "Sobre os dados", source: "Dados de demonstração", heading: "Para quem opera a instância" },
    { lng: "en", title: "About the data", source: "Demonstration data", heading: "For whoever runs the instance" },
    { lng: "es", title: "Acerca de los datos", source: "Datos de demostración", heading: "Para quien opera la instancia" },
  ];
  for (const { lng, title, source, heading } of pages) {
    const response = await page.goto(`/about-data?lng=${lng}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Market Analytics`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /CoinGecko|Market Analytics/);
    // No provider is configured in the tests: every kind of data is the demonstration's.
    await expect(page.getByTestId("data-sources").locator("dd")).toHaveText(Array(7).fill(source));
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(page.getByTestId("live-variables")).toContainText("CRYPTO_PROVIDER=coingecko");
    await expect(page.getByText(/README\.md/)).toBeVisible();
  }
  await expect(page.getByText(/5 minutos/)).toBeVisible();

  await page.goto("/faq?lng=pt-BR");
  await ready(page, project.name);
  await page.getByRole("contentinfo").getByRole("link", { name: "Sobre os Dados" }).click();
  await expect(page).toHaveURL(/\/about-data$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre os dados");
  await expect(page.getByRole("navigation", { name: "Trilha de navegação" })).toContainText("Sobre os Dados");
});

test.describe("navigation progress", () => {
  test("a slow navigation shows a bar at the top and marks the page busy", async ({ page }, { project }) => {
    test.skip(!javaScriptOn(project.name), "without JavaScript the browser shows its own progress");
    await page.goto("/faq");
    await ready(page, project.name);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Sobre Nós" }).click();
    const bar = page.getByRole("progressbar", { name: "Carregando a página" });
    await expect(bar).toBeVisible();
    const box = await bar.boundingBox();
    expect(box!.y).toBe(0);
    expect(box!.height).toBeLessThanOrEqual(4);
    expect(box!.width).toBeGreaterThan(page.viewportSize()!.width - 20);
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre Nós");
    await expect(bar).toHaveCount(0);
    await expect(page.locator("main")).not.toHaveAttribute("aria-busy");
  });

  test("holds still when the visitor asks for reduced motion", async ({ page }, { project }) => {
    test.skip(!javaScriptOn(project.name), "without JavaScript the browser shows its own progress");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/faq");
    await ready(page, project.name);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Sobre os Dados" }).click();
    const bar = page.getByTestId("navigation-progress").locator("div");
    await expect(bar).toHaveCSS("animation-name", "none");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sobre os dados");
  });
});
