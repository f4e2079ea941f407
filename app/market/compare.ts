/**
 * /compare: several assets and benchmarks on one scale, the % change since the first day they all
 * have a value. Pure: the loader fetches the raw series, these functions align and rebase them.
 */
import { z } from "zod";

import { DAY_MS, isoDate, startOfDate } from "~/lib/time";

import type { ChartRange } from "./chart-range";
import type { EconomicPoint, MarketIndexId, SeriesPoint } from "./types";

/** The ranges /compare offers: the asset charts' daily ranges, with the same ids. */
export const compareRanges = ["1m", "3m", "1y", "5y", "max"] as const satisfies readonly ChartRange[];
export type CompareRange = (typeof compareRanges)[number];
const defaultCompareRange: CompareRange = "1y";

/** How far back each range reaches, in days ("max": ten years, the most Banco Central's series give in one call). */
const rangeDays: Record<CompareRange, number> = { "1m": 31, "3m": 92, "1y": 365, "5y": 5 * 365 + 1, max: 10 * 365 };

/** The first UTC day a range covers at `now`. */
export function compareStart(range: CompareRange, now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - rangeDays[range] * DAY_MS;
}

/** At most this many series on one chart: more would be unreadable. */
export const maxCompared = 6;

/** Benchmarks by their URL code: the indices, the CDI and the IPCA. */
export const benchmarkCodes = ["ibov", "ifix", "spx", "ixic", "cdi", "ipca"] as const;
export type BenchmarkCode = (typeof benchmarkCodes)[number];
export const isIndexCode = (code: BenchmarkCode): code is MarketIndexId => code !== "cdi" && code !== "ipca";

export const defaultCompared = ["ibov", "ifix", "spx", "cdi", "ipca"];

/** One requested series: a benchmark code, a stock ticker or a crypto id, as typed. */
const comparedAsset = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9^.-]+$/);

/** The query parameters /compare reads: every `a` and the range. */
export const compareQueryParams = ["a", "range"] as const;

export const compareSearch = z.object({
  range: z.enum(compareRanges).catch(defaultCompareRange),
});

/**
 * The `a` values of a URL: blanks skipped, duplicates (any case) once, at most `maxCompared`.
 * Each is valid or named as invalid, so one bad value never loses the others.
 */
export function parseCompared(values: readonly string[]): { valid: string[]; invalid: string[]; dropped: number } {
  const valid: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const raw of values) {
    const value = raw.trim();
    if (value === "" || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    if (valid.length + invalid.length >= maxCompared) {
      dropped++;
      continue;
    }
    const parsed = comparedAsset.safeParse(value);
    if (parsed.success) valid.push(parsed.data);
    else invalid.push(value.slice(0, 40));
  }
  return { valid, invalid, dropped };
}

// Both ways between a day and its date are remembered: a comparison converts every point of every
// series, and there are only as many days as the ranges reach back (a few thousand).
const datesByDay = new Map<number, string>();
const startsByDate = new Map<string, number>();

/** YYYY-MM-DD of an instant, in UTC: the calendars are aligned by date. */
export function dayKey(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let date = datesByDay.get(day);
  if (date === undefined) {
    date = isoDate(day * DAY_MS);
    datesByDay.set(day, date);
  }
  return date;
}

function dayMs(date: string): number {
  let start = startsByDate.get(date);
  if (start === undefined) {
    start = startOfDate(date);
    startsByDate.set(date, start);
  }
  return start;
}

/** A series' values by date; the last point of a date wins (crypto charts have several a day). */
export type DailySeries = Map<string, number>;

export function dailyFromPoints(points: readonly SeriesPoint[]): DailySeries {
  const daily: DailySeries = new Map();
  for (const [time, value] of [...points].sort((a, b) => a[0] - b[0])) {
    if (Number.isFinite(value) && value > 0) daily.set(dayKey(time), value);
  }
  return daily;
}

/**
 * What R$ 1 in the CDI from the first point is worth at each business day's end: every day
 * compounds the annual rate over 252 business days, (1 + r)^(1/252).
 */
export function cdiAccumulated(annualRates: readonly EconomicPoint[]): DailySeries {
  const daily: DailySeries = new Map();
  let value = 1;
  for (const { date, value: annual } of [...annualRates].sort((a, b) => a.date.localeCompare(b.date))) {
    daily.set(date, value);
    value *= (1 + annual / 100) ** (1 / 252);
  }
  return daily;
}

/**
 * Prices accumulated by the monthly IPCA: 1 at the start of the first month, and each month's
 * inflation applied on the first day of the next (when the month is over).
 */
export function ipcaAccumulated(monthly: readonly EconomicPoint[]): DailySeries {
  const daily: DailySeries = new Map();
  const sorted = [...monthly].sort((a, b) => a.date.localeCompare(b.date));
  if (sorted.length === 0) return daily;
  let value = 1;
  daily.set(sorted[0]!.date, value);
  for (const { date, value: inflation } of sorted) {
    value *= 1 + inflation / 100;
    const [year, month] = date.split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
    daily.set(next, value);
  }
  return daily;
}

/** What one requested value turned out to be. */
export type ComparedKind = "benchmark" | "stock" | "crypto";

export type ComparedSeries =
  | { input: string; status: "ok"; kind: ComparedKind; code: string; points: SeriesPoint[]; final: number | null }
  | { input: string; status: "unknown" | "unavailable" | "noData" };

/** A compared series as the page's loader data carries it: its points packed into one string. */
export type PackedComparedSeries =
  (Omit<Extract<ComparedSeries, { status: "ok" }>, "points"> & { points: string }) | Exclude<ComparedSeries, { status: "ok" }>;

/** Values keep 1/10,000 of a percentage point: far below what the chart or its legend can show. */
const packedPrecision = 10_000;

/**
 * The series with their points packed into one string each: "days since the previous point,value"
 * pairs, all comma-separated. React Router's loader data encoding writes every number of every
 * [time, value] pair on its own: a year of five series was 45 kB of the page and most of its
 * render time; a string is one value. Rebased points fall on UTC midnights, so whole day numbers
 * carry their times exactly.
 */
export function packSeries(series: readonly ComparedSeries[]): PackedComparedSeries[] {
  return series.map((item) => {
    if (item.status !== "ok") return item;
    let packed = packedPoints.get(item.points);
    if (packed === undefined) {
      packed = packPoints(item.points);
      packedPoints.set(item.points, packed);
    }
    return { ...item, points: packed };
  });
}

/** Each rebased series packed once: the same comparison is rebased once (compare.server.ts). */
const packedPoints = new WeakMap<readonly SeriesPoint[], string>();

function packPoints(points: readonly SeriesPoint[]): string {
  const parts: (number | string)[] = [];
  let previousDay = 0;
  for (const [time, value] of points) {
    const day = Math.round(time / DAY_MS);
    parts.push(day - previousDay, Math.round(value * packedPrecision) / packedPrecision);
    previousDay = day;
  }
  return parts.join(",");
}

export function unpackSeries(series: readonly PackedComparedSeries[]): ComparedSeries[] {
  return series.map((item) => {
    if (item.status !== "ok") return item;
    const parts = item.points === "" ? [] : item.points.split(",");
    const points: SeriesPoint[] = [];
    let day = 0;
    for (let index = 0; index < parts.length; index += 2) {
      day += Number(parts[index]);
      points.push([day * DAY_MS, Number(parts[index + 1])]);
    }
    return { ...item, points };
  });
}

export type RebasedSeries = { points: SeriesPoint[]; final: number | null };

/**
 * Every series as % change from the first date on which all of them have a value, on the union
 * of their calendars from there (each carries its last value over days it does not trade: B3 and
 * the CDI rest at weekends, crypto does not). A series with no value at all gets no points; the
 * others are still compared among themselves. Dates before `fromDay` and after `toDay` are left out.
 */
export function rebaseSeries(series: readonly DailySeries[], fromDay: string, toDay: string): RebasedSeries[] {
  const present = series.filter((daily) => [...daily.keys()].some((day) => day <= toDay));
  const calendar = [...new Set(present.flatMap((daily) => [...daily.keys()]))].filter((day) => day <= toDay).sort();
  // The latest value at or before each calendar day, per series.
  const filled = series.map((daily) => {
    let last: number | undefined;
    return calendar.map((day) => (last = daily.get(day) ?? last));
  });
  const presentIndexes = series.flatMap((daily, index) => (present.includes(daily) ? [index] : []));
  const start = calendar.findIndex(
    (day, position) => day >= fromDay && presentIndexes.every((index) => filled[index]![position] !== undefined),
  );
  return series.map((_, index) => {
    if (start === -1 || !presentIndexes.includes(index)) return { points: [], final: null };
    const values = filled[index]!;
    const base = values[start]!;
    const points = calendar.slice(start).map((day, offset): SeriesPoint => [dayMs(day), (values[start + offset]! / base - 1) * 100]);
    return { points, final: points.at(-1)![1] };
  });
}
