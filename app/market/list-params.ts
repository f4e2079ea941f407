import type { StockRange, StockSortField } from "./types";

// URL state of the market screens: every filter, sort and page lives in the query string. The
// schemas that read it are server-only (list-search.server.ts), so pages never ship zod for them.

export const pageSizes = [12, 24, 48, 96] as const;
export const listSortFields = ["market_cap", "price", "change", "volume", "name"] as const;
export type ListSortField = (typeof listSortFields)[number];
export type ListOrder = "asc" | "desc";

/** The range of a stock's detail (its history): the chart's candles are read apart, per chart range. */
export const defaultStockRange: StockRange = "1mo";

/** The stock provider's name for each list column. */
export const stockSortBy: Record<ListSortField, StockSortField> = {
  market_cap: "market_cap_basic",
  price: "close",
  change: "change",
  volume: "volume",
  name: "name",
};
