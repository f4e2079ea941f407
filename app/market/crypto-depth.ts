import type { CryptoDetail, CryptoListItem } from "./types";

/** Points of a 7-day sparkline: one every 4 hours, both ends included. Enough for a 100-pixel line, small in a 250-row list. */
export const sparklinePoints = 43;

/** `count` values at evenly spaced places of `values`, keeping the first and the last; shorter series stay as they are. */
export function downsample(values: number[], count = sparklinePoints): number[] {
  if (values.length <= count) return values;
  return Array.from({ length: count }, (_, i) => values[Math.round((i * (values.length - 1)) / (count - 1))]!);
}

/** A change measured up to one price, re-measured up to a price `ratio` times that one. */
function rebased(change: number | null | undefined, ratio: number): number | null {
  return change == null ? null : ((1 + change / 100) * ratio - 1) * 100;
}

type Depth = Partial<Pick<CryptoDetail, "change30d" | "change1y" | "fullyDilutedValuation" | "allTimeHigh" | "allTimeLow">>;

/**
 * `item` measured at its own price, moved to `price` (a newer quote of the same coin): the changes,
 * the sparkline's last point, the fully diluted valuation and the all-time records follow, so the
 * page never shows a price beyond its own all-time high or a change that disagrees with it.
 */
export function movedToPrice<Item extends CryptoListItem & Depth>(item: Item, price: number, at: number): Item {
  if (item.price === null || item.price === price) return { ...item, price };
  const ratio = price / item.price;
  const moved: CryptoListItem & Depth = {
    ...item,
    price,
    change1h: rebased(item.change1h, ratio),
    change7d: rebased(item.change7d, ratio),
    sparkline7d: item.sparkline7d && item.sparkline7d.length > 0 ? [...item.sparkline7d.slice(0, -1), price] : item.sparkline7d,
  };
  if ("change30d" in item) moved.change30d = rebased(item.change30d, ratio);
  if ("change1y" in item) moved.change1y = rebased(item.change1y, ratio);
  if (item.fullyDilutedValuation != null) moved.fullyDilutedValuation = Math.round(item.fullyDilutedValuation * ratio);
  const date = new Date(at).toISOString();
  if (item.allTimeHigh && price > item.allTimeHigh.price) moved.allTimeHigh = { price, date };
  if (item.allTimeLow && price < item.allTimeLow.price) moved.allTimeLow = { price, date };
  return moved as Item;
}

/** How far `price` is from a record, in percent of the record (negative below an all-time high). */
export function distanceFrom(record: number | null | undefined, price: number | null): number | null {
  return record == null || price === null || record === 0 ? null : (price / record - 1) * 100;
}

/** The heights a sparkline is drawn with: 0 at the week's low, this at its high. */
const sparklineLevels = 22;
/** A sparkline's drawing box; the stylesheet sets its size on screen. */
export const sparklineBox = { width: 84, height: sparklineLevels + 2 };

/**
 * The path through heights from 0 to sparklineLevels across the box, in whole units: a 43-point
 * line is about 250 characters, which counts in a list of a hundred rows. Null with nothing to draw.
 */
function sparklinePath(levels: readonly number[]): string | null {
  if (levels.length < 2) return null;
  const step = sparklineBox.width / (levels.length - 1);
  // 1 unit of margin so the stroke is not cut at the top and bottom.
  const points = levels.map((level, i) => `${Math.round(i * step)} ${1 + sparklineLevels - level}`);
  return `M${points[0]}L${points.slice(1).join(" ")}`;
}

/**
 * A crypto table's row: the sparkline as the path it is drawn with, whole heights between the
 * week's low and high, instead of prices. That is all a row draws, and one string in the page's
 * data, where 43 numbers were written one by one.
 */
export type CryptoTableItem = Omit<CryptoListItem, "sparkline7d"> & { sparkline: string | null };

export function toTableItem({ sparkline7d, ...item }: CryptoListItem): CryptoTableItem {
  if (!sparkline7d || sparkline7d.length < 2) return { ...item, sparkline: null };
  let low = Infinity;
  let high = -Infinity;
  for (const price of sparkline7d) {
    if (price < low) low = price;
    if (price > high) high = price;
  }
  const span = high - low;
  const levels = sparkline7d.map((price) => (span === 0 ? sparklineLevels / 2 : Math.round(((price - low) / span) * sparklineLevels)));
  return { ...item, sparkline: sparklinePath(levels) };
}
