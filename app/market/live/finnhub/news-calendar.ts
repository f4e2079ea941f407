import { z } from "zod";

import type { Language } from "~/i18n/languages";
import { DAY_MS, isoDate, startOfDate } from "~/lib/time";

import type { CalendarProvider, NewsProvider } from "../../providers/provider";
import { type CalendarEvent, newsCategories, type NewsCategory, type NewsItem } from "../../types";
import { httpUrl, imageUrl, num, text, validItems } from "../schema";
import { finnhubClient, type FinnhubClientOptions } from "./client";

export type FinnhubOptions = FinnhubClientOptions & {
  /** Rows from which an earnings answer counts as possibly cut (see defaultEarningsSplitAt). */
  earningsSplitAt?: number;
};

/**
 * Finnhub has no market-wide company feed, so "company" news is the union of a few large US
 * companies' feeds: five calls per refresh, well inside the free 60 calls/minute.
 */
const companyNewsSymbols = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL"];
const companyNewsDays = 7;

/**
 * Finnhub cuts an earnings answer at about 1,500 rows without saying so, and the cut falls on the
 * last dates. The calendar asks a week at a time, and a week (or part of one) that comes back with
 * this many rows is asked again in halves, so the exact cap does not matter.
 */
const defaultEarningsSplitAt = 1000;
const earningsSliceDays = 7;

/** Unix seconds: 0, negative or millisecond values (past the year 2286) are not a publication time. */
const unixSeconds = z.number().int().positive().lt(10_000_000_000);

const newsSchema = (feed: string) =>
  validItems(
    z.object({
      id: z.number().int(),
      category: text,
      datetime: unixSeconds,
      headline: text.pipe(z.string({ error: "is blank" })),
      image: imageUrl,
      related: text,
      source: text,
      summary: text,
      url: httpUrl,
    }),
    feed,
  );
const marketNewsSchema = newsSchema("finnhub /news");
const companyNewsSchema = newsSchema("finnhub /company-news");

const earningsSchema = z.object({
  earningsCalendar: validItems(
    z.object({ symbol: z.string().trim().min(1), date: z.iso.date(), year: num, quarter: num }),
    "finnhub /calendar/earnings",
  ),
});
type EarningsRow = z.output<typeof earningsSchema>["earningsCalendar"][number];

const earningsTitles: Record<Language, { label: string; quarter: string }> = {
  "pt-BR": { label: "Resultado trimestral", quarter: "T" },
  en: { label: "Quarterly earnings", quarter: "Q" },
  es: { label: "Resultados trimestrales", quarter: "T" },
};

export function createFinnhubProviders({ earningsSplitAt = defaultEarningsSplitAt, ...options }: FinnhubOptions): {
  news: NewsProvider;
  calendar: CalendarProvider;
} {
  const http = finnhubClient(options);
  const { logger } = options;

  async function companyNews() {
    const now = Date.now();
    const range = { from: isoDate(now - companyNewsDays * DAY_MS), to: isoDate(now) };
    const feeds = await Promise.all(companyNewsSymbols.map((symbol) => http.get("/company-news", companyNewsSchema, { symbol, ...range })));
    // One article about several of these companies comes back once per company, with the same id.
    return [...new Map(feeds.flat().map((item) => [item.id, item])).values()];
  }

  /** Every row from `from` to `to` (inclusive), halving the range while an answer may have been cut. */
  async function earningsRows(from: string, to: string): Promise<EarningsRow[]> {
    const { earningsCalendar } = await http.get("/calendar/earnings", earningsSchema, { from, to });
    if (earningsCalendar.length < earningsSplitAt) return earningsCalendar;
    const days = daysBetween(from, to);
    if (days === 0) {
      logger?.warn(`finnhub /calendar/earnings: ${earningsCalendar.length} rows for ${from} alone; the day may be incomplete`);
      return earningsCalendar;
    }
    const firstHalfEnd = addDays(from, Math.floor(days / 2));
    const halves = await Promise.all([earningsRows(from, firstHalfEnd), earningsRows(addDays(firstHalfEnd, 1), to)]);
    return halves.flat();
  }

  return {
    news: {
      source: "live",
      async list(category) {
        const items = category === "company" ? await companyNews() : await http.get("/news", marketNewsSchema, { category });
        return items
          .map((item): NewsItem => ({
            id: item.id,
            headline: item.headline,
            summary: item.summary ?? "",
            url: item.url,
            image: item.image,
            source: item.source ?? "",
            category: toCategory(item.category),
            datetime: item.datetime,
            related: item.related?.split(",").flatMap((symbol) => symbol.trim() || []) ?? [],
            // Finnhub only publishes English news.
            language: "en",
          }))
          .sort((a, b) => b.datetime - a.datetime);
      },
    },

    calendar: {
      source: "live",
      async events(from, to, language) {
        const slices = weekSlices(from, to).map(([sliceFrom, sliceTo]) => earningsRows(sliceFrom, sliceTo));
        const events = (await Promise.all(slices))
          .flat()
          .filter((entry) => entry.date >= from && entry.date <= to)
          .map((entry): CalendarEvent => ({
            id: `finnhub-earnings-${entry.symbol}-${entry.date}`,
            date: entry.date,
            kind: "earnings",
            market: "US",
            title: earningsTitle(language, entry.symbol, entry.quarter, entry.year),
            asset: { type: "stock", id: entry.symbol },
          }));
        // The ids key UI lists, so an entry Finnhub repeats must not appear twice.
        return [...new Map(events.map((event) => [event.id, event])).values()].sort((a, b) =>
          a.date === b.date ? a.id.localeCompare(b.id) : a.date.localeCompare(b.date),
        );
      },
    },
  };
}

/** Finnhub's general feed labels items "top news", "business", "technology"...: all of that is our "general". */
function toCategory(category: string | null): NewsCategory {
  return newsCategories.find((ours) => ours === category) ?? "general";
}

function earningsTitle(language: Language, symbol: string, quarter: number | null, year: number | null) {
  const { label, quarter: prefix } = earningsTitles[language];
  const period = quarter !== null && year !== null ? ` (${prefix}${quarter} ${year})` : "";
  return `${label} — ${symbol}${period}`;
}

const addDays = (date: string, days: number) => isoDate(startOfDate(date) + days * DAY_MS);
const daysBetween = (from: string, to: string) => Math.round((startOfDate(to) - startOfDate(from)) / DAY_MS);

/** [from, to] ranges of at most a week covering `from`..`to`; none when the range is empty or invalid. */
function weekSlices(from: string, to: string): [string, string][] {
  const slices: [string, string][] = [];
  const total = daysBetween(from, to);
  for (let offset = 0; offset <= total; offset += earningsSliceDays) {
    slices.push([addDays(from, offset), addDays(from, Math.min(offset + earningsSliceDays - 1, total))]);
  }
  return slices;
}
