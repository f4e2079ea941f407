import type { Page } from "@playwright/test";

import { expect, javaScriptOn, ready, test } from "./fixtures";

const detailPages = [
  { path: "/cryptos/bitcoin", star: "star-crypto-bitcoin" },
  { path: "/stocks/PETR4", star: "star-stock-PETR4" },
];

/** Labels that only repeated the header or the URL. */
const fillerLabels = ["Símbolo", "ID", "Moeda", "Tipo"];

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

/** Whether `step` is 1, 2, 2.5 or 5 times a power of ten. */
function isRoundStep(step: number): boolean {
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5, 10].some((multiple) => Math.abs(mantissa - multiple) < 1e-9);
}

for (const { path, star } of detailPages) {
  test(`${path}: the star is in the asset header and sends a visitor to sign in`, async ({ page }, { project }) => {
    await visit(page, project.name, path);
    const header = page.getByTestId("asset-header");
    await expect(header.getByRole("heading", { level: 1 })).toBeVisible();
    const button = header.getByTestId(star);
    await expect(button).toBeVisible();
    // Level with the name, not on a line of its own under it.
    const [heading, starBox] = await Promise.all([header.getByRole("heading", { level: 1 }).boundingBox(), button.boundingBox()]);
    expect(starBox && heading && starBox.y < heading.y + heading.height).toBe(true);
    await button.click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(path);
  });

  test(`${path}: the statistics have no filler`, async ({ page }, { project }) => {
    await visit(page, project.name, path);
    const labels = await page.getByTestId("statistics").locator("dt").allInnerTexts();
    expect(labels.length).toBeGreaterThan(6);
    for (const filler of fillerLabels) expect(labels).not.toContain(filler);
    for (const value of await page.getByTestId("statistics").locator("dd").allInnerTexts()) expect(value).not.toMatch(/^(BRL|bitcoin)$/);
  });
}

test("a stock's type and currency are tags in its header; a coin's API id is under its description", async ({ page }, { project }) => {
  await visit(page, project.name, "/stocks/PETR4");
  await expect(page.getByTestId("asset-header").getByTestId("asset-tag")).toHaveText(["Tipo: Ação", "Moeda: BRL"]);
  await visit(page, project.name, "/cryptos/bitcoin?lng=en");
  await expect(page.getByTestId("api-id")).toHaveText("API ID: bitcoin");
});

test("without JavaScript, the SVG chart's gridlines are round numbers, written without needless cents", async ({ page }, { project }) => {
  test.skip(javaScriptOn(project.name), "the SVG is what browsers without JavaScript keep");
  for (const path of ["/cryptos/bitcoin", "/stocks/PETR4", "/cryptos/bitcoin?series=marketCap", "/stocks/PETR4?range=1y&lng=en"]) {
    await page.goto(path);
    const ticks = page.getByTestId("svg-chart").locator(".svg-chart__tick");
    const values = (await ticks.evaluateAll((spans) => spans.map((span) => span.getAttribute("data-value")))).map(Number);
    expect(values.length, path).toBeGreaterThanOrEqual(3);
    const step = (values[1] ?? 0) - (values[0] ?? 0);
    expect(isRoundStep(step), `${path}: step ${step}`).toBe(true);
    for (const value of values) expect(Math.abs(value / step - Math.round(value / step)), `${path}: ${value}`).toBeLessThan(1e-6);
    // Round ticks on prices above 1 need no cents: "R$ 480 mil", "R$ 36", never "R$ 94.501,27".
    for (const label of await ticks.allInnerTexts()) expect(label, path).not.toMatch(/[.,]\d\d(?!\d)(\s|$)/);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the canvas chart's price axis is narrow and the tooltip gives the full price", async ({ page }, { project }) => {
    test.skip(!javaScriptOn(project.name), "the canvas chart needs JavaScript");
    for (const path of ["/cryptos/bitcoin", "/stocks/PETR4"]) {
      await visit(page, project.name, path);
      const box = page.getByTestId("canvas-chart");
      await expect(box.locator("canvas").first()).toBeVisible();
      const { axis, chart } = await box.evaluate((element) => ({
        axis: element.querySelector("table tr td:last-child")?.getBoundingClientRect().width ?? Infinity,
        chart: element.getBoundingClientRect().width,
      }));
      expect(axis / chart, `${path}: axis ${axis}px of ${chart}px`).toBeLessThan(0.2);

      const tooltip = page.getByTestId("chart-tooltip");
      await expect(tooltip).toBeHidden();
      const area = await box.boundingBox();
      await box.hover({ position: { x: (area?.width ?? 0) * 0.4, y: (area?.height ?? 0) * 0.4 } });
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toHaveText(/^\d{1,2} de \w+\. de \d{4}: R\$\s[\d.]+,\d\d$/);
    }
  });
});
