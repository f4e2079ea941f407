/**
 * When B3 and the US exchanges (NYSE and Nasdaq share hours and holidays) hold their regular
 * session. Pure and browser-safe: the server renders the status and the browser re-evaluates it
 * with the same function. Wall-clock hours are read through Intl in each exchange's time zone,
 * so daylight saving time is whatever the time zone database says it is.
 */

import { dateInZone, DAY_MS, isoDate, MINUTE_MS, startOfDate, zoneOffsetMs } from "~/lib/time";

export const exchanges = ["B3", "US"] as const;
export type Exchange = (typeof exchanges)[number];

export type MarketStatus = {
  exchange: Exchange;
  open: boolean;
  /** ms epoch of the next open when closed, of the close when open */
  nextChangeAt: number;
};

/** Days the exchange does not trade, as `holidayKey` strings ("B3|2026-12-25"). */
export type Holidays = ReadonlySet<string>;

export function holidayKey(exchange: Exchange, date: string): string {
  return `${exchange}|${date}`;
}

/** B3's time zone: the calendar's "today" and default month follow the Brazilian market, not the server. */
export const marketTimeZone = "America/Sao_Paulo";
const saoPaulo = marketTimeZone;
const newYork = "America/New_York";

/** A wall-clock time: minutes after local midnight in a time zone. */
type WallTime = { timeZone: string; minute: number };

/**
 * Regular sessions, on the exchange's own calendar day (see docs/decisions/0026-market-hours.md).
 * B3 opens at 10:00 in São Paulo and closes with New York (16:00 there): 17:00 in Brasília while
 * the US keeps daylight time, 18:00 otherwise, as B3 moves its close each March and November.
 */
const sessions: Record<Exchange, { timeZone: string; open: WallTime; close: WallTime }> = {
  B3: { timeZone: saoPaulo, open: { timeZone: saoPaulo, minute: 10 * 60 }, close: { timeZone: newYork, minute: 16 * 60 } },
  US: { timeZone: newYork, open: { timeZone: newYork, minute: 9 * 60 + 30 }, close: { timeZone: newYork, minute: 16 * 60 } },
};

/** Longer than any run of weekends and holidays; a holiday set that closes everything is a bug. */
const MAX_CLOSED_DAYS = 60;

/** The instant a wall-clock time happens on `date` (sessions never fall in a DST gap or overlap). */
function instantOf(date: string, { timeZone, minute }: WallTime): number {
  const wall = startOfDate(date) + minute * MINUTE_MS;
  const guess = wall - zoneOffsetMs(timeZone, wall);
  return wall - zoneOffsetMs(timeZone, guess);
}

function nextDate(date: string): string {
  return isoDate(startOfDate(date) + DAY_MS);
}

function isTradingDay(exchange: Exchange, date: string, holidays: Holidays): boolean {
  const weekday = new Date(startOfDate(date)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(holidayKey(exchange, date));
}

export function marketStatus(exchange: Exchange, at: number, holidays: Holidays): MarketStatus {
  const session = sessions[exchange];
  let date = dateInZone(session.timeZone, at);
  for (let day = 0; day <= MAX_CLOSED_DAYS; day++, date = nextDate(date)) {
    if (!isTradingDay(exchange, date, holidays)) continue;
    const open = instantOf(date, session.open);
    if (at < open) return { exchange, open: false, nextChangeAt: open };
    const close = instantOf(date, session.close);
    if (at < close) return { exchange, open: true, nextChangeAt: close };
  }
  throw new Error(`${exchange} has no session in the ${MAX_CLOSED_DAYS} days after ${new Date(at).toISOString()}`);
}

export function isMarketOpen(exchange: Exchange, at: number, holidays: Holidays): boolean {
  return marketStatus(exchange, at, holidays).open;
}
