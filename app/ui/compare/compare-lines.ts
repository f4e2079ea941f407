import type { SeriesPoint } from "~/market/types";

/** One compared series as the canvas chart draws it: % change by time in unix seconds. */
export type CompareLine = { time: number; value: number }[];

/** The loader's points ([ms, %]) in the shape lightweight-charts takes, in time order, one per time. */
export function compareLine(points: readonly SeriesPoint[]): CompareLine {
  const byTime = new Map<number, number>();
  for (const [time, value] of points) if (Number.isFinite(value)) byTime.set(Math.floor(time / 1000), value);
  return [...byTime].sort(([a], [b]) => a - b).map(([time, value]) => ({ time, value }));
}

/**
 * Each line's value at `time` (unix seconds): its last point at or before it, as the chart carries
 * a value over days without one; null before a line's first point.
 */
export function valuesAt(lines: readonly CompareLine[], time: number): (number | null)[] {
  return lines.map((line) => {
    let low = 0;
    let high = line.length;
    // The first point after `time`; the one before it is the answer.
    while (low < high) {
      const middle = (low + high) >> 1;
      if (line[middle]!.time <= time) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? null : line[low - 1]!.value;
  });
}
