import { expect, ready, test } from "./fixtures";

const results = (page: import("@playwright/test").Page) => page.getByTestId("compare-results").locator("tbody tr");

test("a shared comparison shows each series on the chart with its % change", async ({ page }, { project }) => {
  await page.goto("/compare?a=PETR4&a=bitcoin&a=ibov&a=cdi&a=ipca&range=1y");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparar ativos");
  await expect(page.getByTestId("compare-chart").locator("polyline")).toHaveCount(5);
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
