import type { Page } from "@playwright/test";

import { expect, javaScriptOn, ready, test } from "./fixtures";

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

/** The chart as the visitor's browser has it: the canvas with JavaScript, the server's SVG without. */
const chartOf = (page: Page, projectName: string) => page.getByTestId(javaScriptOn(projectName) ? "canvas-chart" : "svg-chart");

/** The chart's numbers as screen readers get them ("De … a …: mínimo …"), whichever renderer drew it. */
const summaryOf = (page: Page) => page.locator("#chart-heading ~ .price-chart figure:not([hidden]) figcaption");

/** Each range link's spoken name, its label and its URL value, in pt-BR. */
const ranges = [
  ["1 dia", "1D", "1d"],
  ["7 dias", "7D", "7d"],
  ["1 mês", "1M", "1m"],
  ["3 meses", "3M", "3m"],
  ["1 ano", "1A", "1y"],
  ["5 anos", "5A", "5y"],
  ["Máximo", "Máx", "max"],
] as const;

for (const path of ["/cryptos/bitcoin", "/stocks/PETR4"]) {
  test(`${path}: every range is a link that changes the chart`, async ({ page }, { project }) => {
    await visit(page, project.name, path);
    const group = page.getByRole("group", { name: "Período" });
    for (const [name, label] of ranges) await expect(group.getByRole("link", { name, exact: true })).toHaveText(label);
    // The spec's month (31 days for cryptos) is where both pages open.
    await expect(group.getByRole("link", { name: "1 mês" })).toHaveAttribute("aria-current", "true");
    await expect(chartOf(page, project.name)).toBeVisible();
    const month = await summaryOf(page).textContent();

    await group.getByRole("link", { name: "7 dias" }).click();
    await expect(page).toHaveURL(/[?&]range=7d/);
    await expect(group.getByRole("link", { name: "7 dias" })).toHaveAttribute("aria-current", "true");
    await expect(chartOf(page, project.name)).toBeVisible();
    // Hourly candles: their times of day are part of the dates.
    await expect(summaryOf(page)).toHaveText(/^De \d\d\/\d\d\/\d{4},? \d\d:\d\d a \d\d\/\d\d\/\d{4},? \d\d:\d\d:/);
    expect(await summaryOf(page).textContent()).not.toBe(month);

    await group.getByRole("link", { name: "Máximo" }).click();
    await expect(page).toHaveURL(/[?&]range=max/);
    // The demo's history starts on 1 January 2024: Max starts there, not at a flat rest before it.
    await expect(summaryOf(page)).toHaveText(/^De 1 de jan\. de 2024 a /);
  });
}

test("the range stays when the chart type changes, and old stock links still open", async ({ page }, { project }) => {
  await visit(page, project.name, "/stocks/PETR4?range=3mo");
  const group = page.getByRole("group", { name: "Período" });
  await expect(group.getByRole("link", { name: "3 meses" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("group", { name: "Tipo de gráfico" }).getByRole("link", { name: "Linha" }).click();
  await expect(page).toHaveURL(/range=3mo&chart=line|chart=line.*range=3mo/);
  await expect(group.getByRole("link", { name: "3 meses" })).toHaveAttribute("aria-current", "true");
});

test("with JavaScript: candlesticks, a volume histogram and a tooltip with the candle's numbers", async ({ page }, { project }) => {
  test.skip(!javaScriptOn(project.name), "the canvas chart needs JavaScript");
  for (const path of ["/cryptos/bitcoin", "/stocks/PETR4?range=1y"]) {
    await visit(page, project.name, path);
    await page.getByRole("group", { name: "Tipo de gráfico" }).getByRole("link", { name: "Velas" }).click();
    await expect(page).toHaveURL(/chart=candles/);
    const chart = page.getByTestId("canvas-chart");
    await expect(chart.locator("canvas").first()).toBeVisible();
    await expect(chart).toHaveAttribute("data-volume-bars", /^[1-9]\d*$/);
    const area = await chart.boundingBox();
    await chart.hover({ position: { x: (area?.width ?? 0) * 0.5, y: (area?.height ?? 0) * 0.4 } });
    const tooltip = page.getByTestId("chart-tooltip");
    await expect(tooltip).toBeVisible();
    const money = String.raw`R\$\s[\d.]+,\d\d`;
    await expect(tooltip).toHaveText(
      new RegExp(`^\\d{1,2} de \\w+\\. de \\d{4}Abertura${money}Máxima${money}Mínima${money}Fechamento${money}Volume`),
    );
    await expect(tooltip.locator("dd").last()).toHaveText(/\d/);
  }
});

test("without JavaScript, candlesticks read as the closing line", async ({ page }, { project }) => {
  test.skip(javaScriptOn(project.name), "the SVG is what browsers without JavaScript keep");
  await visit(page, project.name, "/cryptos/bitcoin?chart=candles&range=1y");
  await expect(page.getByTestId("svg-chart").locator("polyline")).toHaveCount(1);
  await expect(page.getByRole("group", { name: "Tipo de gráfico" }).getByRole("link", { name: "Velas" })).toHaveAttribute(
    "aria-current",
    "true",
  );
});
