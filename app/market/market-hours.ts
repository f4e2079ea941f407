/**
 * When B3 and the US exchanges (NYSE and Nasdaq share hours and holidays) hold their regular
 * session. Pure and browser-safe: the server renders the status and the browser re-evaluates it
 * with the same function. Wall-clock hours are read through Intl in each exchange's time zone,
 * so daylight saving time is whatever the time zone database says it is.
 */

import { BoundedMap } from "~/lib/bounded-map";

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

export function holidayKey(exchange: Exchange, isoDate: string): string {
  return `${exchange}|${isoDate}`;
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

const DAY_MS = 86_400_000;
/** Longer than any run of weekends and holidays; a holiday set that closes everything is a bug. */
const MAX_CLOSED_DAYS = 60;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `at`, read as if it were UTC. */
function wallClockMs(timeZone: string, at: number): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of partsFormatter(timeZone).formatToParts(at)) parts[type] = Number(value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new BoundedMap<string, number>(1000);

/**
 * How far `timeZone`'s wall clock is ahead of UTC at `at`. Offsets change only at a transition,
 * which falls on a quarter hour (offsets are whole quarter hours), so one Intl reading serves a zone
 * for each quarter hour: a page's market statuses need a dozen of them.
 */
function offsetMs(timeZone: string, at: number): number {
  const key = `${timeZone}|${Math.floor(at / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = wallClockMs(timeZone, at) - Math.floor(at / 1000) * 1000;
    offsets.set(key, offset);
  }
  return offset;
}

/** The calendar day in `timeZone` at `at`, as YYYY-MM-DD. */
function localDate(timeZone: string, at: number): string {
  return new Date(at + offsetMs(timeZone, at)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time happens on `isoDate` (sessions never fall in a DST gap or overlap). */
function instantOf(isoDate: string, { timeZone, minute }: WallTime): number {
  const wall = Date.parse(`${isoDate}T00:00:00Z`) + minute * 60_000;
  const guess = wall - offsetMs(timeZone, wall);
  return wall - offsetMs(timeZone, guess);
}

function nextDate(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function isTradingDay(exchange: Exchange, isoDate: string, holidays: Holidays): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(holidayKey(exchange, isoDate));
}

export function marketStatus(exchange: Exchange, at: number, holidays: Holidays): MarketStatus {
  const session = sessions[exchange];
  let date = localDate(session.timeZone, at);
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
