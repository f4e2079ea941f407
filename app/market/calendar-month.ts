import { z } from "zod";

import { DAY_MS, isoDate } from "~/lib/time";

import { type CalendarEvent, type CalendarEventKind, calendarEventKinds } from "./types";

/**
 * The calendar screen's month arithmetic and URL state. Dates are plain "YYYY-MM-DD" strings and
 * all arithmetic runs in UTC, so the server and the browser can never disagree about a day.
 */

const monthPattern = /^[1-9]\d{3}-(0[1-9]|1[0-2])$/;

/** `?month=YYYY-MM&kind=holiday&kind=economic`: junk months fall back to the current one, unknown kinds are dropped. */
const calendarQuery = z.object({
  month: z.string().regex(monthPattern).optional().catch(undefined),
  kinds: z.array(z.string()).transform((values) => calendarEventKinds.filter((kind) => values.includes(kind))),
});

export type CalendarQuery = { month: string; kinds: CalendarEventKind[] };

/** The query parameters the calendar reads. */
export const calendarQueryParams = ["month", "kind"] as const;

export function parseCalendarQuery(params: URLSearchParams, currentMonth: string): CalendarQuery {
  const { month, kinds } = calendarQuery.parse({ month: params.get("month") ?? undefined, kinds: params.getAll("kind") });
  return { month: month ?? currentMonth, kinds };
}

function monthStart(month: string): { year: number; monthIndex: number } {
  return { year: Number(month.slice(0, 4)), monthIndex: Number(month.slice(5, 7)) - 1 };
}

/** "2026-11" plus `delta` months, e.g. shiftMonth("2026-01", -1) === "2025-12". */
export function shiftMonth(month: string, delta: number): string {
  const { year, monthIndex } = monthStart(month);
  return isoDate(Date.UTC(year, monthIndex + delta, 1)).slice(0, 7);
}

/** First and last day of the month, inclusive, as the market service's range wants them. */
export function monthRange(month: string): { from: string; to: string } {
  const { year, monthIndex } = monthStart(month);
  return { from: isoDate(Date.UTC(year, monthIndex, 1)), to: isoDate(Date.UTC(year, monthIndex + 1, 0)) };
}

export type CalendarDay = {
  date: string;
  dayOfMonth: number;
  inMonth: boolean;
  isToday: boolean;
  events: CalendarEvent[];
};

/**
 * Weeks start on Sunday, as wall calendars do in Brazil and the US (and in much of Latin America),
 * so the grid has the same shape in all three languages.
 */
export const firstWeekday = 0;

/** Rare, market-wide events lead a day; the long lists of company events follow. */
const dayOrder: readonly CalendarEventKind[] = ["holiday", "economic", "dividend", "earnings"];

/** The month as whole weeks (4 to 6 rows of 7), padded with the neighbouring months' days. */
export function monthGrid(month: string, today: string, events: CalendarEvent[]): CalendarDay[][] {
  const { year, monthIndex } = monthStart(month);
  const first = Date.UTC(year, monthIndex, 1);
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const leading = (new Date(first).getUTCDay() - firstWeekday + 7) % 7;
  const cellCount = Math.ceil((leading + daysInMonth) / 7) * 7;
  const byDate = eventsByDate(events);
  const weeks: CalendarDay[][] = [];
  for (let cell = 0; cell < cellCount; cell++) {
    const date = isoDate(first + (cell - leading) * DAY_MS);
    const inMonth = cell >= leading && cell < leading + daysInMonth;
    if (cell % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push({
      date,
      dayOfMonth: Number(date.slice(8)),
      inMonth,
      isToday: date === today,
      events: inMonth ? (byDate.get(date) ?? []) : [],
    });
  }
  return weeks;
}

function eventsByDate(events: CalendarEvent[]): Map<string, CalendarEvent[]> {
  const byDate = new Map<string, CalendarEvent[]>();
  const ordered = [...events].sort((a, b) => dayOrder.indexOf(a.kind) - dayOrder.indexOf(b.kind));
  for (const event of ordered) {
    const day = byDate.get(event.date);
    if (day) day.push(event);
    else byDate.set(event.date, [event]);
  }
  return byDate;
}

/** No kinds chosen means every kind. */
export function filterByKind(events: CalendarEvent[], kinds: readonly CalendarEventKind[]): CalendarEvent[] {
  return kinds.length === 0 ? events : events.filter((event) => kinds.includes(event.kind));
}

export function countByKind(events: CalendarEvent[]): Record<CalendarEventKind, number> {
  const counts = Object.fromEntries(calendarEventKinds.map((kind) => [kind, 0])) as Record<CalendarEventKind, number>;
  for (const event of events) counts[event.kind]++;
  return counts;
}

/** A calendar URL: without a month it opens the current one. */
export function calendarHref(month: string | null, kinds: readonly CalendarEventKind[]): string {
  const params = new URLSearchParams();
  if (month) params.set("month", month);
  for (const kind of kinds) params.append("kind", kind);
  const query = params.toString();
  return query ? `/calendar?${query}` : "/calendar";
}

export function eventAssetHref(asset: NonNullable<CalendarEvent["asset"]>): string {
  return `/${asset.type === "crypto" ? "cryptos" : "stocks"}/${encodeURIComponent(asset.id)}`;
}
