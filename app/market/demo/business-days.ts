/** Business days of the demo exchanges, from the embedded holiday calendar. Days are whole UTC days since 1970-01-01. */
import { DAY_MS, isoDate } from "~/lib/time";
import { calendarRecords } from "~/market/catalogue";

import { type Exchange, holidayKey, type Holidays } from "../market-hours";

/** The exchanges' holidays (B3 and US records of kind "holiday"), keyed as market hours read them. */
export const marketHolidays: Holidays = new Set(
  calendarRecords.flatMap(({ kind, market, date }) =>
    kind === "holiday" && (market === "B3" || market === "US") ? [holidayKey(market, date)] : [],
  ),
);

/** The date of a day number, as YYYY-MM-DD. */
export function dateOfDay(day: number): string {
  return isoDate(day * DAY_MS);
}

export function isBusinessDay(day: number, market: Exchange): boolean {
  // 1970-01-01 was a Thursday.
  const weekday = (day + 4) % 7;
  return weekday !== 0 && weekday !== 6 && !marketHolidays.has(holidayKey(market, dateOfDay(day)));
}

/** `day` itself when it is a business day, else the next one. */
export function businessDayFrom(day: number, market: Exchange): number {
  let next = day;
  while (!isBusinessDay(next, market)) next++;
  return next;
}

/** `day` itself when it is a business day, else the one before. */
export function businessDayUntil(day: number, market: Exchange): number {
  let previous = day;
  while (!isBusinessDay(previous, market)) previous--;
  return previous;
}

/** The n-th (1-based) business day of a month (0-based month). */
export function nthBusinessDay(year: number, month: number, n: number, market: Exchange): number {
  let day = businessDayFrom(Date.UTC(year, month, 1) / DAY_MS, market);
  for (let i = 1; i < n; i++) day = businessDayFrom(day + 1, market);
  return day;
}

/** The last business day of a month (0-based month; -1 is the previous year's December). */
export function lastBusinessDay(year: number, month: number, market: Exchange): number {
  return businessDayUntil(Date.UTC(year, month + 1, 1) / DAY_MS - 1, market);
}
