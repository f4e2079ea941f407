import type { TFunction } from "i18next";

import { formatCompactMoney, formatCompactNumber, formatDate, formatMoney } from "~/lib/format";
import { bucketStart, type ChartRange, isIntraday, rangeInterval } from "~/market/chart-range";
import { marketTimeZone } from "~/market/market-hours";
import type { Candle, ChartCandles } from "~/market/types";

/** One candle of an asset: what every chart type and series is drawn from. */
export type ChartPoint = Candle & { marketCap: number | null };

export const chartTypes = ["line", "area", "bar", "candles"] as const;
export type ChartType = (typeof chartTypes)[number];

export const chartSeries = ["open", "close", "high", "low", "marketCap"] as const;
export type ChartSeries = (typeof chartSeries)[number];

/** One value of one series, in the shape lightweight-charts takes (time in unix seconds). */
export type ChartValue = { time: number; value: number };

/** A range's candles as a page's loader hands them to the chart. */
export type ChartData = { points: ChartPoint[]; intervalMs: number; ohlc: boolean; intraday: boolean };

/** The candles with each one's market cap: close × shares, which do not move with the price. */
export function chartPoints(candles: readonly Candle[], sharesOutstanding: number | null): ChartPoint[] {
  return candles.map((candle) => ({ ...candle, marketCap: sharesOutstanding === null ? null : candle.close * sharesOutstanding }));
}

/** What the chart of `range` draws from its candles (none when the source had none). */
export function chartData(chart: ChartCandles | null | undefined, sharesOutstanding: number | null, range: ChartRange): ChartData {
  return {
    points: chart ? chartPoints(chart.candles, sharesOutstanding) : [],
    intervalMs: chart?.intervalMs ?? rangeInterval(range),
    ohlc: chart?.ohlc ?? false,
    intraday: isIntraday(range),
  };
}

/**
 * The candle a live price at `time` (unix seconds) makes: the last one, moved by the price, or a new
 * one when the price is from a later candle of `intervalMs`. Null when the price is older than the
 * chart's last candle.
 */
export function liveCandle(points: readonly ChartPoint[], intervalMs: number, price: number, time: number): ChartPoint | null {
  const last = points.at(-1);
  const start = bucketStart(time * 1000, intervalMs) / 1000;
  if (!last || start < last.time) return null;
  const sameDay = start === last.time;
  return {
    time: start,
    open: sameDay ? last.open : price,
    high: sameDay ? Math.max(last.high, price) : price,
    low: sameDay ? Math.min(last.low, price) : price,
    close: price,
    // Shares in circulation do not move with the price: the cap does, in proportion.
    marketCap: last.marketCap === null || last.close === 0 ? null : (last.marketCap * price) / last.close,
    // The ticks carry the day's volume, not the candle's: the candle keeps the one it had.
    volume: sameDay ? last.volume : null,
  };
}

/** The value `series` ends on once a live price has made `candle`; null when the series has no value for it. */
export function liveSeriesValue(candle: ChartPoint, series: ChartSeries): ChartValue | null {
  const value = candle[series];
  return value === null ? null : { time: candle.time, value };
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
  /** The candles themselves, for the candlesticks, the volume bars and the tooltip. */
  points: ChartPoint[];
  /** Whether candles are shorter than a day: their times then matter as much as their dates. */
  intraday: boolean;
  currency: string;
  /** The currency volumes are in (cryptos); null when they count shares (stocks). */
  volumeCurrency: string | null;
  locale: string;
};

// Daily and weekly candles start at UTC midnights: formatting them in the server's or browser's
// zone could show the day before. Intraday ones are shown at the exchange's (and Brazil's) clock.
const dayFormat: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };
const timeFormat: Intl.DateTimeFormatOptions = { dateStyle: "short", timeStyle: "short", timeZone: marketTimeZone };

export function formatDay(unixSeconds: number, locale: string, intraday = false): string {
  return formatDate(unixSeconds * 1000, locale, intraday ? timeFormat : dayFormat);
}

/** The time of day of an intraday candle, at the exchange's clock. */
export function formatClock(unixSeconds: number, locale: string): string {
  return formatDate(unixSeconds * 1000, locale, { timeStyle: "short", timeZone: marketTimeZone });
}

/** A candle's volume: in money for cryptos (CoinGecko quotes volume in the currency), in shares for stocks. */
export function formatVolume(value: number | null, currency: string | null, locale: string): string {
  return currency ? formatCompactMoney(value, currency, locale) : formatCompactNumber(value, locale);
}

/** The chart's accessible name and its numbers as a sentence, for screen readers. */
export function chartText(t: TFunction, { series, stats, currency, locale, intraday }: ChartView): { label: string; summary: string } {
  const format = valueFormatter(series, currency, locale);
  return {
    label: t("chart.label", { series: t(`chart.series.${series}`) }),
    summary: t("chart.summary", {
      from: formatDay(stats.first.time, locale, intraday),
      to: formatDay(stats.last.time, locale, intraday),
      min: format(stats.min),
      max: format(stats.max),
      last: format(stats.last.value),
    }),
  };
}
