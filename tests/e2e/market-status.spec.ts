import { readFileSync } from "node:fs";

import type { Page } from "@playwright/test";

import { type Exchange, holidayKey, isMarketOpen } from "../../app/market/market-hours";
import { expect, javaScriptOn, ready, test } from "./fixtures";

/** The embedded calendar's holidays, read as the file (Playwright's loader cannot import JSON modules). */
const calendar = JSON.parse(readFileSync("app/market/data/calendar.json", "utf8")) as {
  events: { kind: string; market: string; date: string }[];
};
const holidays = new Set(
  calendar.events.flatMap(({ kind, market, date }) =>
    kind === "holiday" && (market === "B3" || market === "US") ? [holidayKey(market, date)] : [],
  ),
);

const states = {
  "pt-BR": { open: "Mercado aberto", closed: "Mercado fechado" },
  en: { open: "Market open", closed: "Market closed" },
};

const badgeOf = (page: Page, exchange: Exchange) => page.locator(`[data-testid="market-status"][data-exchange="${exchange}"]`);

/**
 * The page's server runs on the real clock, so the expected state is worked out here with the
 * same function at the same moment; either side of an open or a close is accepted.
 */
async function expectState(page: Page, exchange: Exchange, language: keyof typeof states, before: number) {
  const text = await badgeOf(page, exchange).getByTestId("market-status-state").innerText();
  const expected = [before, Date.now()].map((at) => states[language][isMarketOpen(exchange, at, holidays) ? "open" : "closed"]);
  expect(expected, `${exchange}: "${text}"`).toContain(text);
}

async function visit(page: Page, projectName: string, path: string) {
  await page.goto(path);
  await ready(page, projectName);
}

for (const { path, exchange } of [
  { path: "/stocks/PETR4", exchange: "B3" },
  { path: "/stocks/AAPL", exchange: "US" },
  { path: "/stocks/AAPL34", exchange: "B3" },
] as const) {
  test(`${path}: the header says whether ${exchange} is trading, and until when`, async ({ page }, { project }) => {
    const before = Date.now();
    await visit(page, project.name, path);
    const header = page.getByTestId("asset-header");
    await expect(header.getByTestId("market-status")).toHaveCount(1);
    await expectState(page, exchange, "pt-BR", before);
    const change = badgeOf(page, exchange).locator("time");
    await expect(change).toHaveText(/^(Fecha às|Abre) .*\d{1,2}:\d{2}/);
    // The server does not know the visitor's zone: it names Brasília's; the browser writes its own.
    if (javaScriptOn(project.name)) await expect(change).not.toContainText(/BRT|UTC|GMT/);
    else await expect(change).toContainText("BRT");
  });
}

test("/stocks shows the status of the exchanges its rows trade on", async ({ page }, { project }) => {
  let before = Date.now();
  await visit(page, project.name, "/stocks");
  await expect(page.getByTestId("market-status")).toHaveCount(1);
  await expectState(page, "B3", "pt-BR", before);
  await expect(page.getByRole("list", { name: "Situação dos mercados" })).toBeVisible();

  before = Date.now();
  await visit(page, project.name, "/stocks?market=all&lng=en");
  await expect(page.getByTestId("market-status")).toHaveCount(2);
  await expectState(page, "B3", "en", before);
  await expectState(page, "US", "en", before);

  // No rows: the filter says which market.
  await visit(page, project.name, "/stocks?market=us&q=zzzzzz");
  await expect(page.getByTestId("stocks-empty")).toBeVisible();
  await expect(page.getByTestId("market-status")).toHaveCount(1);
  await expect(badgeOf(page, "US")).toBeVisible();
});

test.describe("a page left open", () => {
  test.use({ timezoneId: "America/Sao_Paulo" });

  test("flips to open when B3 opens, without a reload", async ({ page }, { project }) => {
    test.skip(!javaScriptOn(project.name), "without JavaScript the page is right when rendered");
    // A Monday in January, one minute before 10:00 in Brasília.
    await page.clock.install({ time: new Date("2026-01-05T12:59:00Z") });
    await visit(page, project.name, "/stocks/PETR4");
    const badge = badgeOf(page, "B3");
    await expect(badge.getByTestId("market-status-state")).toHaveText("Mercado fechado");
    await expect(badge.locator("time")).toHaveText("Abre às 10:00");
    await page.clock.fastForward("01:00");
    await expect(badge.getByTestId("market-status-state")).toHaveText("Mercado aberto");
    await expect(badge.locator("time")).toHaveText("Fecha às 18:00");
    await expect(badge).toHaveAttribute("data-open", "true");
  });
});
