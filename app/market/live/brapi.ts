import { z } from "zod";
import type { StockProvider } from "../providers/provider";
import type { OhlcPoint, StockListItem, StockType } from "../types";
import { createJsonClient, pathSegment } from "./http";
import { list, num, strings, text } from "./schema";

export type BrapiOptions = {
  baseUrl?: string;
  /** Needed for /api/quote/list and for all but four quote tickers (PETR4, MGLU3, VALE3, ITUB4). */
  token?: string;
  timeoutMs?: number;
};

const defaultBaseUrl = "https://brapi.dev";

const listSchema = z.object({
  stocks: z.array(
    z.object({
      stock: z.string(),
      name: text,
      close: num,
      change: num,
      volume: num,
      market_cap: num,
      logo: text,
      sector: text,
      type: text,
      subType: text,
    }),
  ),
  availableSectors: strings,
  totalCount: num,
});

/** Daily candles; one with a missing price (brapi has them around holidays) cannot be drawn. */
const candles = list(z.object({ date: num, open: num, high: num, low: num, close: num, volume: num })).transform(
  (points) =>
    points.flatMap(({ date, open, high, low, close, volume }): OhlcPoint[] =>
      date === null || open === null || high === null || low === null || close === null
        ? []
        : [{ time: date, open, high, low, close, volume: volume ?? 0 }],
    ),
);

const quoteSchema = z.object({
  results: z.array(
    z.object({
      symbol: z.string(),
      shortName: text,
      longName: text,
      currency: text,
      logourl: text,
      regularMarketPrice: num,
      regularMarketChangePercent: num,
      regularMarketOpen: num,
      regularMarketDayHigh: num,
      regularMarketDayLow: num,
      regularMarketPreviousClose: num,
      regularMarketVolume: num,
      regularMarketTime: text,
      marketCap: num,
      fiftyTwoWeekHigh: num,
      fiftyTwoWeekLow: num,
      historicalDataPrice: candles,
      summaryProfile: z.object({ longBusinessSummary: text, sector: text, industry: text, website: text }).nullish(),
    }),
  ),
  requestedAt: text,
});

export function createBrapiProvider({ baseUrl = defaultBaseUrl, token, timeoutMs }: BrapiOptions = {}): StockProvider {
  const http = createJsonClient({
    provider: "brapi",
    baseUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    timeoutMs,
  });

  return {
    source: "live",

    async list({ search, type, sector, sortBy, sortOrder, page, limit }) {
      const body = await http.get("/api/quote/list", listSchema, {
        search: search?.trim() || undefined,
        sortBy,
        sortOrder,
        limit,
        page,
        sector,
        // brapi has no "others"; ours are the ETFs (BOVA11, IVVB11...), which brapi files under subType "etf".
        ...(type === "others" ? { subType: "etf" } : { type }),
      });
      return {
        items: body.stocks.map(toListItem),
        // Without totalCount, what we have seen so far is the best lower bound.
        total: body.totalCount ?? (page - 1) * limit + body.stocks.length,
        page,
        limit,
        sectors: body.availableSectors,
      };
    },

    async detail(ticker, { range }) {
      const segment = pathSegment(ticker.toUpperCase());
      if (segment === null) return null;
      const body = await http.getOrNull(`/api/quote/${segment}`, quoteSchema, {
        range,
        interval: "1d",
        modules: "summaryProfile",
      });
      const quote = body?.results[0];
      if (!quote) return null;
      const profile = quote.summaryProfile;
      const summary = profile?.longBusinessSummary ?? null;
      return {
        ticker: quote.symbol,
        name: quote.longName ?? quote.shortName ?? quote.symbol,
        logo: quote.logourl,
        type: typeFromTicker(quote.symbol),
        sector: profile?.sector ?? null,
        currency: quote.currency ?? "BRL",
        price: quote.regularMarketPrice,
        changePercent: quote.regularMarketChangePercent,
        volume: quote.regularMarketVolume,
        marketCap: quote.marketCap,
        open: quote.regularMarketOpen,
        high: quote.regularMarketDayHigh,
        low: quote.regularMarketDayLow,
        previousClose: quote.regularMarketPreviousClose,
        fiftyTwoWeekHigh: quote.fiftyTwoWeekHigh,
        fiftyTwoWeekLow: quote.fiftyTwoWeekLow,
        history: quote.historicalDataPrice,
        profile: {
          // brapi's company profiles are only in English.
          longBusinessSummary: summary === null ? null : { text: summary, language: "en" },
          sector: profile?.sector ?? null,
          industry: profile?.industry ?? null,
          website: profile?.website ?? null,
        },
        lastUpdated: quote.regularMarketTime ?? body.requestedAt ?? new Date().toISOString(),
      };
    },
  };
}

function toListItem(stock: z.output<typeof listSchema>["stocks"][number]): StockListItem {
  return {
    ticker: stock.stock,
    name: stock.name ?? stock.stock,
    logo: stock.logo,
    type: stock.subType === "etf" ? "others" : knownType(stock.type),
    sector: stock.sector,
    // /api/quote/list only covers B3.
    currency: "BRL",
    price: stock.close,
    changePercent: stock.change,
    volume: stock.volume,
    marketCap: stock.market_cap,
  };
}

function knownType(type: string | null): StockType {
  return type === "stock" || type === "fund" || type === "bdr" ? type : "others";
}

/**
 * The quote endpoint does not say what a ticker is, but B3's suffix convention mostly does:
 * 3–8 are shares, 31–35 and 39 are BDRs. "11" is shared by units, FIIs and ETFs, so it stays "others".
 */
function typeFromTicker(ticker: string): StockType {
  const suffix = Number(/\d+$/.exec(ticker)?.[0]);
  if (suffix >= 3 && suffix <= 8) return "stock";
  if ((suffix >= 31 && suffix <= 35) || suffix === 39) return "bdr";
  return "others";
}
