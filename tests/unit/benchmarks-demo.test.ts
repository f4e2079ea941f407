import { describe, expect, it } from "vitest";

import { DAY_MS } from "~/lib/time";
import { cdiAccumulated } from "~/market/compare";
import { createDemoProviders } from "~/market/demo";
import { heatBand, heatMapTiles } from "~/market/heat-map";
import type { StockListItem } from "~/market/types";

// A Wednesday during the B3 session, and one at night.
const SESSION = Date.UTC(2026, 10, 18, 17, 7);
const NIGHT = Date.UTC(2026, 10, 18, 23, 30);

describe("demo indices", () => {
  it("sit near their illustrative levels, with a close per weekday and today's close equal to the level", async () => {
    const { indices } = createDemoProviders(() => SESSION);
    for (const [id, level] of [
      ["ibov", 158_000],
      ["ifix", 3_550],
      ["spx", 6_800],
      ["ixic", 23_000],
    ] as const) {
      const quote = (await indices.quote(id, SESSION - 30 * DAY_MS))!;
      expect(quote.level! / level).toBeGreaterThan(0.6);
      expect(quote.level! / level).toBeLessThan(1.6);
      expect(quote.history.length).toBeGreaterThanOrEqual(20);
      expect(quote.history.length).toBeLessThanOrEqual(23);
      expect(quote.history.every(([time]) => [1, 2, 3, 4, 5].includes(new Date(time).getUTCDay()))).toBe(true);
      expect(quote.history.at(-1)![1]).toBe(quote.level);
    }
  });

  it("move the Ibovespa with the B3 stocks: its day change is their market-value-weighted mean", async () => {
    const demo = createDemoProviders(() => NIGHT);
    const ibov = (await demo.indices.quote("ibov", NIGHT - DAY_MS))!;
    const stocks = await demo.stocks.list({ market: "b3", type: "stock", page: 1, limit: 500 });
    // Weights at the previous close: market value / (1 + change).
    const weights = stocks.items.map((item) => item.marketCap! / (1 + item.changePercent! / 100));
    const mean =
      stocks.items.reduce((sum, item, index) => sum + weights[index]! * item.changePercent!, 0) / weights.reduce((a, b) => a + b);
    expect(ibov.changePercent).toBeCloseTo(mean, 1);
  });

  it("are the same numbers at the same instant in any process", async () => {
    const a = await createDemoProviders(() => SESSION).indices.quote("spx", SESSION - 7 * DAY_MS);
    const b = await createDemoProviders(() => SESSION).indices.quote("spx", SESSION - 7 * DAY_MS);
    expect(a).toEqual(b);
  });
});

describe("demo economy", () => {
  it("holds the Selic at 15% with the CDI a tenth under it, and IPCA over 12 months compounds the monthly figures", async () => {
    const { economy } = createDemoProviders(() => SESSION);
    expect(await economy.latest("selic")).toEqual({ date: "2026-11-18", value: 15 });
    expect((await economy.latest("cdi"))!.value).toBe(14.9);
    const daily = (await economy.latest("cdiDaily"))!.value;
    expect((1 + daily / 100) ** 252).toBeCloseTo(1.149, 4);
    // Mid-November, October's IPCA is out.
    const months = await economy.series("ipca", "2025-11-01", "2026-11-18");
    expect(months.at(-1)!.date).toBe("2026-10-01");
    const twelve = (await economy.latest("ipca12m"))!;
    expect(twelve.date).toBe("2026-10-01");
    const compounded = months.slice(-12).reduce((factor, { value }) => factor * (1 + value / 100), 1);
    expect(twelve.value).toBeCloseTo((compounded - 1) * 100, 1);
  });

  it("quotes the rates on B3's business days only: no weekends, no exchange holidays", async () => {
    const points = await createDemoProviders(() => Date.UTC(2026, 10, 25)).economy.series("cdiDaily", "2026-11-16", "2026-11-22");
    // Friday the 20th is Consciência Negra.
    expect(points.map(({ date }) => date)).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19"]);
  });

  it("accrues the CDI about 252 times a year, so a year of it is about its annual rate", async () => {
    const { economy } = createDemoProviders(() => Date.UTC(2027, 0, 5));
    const year = await economy.series("cdi", "2026-01-01", "2026-12-31");
    // 261 weekdays less the 14 weekday holidays of B3's 2026 calendar (Carnival, Christmas Eve and New Year's Eve included).
    expect(year).toHaveLength(247);
    const accumulated = [...cdiAccumulated([...year, { date: "2027-01-04", value: 14.9 }]).values()].at(-1)!;
    expect((accumulated - 1) * 100).toBeCloseTo((1.149 ** (247 / 252) - 1) * 100, 6);
    // Counting every weekday, as the demo once did, the year came to 15.47 %.
    expect((accumulated - 1) * 100).toBeLessThan(14.7);
  });
});

describe("demo crypto market", () => {
  it("is the sum of the demo coins' market values, Bitcoin's share of it among them", async () => {
    const demo = createDemoProviders(() => SESSION);
    const summary = await demo.cryptoMarket.summary();
    const { items } = await demo.crypto.list({ page: 1, perPage: 250, order: "market_cap_desc" });
    const total = items.reduce((sum, item) => sum + item.marketCap!, 0);
    expect(summary.totalMarketCap).toBeCloseTo(total, -3);
    expect(summary.btcDominance).toBeCloseTo((items.find((item) => item.id === "bitcoin")!.marketCap! / total) * 100, 6);
    expect(Math.abs(summary.change24h!)).toBeLessThan(20);
  });
});

describe("heat map", () => {
  const item = (ticker: string, marketCap: number | null, changePercent: number | null): StockListItem => ({
    ticker,
    name: ticker,
    logo: null,
    type: "stock",
    sector: null,
    currency: "BRL",
    price: 10,
    changePercent,
    volume: 1,
    marketCap,
  });

  it("keeps the largest names by market value, largest first, sized by their share of the largest", () => {
    const tiles = heatMapTiles([item("C", 30, 0), item("A", 100, 1), item("X", null, 2), item("B", 60, -1), item("D", 5, 0)], 3);
    expect(tiles.map(({ ticker, size }) => [ticker, size])).toEqual([
      ["A", 3],
      ["B", 3],
      ["C", 2],
    ]);
  });

  it("colours each change by its band, an unknown one as flat", () => {
    expect([-5, -2, -0.5, 0, 0.1, 0.5, 2, 3.5, null].map(heatBand)).toEqual([
      "down3",
      "down2",
      "down1",
      "flat",
      "flat",
      "up1",
      "up2",
      "up3",
      "flat",
    ]);
  });
});
