import { describe, expect, it } from "vitest";

import { DAY_MS, DAY_SECONDS, HOUR_MS, MINUTE_MS } from "~/lib/time";
import {
  bucketStart,
  bucketStarts,
  candlesFromSamples,
  chartRanges,
  isIntraday,
  mergeCandles,
  parseChartRange,
  rangeInterval,
  rangeWindow,
} from "~/market/chart-range";
import type { Candle } from "~/market/types";

const epoch = Date.UTC(2024, 0, 1);
const now = Date.UTC(2026, 10, 26, 14, 37, 12);

function expectConsistent(candles: readonly Candle[]) {
  for (const { open, high, low, close } of candles) {
    expect(low).toBeLessThanOrEqual(Math.min(open, close));
    expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
  }
}

describe("chart range parameter", () => {
  it("accepts every range, in any case", () => {
    for (const range of chartRanges) expect(parseChartRange(range, "1m")).toBe(range);
    expect(parseChartRange("1Y", "1m")).toBe("1y");
    expect(parseChartRange("MAX", "1m")).toBe("max");
  });

  it("reads the stock page's former ranges as the nearest one, so old links still work", () => {
    expect(parseChartRange("1mo", "1y")).toBe("1m");
    expect(parseChartRange("3mo", "1y")).toBe("3m");
    expect(parseChartRange("5d", "1y")).toBe("7d");
  });

  it.each([null, "", "2y", "toString", "__proto__", " 1d"])("falls back for %j", (junk) => {
    expect(parseChartRange(junk, "1m")).toBe("1m");
  });
});

describe("range windows", () => {
  it.each([
    ["1d", 5 * MINUTE_MS],
    ["7d", HOUR_MS],
    ["1m", DAY_MS],
    ["3m", DAY_MS],
    ["1y", DAY_MS],
    ["5y", 7 * DAY_MS],
    ["max", 7 * DAY_MS],
  ] as const)("%s has candles of %d ms", (range, interval) => {
    expect(rangeInterval(range)).toBe(interval);
    expect(isIntraday(range)).toBe(interval < DAY_MS);
  });

  it("keep every range at a few hundred candles at most", () => {
    for (const range of chartRanges) {
      const count = bucketStarts(rangeWindow(range, now, epoch)).length;
      expect(count, range).toBeGreaterThan(20);
      expect(count, range).toBeLessThanOrEqual(400);
    }
  });

  it("start on the first whole candle of the span and end now", () => {
    const window = rangeWindow("1m", now);
    expect(window.toMs).toBe(now);
    expect(window.fromMs).toBe(Date.UTC(2026, 9, 27));
    // The spec's 31 days: 30 whole days and today's, still forming.
    expect(bucketStarts(window)).toHaveLength(31);
    expect(rangeWindow("1d", now).fromMs).toBe(now - DAY_MS - (now % (5 * MINUTE_MS)) + 5 * MINUTE_MS);
  });

  it("start Max and a 5Y longer than the data where the data begins", () => {
    expect(rangeWindow("max", now, epoch).fromMs).toBe(epoch);
    expect(rangeWindow("5y", now, epoch).fromMs).toBe(epoch);
    // A year is within the data: the start does not move.
    expect(rangeWindow("1y", now, epoch).fromMs).toBe(Date.UTC(2025, 10, 27));
    // Without a known start, Max reaches as far as 5Y.
    expect(rangeWindow("max", now).fromMs).toBe(rangeWindow("5y", now).fromMs);
  });

  it("start weekly candles on Mondays", () => {
    const monday = bucketStart(now, 7 * DAY_MS);
    expect(new Date(monday).getUTCDay()).toBe(1);
    expect(new Date(monday).getUTCHours()).toBe(0);
    expect(bucketStart(epoch, 7 * DAY_MS)).toBe(epoch);
  });
});

describe("candles from price samples", () => {
  const march1 = Date.UTC(2024, 2, 1);
  // Hourly prices over two UTC days, deliberately out of order, and volumes (rolling 24-hour totals).
  const prices: [number, number][] = [
    [march1 + 2 * HOUR_MS, 105],
    [march1, 100],
    [march1 + HOUR_MS, 90],
    [march1 + 23 * HOUR_MS + 59 * MINUTE_MS, 98],
    [march1 + 12 * HOUR_MS, 120],
    [march1 + DAY_MS + HOUR_MS, 97],
    [march1 + DAY_MS, 99],
  ];
  const volumes: [number, number][] = [
    [march1, 1_000],
    [march1 + 23 * HOUR_MS, 1_100],
    [march1 + 12 * HOUR_MS, 1_200],
  ];
  const candles = candlesFromSamples(prices, volumes, DAY_MS);

  it("group samples by candle, oldest first, stamped with the candle's start in seconds", () => {
    expect(candles.map((candle) => candle.time)).toEqual([march1 / 1000, (march1 + DAY_MS) / 1000]);
  });

  it("open on the first sample, close on the last and span the extremes", () => {
    expect(candles[0]).toMatchObject({ open: 100, close: 98, high: 120, low: 90 });
    expect(candles[1]).toMatchObject({ open: 99, close: 97, high: 99, low: 97 });
    expectConsistent(candles);
  });

  it("take the candle's last volume, and null for a candle without one", () => {
    expect(candles.map((candle) => candle.volume)).toEqual([1_100, null]);
  });

  it("make hourly candles from the same samples", () => {
    expect(candlesFromSamples(prices, [], HOUR_MS)).toHaveLength(7);
  });

  it("are empty without samples", () => {
    expect(candlesFromSamples([], [], DAY_MS)).toEqual([]);
  });
});

describe("merged candles", () => {
  const march1 = Date.UTC(2024, 2, 1) / 1000;
  const candle = (time: number, open: number, high: number, low: number, close: number, volume: number | null): Candle => ({
    time,
    open,
    high,
    low,
    close,
    volume,
  });

  it("merge hourly candles of one day into one, adding their volumes", () => {
    const merged = mergeCandles(
      [
        candle(march1 + 15 * 3600, 11, 14, 10.5, 13, 5),
        candle(march1 + 13 * 3600, 10, 12, 9, 11, 10),
        candle(march1 + 14 * 3600, 11, 11.2, 8, 11, null),
      ],
      DAY_MS,
    );
    expect(merged).toEqual([{ time: march1, open: 10, high: 14, low: 8, close: 13, volume: 15 }]);
    expectConsistent(merged);
  });

  it("move daily candles stamped at the session's open to midnight UTC, one per day", () => {
    const merged = mergeCandles(
      [candle(march1 + 13 * 3600, 10, 12, 9, 11, 1), candle(march1 + DAY_SECONDS + 13 * 3600, 11, 12, 10, 10.5, 2)],
      DAY_MS,
    );
    expect(merged.map(({ time }) => time)).toEqual([march1, march1 + DAY_SECONDS]);
  });

  it("merge days into weeks from Monday", () => {
    // 2024-03-01 was a Friday: it belongs to the week of Monday 26 February; Monday 4 March starts the next.
    const merged = mergeCandles([candle(march1, 10, 12, 9, 11, 1), candle(march1 + 3 * DAY_SECONDS, 11, 12, 10, 10.5, 2)], 7 * DAY_MS);
    expect(merged.map(({ time }) => new Date(time * 1000).toISOString().slice(0, 10))).toEqual(["2024-02-26", "2024-03-04"]);
  });
});
