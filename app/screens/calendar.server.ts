import type { Language } from "~/i18n/languages";
import { formatDate } from "~/lib/format";
import { dateInZone, DAY_MS, startOfDate } from "~/lib/time";
import {
  calendarHref,
  countByKind,
  filterByKind,
  firstWeekday,
  monthGrid,
  monthRange,
  parseCalendarQuery,
  shiftMonth,
} from "~/market/calendar-month";
import { marketTimeZone } from "~/market/market-hours";
import type { MarketService } from "~/market/service.server";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";

/** 2023-01-01 was a Sunday: the first of seven days that name the weekday columns. */
const REFERENCE_SUNDAY = Date.UTC(2023, 0, 1);

/**
 * Every label is formatted here, on the server, so the browser hydrates exactly the text the
 * server sent (Node's and the browser's Intl data can differ) and "today" is B3's today.
 */
const dateLabel = (utcMs: number, language: Language, options: Intl.DateTimeFormatOptions) =>
  formatDate(utcMs, language, { ...options, timeZone: "UTC" });

function weekdayNames(language: Language) {
  return Array.from({ length: 7 }, (_, column) => {
    const day = REFERENCE_SUNDAY + ((firstWeekday + column) % 7) * DAY_MS;
    return { short: dateLabel(day, language, { weekday: "short" }), long: dateLabel(day, language, { weekday: "long" }) };
  });
}

/** Everything the /calendar screen renders for a request's month and kind filter. */
export async function calendarPage(market: MarketService, logger: Logger, url: URL, language: Language, now: number) {
  const today = dateInZone(marketTimeZone, now);
  const { month, kinds } = parseCalendarQuery(url.searchParams, today.slice(0, 7));
  const { from, to } = monthRange(month);
  const events = await orUnavailable(logger, market.calendar(from, to, language));
  const shown = events ? filterByKind(events.data, kinds) : [];
  return {
    month,
    kinds,
    title: dateLabel(startOfDate(from), language, { month: "long", year: "numeric" }),
    weekdays: weekdayNames(language),
    links: {
      previous: calendarHref(shiftMonth(month, -1), kinds),
      next: calendarHref(shiftMonth(month, 1), kinds),
      today: calendarHref(null, kinds),
      allKinds: calendarHref(month, []),
    },
    events: events && {
      source: events.source,
      stale: events.stale,
      counts: countByKind(events.data),
      total: events.data.length,
      shown: shown.length,
      weeks: monthGrid(month, today, shown).map((week) =>
        week.map((day) => ({
          ...day,
          label: dateLabel(startOfDate(day.date), language, { weekday: "long", day: "numeric", month: "long" }),
        })),
      ),
    },
  };
}

export type CalendarPage = Awaited<ReturnType<typeof calendarPage>>;
