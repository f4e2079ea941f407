import type { Language } from "~/i18n/languages";
import type { Logger } from "~/platform/logger.server";
import { payoutsShown, relatedNews, upcomingEventsFor } from "./asset-around";
import { calendarHref, dateIn } from "./calendar-month";
import { isoDay } from "./fundamentals";
import { marketTimeZone, type Exchange } from "./market-hours";
import type { MarketService } from "./service.server";
import type { AssetFacts, NewsCategory } from "./types";
import { orUnavailable } from "./unavailable";

/** The feeds whose headlines may name a listed asset. */
const newsFeeds: readonly NewsCategory[] = ["company", "general", "merger", "forex"];
/** Upcoming events are looked up this far ahead. */
const EVENTS_DAYS_AHEAD = 60;
const DAY_MS = 86_400_000;
const FIVE_YEARS_MS = 5 * 365 * DAY_MS;

/**
 * The payouts the page needs: those within the 5-year yield window (the ratios are worked out in
 * the page against the price it shows, live ticks included) and the rows of the table.
 */
export function payoutsForPage(facts: AssetFacts, now: number, all: boolean): AssetFacts["payouts"] {
  if (all) return facts.payouts;
  const windowStart = isoDay(now - FIVE_YEARS_MS);
  const inWindow = facts.payouts.filter((payout) => (payout.recordDate ?? payout.paymentDate ?? "") > windowStart).length;
  return facts.payouts.slice(0, Math.max(payoutsShown, inWindow));
}

type Input = { ticker: string; exchange: Exchange; now: number; language: Language; allPayouts: boolean };

/** What a listed asset's page shows around its quote: reported figures, payouts, related headlines and upcoming events. */
export async function stockPageExtras(market: MarketService, logger: Logger, { ticker, exchange, now, language, allPayouts }: Input) {
  const today = dateIn(marketTimeZone, now);
  const until = isoDay(Date.parse(`${today}T00:00:00Z`) + EVENTS_DAYS_AHEAD * DAY_MS);
  const [facts, calendar, ...feeds] = await Promise.all([
    orUnavailable(logger, market.stockFacts(ticker)),
    orUnavailable(logger, market.calendar(today, until, language)),
    ...newsFeeds.map((category) => orUnavailable(logger, market.news(category, language))),
  ]);
  const events = calendar ? upcomingEventsFor(calendar.data, ticker, exchange === "B3") : null;
  const bdr = facts?.data?.bdr;
  // A BDR links to its foreign share's page when the market lists that share.
  const underlyingListed = bdr ? Boolean((await orUnavailable(logger, market.stockFacts(bdr.underlying)))?.data) : false;
  return {
    underlyingListed,
    facts: facts?.data ? { ...facts, data: { ...facts.data, payouts: payoutsForPage(facts.data, now, allPayouts) } } : null,
    payoutCount: facts?.data?.payouts.length ?? 0,
    allPayouts,
    today,
    // A BDR's news may name the company by its foreign ticker.
    news: relatedNews(
      feeds.map((feed) => feed?.data ?? []),
      bdr ? [ticker, bdr.underlying] : [ticker],
    ),
    events: events && events.map((event) => ({ ...event, href: calendarHref(event.date.slice(0, 7), []) })),
  };
}
