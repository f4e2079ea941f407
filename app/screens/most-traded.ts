import type { StockListItem } from "~/market/types";

/**
 * The home's "stocks in the spotlight": popularity, not performance. Ranked by what was traded
 * (price × volume, the turnover), leaving out the stocks the biggest-moves card already shows.
 */
export function mostTraded(candidates: StockListItem[], shownElsewhere: readonly StockListItem[], count: number): StockListItem[] {
  const shown = new Set(shownElsewhere.map(({ ticker }) => ticker));
  return candidates
    .flatMap((item) =>
      shown.has(item.ticker) || item.price === null || item.volume === null ? [] : [{ item, turnover: item.price * item.volume }],
    )
    .sort((a, b) => b.turnover - a.turnover)
    .slice(0, count)
    .map(({ item }) => item);
}
