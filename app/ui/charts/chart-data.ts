import type { TFunction } from "i18next";
import type { CryptoChart, OhlcPoint } from "~/market/types";
import { formatCompactMoney, formatDate, formatMoney } from "~/lib/format";

/** One UTC day of an asset: what every chart type and series is drawn from. */
export type ChartPoint = {
  /** unix seconds, start of the day in UTC */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  marketCap: number | null;
};

export const chartTypes = ["line", "area", "bar"] as const;
export type ChartType = (typeof chartTypes)[number];

export const chartSeries = ["open", "close", "high", "low", "marketCap"] as const;
export type ChartSeries = (typeof chartSeries)[number];

/** One value of one series, in the shape lightweight-charts takes (time in unix seconds). */
export type ChartValue = { time: number; value: number };

const secondsPerDay = 86_400;

type Candle = Omit<ChartPoint, "marketCap">;

function startOfDay(unixSeconds: number): number {
  return Math.floor(unixSeconds / secondsPerDay) * secondsPerDay;
}

/** Merges candles of any interval into one per UTC day, oldest first, whatever the input order. */
function dailyCandles(candles: readonly Candle[]): Candle[] {
  const days: Candle[] = [];
  for (const { time, open, high, low, close } of candles.toSorted((a, b) => a.time - b.time)) {
    const day = startOfDay(time);
    const current = days.at(-1);
    if (current?.time === day) {
      current.high = Math.max(current.high, high);
      current.low = Math.min(current.low, low);
      current.close = close;
    } else {
      days.push({ time: day, open, high, low, close });
    }
  }
  return days;
}

export function dailyPointsFromCryptoChart(chart: CryptoChart): ChartPoint[] {
  const candles = chart.prices.map(([ms, price]) => ({ time: ms / 1000, open: price, high: price, low: price, close: price }));
  // Setting in time order leaves each day's last market cap in the map.
  const marketCaps = new Map<number, number>();
  for (const [ms, cap] of chart.marketCaps.toSorted((a, b) => a[0] - b[0])) marketCaps.set(startOfDay(ms / 1000), cap);
  return dailyCandles(candles).map((day) => ({ ...day, marketCap: marketCaps.get(day.time) ?? null }));
}

export function dailyPointsFromHistory(history: readonly OhlcPoint[], sharesOutstanding: number | null): ChartPoint[] {
  return dailyCandles(history).map((day) => ({
    ...day,
    marketCap: sharesOutstanding === null ? null : day.close * sharesOutstanding,
  }));
}

/**
 * The value `series` ends on once a live price has come in at `time` (unix seconds): the last
 * day's, moved by the price, or a new day's when the price is from a later day. Null when the
 * price is older than the chart's last day, or the series has no value for it.
 */
export function liveSeriesValue(points: readonly ChartPoint[], series: ChartSeries, price: number, time: number): ChartValue | null {
  const last = points.at(-1);
  const day = startOfDay(time);
  if (!last || day < last.time) return null;
  const sameDay = day === last.time;
  const point: ChartPoint = {
    time: day,
    open: sameDay ? last.open : price,
    high: sameDay ? Math.max(last.high, price) : price,
    low: sameDay ? Math.min(last.low, price) : price,
    close: price,
    // Shares in circulation do not move with the price: the cap does, in proportion.
    marketCap: last.marketCap === null || last.close === 0 ? null : (last.marketCap * price) / last.close,
  };
  const value = point[series];
  return value === null ? null : { time: day, value };
}

function parseOption<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

export function parseChartType(value: string | null): ChartType {
  return parseOption(chartTypes, value, "area");
}

export function parseChartSeries(value: string | null): ChartSeries {
  return parseOption(chartSeries, value, "close");
}

export function seriesValues(points: readonly ChartPoint[], series: ChartSeries): ChartValue[] {
  return points.flatMap(({ time, [series]: value }) => (value === null ? [] : [{ time, value }]));
}

export type ValueStats = { first: ChartValue; last: ChartValue; min: number; max: number };

export function valueStats(values: readonly ChartValue[]): ValueStats | null {
  const first = values[0];
  const last = values.at(-1);
  if (!first || !last) return null;
  let min = first.value;
  let max = first.value;
  for (const { value } of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { first, last, min, max };
}

/**
 * The drawn value range: a margin around the data, never empty, so a flat series still scales, and
 * not below zero for positive data, so the axis never shows a negative price.
 */
export function valueRange({ min, max }: ValueStats): { bottom: number; top: number } {
  const margin = (max - min) * 0.08 || Math.abs(max) * 0.05 || 1;
  return { bottom: min >= 0 ? Math.max(min - margin, 0) : min - margin, top: max + margin };
}

/** Market caps run to billions, so they read better compact; prices keep their cents. */
export function valueFormatter(series: ChartSeries, currency: string, locale: string): (value: number) => string {
  return series === "marketCap" ? (value) => formatCompactMoney(value, currency, locale) : (value) => formatMoney(value, currency, locale);
}

export function isRising({ first, last }: ValueStats): boolean {
  return last.value >= first.value;
}

/** Everything either renderer (SVG on the server, canvas in the browser) needs to draw one chart. */
export type ChartView = {
  type: ChartType;
  series: ChartSeries;
  values: ChartValue[];
  stats: ValueStats;
  currency: string;
  locale: string;
};

// Times are UTC midnights: formatting them in the server's or browser's zone could show the day before.
const dayFormat: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };

export function formatDay(unixSeconds: number, locale: string): string {
  return formatDate(unixSeconds * 1000, locale, dayFormat);
}

/** The chart's accessible name and its numbers as a sentence, for screen readers. */
export function chartText(t: TFunction, { series, stats, currency, locale }: ChartView): { label: string; summary: string } {
  const format = valueFormatter(series, currency, locale);
  return {
    label: t("chart.label", { series: t(`chart.series.${series}`) }),
    summary: t("chart.summary", {
      from: formatDay(stats.first.time, locale),
      to: formatDay(stats.last.time, locale),
      min: format(stats.min),
      max: format(stats.max),
      last: format(stats.last.value),
    }),
  };
}
