import { z } from "zod";
import type { Language } from "~/i18n/languages";
import type { CalendarProvider, NewsProvider } from "../providers/provider";
import { newsCategories, type CalendarEvent, type NewsCategory, type NewsItem } from "../types";
import { createJsonClient } from "./http";
import { num, text } from "./schema";

export type FinnhubOptions = {
  baseUrl?: string;
  /** Finnhub has no keyless tier. */
  apiKey: string;
  timeoutMs?: number;
};

const defaultBaseUrl = "https://finnhub.io/api/v1";

/**
 * Finnhub has no market-wide company feed, so "company" news is the union of a few large US
 * companies' feeds: five calls per refresh, well inside the free 60 calls/minute.
 */
const companyNewsSymbols = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL"];
const companyNewsDays = 7;
const dayMs = 86_400_000;

const newsSchema = z.array(
  z.object({
    id: z.number(),
    category: text,
    datetime: z.number(),
    headline: z.string(),
    image: text,
    related: text,
    source: text,
    summary: text,
    url: z.string(),
  }),
);

const earningsSchema = z.object({
  earningsCalendar: z.array(z.object({ symbol: z.string(), date: z.iso.date(), year: num, quarter: num })),
});

const earningsTitles: Record<Language, { label: string; quarter: string }> = {
  "pt-BR": { label: "Resultado trimestral", quarter: "T" },
  en: { label: "Quarterly earnings", quarter: "Q" },
  es: { label: "Resultados trimestrales", quarter: "T" },
};

export function createFinnhubProviders({ baseUrl = defaultBaseUrl, apiKey, timeoutMs }: FinnhubOptions): {
  news: NewsProvider;
  calendar: CalendarProvider;
} {
  const http = createJsonClient({ provider: "finnhub", baseUrl, headers: { "x-finnhub-token": apiKey }, timeoutMs });

  async function companyNews() {
    const now = Date.now();
    const range = { from: isoDate(now - companyNewsDays * dayMs), to: isoDate(now) };
    const feeds = await Promise.all(
      companyNewsSymbols.map((symbol) => http.get("/company-news", newsSchema, { symbol, ...range })),
    );
    // One article about several of these companies comes back once per company, with the same id.
    return [...new Map(feeds.flat().map((item) => [item.id, item])).values()];
  }

  return {
    news: {
      source: "live",
      async list(category) {
        const items = category === "company" ? await companyNews() : await http.get("/news", newsSchema, { category });
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
        const { earningsCalendar } = await http.get("/calendar/earnings", earningsSchema, { from, to });
        const events = earningsCalendar
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

function isoDate(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}
