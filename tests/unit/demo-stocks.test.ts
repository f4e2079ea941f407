import { describe, expect, it } from "vitest";

import { DAY_MS, HOUR_MS } from "~/lib/time";
import { createDemoProviders } from "~/market/demo";
import { inReais } from "~/market/in-reais";
import type { OhlcPoint, StockListItem, StockSortField } from "~/market/types";

/** Wednesday 2026-11-18 15:07:30 UTC: both B3 and the US are in session. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const at = (ms: number) => createDemoProviders(() => ms).stocks;

function expectConsistent(candles: OhlcPoint[]) {
  for (const candle of candles) {
    expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
    expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
  }
  const times = candles.map(({ time }) => time);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(candles.every(({ time }) => ![0, 6].includes(new Date(time * 1000).getUTCDay()))).toBe(true);
}

describe("demo stocks: list", () => {
  it("pages and counts the whole dataset", async () => {
    const stocks = at(NOW);
    const first = await stocks.list({ page: 1, limit: 12 });
    const second = await stocks.list({ page: 2, limit: 12 });
    expect(first).toMatchObject({ total: 233, page: 1, limit: 12 });
    expect(first.items).toHaveLength(12);
    expect(second.items[0]?.ticker).not.toBe(first.items[0]?.ticker);
    expect(first.items.every((item) => item.logo === null)).toBe(true);
  });

  it("searches ticker or name, ignoring case and accents", async () => {
    const stocks = at(NOW);
    const tickers = (await stocks.list({ search: "petro", page: 1, limit: 50 })).items.map((item) => item.ticker);
    expect(tickers).toEqual(expect.arrayContaining(["PETR3", "PETR4"]));
    const itau = (await stocks.list({ search: "ITAU", page: 1, limit: 50 })).items.map((item) => item.ticker);
    expect(itau).toEqual(expect.arrayContaining(["ITUB4", "ITSA4"]));
    expect((await stocks.list({ search: "vale3", page: 1, limit: 5 })).items.map((item) => item.ticker)).toEqual(["VALE3"]);
  });

  it("filters by type and sector and lists the sectors of that type", async () => {
    const stocks = at(NOW);
    const funds = await stocks.list({ type: "fund", page: 1, limit: 100 });
    expect(funds.total).toBe(33);
    expect(funds.items.every((item) => item.type === "fund")).toBe(true);
    expect(funds.sectors).toEqual(["funds", "real-estate"]);
    const energy = await stocks.list({ type: "stock", sector: "energy", page: 1, limit: 100 });
    expect(energy.total).toBeGreaterThan(0);
    expect(energy.items.every((item) => item.sector === "energy" && item.type === "stock")).toBe(true);
    const everything = await stocks.list({ page: 1, limit: 1 });
    expect(everything.sectors).toEqual([...everything.sectors].sort());
    expect(everything.sectors).toContain("information-technology");
  });

  it.each([
    ["close", "price", true],
    ["change", "changePercent", false],
    ["volume", "volume", false],
    ["market_cap_basic", "marketCap", true],
  ] as const)("sorts by %s", async (sortBy: StockSortField, field, isMoney) => {
    const stocks = at(NOW);
    const { rates } = await createDemoProviders(() => NOW).rates.latest();
    // Money is compared in one currency: a US$ price is worth about five times the same number in R$.
    const value = (item: StockListItem) => (isMoney ? inReais(item[field]!, item.currency, rates) : item[field]!);
    const descending = (await stocks.list({ sortBy, page: 1, limit: 300 })).items.map(value);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const ascending = (await stocks.list({ sortBy, sortOrder: "asc", page: 1, limit: 300 })).items.map(value);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  });

  it("ranks a US$ price by its value in reais, above R$ prices of a bigger number", async () => {
    const { items } = await at(NOW).list({ sortBy: "close", page: 1, limit: 300 });
    const { rates } = await createDemoProviders(() => NOW).rates.latest();
    const priciest = items[0]!;
    expect(priciest.currency).toBe("USD");
    expect(inReais(priciest.price!, "USD", rates)).toBeGreaterThan(5 * priciest.price!);
    // INTC at about US$ 36 (some R$ 190) is worth more than SBSP3 at about R$ 125.
    const tickers = items.map(({ ticker }) => ticker);
    expect(tickers.indexOf("INTC")).toBeLessThan(tickers.indexOf("SBSP3"));
    const firstInReais = items.findIndex((item) => item.currency === "BRL");
    expect(items.slice(0, firstInReais).every((item) => inReais(item.price!, "USD", rates) >= items[firstInReais]!.price!)).toBe(true);
  });

  it("filters by home market: B3 issuers, or US companies with their BDRs", async () => {
    const stocks = at(NOW);
    const b3 = await stocks.list({ market: "b3", sortBy: "market_cap_basic", page: 1, limit: 300 });
    // The big Brazilian names lead, not BDRs of US giants.
    expect(b3.items.slice(0, 6).map(({ ticker }) => ticker)).toEqual(expect.arrayContaining(["PETR4", "ITUB4", "VALE3"]));
    expect(b3.items.every((item) => item.type !== "bdr" && item.currency === "BRL")).toBe(true);
    const us = await stocks.list({ market: "us", page: 1, limit: 300 });
    expect(us.items.map(({ ticker }) => ticker)).toEqual(expect.arrayContaining(["AAPL", "AAPL34", "NVDA"]));
    expect(us.items.some((item) => item.ticker === "PETR4")).toBe(false);
    expect(b3.total + us.total).toBe((await stocks.list({ page: 1, limit: 1 })).total);
  });

  it("sorts by name", async () => {
    const names = (await at(NOW).list({ sortBy: "name", sortOrder: "asc", page: 1, limit: 300 })).items.map((item) => item.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true }).compare));
  });
});

describe("demo stocks: detail", () => {
  it("finds tickers case-insensitively and returns null for unknown ones", async () => {
    const stocks = at(NOW);
    expect((await stocks.detail("petr4", { range: "1mo", language: "en" }))?.ticker).toBe("PETR4");
    expect(await stocks.detail("NOPE3", { range: "1mo", language: "en" })).toBeNull();
  });

  it("has a year of trading-day candles ending at the current price", async () => {
    const detail = (await at(NOW).detail("PETR4", { range: "1y", language: "pt-BR" }))!;
    expect(detail.history.length).toBeGreaterThanOrEqual(250);
    expect(detail.history.length).toBeLessThanOrEqual(263);
    expectConsistent(detail.history);
    const today = detail.history.at(-1)!;
    expect(today.close).toBe(detail.price);
    expect(today).toMatchObject({ open: detail.open, high: detail.high, low: detail.low });
    expect(detail.changePercent).toBeCloseTo((detail.price! / detail.previousClose! - 1) * 100, 10);
    expect(detail.fiftyTwoWeekHigh).toBe(Math.max(...detail.history.map(({ high }) => high)));
    expect(detail.fiftyTwoWeekLow).toBe(Math.min(...detail.history.map(({ low }) => low)));
  });

  it.each([
    ["1mo", 19, 24],
    ["3mo", 60, 68],
    ["6mo", 125, 134],
  ] as const)("has daily candles for %s", async (range, min, max) => {
    const detail = (await at(NOW).detail("AAPL", { range, language: "en" }))!;
    expect(detail.history.length).toBeGreaterThanOrEqual(min);
    expect(detail.history.length).toBeLessThanOrEqual(max);
    expectConsistent(detail.history);
    expect(detail.history.at(-1)?.close).toBe(detail.price);
  });

  it("has hourly candles of the last sessions for 1d and 5d", async () => {
    const stocks = at(NOW);
    const oneDay = (await stocks.detail("VALE3", { range: "1d", language: "en" }))!;
    // B3 opened at 13:00 UTC: candles from 13:00, 14:00 and 15:00 so far.
    expect(oneDay.history).toHaveLength(3);
    expect(oneDay.history.at(-1)?.close).toBe(oneDay.price);
    expect(oneDay.history[0]?.open).toBe(oneDay.open);
    const fiveDays = (await stocks.detail("VALE3", { range: "5d", language: "en" }))!;
    expect(fiveDays.history).toHaveLength(4 * 7 + 3);
    expectConsistent(fiveDays.history);
  });

  it("translates the profile and leaves missing summaries null", async () => {
    const stocks = at(NOW);
    const petr = (await stocks.detail("PETR4", { range: "1mo", language: "es" }))!;
    expect(petr.profile).toMatchObject({ sector: "energy", industry: "Petróleo y Gas Integrado", website: null });
    expect(petr.profile.longBusinessSummary?.language).toBe("es");
    expect(petr.lastUpdated).toBe(new Date(NOW).toISOString());
    const recv = (await stocks.detail("RECV3", { range: "1mo", language: "es" }))!;
    expect(recv.profile.longBusinessSummary).toBeNull();
  });
});

describe("demo stocks: trading hours", () => {
  const price = async (ms: number, ticker: string) => (await at(ms).detail(ticker, { range: "1d", language: "en" }))?.price;

  it("moves during the session", async () => {
    const prices = await Promise.all([13.5, 15, 17, 19.5].map((hour) => price(Date.UTC(2026, 10, 18) + hour * HOUR_MS, "ITUB4")));
    expect(new Set(prices).size).toBeGreaterThan(1);
  });

  it("is flat after the close, overnight and over the weekend", async () => {
    const friday = Date.UTC(2026, 10, 20);
    const afterClose = await price(friday + 21.5 * HOUR_MS, "MSFT");
    expect(await price(friday + 23.9 * HOUR_MS, "MSFT")).toBe(afterClose);
    expect(await price(friday + DAY_MS + 15 * HOUR_MS, "MSFT")).toBe(afterClose);
    expect(await price(friday + 3 * DAY_MS + 14 * HOUR_MS, "MSFT")).toBe(afterClose);
  });

  it("keeps volume and OHLC coherent across many instants", async () => {
    for (let ms = NOW; ms < NOW + 4 * DAY_MS; ms += 7 * HOUR_MS + 13 * 60_000) {
      const { items } = await at(ms).list({ page: 1, limit: 300 });
      for (const item of items) expect(item.volume).toBeGreaterThanOrEqual(0);
      const detail = (await at(ms).detail("BBAS3", { range: "5d", language: "en" }))!;
      expect(detail.low).toBeLessThanOrEqual(Math.min(detail.open!, detail.price!));
      expect(detail.high).toBeGreaterThanOrEqual(Math.max(detail.open!, detail.price!));
      expect(detail.history.at(-1)?.close).toBe(detail.price);
    }
  });
});
