import type { Locator } from "@playwright/test";

import { expect, javaScriptOn, ready, test } from "./fixtures";
import { expectKitControls } from "./form-kit";

const firstRowName = (page: import("@playwright/test").Page, testId: string) =>
  page.getByTestId(testId).locator("tbody tr").first().locator("th").innerText();

test("home shows its sections, the ticker tape and a sortable, paged table", async ({ page }, { project }) => {
  // Opening a crypto counts towards "most searched in 24h". Visitors share a home page kept for a
  // few seconds, so this visit asks for a home page of its own.
  await page.goto("/cryptos/ethereum");
  await page.goto(`/?visit=${Math.random()}`);
  await ready(page, project.name);
  await expect(page.getByTestId("demo-notice")).toBeVisible();
  await expect(page.getByTestId("ticker-tape").locator("ul").first().getByRole("link")).toHaveCount(14);
  for (const section of [
    "Criptomoedas em destaque",
    "Ações em destaque",
    "Criptomoedas mais buscadas nas últimas 24h",
    "Ações com maior variação em 24h",
  ]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  await expect(page.getByTestId("trending-coins").getByRole("link")).not.toHaveCount(0);
  await expect(page.getByTestId("trending-stocks").getByRole("link")).not.toHaveCount(0);
  await expect(page.getByTestId("most-searched")).toContainText("Ethereum");
  await expect(page.getByTestId("crypto-table").locator("tbody tr")).toHaveCount(12);

  await page.getByRole("navigation", { name: "Tipo de ativo da tabela" }).getByRole("link", { name: "Ações" }).click();
  await expect(page).toHaveURL(/table=stocks/);
  await expect(page.getByTestId("stock-table").locator("tbody tr")).toHaveCount(12);

  const before = await firstRowName(page, "stock-table");
  await page
    .getByTestId("stock-table")
    .getByRole("link", { name: /^Preço/ })
    .click();
  await expect(page).toHaveURL(/tsort=price&torder=desc/);
  await expect.poll(() => firstRowName(page, "stock-table")).not.toBe(before);

  await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Página 2", exact: true }).click();
  await expect(page).toHaveURL(/tpage=2/);
  await expect(page.getByRole("link", { name: "Página 2", exact: true })).toHaveAttribute("aria-current", "page");
});

test("cryptocurrency list pages, sorts and changes page size", async ({ page }, { project }) => {
  await page.goto("/cryptos");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Criptomoedas");
  const rows = page.getByTestId("crypto-table").locator("tbody tr");
  await expect(rows).toHaveCount(12);
  await expect(rows.first().locator('a[href="/cryptos/bitcoin"]')).not.toHaveCount(0);
  await expect(rows.first()).toContainText("R$");

  await page.getByRole("link", { name: "Página 2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  // Page 2 may open with Wrapped Bitcoin, so the check is on the link, not the text.
  await expect(rows.first().locator('a[href="/cryptos/bitcoin"]')).toHaveCount(0);

  await page.getByRole("link", { name: /^Preço/ }).click();
  await expect(page).toHaveURL(/sort=price&order=desc/);
  await expect(rows.first()).toContainText("Bitcoin");
  await page.getByRole("link", { name: /^Preço/ }).click();
  await expect(page).toHaveURL(/sort=price&order=asc/);
  await expect(rows.first()).not.toContainText("Bitcoin");

  await page.getByLabel("Itens por página").selectOption("24");
  if (!javaScriptOn(project.name)) await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/perPage=24/);
  await expect(rows).toHaveCount(24);
});

test("asset, tape and footer links open their page: inside the app with JavaScript, as a document without", async ({ page }, {
  project,
}) => {
  await page.goto("/");
  await ready(page, project.name);
  const stayed = () => page.evaluate(() => (window as { stayed?: boolean }).stayed === true);
  const follow = async (link: Locator, heading: string | RegExp) => {
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    // The tape scrolls until focused: a keyboard press follows its link as a click would.
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
    expect(await stayed()).toBe(javaScriptOn(project.name));
  };
  await follow(page.getByTestId("ticker-tape").locator("ul").first().locator('a[href="/stocks/PETR4"]'), "PETR4");
  await follow(page.getByRole("contentinfo").getByRole("link", { name: "Política de Privacidade" }), "Política de Privacidade");
  await page.goto("/cryptos");
  await ready(page, project.name);
  await follow(page.getByTestId("crypto-table").locator('a[href="/cryptos/bitcoin"]'), "Bitcoin");
});

test("a crypto detail shows statistics, a description and a chart whose type can change", async ({ page }, { project }) => {
  await page.goto("/cryptos/bitcoin");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bitcoin");
  const stats = page.getByTestId("statistics");
  for (const label of [
    "Preço",
    "Capitalização de mercado",
    "Posição por capitalização",
    "Volume (24h)",
    "Variação (24h)",
    "Máxima (24h)",
    "Mínima (24h)",
    "Abertura",
    "Fechamento",
    "Oferta circulante",
    "Categorias",
  ]) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Sobre Bitcoin" })).toBeVisible();
  await expect(page.getByTestId("demo-notice")).toBeVisible();
  const chart = javaScriptOn(project.name) ? page.getByTestId("canvas-chart") : page.getByTestId("svg-chart");
  await expect(chart).toBeVisible();
  if (javaScriptOn(project.name)) await expect(chart.locator("canvas").first()).toBeVisible();

  await page.getByRole("link", { name: "Barras" }).click();
  await expect(page).toHaveURL(/chart=bar/);
  await expect(page.getByRole("link", { name: "Barras" })).toHaveAttribute("aria-current", "true");
  if (!javaScriptOn(project.name)) await expect(page.getByTestId("svg-chart").locator("rect").first()).toBeAttached();
  await page.getByRole("link", { name: "Capitalização de mercado", exact: true }).click();
  await expect(page).toHaveURL(/series=marketCap/);
  await expect(page.getByTestId(javaScriptOn(project.name) ? "canvas-chart" : "svg-chart")).toBeVisible();
});

test("stocks filter by type and text, and a stock detail shows statistics and chart", async ({ page }, { project }) => {
  await page.goto("/stocks");
  await ready(page, project.name);
  const filters = page.getByRole("search", { name: "Filtros de ações" });
  await expectKitControls(filters);
  await expectKitControls(page.locator("form", { has: page.locator("#page-size") }));
  await filters.getByLabel("Tipo", { exact: true }).selectOption("fund");
  await filters.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/type=fund/);
  const typeCells = page.getByTestId("stock-table").locator("tbody tr td:nth-child(2)");
  await expect(typeCells.first()).toHaveText("Fundo");
  expect(new Set(await typeCells.allInnerTexts())).toEqual(new Set(["Fundo"]));

  await page.goto("/stocks?q=PETR");
  await expect(page.getByTestId("stock-table").getByRole("link", { name: /PETR4/ })).toBeVisible();
  await page.getByTestId("stock-table").getByRole("link", { name: /PETR4/ }).click();
  await expect(page).toHaveURL(/\/stocks\/PETR4$/);
  await expect(page.getByTestId("price")).toContainText("R$");
  for (const label of [
    "Máxima do dia",
    "Mínima do dia",
    "Fechamento anterior",
    "Volume",
    "Capitalização de mercado",
    "Setor",
    "Indústria",
  ]) {
    await expect(page.getByTestId("statistics").getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId(javaScriptOn(project.name) ? "canvas-chart" : "svg-chart")).toBeVisible();
  await page.getByRole("link", { name: "1 ano" }).click();
  await expect(page).toHaveURL(/range=1y/);
});

test("unknown crypto ids and tickers get the 404 page", async ({ page }) => {
  for (const path of ["/cryptos/not-a-real-coin", "/stocks/ZZZZ9"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  }
});

test("news has category tabs and safe external links", async ({ page }, { project }) => {
  await page.goto("/news");
  await ready(page, project.name);
  const tabs = page.getByTestId("news-tabs");
  await expect(tabs.getByRole("link")).toHaveText(["Cripto", "Câmbio", "Geral", "Fusões", "Empresas"]);
  await expect(tabs.getByRole("link", { name: "Geral" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Cripto" }).click();
  await expect(page).toHaveURL(/category=crypto/);
  await expect(tabs.getByRole("link", { name: "Cripto" })).toHaveAttribute("aria-current", "page");
  const headline = page.getByTestId("news-list").locator("h2 a").first();
  await expect(headline).toHaveAttribute("target", "_blank");
  await expect(headline).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByTestId("news-list").locator("time").first()).toHaveAttribute("datetime", /^\d{4}-/);
});

test("market screens read in English with dollar and period formatting", async ({ page }) => {
  await page.goto("/cryptos?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cryptocurrencies");
  await expect(page.getByTestId("crypto-table").locator("tbody tr").first()).toContainText("$");
  await expect(page.getByTestId("demo-notice")).toContainText("Demonstration data");
  await page.goto("/stocks/PETR4?lng=en");
  await expect(page.getByTestId("statistics").getByText("Previous close")).toBeVisible();
  await expect(page.getByTestId("price")).toContainText("R$");
});

// axe reads the market screens in a11y-screens.spec.ts.
