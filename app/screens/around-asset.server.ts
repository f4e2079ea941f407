import type { Language } from "~/i18n/languages";
import { dateInZone, DAY_MS, isoDate, startOfDate } from "~/lib/time";
import { calendarHref } from "~/market/calendar-month";
import { marketTimeZone } from "~/market/market-hours";
import type { MarketService } from "~/market/service.server";
import type { CalendarEvent, NewsCategory } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";

import { relatedNews, upcomingEventsFor } from "./around-asset";

/** Upcoming events are looked up this far ahead. */
const EVENTS_DAYS_AHEAD = 60;

type Around = {
  asset: NonNullable<CalendarEvent["asset"]>;
  /** Symbols (and names) a headline may name the asset by. */
  symbols: readonly string[];
  /** The news feeds whose headlines may name it. */
  feeds: readonly NewsCategory[];
  /** The markets whose economic events move it. */
  economicMarkets: readonly CalendarEvent["market"][];
  now: number;
  language: Language;
};

/** What an asset's page shows around its quote: headlines that name it and its upcoming events, each linking to the calendar. */
export async function aroundAsset(
  market: MarketService,
  logger: Logger,
  { asset, symbols, feeds, economicMarkets, now, language }: Around,
) {
  const today = dateInZone(marketTimeZone, now);
  const until = isoDate(startOfDate(today) + EVENTS_DAYS_AHEAD * DAY_MS);
  const [calendar, ...news] = await Promise.all([
    orUnavailable(logger, market.calendar(today, until, language)),
    ...feeds.map((category) => orUnavailable(logger, market.news(category, language))),
  ]);
  const events = calendar && upcomingEventsFor(calendar.data, asset, economicMarkets);
  return {
    today,
    news: relatedNews(
      news.map((feed) => feed?.data ?? []),
      symbols,
    ),
    events: events && events.map((event) => ({ ...event, href: calendarHref(event.date.slice(0, 7), []) })),
  };
}
