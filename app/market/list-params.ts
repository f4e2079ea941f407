import type { StockRange, StockSortField } from "./types";

// URL state of the market screens: every filter, sort and page lives in the query string. The
// schemas that read it are server-only (list-search.server.ts), so pages never ship zod for them.

export const pageSizes = [12, 24, 48, 96] as const;
export const listSortFields = ["market_cap", "price", "change", "volume", "name"] as const;
export type ListSortField = (typeof listSortFields)[number];
export type ListOrder = "asc" | "desc";

/** The detail chart draws daily points, so it offers the ranges made of days. */
export const stockPageRanges = ["1mo", "3mo", "6mo", "1y"] as const satisfies readonly StockRange[];
/** The range a stock page opens on. */
export const defaultStockRange = "1mo" satisfies (typeof stockPageRanges)[number];

/** The stock provider's name for each list column. */
export const stockSortBy: Record<ListSortField, StockSortField> = {
  market_cap: "market_cap_basic",
  price: "close",
  change: "change",
  volume: "volume",
  name: "name",
};
