/**
 * Lengths of time, UTC calendar dates and wall clocks in time zones, for server and browser
 * alike. Lengths are in milliseconds unless their name says seconds (what cookies' Max-Age, HTTP
 * caching and unix timestamps count).
 */
import { BoundedMap } from "./bounded-map";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
export const DAY_SECONDS = DAY_MS / 1000;
export const YEAR_SECONDS = 365 * DAY_SECONDS;

/** The UTC calendar date of an instant, as YYYY-MM-DD. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The instant a YYYY-MM-DD date starts, in UTC. */
export function startOfDate(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

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

const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const offsets = new BoundedMap<string, number>(1000);

/**
 * How far `timeZone`'s wall clock is ahead of UTC at `at`. Offsets change only at a transition,
 * which falls on a quarter hour (offsets are whole quarter hours), so one Intl reading serves a zone
 * for each quarter hour: a page's market statuses need a dozen of them.
 */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const key = `${timeZone}|${Math.floor(at / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = wallClockMs(timeZone, at) - Math.floor(at / 1000) * 1000;
    offsets.set(key, offset);
  }
  return offset;
}

/** The calendar date in `timeZone` at `at`, as YYYY-MM-DD. */
export function dateInZone(timeZone: string, at: number): string {
  return isoDate(at + zoneOffsetMs(timeZone, at));
}
