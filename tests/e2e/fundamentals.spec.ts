import type { Page } from "@playwright/test";

import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";

/** The value shown under the figure labelled exactly `label`. */
const figure = (page: Page, label: string) =>
  page
    .getByTestId("fundamentals")
    .locator(".stat-card")
    .filter({ has: page.getByRole("button", { name: label, exact: true }) })
    .locator("dd");

test("a company's fundamentals, each explained on hover and keyboard focus, and in a glossary", async ({ page }, { project }) => {
  // axe over a long page on a shared machine.
  test.setTimeout(90_000);
  await page.goto("/stocks/PETR4");
  await ready(page, project.name);
  const panel = page.getByTestId("fundamentals-section");
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Indicadores fundamentalistas");
  await expect(page.getByTestId("fundamentals-illustrative")).toHaveText("Os números dos dados de demonstração são ilustrativos.");
  const grid = page.getByTestId("fundamentals");
  for (const label of [
    "P/L",
    "P/VP",
    "DY (12 meses)",
    "ROE",
    "ROIC",
    "Margem líquida",
    "Dív. líquida/EBITDA",
    "LPA",
    "VPA",
    "Valor de mercado",
  ]) {
    await expect(grid.getByRole("button", { name: label, exact: true })).toBeVisible();
  }
  await expect(figure(page, "Liquidez média diária")).toHaveText(/^R\$\s*[\d,]+\s*(mi|bi)$/);
  const priceToEarnings = grid.getByRole("button", { name: "P/L", exact: true });
  await expect(priceToEarnings).toHaveAccessibleDescription(/^Preço\/lucro: quantos anos de lucro/);

  if (javaScriptOn(project.name)) {
    // Keyboard focus (not a click) opens the kit's tooltip with the explanation.
    await priceToEarnings.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(priceToEarnings).toBeFocused();
    await expect(page.getByTestId("tooltip")).toHaveText(/^Preço\/lucro: quantos anos de lucro/);
  }
  const glossary = page.getByTestId("fundamentals-glossary");
  await glossary.getByText("O que significa cada indicador").click();
  await expect(glossary.getByText(/^Quantos anos de geração de caixa operacional pagariam a dívida líquida/)).toBeVisible();
  // axe runs as a script in the page.
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);
});

test("payouts: type, amount, record and payment dates, the latest year and then all by a link", async ({ page }, { project }) => {
  await page.goto("/stocks/HGLG11");
  await ready(page, project.name);
  const table = page.getByTestId("payouts-table");
  await expect(table.getByRole("columnheader")).toHaveText(["Tipo", "Valor por cota ou ação", "Data com", "Data de pagamento", "Situação"]);
  await expect(table.locator("tbody tr")).toHaveCount(12);
  await expect(table.locator("tbody tr").first().getByRole("cell").first()).toHaveText("Rendimento");
  await expect(table.locator("tbody tr").first().getByRole("cell").nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByTestId("payout-yields")).toContainText("DY (12 meses)");
  await page.getByTestId("payouts-toggle").click();
  await expect(page).toHaveURL(/proventos=all/);
  await expect(page.getByTestId("payouts-toggle")).toHaveText("Mostrar só os mais recentes");
  expect(await table.locator("tbody tr").count()).toBeGreaterThan(60);
});

test("a FII shows its own figures and no company's; the funds' list is titled FIIs", async ({ page }, { project }) => {
  test.setTimeout(90_000);
  await page.goto("/stocks/HGLG11");
  await ready(page, project.name);
  const grid = page.getByTestId("fundamentals");
  await expect(page.getByTestId("fundamentals-section").getByRole("heading", { level: 2 })).toHaveText("Indicadores do fundo");
  await expect(figure(page, "Segmento")).toHaveText("Tijolo");
  await expect(figure(page, "Subsegmento")).toHaveText("FII de Galpões Logísticos");
  for (const label of [
    "DY (12 meses)",
    "Último rendimento",
    "P/VP",
    "Valor patrimonial por cota",
    "Patrimônio líquido",
    "Número de cotistas",
  ]) {
    await expect(grid.getByRole("button", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("payout-bars").getByRole("img")).toHaveAccessibleName("Rendimentos por cota nos últimos 12 meses");
  const labels = await page.locator("main dt").allInnerTexts();
  expect(labels.length).toBeGreaterThan(10);
  for (const companyOnly of ["Indústria", "Setor", "P/L", "ROE", "ROIC", "LPA"]) expect(labels).not.toContain(companyOnly);
  // axe runs as a script in the page.
  if (javaScriptOn(project.name)) await expectNoSeriousA11yViolations(page);

  await page.goto("/stocks?type=fund");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("FIIs");
  await expect(page).toHaveTitle(/^FIIs/);
});

test("an ETF shows its index and a BDR its foreign share and ratio, in two languages", async ({ page }, { project }) => {
  await page.goto("/stocks/BOVA11");
  await ready(page, project.name);
  await expect(figure(page, "Índice de referência")).toHaveText("Ibovespa");

  await page.goto("/stocks/AAPL34");
  await ready(page, project.name);
  await expect(page.getByTestId("bdr-ratio")).toHaveText(/^\d+ BDRs = 1 ação AAPL$/);
  await page.getByTestId("fundamentals").getByRole("link", { name: "AAPL", exact: true }).click();
  await expect(page).toHaveURL(/\/stocks\/AAPL$/);

  await page.goto("/stocks/AAPL34?lng=en");
  await ready(page, project.name);
  await expect(page.getByTestId("bdr-ratio")).toHaveText(/^\d+ BDRs = 1 AAPL share$/);
  await expect(page.getByTestId("fundamentals").getByRole("button", { name: "P/E", exact: true })).toHaveAccessibleDescription(
    /^Price to earnings/,
  );
  await expect(page.getByTestId("payouts-table").getByRole("columnheader")).toHaveText([
    "Type",
    "Amount per share",
    "Record date",
    "Payment date",
    "Status",
  ]);
});

test("around the asset: related news and upcoming events linking to the calendar", async ({ page }, { project }) => {
  await page.goto("/stocks/PETR4");
  await ready(page, project.name);
  const news = page.getByTestId("related-news");
  await expect(news.getByRole("heading", { level: 2 })).toHaveText("Notícias relacionadas");
  await expect(news.getByRole("link", { name: /Petrobras anuncia dividendos/ })).toHaveAttribute("target", "_blank");
  const events = page.getByTestId("upcoming-events");
  await expect(events.getByRole("heading", { level: 2 })).toHaveText("Próximos eventos");
  const first = events.locator("li a").first();
  await expect(first).toHaveAttribute("href", /^\/calendar\?month=\d{4}-\d{2}$/);
  await expect(events.locator("li", { hasText: /Copom|IPCA/ }).first()).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/calendar\?month=/);
  await expect(page.getByTestId("calendar-title")).toBeVisible();
});

test("a crypto page shows the headlines naming the coin and the US economic dates that move it", async ({ page }, { project }) => {
  await page.goto("/cryptos/bitcoin?lng=en");
  await ready(page, project.name);
  const news = page.getByTestId("related-news");
  await expect(news.getByRole("heading", { level: 2 })).toHaveText("Related news");
  await expect(news.getByRole("link", { name: /What the Bitcoin halving changes for investors/ })).toHaveAttribute("target", "_blank");
  await expect(news.getByRole("link", { name: "All news" })).toHaveAttribute("href", "/news?category=crypto");
  const events = page.getByTestId("upcoming-events");
  await expect(events.getByRole("heading", { level: 2 })).toHaveText("Upcoming events");
  await expect(events.locator("li", { hasText: /FOMC|US CPI/ }).first()).toBeVisible();
  await expect(events.locator("li", { hasText: /Copom/ })).toHaveCount(0);
});
