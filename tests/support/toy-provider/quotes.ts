import type { StockProvider } from "~/market/providers/provider";
import { classifyStock } from "~/market/stock-type";
import type { StockListItem, StockType } from "~/market/types";

/** The toy exchange's own words for what a listing is, mapped to ours here, in its adapter. */
const kinds: Record<"share" | "real-estate-fund", StockType> = { share: "stock", "real-estate-fund": "fund" };

/** The fixed list the toy exchange quotes, in its own shape. */
const board = [
  { code: "TOYS3", title: "Toy Brinquedos ON", kind: "share", last: 12.34, change: 1.5 },
  { code: "TOYF11", title: "Toy Imóveis FII", kind: "real-estate-fund", last: 98.7, change: -0.2 },
] as const;

function toItem({ code, title, kind, last, change }: (typeof board)[number]): StockListItem {
  return {
    ticker: code,
    name: title,
    logo: null,
    type: classifyStock(code, { exact: kinds[kind] }),
    sector: null,
    currency: "BRL",
    price: last,
    changePercent: change,
    volume: null,
    marketCap: null,
  };
}

const itemOf = (ticker: string) => board.map(toItem).find((item) => item.ticker === ticker.trim().toUpperCase());

/** B3 quotes from the fixed list: no history, no profile. */
export function createToyStocks(): StockProvider {
  return {
    source: "live",
    async list({ page, limit }) {
      const items = board.map(toItem);
      return { items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit, sectors: [] };
    },
    async quotes(tickers) {
      return new Map(tickers.map((ticker) => [ticker.toUpperCase(), itemOf(ticker) ?? null]));
    },
    async detail(ticker) {
      const item = itemOf(ticker);
      if (!item) return null;
      const unknown = { open: null, high: null, low: null, previousClose: null, fiftyTwoWeekHigh: null, fiftyTwoWeekLow: null };
      const profile = { longBusinessSummary: null, sector: null, industry: null, website: null };
      return { ...item, ...unknown, history: [], profile, lastUpdated: "2026-01-05T15:00:00.000Z" };
    },
  };
}
