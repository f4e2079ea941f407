import { DAY_MS, isoDate } from "~/lib/time";

import { marketHolidays } from "./demo/business-days";
import { type Exchange, exchanges, holidayKey, type MarketStatus, marketStatus } from "./market-hours";
import { stockMarketOf } from "./stock-type";

/**
 * Market hours with the embedded calendar's holidays bound: the realtime server asks it before
 * ticking a stock, the stock pages for their status badge.
 */

/** Where a ticker trades (BDRs trade on B3, in reais, at B3's hours). */
export function exchangeOfTicker(ticker: string): Exchange {
  return stockMarketOf(ticker);
}

/** The last status of each exchange, good until its next change: ticks ask many times a second. */
const known = new Map<Exchange, { from: number; status: MarketStatus }>();

function statusAt(exchange: Exchange, at: number): MarketStatus {
  const held = known.get(exchange);
  if (held && held.from <= at && at < held.status.nextChangeAt) return held.status;
  const status = marketStatus(exchange, at, marketHolidays);
  known.set(exchange, { from: at, status });
  return status;
}

export function isMarketOpen(exchange: Exchange, at: number = Date.now()): boolean {
  return statusAt(exchange, at).open;
}

/** Whether the exchange `ticker` trades on is in its regular session at `at`. */
export function isStockTrading(ticker: string, at: number = Date.now()): boolean {
  return isMarketOpen(exchangeOfTicker(ticker), at);
}

/** What a page needs to show and re-evaluate the status of `shown` exchanges in the browser. */
export type MarketHoursView = { at: number; exchanges: Exchange[]; holidays: string[] };

/** Holidays sent to the browser: enough for a page left open for weeks. */
const HOLIDAY_WINDOW_MS = 45 * DAY_MS;

export function marketHoursView(shown: readonly Exchange[], at: number): MarketHoursView {
  const ordered = exchanges.filter((exchange) => shown.includes(exchange));
  const from = isoDate(at - DAY_MS);
  const to = isoDate(at + HOLIDAY_WINDOW_MS);
  // Keys of one exchange sort by date: "B3|2026-12-24" < "B3|2026-12-25".
  const holidays = [...marketHolidays].filter((key) =>
    ordered.some((exchange) => holidayKey(exchange, from) <= key && key <= holidayKey(exchange, to)),
  );
  return { at, exchanges: ordered, holidays };
}
