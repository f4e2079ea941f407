import { describe, expect, it } from "vitest";

import { chartRanges } from "~/market/chart-range";
import { createDemoProviders } from "~/market/demo";
import type { Candle } from "~/market/types";

const epoch = Date.UTC(2024, 0, 1);
// A Thursday afternoon, B3 open (13:00–20:00 UTC).
const thursday = Date.UTC(2026, 10, 26, 15, 2, 0);
// A Sunday: no session today.
const sunday = Date.UTC(2026, 10, 29, 15, 2, 0);

function expectConsistent(candles: readonly Candle[]) {
  for (const { open, high, low, close } of candles) {
    expect(low).toBeLessThanOrEqual(Math.min(open, close));
    expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
  }
}

describe("demo crypto candles", () => {
  const { crypto } = createDemoProviders(() => thursday);

  it.each(chartRanges)("%s: consistent candles, oldest first, a few hundred at most, ending on the price", async (range) => {
    const chart = await crypto.candles!("bitcoin", range, "brl");
    const candles = chart?.candles ?? [];
    expect(chart?.ohlc).toBe(true);
    expect(candles.length).toBeGreaterThan(20);
    expect(candles.length).toBeLessThanOrEqual(400);
    expectConsistent(candles);
    for (let index = 1; index < candles.length; index++)
      expect(candles[index]!.time).toBe(candles[index - 1]!.time + chart!.intervalMs / 1000);
    // The forming candle may have no trade yet.
    expect(candles.slice(0, -1).every((candle) => candle.volume !== null && candle.volume > 0)).toBe(true);
    const detail = await crypto.detail("bitcoin", "pt-BR", "brl");
    expect(candles.at(-1)?.close).toBe(detail?.price);
  });

  it("starts Max and 5Y where the walk starts, and candles move (no flat rest before it)", async () => {
    for (const range of ["max", "5y"] as const) {
      const candles = (await crypto.candles!("bitcoin", range))?.candles ?? [];
      expect(candles[0]?.time, range).toBe(epoch / 1000);
      expect(new Set(candles.map((candle) => candle.close)).size).toBe(candles.length);
    }
  });

  it("has no candles for an unknown coin", async () => {
    expect(await crypto.candles!("no-such-coin", "1m")).toBeNull();
  });
});

describe("demo stock candles", () => {
  it("skips hours and days the exchange is closed", async () => {
    const { stocks } = createDemoProviders(() => thursday);
    const day = await stocks.candles!("PETR4", "1d");
    // Today's session from 13:00 UTC to now (15:02): 24 five-minute candles and the one forming.
    expect(day?.candles).toHaveLength(25);
    expect(day?.candles[0]?.time).toBe(Date.UTC(2026, 10, 26, 13) / 1000);
    const month = (await stocks.candles!("PETR4", "1m"))?.candles ?? [];
    expect(month.every(({ time }) => ![0, 6].includes(new Date(time * 1000).getUTCDay()))).toBe(true);
    expectConsistent(month);
  });

  it("shows the last session as 1D on a day without one", async () => {
    const { stocks } = createDemoProviders(() => sunday);
    const candles = (await stocks.candles!("PETR4", "1d"))?.candles ?? [];
    expect(candles.length).toBe(84);
    expect(new Date(candles[0]!.time * 1000).toISOString()).toBe("2026-11-27T13:00:00.000Z");
  });

  it("ends on the detail's price", async () => {
    const { stocks } = createDemoProviders(() => thursday);
    const detail = await stocks.detail("PETR4", { range: "1mo", language: "pt-BR" });
    for (const range of chartRanges) expect((await stocks.candles!("PETR4", range))?.candles.at(-1)?.close, range).toBe(detail?.price);
  });
});
