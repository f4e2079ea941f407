/**
 * Issue 19: the screener filters listed assets by type and indicator ranges, sorts by any column,
 * keeps its state in the URL and exports the same rows as CSV — with JavaScript on and off.
 */
import type { Page } from "@playwright/test";

import { expect, ready, test } from "./fixtures";

const table = (page: Page) => page.getByTestId("screener-table");
const rows = (page: Page) => table(page).locator("tbody tr");

/** A column's cells as numbers (pt-BR "12,34%" or "—"). */
async function columnNumbers(page: Page, column: string): Promise<(number | null)[]> {
  const texts = await table(page).locator(`tbody td[data-column="${column}"]`).allInnerTexts();
  return texts.map((text) => (text.trim() === "—" ? null : Number(text.replace(/[^\d,-]/g, "").replace(",", "."))));
}

test("FIIs with a yield of at least 10% are all that is listed, and the URL keeps the filter", async ({ page }, { project }) => {
  await page.goto("/screener");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Filtro de ações");
  await page.getByLabel("Tipo", { exact: true }).selectOption("fund");
  await page.locator("summary", { hasText: "Indicadores" }).click();
  await page.getByTestId("range-dyMin").fill("10");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/type=fund/);
  await expect(page).toHaveURL(/dyMin=10/);
  await expect(rows(page).first()).toBeVisible();
  // With JavaScript the rows are replaced when the new data has arrived: wait for them.
  await expect.poll(async () => [...new Set(await table(page).locator("tbody td:nth-child(2)").allInnerTexts())]).toEqual(["Fundo"]);
  for (const dy of await columnNumbers(page, "dy")) expect(dy).toBeGreaterThanOrEqual(10);

  // The URL is the state: opened afresh, it shows the same filter and the same rows.
  const shown = await rows(page).locator("th .asset-link__name").allInnerTexts();
  await page.goto(page.url());
  await ready(page, project.name);
  await expect(page.getByLabel("Tipo", { exact: true })).toHaveValue("fund");
  await expect(page.getByTestId("range-dyMin")).toHaveValue("10");
  await expect(rows(page).locator("th .asset-link__name")).toHaveText(shown);
});

test("sorting by P/L through its header link orders the rows, unknown values last", async ({ page }, { project }) => {
  await page.goto("/screener?type=stock&market=b3&perPage=48");
  await ready(page, project.name);
  await table(page).getByRole("link", { name: "P/L" }).click();
  await expect(page).toHaveURL(/sort=pe&order=desc/);
  await expect(table(page).locator('th[aria-sort="descending"]')).toContainText("P/L");
  const descending = await columnNumbers(page, "pe");
  const known = descending.filter((value): value is number => value !== null);
  expect(known.length).toBeGreaterThan(5);
  expect(known).toEqual([...known].sort((a, b) => b - a));
  expect(descending.slice(known.length).every((value) => value === null)).toBe(true);

  await table(page).getByRole("link", { name: "P/L" }).click();
  await expect(page).toHaveURL(/sort=pe&order=asc/);
  await expect(table(page).locator('th[aria-sort="ascending"]')).toContainText("P/L");
  const ascending = (await columnNumbers(page, "pe")).filter((value): value is number => value !== null);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
});

test("the CSV download holds the same rows as the page, in the same order", async ({ page }, { project }) => {
  await page.goto("/screener?type=fund&dyMin=10&sort=dy&order=desc&perPage=96");
  await ready(page, project.name);
  const shown = await rows(page).locator("th .asset-link__name").allInnerTexts();
  expect(shown.length).toBeGreaterThan(0);
  const link = page.getByTestId("screener-csv");
  await expect(link).toHaveAttribute("href", "/screener.csv?type=fund&dyMin=10&sort=dy&order=desc");
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("screener.csv");
  const { readFile } = await import("node:fs/promises");
  const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(lines[0]).toBe(
    "ticker,name,type,sector,currency,price,change_percent,pe,pb,dividend_yield_12m,roe,avg_daily_liquidity,market_value",
  );
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(shown);
  for (const line of lines.slice(1)) expect(line).toMatch(/,fund,/);
});

test("a bound that is no number shows a translated error beside it; the other filters still apply", async ({ page }, { project }) => {
  await page.goto("/screener?type=fund&dyMin=abc&lng=en");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stock screener");
  await expect(page.getByTestId("screener-errors")).toHaveText("Some filters were not applied: correct the marked fields.");
  const field = page.getByTestId("range-dyMin");
  await expect(field).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a number, such as 10 or 10.5.")).toBeVisible();
  for (const type of await table(page).locator("tbody td:nth-child(2)").allInnerTexts()) expect(type).toBe("Fund");

  await page.goto("/screener?pbMin=3&pbMax=1&lng=pt-BR");
  await expect(page.getByText("O máximo deve ser maior ou igual ao mínimo.")).toBeVisible();
});

test("the Markets and Tools menus and the tools page link to the screener", async ({ page }, { project }) => {
  await page.goto("/");
  await ready(page, project.name);
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await nav.locator("summary", { hasText: "Mercados" }).click();
  await expect(nav.getByRole("link", { name: "Filtro de ações" }).first()).toHaveAttribute("href", "/screener");
  await nav.locator("summary", { hasText: "Ferramentas" }).click();
  await expect(nav.getByRole("link", { name: "Filtro de ações" }).last()).toHaveAttribute("href", "/screener");
  await page.goto("/more?lng=es");
  await page.getByRole("link", { name: /Filtro de acciones/ }).click();
  await expect(page).toHaveURL(/\/screener$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Filtro de acciones");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("rows show the asset, its price and day change, and the sorted column, without scrolling sideways", async ({ page }, {
    project,
  }) => {
    await page.goto("/screener?sort=dy&order=desc");
    await ready(page, project.name);
    const first = rows(page).first();
    for (const cell of [first.locator(".asset-link__name"), first.locator('[data-column="price"]'), first.locator('[data-column="dy"]')]) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect(first.locator('[data-column="pe"]')).toBeHidden();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBe(0);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the title lines up with the breadcrumb, as on the other pages, and the whole table shows", async ({ page }, { project }) => {
    const start = async (path: string) => {
      await page.goto(path);
      await ready(page, project.name);
      return {
        breadcrumb: (await page.locator(".breadcrumb a").first().boundingBox())!.x,
        title: (await page.getByRole("heading", { level: 1 }).boundingBox())!.x,
      };
    };
    const screener = await start("/screener");
    expect(screener.title).toBe(screener.breadcrumb);
    expect(screener).toEqual(await start("/stocks"));
    // Sorted by market value by default: its column (the last) fits without scrolling the table.
    await page.goto("/screener");
    const frame = (await table(page).locator("xpath=..").boundingBox())!;
    const last = (await rows(page).first().locator('[data-column="marketValue"]').boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(frame.x + frame.width);
  });
});
