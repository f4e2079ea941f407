import type { CalendarEvent, NewsItem } from "~/market/types";

/** Payouts shown before "show all": a year of a FII's monthly income. */
export const payoutsShown = 12;
/** `?proventos=all` lists every payout; the URL is the state, so it works without JavaScript. */
export const payoutsParam = "proventos";

/** How many related headlines and upcoming events an asset's page shows. */
const relatedNewsLimit = 4;
const upcomingEventsLimit = 5;
/** Economic events (Copom, IPCA) shown beside a B3 asset's own events. */
const economicEventsLimit = 2;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Headlines that name the asset: the source lists it among the related symbols, or the headline
 * says its symbol as a word. Newest first, each article once even when several feeds carry it.
 */
export function relatedNews(feeds: readonly (readonly NewsItem[])[], symbols: readonly string[], limit = relatedNewsLimit): NewsItem[] {
  const wanted = new Set(symbols.map((symbol) => symbol.toUpperCase()));
  const named = new RegExp(`\\b(${symbols.map(escapeRegExp).join("|")})\\b`, "i");
  const seen = new Set<number>();
  const found: NewsItem[] = [];
  for (const item of feeds.flat()) {
    if (seen.has(item.id)) continue;
    if (item.related.some((symbol) => wanted.has(symbol.toUpperCase())) || (symbols.length > 0 && named.test(item.headline))) {
      seen.add(item.id);
      found.push(item);
    }
  }
  return found.sort((a, b) => b.datetime - a.datetime).slice(0, limit);
}

/**
 * The asset's own upcoming events (results, payments) and the next economic events of the markets
 * that move it (Copom and IPCA for a B3 asset, the Fed and US inflation for a crypto); soonest first.
 */
export function upcomingEventsFor(
  events: readonly CalendarEvent[],
  asset: NonNullable<CalendarEvent["asset"]>,
  economicMarkets: readonly CalendarEvent["market"][],
): CalendarEvent[] {
  const own = events.filter((event) => event.asset?.type === asset.type && event.asset.id === asset.id).slice(0, upcomingEventsLimit);
  const economic = events
    .filter(({ kind, market }) => kind === "economic" && economicMarkets.includes(market))
    .slice(0, economicEventsLimit);
  return [...own, ...economic].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
