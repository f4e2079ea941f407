import type { Page } from "@playwright/test";

import { expect, javaScriptOn, ready, test } from "./fixtures";

const firstCryptoRow = (page: Page) => page.getByTestId("crypto-table").locator("tbody tr").first();

test("crypto prices are in reais for a Portuguese reader and switch to dollars and euros", async ({ page }, { project }) => {
  await page.goto("/cryptos");
  await ready(page, project.name);
  await expect(firstCryptoRow(page)).toContainText("Bitcoin");
  await expect(firstCryptoRow(page)).toContainText("R$");
  await expect(page.getByTestId("currency-brl")).toHaveAttribute("aria-pressed", "true");

  await page.getByTestId("currency-usd").click();
  await expect(page).toHaveURL(/\/cryptos$/);
  await expect(firstCryptoRow(page)).toContainText("US$");
  await expect(page.getByTestId("currency-usd")).toHaveAttribute("aria-pressed", "true");

  // The choice is a cookie: the detail page, its chart and the home page follow it.
  await page.goto("/cryptos/bitcoin");
  await ready(page, project.name);
  await expect(page.getByTestId("price")).toContainText("US$");
  await expect(page.getByTestId("statistics")).toContainText("US$");
  if (!javaScriptOn(project.name)) await expect(page.getByTestId("svg-chart")).toContainText("US$");
  await page.getByTestId("currency-eur").click();
  await expect(page.getByTestId("price")).toContainText("€");
  await expect(page.getByTestId("price")).not.toContainText("US$");

  await page.goto("/");
  await ready(page, project.name);
  const tape = page.getByTestId("ticker-tape").locator("ul").first();
  await expect(tape).toContainText("BTC/EUR");
  await expect(page.getByTestId("trending-coins")).toContainText("€");
  await page.getByTestId("currency-brl").click();
  await expect(tape).toContainText("BTC/BRL");
  await expect(page.getByTestId("crypto-table").locator("tbody tr").first()).toContainText("R$");
});

test("English and Spanish readers see crypto prices in dollars by default", async ({ page }) => {
  for (const language of ["en", "es"]) {
    await page.goto(`/cryptos?lng=${language}`);
    await expect(firstCryptoRow(page)).toContainText("$");
    await expect(firstCryptoRow(page)).not.toContainText("R$");
  }
});

test("trending is named as popularity and never repeats the biggest movers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Criptomoedas em destaque" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ações em destaque" })).toBeVisible();
  await expect(page.getByText("em Alta")).toHaveCount(0);
  const tickers = (testId: string) => page.getByTestId(testId).locator(".mini-list__name").allInnerTexts();
  const spotlight = (await tickers("trending-stocks")).map((text) => text.split(" ")[0]);
  const movers = [...(await tickers("gainers")), ...(await tickers("losers"))].map((text) => text.split(" ")[0]);
  expect(spotlight.length).toBeGreaterThan(0);
  expect(spotlight.filter((ticker) => movers.includes(ticker))).toEqual([]);
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { name: "Trending coins" })).toBeVisible();
  await page.goto("/?lng=es");
  await expect(page.getByRole("heading", { name: "Criptomonedas populares" })).toBeVisible();
});

test("/stocks opens on the big B3 names, compares prices in reais and has the US a filter away", async ({ page }, { project }) => {
  await page.goto("/stocks");
  await ready(page, project.name);
  const names = () => page.getByTestId("stock-table").locator("tbody th .asset-link__name").allInnerTexts();
  const first = (await names()).slice(0, 6);
  expect(first).toEqual(expect.arrayContaining(["PETR4", "ITUB4", "VALE3"]));
  expect(first.some((ticker) => ticker.endsWith("34"))).toBe(false);

  const filters = page.getByRole("search", { name: "Filtros de ações" });
  await filters.getByLabel("Mercado").selectOption("us");
  await filters.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/market=us/);
  await expect(page.getByTestId("stock-table")).toContainText("NVDA");
  await expect(page.getByTestId("stock-table")).not.toContainText("PETR4");

  // INTC at about US$ 36 is worth more than SBSP3 at about R$ 125.
  await page.goto("/stocks?market=all&sort=price&order=desc&perPage=96");
  const all = await names();
  expect(all.indexOf("INTC")).toBeGreaterThan(-1);
  expect(all.indexOf("INTC")).toBeLessThan(all.indexOf("SBSP3"));
});

test("every page has a social-share image of its language that answers as a PNG", async ({ page, request }) => {
  for (const [path, language] of [
    ["/", "pt-BR"],
    ["/cryptos?lng=es", "es"],
    ["/faq?lng=en", "en"],
  ] as const) {
    await page.goto(path);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`^https?://[^/]+/og/${language}\\.png$`));
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", /Market Analytics/);
    const response = await request.get(new URL(image!).pathname);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
  }
});

test.describe("preferences kept only in the browser's storage", () => {
  test.beforeEach(({}, { project }) => {
    test.skip(!javaScriptOn(project.name), "storage is read by the page's script");
  });

  test("a language in local storage is used on load", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The market, explained without the jargon");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("en");
  });

  test("a language in session storage is used on load, unless the cookie says otherwise", async ({ page, context }, { project }) => {
    await page.addInitScript(() => sessionStorage.setItem("i18nextLng", "es"));
    await page.goto("/cryptos");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Criptomonedas");

    await context.clearCookies();
    await context.addCookies([{ name: "i18next", value: "pt-BR", url: page.url() }]);
    await page.goto("/cryptos");
    await ready(page, project.name);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page).not.toHaveURL(/lng=/);
  });

  test("a theme in local storage is applied and remembered in the cookie", async ({ page, context }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "light"));
    await page.goto("/cryptos");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    await expect.poll(async () => (await context.cookies()).find(({ name }) => name === "theme")?.value).toBe("light");
    await expect(page).toHaveURL(/\/cryptos$/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });
});
