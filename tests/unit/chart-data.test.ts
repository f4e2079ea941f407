import { describe, expect, it } from "vitest";

import { DAY_MS, DAY_SECONDS, HOUR_MS } from "~/lib/time";
import type { Candle } from "~/market/types";
import {
  chartData,
  type ChartPoint,
  chartPoints,
  type ChartSeries,
  chartSeries,
  chartTypes,
  liveCandle,
  liveSeriesValue,
  parseChartSeries,
  parseChartType,
  seriesValues,
  valueRange,
  valueStats,
} from "~/ui/charts/chart-data";

const march1 = Date.UTC(2024, 2, 1) / 1000;
const march2 = march1 + DAY_SECONDS;

describe("chart points", () => {
  const candles: Candle[] = [
    { time: march1, open: 10, high: 12, low: 9, close: 11, volume: 1_000 },
    { time: march2, open: 11, high: 11.5, low: 10, close: 10.5, volume: null },
  ];

  it("compute each candle's market cap from its close and the share count", () => {
    expect(chartPoints(candles, 1_000).map((point) => point.marketCap)).toEqual([11_000, 10_500]);
    expect(chartPoints(candles, null).map((point) => point.marketCap)).toEqual([null, null]);
  });

  it("carry the range's interval, whether they are true candles, and whether times of day matter", () => {
    expect(chartData({ intervalMs: DAY_MS, ohlc: true, candles }, null, "1m")).toMatchObject({
      intervalMs: DAY_MS,
      ohlc: true,
      intraday: false,
    });
    expect(chartData(null, null, "1d")).toEqual({ points: [], intervalMs: 300_000, ohlc: false, intraday: true });
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
    { time: march1, open: 1, high: 3, low: 0.5, close: 2, volume: null, marketCap: null },
    { time: march2, open: 2, high: 4, low: 1.5, close: 3, volume: null, marketCap: 300 },
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
    const stats = valueStats(numbers.map((value, index) => ({ time: march1 + index * DAY_SECONDS, value })));
    if (!stats) throw new Error("no stats");
    const { bottom, top } = valueRange(stats);
    expect(top).toBeGreaterThan(bottom);
    expect(bottom).toBeLessThanOrEqual(stats.min);
    expect(top).toBeGreaterThan(stats.max);
  });

  it("never reaches below zero for positive data", () => {
    const stats = valueStats([1, 1000].map((value, index) => ({ time: march1 + index * DAY_SECONDS, value })));
    if (!stats) throw new Error("no stats");
    expect(valueRange(stats).bottom).toBe(0);
  });
});

describe("live series value", () => {
  const day = 20_000 * DAY_SECONDS;
  const points: ChartPoint[] = [
    { time: day - DAY_SECONDS, open: 9, high: 11, low: 8, close: 10, volume: 5, marketCap: 1000 },
    { time: day, open: 10, high: 12, low: 9, close: 11, volume: 7, marketCap: 1100 },
  ];
  const liveValue = (chart: ChartPoint[], series: ChartSeries, price: number, time: number, intervalMs = DAY_MS) => {
    const candle = liveCandle(chart, intervalMs, price, time);
    return candle && liveSeriesValue(candle, series);
  };

  it("moves the last day's close, high, low and market cap by a price of that day", () => {
    const noon = day + 43_200;
    expect(liveValue(points, "close", 13, noon)).toEqual({ time: day, value: 13 });
    expect(liveValue(points, "high", 13, noon)).toEqual({ time: day, value: 13 });
    expect(liveValue(points, "high", 10, noon)).toEqual({ time: day, value: 12 });
    expect(liveValue(points, "low", 8.5, noon)).toEqual({ time: day, value: 8.5 });
    expect(liveValue(points, "open", 13, noon)).toEqual({ time: day, value: 10 });
    expect(liveValue(points, "marketCap", 22, noon)).toEqual({ time: day, value: 2200 });
  });

  it("starts a new day with a price from a later day", () => {
    expect(liveValue(points, "open", 13, day + DAY_SECONDS + 60)).toEqual({ time: day + DAY_SECONDS, value: 13 });
    expect(liveValue(points, "low", 13, day + DAY_SECONDS + 60)).toEqual({ time: day + DAY_SECONDS, value: 13 });
  });

  it("moves the candle of the chart's own interval: an hourly chart starts a new candle the next hour", () => {
    const hourly = [{ ...points[1]!, time: day + 3600 }];
    expect(liveCandle(hourly, HOUR_MS, 13, day + 3600 + 60)).toMatchObject({
      time: day + 3600,
      open: 10,
      close: 13,
      high: 13,
      volume: 7,
    });
    expect(liveCandle(hourly, HOUR_MS, 13, day + 7200 + 60)).toMatchObject({ time: day + 7200, open: 13, close: 13, volume: null });
  });

  it("leaves the chart alone for a price older than its last day, an empty chart or a missing market cap", () => {
    expect(liveValue(points, "close", 13, day - 1)).toBeNull();
    expect(liveValue([], "close", 13, day)).toBeNull();
    expect(liveValue([{ ...points[1]!, marketCap: null }], "marketCap", 13, day)).toBeNull();
  });
});
