import type { Page } from "@playwright/test";

import { expect, ready, test } from "./fixtures";

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

/** The statistics as label → value text. */
async function statistics(page: Page): Promise<Map<string, string>> {
  const stats = page.getByTestId("statistics");
  const labels = await stats.locator("dt").allInnerTexts();
  const values = await stats.locator("dd").allInnerTexts();
  return new Map(labels.map((label, i) => [label.trim(), values[i]!.replace(/\s+/g, " ").trim()]));
}

/** A number written in pt-BR (1.234,56) or en (1,234.56) notation. */
function amount(text: string, language: "pt-BR" | "en"): number {
  return Number(language === "en" ? text.replace(/,/g, "") : text.replace(/\./g, "").replace(",", "."));
}

const labels = {
  "pt-BR": {
    query: "",
    ath: "Máxima histórica",
    atl: "Mínima histórica",
    fdv: "Valor totalmente diluído",
    supplies: ["Oferta circulante", "Oferta total", "Oferta máxima"],
    changes: ["Variação (1h)", "Variação (7d)", "Variação (30d)", "Variação (1 ano)"],
    website: "Site oficial",
    explorer: "Explorador",
    current: "Preço atual:",
    columns: ["1h", "24h", "7d", "Últimos 7 dias"],
  },
  en: {
    query: "?lng=en",
    ath: "All-time high",
    atl: "All-time low",
    fdv: "Fully diluted valuation",
    supplies: ["Circulating supply", "Total supply", "Max supply"],
    changes: ["Change (1h)", "Change (7d)", "Change (30d)", "Change (1y)"],
    website: "Official website",
    explorer: "Explorer",
    current: "Current price:",
    columns: ["1h", "24h", "7d", "Last 7 days"],
  },
} as const;

for (const [language, text] of Object.entries(labels) as [keyof typeof labels, (typeof labels)[keyof typeof labels]][]) {
  test(`${language}: a coin's page shows its records, valuation, supplies, changes and links`, async ({ page }, { project }) => {
    await visit(page, project.name, `/cryptos/bitcoin${text.query}`);
    const stats = await statistics(page);
    const price = amount((await page.getByTestId("price").innerText()).match(/[\d.,]+/)![0], language);

    // The all-time high is at or above the price, the low at or below, each with its day and distance.
    const ath = stats.get(text.ath)!;
    const atl = stats.get(text.atl)!;
    expect(ath).toContain(text.current);
    expect(atl).toContain(text.current);
    expect(amount(ath.match(/[\d.,]+/)![0], language)).toBeGreaterThanOrEqual(price);
    expect(atl).toMatch(language === "en" ? /Jul 6, 2013/ : /6 de jul\.? de 2013/);
    expect(ath).toMatch(/[−-]\d|0,00%|0\.00%/);
    expect(atl).toMatch(/\+[\d.,]+%/);

    expect(stats.get(text.fdv)).toMatch(/\d/);
    const [circulating, total, max] = text.supplies.map((label) => stats.get(label)!);
    expect(circulating).toMatch(/^19[.,]955[.,]000$/);
    expect(total).toMatch(/^19[.,]955[.,]000$/);
    expect(max).toMatch(/^21[.,]000[.,]000$/);
    for (const label of text.changes) expect(stats.get(label), label).toMatch(/[+−-]?[\d.,]+\s?%$/);

    const statsRegion = page.getByTestId("statistics");
    const website = statsRegion.getByRole("link", { name: /bitcoin\.org/ });
    await expect(website).toHaveAttribute("href", "https://bitcoin.org");
    const explorer = statsRegion.getByRole("link", { name: /mempool\.space/ });
    await expect(explorer).toHaveAttribute("href", "https://mempool.space/");
    for (const link of [website, explorer]) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(stats.get(text.website)).toContain("bitcoin.org");
    expect(stats.get(text.explorer)).toContain("mempool.space");
  });

  test(`${language}: the crypto list has 1 h and 7 d changes and a 7-day sparkline a row`, async ({ page }, { project }) => {
    await visit(page, project.name, `/cryptos${text.query}`);
    const table = page.getByTestId("crypto-table");
    const headers = (await table.locator("thead th").allInnerTexts()).map((header) => header.trim());
    for (const column of text.columns)
      expect(
        headers.some((header) => header.startsWith(column)),
        column,
      ).toBe(true);
    const rows = table.locator("tbody tr");
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(12);
    const at = (name: string) => headers.findIndex((header) => header.startsWith(name));
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).locator("th, td");
      for (const column of ["1h", "7d"]) await expect(cells.nth(at(column))).toHaveText(/[+−-]?[\d.,]+\s?%$|^—$/);
      const sparkline = cells.nth(at(text.columns[3])).locator("svg.sparkline");
      await expect(sparkline).toHaveAttribute("aria-hidden", "true");
      await expect(sparkline.locator("path")).toHaveAttribute("d", /^M\d+ \d+L(\d+ \d+ ?){42}$/);
      // Coloured by the week's direction, which the 7-day column states (a rise under 0.005% reads "Up 0.00%", unsigned).
      const week = (await cells.nth(at("7d")).locator(".change").getAttribute("class")) ?? "";
      const direction = /change--(up|down|flat)/.exec(week)?.[1] ?? "flat";
      await expect(sparkline).toHaveClass(new RegExp(`sparkline--${direction}`));
    }
  });
}

test("on a phone the crypto list keeps name, price and 24 h change; the extra columns are hidden", async ({ page }, { project }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, project.name, "/cryptos?lng=en");
  const table = page.getByTestId("crypto-table");
  await expect(table.locator("svg.sparkline").first()).toBeHidden();
  await expect(table.getByRole("columnheader", { name: "Last 7 days" })).toBeHidden();
  await expect(table.getByRole("columnheader", { name: /^24h/ })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
