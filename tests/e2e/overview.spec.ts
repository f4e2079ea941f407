import { expect, ready, test } from "./fixtures";

test("the home overview shows the indices, currencies, rates, the crypto market, the sessions, a heat map and headlines", async ({ page }, {
  project,
}) => {
  await page.goto(`/?visit=${Math.random()}`);
  await ready(page, project.name);
  const overview = page.getByRole("region", { name: "Panorama do mercado" });
  await expect(overview).toBeVisible();
  // Figures in pt-BR: points with a dot for thousands, reais with a comma, rates as "15,00%".
  for (const [id, label, value] of [
    ["ibov", "Ibovespa", /^\d{3}\.\d{3}$/],
    ["ifix", "IFIX", /^\d\.\d{3}$/],
    ["spx", "S&P 500", /^\d\.\d{3}$/],
    ["ixic", "Nasdaq", /^\d{2}\.\d{3}$/],
    ["usdbrl", "Dólar (USD/BRL)", /^R\$\s\d,\d{2}$/],
    ["eurbrl", "Euro (EUR/BRL)", /^R\$\s\d,\d{2}$/],
    ["selic", "Selic (meta)", /^15,00%$/],
    ["cdi", "CDI", /^14,90%$/],
    ["ipca", "IPCA (12 meses)", /^\d{1,2},\d{2}%$/],
    ["crypto-cap", "Cripto: valor de mercado", /^US\$\s[\d,]+\s(tri|bi)$/],
    ["btc-dominance", "Dominância do Bitcoin", /^\d{2},\d{2}%$/],
  ] as const) {
    const figure = page.getByTestId(`overview-${id}`);
    await expect(figure.locator("dt")).toHaveText(label);
    await expect(figure.locator(".overview__number")).toHaveText(value);
  }
  // Each index says its day change with a sign.
  for (const id of ["ibov", "ifix", "spx", "ixic"]) {
    await expect(page.getByTestId(`overview-${id}`).locator(".change")).toContainText(/[+−-]?\d+,\d{2}%|0,00%/);
  }
  await expect(overview.getByTestId("market-status")).toHaveCount(2);

  const tiles = page.getByTestId("heat-map").getByRole("link");
  await expect(tiles).toHaveCount(24);
  // The largest name first, each tile naming its ticker and change in text.
  await expect(tiles.first()).toContainText(/^PETR4.*[+−-]?\d+,\d{2}%$/);
  await tiles.first().click();
  await expect(page).toHaveURL(/\/stocks\/PETR4$/);
  await page.goBack();

  const headlines = page.getByTestId("headlines").getByRole("link");
  await expect(headlines).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Ver todas as notícias" })).toHaveAttribute("href", "/news");
});

test("the overview reads in English with English numbers", async ({ page }, { project }) => {
  await page.goto(`/?lng=en&visit=${Math.random()}`);
  await ready(page, project.name);
  await expect(page.getByRole("region", { name: "Market overview" })).toBeVisible();
  await expect(page.getByTestId("overview-selic")).toContainText("Selic (target)15.00%p.a.");
  await expect(page.getByTestId("overview-usdbrl").locator(".overview__number")).toHaveText(/^R\$\d\.\d{2}$/);
  await expect(page.getByTestId("overview-ibov").locator(".overview__number")).toHaveText(/^\d{3},\d{3}$/);
  await expect(page.getByRole("heading", { name: "B3 heat map" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest headlines" })).toBeVisible();
});

test("the overview fits a phone without sideways scrolling", async ({ page }, { project }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?visit=${Math.random()}`);
  await ready(page, project.name);
  await expect(page.getByTestId("overview-ibov")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
