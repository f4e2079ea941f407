import { describe, expect, it } from "vitest";

import { DAY_MS, HOUR_MS } from "~/lib/time";
import { distanceFrom, downsample, movedToPrice, sparklinePoints, toTableItem } from "~/market/crypto-depth";
import { createDemoProviders } from "~/market/demo";
import type { CryptoDetail, CryptoListItem } from "~/market/types";

/** Wednesday 2026-11-18 15:07:30 UTC. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const at = (ms: number) => createDemoProviders(() => ms).crypto;
const priceAt = async (ms: number, id: string, currency: "usd" | "brl" = "usd") => (await at(ms).detail(id, "en", currency))!.price!;
const percent = (from: number, to: number) => (to / from - 1) * 100;

describe("demo crypto depth: changes and sparkline from the price path", () => {
  it("measures 1 h, 7 d, 30 d and 1 y changes against the prices shown at those instants", async () => {
    for (const id of ["bitcoin", "ethereum", "dogecoin"]) {
      const detail = (await at(NOW).detail(id, "en"))!;
      const price = detail.price!;
      expect(detail.change1h).toBeCloseTo(percent(await priceAt(NOW - HOUR_MS, id), price), 9);
      expect(detail.change7d).toBeCloseTo(percent(await priceAt(NOW - 7 * DAY_MS, id), price), 9);
      expect(detail.change30d).toBeCloseTo(percent(await priceAt(NOW - 30 * DAY_MS, id), price), 9);
      expect(detail.change1y).toBeCloseTo(percent(await priceAt(NOW - 365 * DAY_MS, id), price), 9);
    }
  });

  it("draws the sparkline from 7 days ago to the current price, one point every 4 hours, in the list's currency", async () => {
    const { items } = await at(NOW).list({ page: 1, perPage: 250, order: "market_cap_desc", currency: "brl" });
    expect(items).toHaveLength(134);
    for (const item of items) {
      expect(item.sparkline7d).toHaveLength(sparklinePoints);
      expect(item.sparkline7d!.at(-1)).toBe(item.price);
      // Measured in dollars; both ends are rounded to six digits in reais.
      expect(item.change7d).toBeCloseTo(percent(item.sparkline7d![0]!, item.price!), 2);
    }
    const { items: inDollars } = await at(NOW).list({ page: 1, perPage: 1, order: "market_cap_desc" });
    expect(inDollars[0]!.sparkline7d![sparklinePoints - 2]).toBe(await priceAt(NOW - 4 * HOUR_MS, inDollars[0]!.id));
  });

  it("lists every coin with its depth quickly once warm", async () => {
    const provider = at(NOW + 11 * 60_000);
    await provider.list({ page: 1, perPage: 250, order: "market_cap_desc" });
    const started = performance.now();
    await at(NOW + 16 * 60_000).list({ page: 1, perPage: 250, order: "market_cap_desc" });
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe("demo crypto depth: records, supply and valuation", () => {
  it("keeps every all-time low <= low24h <= price <= high24h <= all-time high, at several instants", async () => {
    for (const ms of [NOW, NOW + 5 * HOUR_MS, NOW + 40 * DAY_MS]) {
      const { items } = await at(ms).list({ page: 1, perPage: 250, order: "id_asc" });
      for (const { id } of items) {
        const detail = (await at(ms).detail(id, "en"))!;
        expect(detail.allTimeHigh!.price).toBeGreaterThanOrEqual(detail.high24h!);
        expect(detail.allTimeLow!.price).toBeLessThanOrEqual(detail.low24h!);
        expect(Date.parse(detail.allTimeHigh!.date!)).toBeLessThanOrEqual(ms);
        expect(Date.parse(detail.allTimeLow!.date!)).toBeLessThanOrEqual(ms);
      }
    }
  });

  it("keeps the real records of the dataset once their day has come", async () => {
    const bitcoin = (await at(NOW).detail("bitcoin", "en"))!;
    expect(bitcoin.allTimeHigh!.price).toBeGreaterThanOrEqual(126080);
    expect(bitcoin.allTimeLow).toEqual({ price: 67.81, date: "2013-07-06" });
    const dogecoin = (await at(NOW).detail("dogecoin", "en"))!;
    expect(dogecoin.allTimeHigh).toEqual({ price: 0.731578, date: "2021-05-08" });
    expect(bitcoin.explorer).toBe("https://mempool.space/");
    // Before that day the walk's own records stand.
    const before = (await at(Date.UTC(2025, 5, 1)).detail("bitcoin", "en"))!;
    expect(before.allTimeHigh!.price).not.toBe(126080);
    expect(before.allTimeLow!.price).toBe(67.81);
  });

  it("values a coin fully diluted at its price times its maximum supply, or total supply without a cap", async () => {
    const bitcoin = (await at(NOW).detail("bitcoin", "en", "brl"))!;
    expect(bitcoin.fullyDilutedValuation).toBe(Math.round(bitcoin.price! * 21_000_000));
    expect(bitcoin.totalSupply).toBe(19_955_000);
    const ethereum = (await at(NOW).detail("ethereum", "en"))!;
    expect(ethereum.maxSupply).toBeNull();
    expect(ethereum.fullyDilutedValuation).toBe(Math.round(ethereum.price! * ethereum.totalSupply!));
    // Without a stored total supply, it is the circulating one.
    const pepe = (await at(NOW).detail("pepe", "en"))!;
    expect(pepe.totalSupply).toBe(pepe.circulatingSupply);
  });
});

describe("crypto depth helpers", () => {
  it("downsamples to evenly spaced points keeping both ends", () => {
    const values = Array.from({ length: 169 }, (_, i) => i);
    const points = downsample(values);
    expect(points).toHaveLength(sparklinePoints);
    expect(points[0]).toBe(0);
    expect(points.at(-1)).toBe(168);
    expect(points[1]).toBe(4);
    expect(downsample([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it("moves changes, sparkline, valuation and records to a newer price", () => {
    const detail = {
      price: 100,
      change1h: 0,
      change7d: 25,
      change30d: -50,
      change1y: null,
      sparkline7d: [80, 90, 100],
      fullyDilutedValuation: 1000,
      allTimeHigh: { price: 105, date: "2025-01-01" },
      allTimeLow: { price: 1, date: "2015-01-01" },
    } as CryptoDetail;
    const moved = movedToPrice(detail, 110, Date.UTC(2026, 0, 2));
    expect(moved.change1h).toBeCloseTo(10, 9);
    expect(moved.change7d).toBeCloseTo(percent(80, 110), 9);
    expect(moved.change30d).toBeCloseTo(percent(200, 110), 9);
    expect(moved.change1y).toBeNull();
    expect(moved.sparkline7d).toEqual([80, 90, 110]);
    expect(moved.fullyDilutedValuation).toBe(1100);
    expect(moved.allTimeHigh).toEqual({ price: 110, date: "2026-01-02T00:00:00.000Z" });
    expect(moved.allTimeLow).toEqual(detail.allTimeLow);
  });

  it("gives a table row its sparkline as the path drawn: the week's low at the bottom, its high at the top", () => {
    const item = (sparkline7d: number[] | null) => ({ id: "x", price: 3, sparkline7d }) as unknown as CryptoListItem;
    expect(toTableItem(item([1, 3, 2]))).toEqual({ id: "x", price: 3, sparkline: "M0 23L42 1 84 12" });
    expect(toTableItem(item([5, 5])).sparkline).toBe("M0 12L84 12");
    expect(toTableItem(item([5])).sparkline).toBeNull();
    expect(toTableItem(item(null))).not.toHaveProperty("sparkline7d");
  });

  it("measures the distance from a record in percent of it", () => {
    expect(distanceFrom(200, 150)).toBe(-25);
    expect(distanceFrom(50, 150)).toBe(200);
    expect(distanceFrom(null, 150)).toBeNull();
    expect(distanceFrom(200, null)).toBeNull();
  });
});
