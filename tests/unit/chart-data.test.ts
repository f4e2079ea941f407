import { describe, expect, it } from "vitest";
import type { CryptoChart, OhlcPoint, SeriesPoint } from "~/market/types";
import {
  chartSeries,
  chartTypes,
  dailyPointsFromCryptoChart,
  dailyPointsFromHistory,
  liveSeriesValue,
  parseChartSeries,
  parseChartType,
  seriesValues,
  valueRange,
  valueStats,
  type ChartPoint,
} from "~/ui/charts/chart-data";

const march1 = Date.UTC(2024, 2, 1) / 1000;
const march2 = march1 + 86_400;
const hour = 3600;

/** [unix seconds, value] → CoinGecko's [ms, value]. */
const ms = (points: [number, number][]): SeriesPoint[] => points.map(([seconds, value]) => [seconds * 1000, value]);

function expectConsistentOhlc(points: ChartPoint[]) {
  for (const { open, high, low, close } of points) {
    expect(low).toBeLessThanOrEqual(Math.min(open, close));
    expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
  }
}

describe("daily points from a crypto chart", () => {
  // Hourly prices over two UTC days, deliberately out of order.
  const chart: CryptoChart = {
    prices: ms([
      [march1 + 2 * hour, 105],
      [march1, 100],
      [march1 + hour, 90],
      [march1 + 23 * hour + 59 * 60, 98],
      [march1 + 12 * hour, 120],
      [march2 + hour, 97],
      [march2, 99],
    ]),
    marketCaps: ms([
      [march1, 1_000],
      [march1 + 23 * hour, 1_100],
      [march1 + 12 * hour, 1_200],
    ]),
    totalVolumes: [],
  };
  const points = dailyPointsFromCryptoChart(chart);

  it("groups prices by UTC day, oldest first, with times at midnight UTC", () => {
    expect(points.map((point) => point.time)).toEqual([march1, march2]);
  });

  it("opens with the day's first price, closes with its last, spans its extremes", () => {
    expect(points[0]).toMatchObject({ open: 100, close: 98, high: 120, low: 90 });
    expect(points[1]).toMatchObject({ open: 99, close: 97, high: 99, low: 97 });
    expectConsistentOhlc(points);
  });

  it("takes the day's last market cap, and null for a day without one", () => {
    expect(points.map((point) => point.marketCap)).toEqual([1_100, null]);
  });

  it("is empty for an empty chart", () => {
    expect(dailyPointsFromCryptoChart({ prices: [], marketCaps: [], totalVolumes: [] })).toEqual([]);
  });
});

describe("daily points from stock history", () => {
  const candle = (time: number, open: number, high: number, low: number, close: number): OhlcPoint => ({
    time,
    open,
    high,
    low,
    close,
    volume: 1_000,
  });

  it("moves each daily candle to midnight UTC and computes the market cap from the close", () => {
    const points = dailyPointsFromHistory(
      [candle(march1 + 13 * hour, 10, 12, 9, 11), candle(march2 + 13 * hour, 11, 11.5, 10, 10.5)],
      1_000,
    );
    expect(points).toEqual([
      { time: march1, open: 10, high: 12, low: 9, close: 11, marketCap: 11_000 },
      { time: march2, open: 11, high: 11.5, low: 10, close: 10.5, marketCap: 10_500 },
    ]);
  });

  it("merges intraday candles of one day into one", () => {
    const points = dailyPointsFromHistory(
      [
        candle(march1 + 15 * hour, 11, 14, 10.5, 13),
        candle(march1 + 13 * hour, 10, 12, 9, 11),
        candle(march1 + 14 * hour, 11, 11.2, 8, 11),
      ],
      null,
    );
    expect(points).toEqual([{ time: march1, open: 10, high: 14, low: 8, close: 13, marketCap: null }]);
    expectConsistentOhlc(points);
  });
});

describe("chart parameters", () => {
  it("default to an area chart of closing prices", () => {
    expect(parseChartType(null)).toBe("area");
    expect(parseChartSeries(null)).toBe("close");
  });

  it("accept every listed option", () => {
    for (const type of chartTypes) expect(parseChartType(type)).toBe(type);
    for (const series of chartSeries) expect(parseChartSeries(series)).toBe(series);
  });

  it.each(["", "LINE", "candle", "toString", "__proto__", " close", "volume"])("reject %j", (junk) => {
    expect(parseChartType(junk)).toBe("area");
    expect(parseChartSeries(junk)).toBe("close");
  });
});

describe("series values", () => {
  const points: ChartPoint[] = [
    { time: march1, open: 1, high: 3, low: 0.5, close: 2, marketCap: null },
    { time: march2, open: 2, high: 4, low: 1.5, close: 3, marketCap: 300 },
  ];

  it("pick one field per day and skip days without it", () => {
    expect(seriesValues(points, "high")).toEqual([
      { time: march1, value: 3 },
      { time: march2, value: 4 },
    ]);
    expect(seriesValues(points, "marketCap")).toEqual([{ time: march2, value: 300 }]);
  });

  it("summarise into first, last, minimum and maximum", () => {
    expect(valueStats(seriesValues(points, "low"))).toEqual({
      first: { time: march1, value: 0.5 },
      last: { time: march2, value: 1.5 },
      min: 0.5,
      max: 1.5,
    });
    expect(valueStats([])).toBeNull();
  });

  it.each([
    ["a flat series", [5, 5, 5]],
    ["a flat series at zero", [0, 0]],
    ["a single value", [42]],
    ["a rising series", [1, 2, 3]],
  ])("draw %s over a non-empty range around the data", (_, numbers) => {
    const stats = valueStats(numbers.map((value, index) => ({ time: march1 + index * 86_400, value })));
    if (!stats) throw new Error("no stats");
    const { bottom, top } = valueRange(stats);
    expect(top).toBeGreaterThan(bottom);
    expect(bottom).toBeLessThanOrEqual(stats.min);
    expect(top).toBeGreaterThan(stats.max);
  });

  it("never reaches below zero for positive data", () => {
    const stats = valueStats([1, 1000].map((value, index) => ({ time: march1 + index * 86_400, value })));
    if (!stats) throw new Error("no stats");
    expect(valueRange(stats).bottom).toBe(0);
  });
});

describe("live series value", () => {
  const day = 20_000 * 86_400;
  const points: ChartPoint[] = [
    { time: day - 86_400, open: 9, high: 11, low: 8, close: 10, marketCap: 1000 },
    { time: day, open: 10, high: 12, low: 9, close: 11, marketCap: 1100 },
  ];

  it("moves the last day's close, high, low and market cap by a price of that day", () => {
    const noon = day + 43_200;
    expect(liveSeriesValue(points, "close", 13, noon)).toEqual({ time: day, value: 13 });
    expect(liveSeriesValue(points, "high", 13, noon)).toEqual({ time: day, value: 13 });
    expect(liveSeriesValue(points, "high", 10, noon)).toEqual({ time: day, value: 12 });
    expect(liveSeriesValue(points, "low", 8.5, noon)).toEqual({ time: day, value: 8.5 });
    expect(liveSeriesValue(points, "open", 13, noon)).toEqual({ time: day, value: 10 });
    expect(liveSeriesValue(points, "marketCap", 22, noon)).toEqual({ time: day, value: 2200 });
  });

  it("starts a new day with a price from a later day", () => {
    expect(liveSeriesValue(points, "open", 13, day + 86_400 + 60)).toEqual({ time: day + 86_400, value: 13 });
    expect(liveSeriesValue(points, "low", 13, day + 86_400 + 60)).toEqual({ time: day + 86_400, value: 13 });
  });

  it("leaves the chart alone for a price older than its last day, an empty chart or a missing market cap", () => {
    expect(liveSeriesValue(points, "close", 13, day - 1)).toBeNull();
    expect(liveSeriesValue([], "close", 13, day)).toBeNull();
    expect(liveSeriesValue([{ ...points[1]!, marketCap: null }], "marketCap", 13, day)).toBeNull();
  });
});
