/**
 * The ranges every asset chart offers (and /compare reuses): what each spans, the candle interval
 * that keeps it under a few hundred points, and how candles of one size are made from finer data.
 * Pure: the caller passes the instant and, where known, where the data begins.
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, WEEK_MS } from "~/lib/time";

import type { Candle } from "./types";

export const chartRanges = ["1d", "7d", "1m", "3m", "1y", "5y", "max"] as const;
export type ChartRange = (typeof chartRanges)[number];

/** The URL search parameter that holds the range, so range links work without JavaScript. */
export const chartRangeParam = "range";

/** Weekly candles start on Mondays; 1970-01-01 was a Thursday, so the first Monday is 4 days later. */
const mondayOffsetMs = 4 * DAY_MS;

type RangeSpec = {
  /** How far back from now the range reaches; null for everything there is. */
  spanMs: number | null;
  intervalMs: number;
};

/** The spec's crypto history is 31 days, so a month is 31 days here, and a quarter 92. */
const specs: Record<ChartRange, RangeSpec> = {
  "1d": { spanMs: DAY_MS, intervalMs: 5 * MINUTE_MS },
  "7d": { spanMs: 7 * DAY_MS, intervalMs: HOUR_MS },
  "1m": { spanMs: 31 * DAY_MS, intervalMs: DAY_MS },
  "3m": { spanMs: 92 * DAY_MS, intervalMs: DAY_MS },
  "1y": { spanMs: 365 * DAY_MS, intervalMs: DAY_MS },
  "5y": { spanMs: (5 * 365 + 1) * DAY_MS, intervalMs: WEEK_MS },
  max: { spanMs: null, intervalMs: WEEK_MS },
};

/** The crypto page's default: the spec's 31-day history. */
export const defaultCryptoRange: ChartRange = "1m";
/** The stock page's default, as it was before ranges were shared: one month. */
export const defaultStockChartRange: ChartRange = "1m";

/** Values older links carry (the stock page's former ranges), read as the nearest range. */
const aliases = new Map<string, ChartRange>([
  ["5d", "7d"],
  ["1mo", "1m"],
  ["3mo", "3m"],
  ["6mo", "3m"],
]);

export function parseChartRange(value: string | null | undefined, fallback: ChartRange): ChartRange {
  if (!value) return fallback;
  const lower = value.toLowerCase();
  return chartRanges.find((range) => range === lower) ?? aliases.get(lower) ?? fallback;
}

export function rangeInterval(range: ChartRange): number {
  return specs[range].intervalMs;
}

/** Whether a range's candles are shorter than a day (their labels need the time of day). */
export function isIntraday(range: ChartRange): boolean {
  return specs[range].intervalMs < DAY_MS;
}

/** The start of the candle (bucket) that holds `ms`: multiples of the interval, weeks from Monday. */
export function bucketStart(ms: number, intervalMs: number): number {
  const offset = intervalMs === WEEK_MS ? mondayOffsetMs : 0;
  return Math.floor((ms - offset) / intervalMs) * intervalMs + offset;
}

export type RangeWindow = { fromMs: number; toMs: number; intervalMs: number };

/**
 * The instants a range covers at `nowMs`: from the start of the first whole candle, never before
 * `firstMs` (where the data begins: "Max" and a "5Y" longer than the history start there), to now.
 */
export function rangeWindow(range: ChartRange, nowMs: number, firstMs: number | null = null): RangeWindow {
  const { spanMs, intervalMs } = specs[range];
  // Without a known start, "Max" reaches as far as the longest range.
  const reach = nowMs - (spanMs ?? specs["5y"].spanMs!);
  const start = firstMs === null ? reach : Math.max(reach, firstMs);
  const from = bucketStart(start, intervalMs);
  return { fromMs: from < start ? from + intervalMs : from, toMs: nowMs, intervalMs };
}

/** Candle starts in a window, oldest first; the last one is still forming. */
export function bucketStarts({ fromMs, toMs, intervalMs }: RangeWindow): number[] {
  const starts: number[] = [];
  for (let start = bucketStart(fromMs, intervalMs); start <= toMs; start += intervalMs) if (start >= fromMs) starts.push(start);
  return starts;
}

/**
 * Candles of `intervalMs` from price samples ([ms, price], any order) and optional volume samples:
 * each candle opens on its first sample, closes on its last and spans their extremes; its volume
 * is the last volume sample in it (CoinGecko's volumes are rolling 24-hour totals, not per candle).
 */
export function candlesFromSamples(
  prices: readonly (readonly [number, number])[],
  volumes: readonly (readonly [number, number])[],
  intervalMs: number,
): Candle[] {
  const byStart = new Map<number, number>();
  for (const [ms, volume] of volumes.toSorted((a, b) => a[0] - b[0])) byStart.set(bucketStart(ms, intervalMs), volume);
  const candles: Candle[] = [];
  for (const [ms, price] of prices.toSorted((a, b) => a[0] - b[0])) {
    const time = bucketStart(ms, intervalMs) / 1000;
    const current = candles.at(-1);
    if (current?.time === time) {
      current.high = Math.max(current.high, price);
      current.low = Math.min(current.low, price);
      current.close = price;
    } else {
      candles.push({ time, open: price, high: price, low: price, close: price, volume: byStart.get(time * 1000) ?? null });
    }
  }
  return candles;
}

/** Merges finer candles (any order) into candles of `intervalMs`, adding up their volumes. */
export function mergeCandles(candles: readonly Candle[], intervalMs: number): Candle[] {
  const merged: Candle[] = [];
  for (const candle of candles.toSorted((a, b) => a.time - b.time)) {
    const time = bucketStart(candle.time * 1000, intervalMs) / 1000;
    const current = merged.at(-1);
    if (current?.time === time) {
      current.high = Math.max(current.high, candle.high);
      current.low = Math.min(current.low, candle.low);
      current.close = candle.close;
      current.volume =
        current.volume === null || candle.volume === null ? (current.volume ?? candle.volume) : current.volume + candle.volume;
    } else {
      merged.push({ ...candle, time });
    }
  }
  return merged;
}

/**
 * `candles` of `intervalMs` with volumes from samples ([ms, volume], any order): each candle without
 * one takes the last sample in it (CoinGecko's rolling 24-hour totals, as `candlesFromSamples` does).
 */
export function withSampleVolumes(
  candles: readonly Candle[],
  volumes: readonly (readonly [number, number])[],
  intervalMs: number,
): Candle[] {
  const byStart = new Map<number, number>();
  for (const [ms, volume] of volumes.toSorted((a, b) => a[0] - b[0])) byStart.set(bucketStart(ms, intervalMs), volume);
  return candles.map((candle) => (candle.volume === null ? { ...candle, volume: byStart.get(candle.time * 1000) ?? null } : candle));
}

/** Merges candles (oldest first) into wider ones of a multiple of `intervalMs` when there are more than `most`. */
export function thinCandles(candles: readonly Candle[], intervalMs: number, most = 300): { intervalMs: number; candles: Candle[] } {
  if (candles.length <= most) return { intervalMs, candles: [...candles] };
  const wider = intervalMs * Math.ceil(candles.length / 260);
  return { intervalMs: wider, candles: mergeCandles(candles, wider) };
}
