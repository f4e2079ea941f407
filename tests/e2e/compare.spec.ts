import { expect, javaScriptOn, ready, test } from "./fixtures";

const results = (page: import("@playwright/test").Page) => page.getByTestId("compare-results").locator("tbody tr");

test("a shared comparison shows each series on the chart with its % change", async ({ page }, { project }) => {
  await page.goto("/compare?a=PETR4&a=bitcoin&a=ibov&a=cdi&a=ipca&range=1y");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparar ativos");
  const chart = page.getByTestId("compare-chart");
  if (javaScriptOn(project.name)) {
    // The interactive chart replaces the SVG, under the same name.
    const canvas = chart.getByTestId("compare-canvas");
    await expect(canvas.locator("canvas").first()).toBeVisible();
    await expect(canvas).toHaveAccessibleName(
      /^Variação percentual de PETR4, bitcoin, Ibovespa, CDI, IPCA desde \d{1,2} de \w+\. de \d{4}$/,
    );
    await expect(chart.locator("svg[role=img]")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /TradingView Lightweight Charts/ })).toBeVisible();
  } else {
    await expect(chart.locator("polyline")).toHaveCount(5);
    await expect(chart.getByRole("img")).toHaveAccessibleName(/^Variação percentual de PETR4, bitcoin, Ibovespa, CDI, IPCA desde/);
  }
  const legend = page.getByTestId("compare-legend").getByRole("listitem");
  await expect(legend).toHaveCount(5);
  await expect(legend.nth(0)).toContainText(/^PETR4\s.*\d,\d{2}%$/);
  await expect(legend.nth(1)).toContainText("bitcoin");
  await expect(legend.nth(2)).toContainText("Ibovespa");
  await expect(results(page)).toHaveCount(5);
  // A year of the CDI at about 15 % a.a.
  await expect(results(page).nth(3)).toContainText(/CDI.*\+1[3-5],\d{2}%/);
  await expect(results(page).nth(4).locator("th")).toContainText("IPCA");
  await expect(page.getByTestId("compare-errors")).toHaveCount(0);
});

test("with JavaScript, hovering the chart gives each series' % on that date", async ({ page }, { project }) => {
  test.skip(!javaScriptOn(project.name), "the interactive chart needs JavaScript; without it the legend has the range's result");
  await page.goto("/compare?lng=en&a=ibov&a=cdi&range=1y");
  await ready(page, project.name);
  const canvas = page.getByTestId("compare-canvas");
  await expect(canvas.locator("canvas").first()).toBeVisible();
  const legend = page.getByTestId("compare-legend").getByRole("listitem");
  await expect(legend).toHaveText([/^Ibovespa\s/, /^CDI\s/]);
  const cdiFinal = (await results(page).nth(1).locator("td").textContent()) ?? "";
  await expect(legend.nth(1)).toContainText(cdiFinal);

  const area = await canvas.boundingBox();
  await canvas.hover({ position: { x: (area?.width ?? 0) * 0.4, y: (area?.height ?? 0) * 0.5 } });
  const tooltip = page.getByTestId("compare-tooltip");
  await expect(tooltip).toHaveText(/^Change to \w{3} \d{1,2}, \d{4}$/);
  // The CDI only grows: part of the way through the year it has grown less than by its end.
  await expect(legend.nth(1)).toHaveText(/^CDI\s.*\+\d+\.\d{2}%$/);
  await expect(legend.nth(1)).not.toContainText(cdiFinal);
  await expect(legend.nth(0)).toHaveText(/^Ibovespa\s.*\d\.\d{2}%$/);

  await page.getByRole("heading", { level: 1 }).hover();
  await expect(tooltip).toHaveCount(0);
  await expect(legend.nth(1)).toContainText(cdiFinal);
});

test("an unknown or invalid asset is named without losing the others", async ({ page }, { project }) => {
  await page.goto("/compare?a=ibov&a=NOPE9&a=%3Cb%3E&a=cdi&range=3m");
  await ready(page, project.name);
  const errors = page.getByTestId("compare-errors");
  await expect(errors).toContainText("Não encontramos “NOPE9”");
  await expect(errors).toContainText("“<b>” não é um código válido");
  await expect(results(page)).toHaveCount(2);
  await expect(page.getByLabel("Período")).toHaveValue("3m");
});

test("the form builds the shareable URL, with or without JavaScript, in English", async ({ page }, { project }) => {
  await page.goto("/compare?lng=en");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare assets");
  // The first visit compares the benchmarks.
  await expect(results(page)).toHaveCount(5);
  await page.getByLabel("Asset 1", { exact: true }).fill("VALE3");
  await page.getByLabel("Asset 2", { exact: true }).fill("ethereum");
  for (const slot of [3, 4, 5, 6]) await page.getByLabel(`Asset ${slot}`, { exact: true }).fill("");
  await page.getByLabel("Period").selectOption("1m");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/compare\?a=VALE3&a=ethereum&a=&a=&a=&a=&range=1m$/);
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).nth(0)).toContainText("VALE3");
  await expect(results(page).nth(1)).toContainText("ethereum");
  await expect(page.getByRole("heading", { name: "Result · 1 month" })).toBeVisible();
});

test("compare is in the Tools menu's pages", async ({ page }, { project }) => {
  await page.goto("/more");
  await ready(page, project.name);
  await page.getByRole("link", { name: "Comparar ativos" }).first().click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparar ativos");
});
