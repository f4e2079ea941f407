import { z } from "zod";

import { DAY_MS, WEEK_MS } from "~/lib/time";

import { type LongStockRange, type StockProvider, UpstreamError } from "../../providers/provider";
import { classifyStock } from "../../stock-type";
import type { OhlcPoint, StockListItem } from "../../types";
import { pathSegment } from "../http";
import { list, num, strings, text } from "../schema";
import { brapiClient, type BrapiOptions } from "./client";
import { brapiStockKind, brapiTypeFilter } from "./stock-kind";

/** Tickers asked in one /api/quote call; the free plan takes one per request, and is then asked one at a time. */
const tickersPerRequest = 20;
/** How many one-ticker requests run at once when the plan takes one ticker per request. */
const singleConcurrency = 4;
/** What brapi answers a request its plan does not cover (several tickers on the free plan, among others). */
const planRefusals = [400, 401, 402, 403];

/** brapi sends 0 for a price, volume or range it does not know: no listed asset trades at 0. */
const known = num.transform((value) => (value === null || value <= 0 ? null : value));

/** brapi's placeholder icon (…/icons/BRAPI.svg) stands in for a missing logo; it is not the company's. */
const logo = text.transform((url) => (url === null || /\/BRAPI\.svg$/i.test(url) ? null : url));

const listSchema = z.object({
  stocks: z.array(
    z.object({
      stock: z.string(),
      name: text,
      close: known,
      change: num,
      volume: known,
      market_cap: known,
      logo,
      sector: text,
      type: text,
      subType: text,
    }),
  ),
  availableSectors: strings,
  totalCount: num,
});

/** Daily candles; one with a missing price (brapi has them around holidays) cannot be drawn. */
const candles = list(z.object({ date: num, open: num, high: num, low: num, close: num, volume: num })).transform((points) =>
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
      logourl: logo,
      regularMarketPrice: known,
      regularMarketChangePercent: num,
      regularMarketOpen: known,
      regularMarketDayHigh: known,
      regularMarketDayLow: known,
      regularMarketPreviousClose: known,
      regularMarketVolume: known,
      regularMarketTime: text,
      marketCap: known,
      fiftyTwoWeekHigh: known,
      fiftyTwoWeekLow: known,
      historicalDataPrice: candles,
      summaryProfile: z.object({ longBusinessSummary: text, sector: text, industry: text, website: text }).nullish(),
    }),
  ),
  requestedAt: text,
});

/** Only the candles, for the long ranges. */
const historySchema = z.object({ results: z.array(z.object({ historicalDataPrice: candles })) });

/**
 * The brapi ranges tried for a long chart range, deepest first, with the candle size that keeps each
 * near 260 points: weekly for five years, monthly for everything. A plan that caps history refuses the
 * deeper ones, and the next is tried; a year and less is `detail`'s.
 */
const weekly = { interval: "1wk", intervalMs: WEEK_MS };
const monthly = { interval: "1mo", intervalMs: 28 * DAY_MS };
const longRanges: Record<LongStockRange, readonly { range: string; interval: string; intervalMs: number }[]> = {
  "5y": [
    { range: "5y", ...weekly },
    { range: "2y", ...weekly },
  ],
  max: [
    { range: "max", ...monthly },
    { range: "5y", ...weekly },
    { range: "2y", ...weekly },
  ],
};

/** How brapi says a plan does not reach a range (or an unknown ticker): try a shorter one, or none. */
const rangeRefusals = [400, 401, 402, 403, 404];

export function createBrapiProvider(options: BrapiOptions = {}): StockProvider {
  const http = brapiClient(options);
  /** Set once brapi refuses several tickers in one request: the plan takes them one at a time. */
  let oneAtATime = false;

  /** The quotes of `tickers` (upper case, path-safe) in one request; null when brapi answers 404 (none known). */
  async function quoteRequest(tickers: readonly string[]) {
    const body = await http.getOrNull(`/api/quote/${tickers.join(",")}`, quoteSchema);
    const found = new Map<string, StockListItem | null>(tickers.map((ticker) => [ticker, null]));
    for (const quote of body?.results ?? []) found.set(quote.symbol.toUpperCase(), toQuoteItem(quote));
    return found;
  }

  /** One request per ticker, a few at a time: a ticker whose request fails is left out; all failing is a failure. */
  async function quoteOneByOne(tickers: readonly string[]) {
    const found = new Map<string, StockListItem | null>();
    const failures: unknown[] = [];
    for (let start = 0; start < tickers.length; start += singleConcurrency) {
      const settled = await Promise.allSettled(tickers.slice(start, start + singleConcurrency).map((ticker) => quoteRequest([ticker])));
      for (const result of settled) {
        if (result.status === "fulfilled") for (const [ticker, item] of result.value) found.set(ticker, item);
        else failures.push(result.reason);
      }
    }
    if (found.size === 0 && failures.length > 0) throw failures[0];
    return found;
  }

  return {
    source: "live",

    async list({ search, market, type, sector, sortBy, sortOrder, page, limit }) {
      const empty = { items: [], total: 0, page, limit, sectors: [] };
      // brapi lists B3 alone, where a US company trades only as a BDR: `us` is its BDRs, `b3` all but them.
      if ((market === "us" && type !== undefined && type !== "bdr") || (market === "b3" && type === "bdr")) return empty;
      const upstreamType = market === "us" ? "bdr" : type;
      // A search that matches nothing is HTTP 417 for brapi; for us it is an empty page.
      const body = await http.getOrNull(
        "/api/quote/list",
        listSchema,
        { search: search?.trim() || undefined, sortBy, sortOrder, limit, page, sector, ...brapiTypeFilter(upstreamType) },
        [417],
      );
      if (body === null) return empty;
      const items = body.stocks.map(toListItem);
      // Our classifier, not brapi's `type`, judges each row: brapi's "fund" also holds the ETFs (our
      // "others"), and brapi cannot exclude a type, so `b3` drops the BDRs of brapi's page here.
      const inQuery = (item: StockListItem) => (upstreamType ? item.type === upstreamType : market !== "b3" || item.type !== "bdr");
      return {
        items: items.filter(inQuery),
        // Without totalCount, what we have seen so far is the best lower bound. For `b3` without a
        // type, brapi's count still holds the BDRs: an upper bound that keeps every page reachable.
        total: body.totalCount ?? (page - 1) * limit + body.stocks.length,
        page,
        limit,
        sectors: body.availableSectors,
      };
    },

    async longHistory(ticker, chartRange) {
      const segment = pathSegment(ticker.toUpperCase());
      if (segment === null) return null;
      for (const { range, interval, intervalMs } of longRanges[chartRange]) {
        const body = await http.getOrNull(`/api/quote/${segment}`, historySchema, { range, interval }, rangeRefusals);
        const history = body?.results[0]?.historicalDataPrice ?? [];
        if (history.length > 0) return { range, intervalMs, history };
      }
      return null;
    },

    async quotes(tickers) {
      const wanted = [...new Set(tickers.map((ticker) => ticker.toUpperCase()))];
      const safe = wanted.filter((ticker) => pathSegment(ticker) === ticker);
      const found = new Map<string, StockListItem | null>(
        wanted.filter((ticker) => !safe.includes(ticker)).map((ticker) => [ticker, null]),
      );
      for (let start = 0; start < safe.length; start += tickersPerRequest) {
        const group = safe.slice(start, start + tickersPerRequest);
        let answered: Map<string, StockListItem | null>;
        if (oneAtATime || group.length === 1) answered = await quoteOneByOne(group);
        else {
          try {
            answered = await quoteRequest(group);
          } catch (error) {
            if (!(error instanceof UpstreamError && error.status !== undefined && planRefusals.includes(error.status))) throw error;
            oneAtATime = true;
            answered = await quoteOneByOne(group);
          }
        }
        for (const [ticker, item] of answered) found.set(ticker, item);
      }
      return found;
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
        type: classifyStock(quote.symbol),
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

/** A quote's list numbers, named as the detail names the stock. */
function toQuoteItem(quote: z.output<typeof quoteSchema>["results"][number]): StockListItem {
  return {
    ticker: quote.symbol,
    name: quote.longName ?? quote.shortName ?? quote.symbol,
    logo: quote.logourl,
    type: classifyStock(quote.symbol),
    // Only the profile module says the sector; a quote goes without it.
    sector: null,
    currency: quote.currency ?? "BRL",
    price: quote.regularMarketPrice,
    changePercent: quote.regularMarketChangePercent,
    volume: quote.regularMarketVolume,
    marketCap: quote.marketCap,
  };
}

function toListItem(stock: z.output<typeof listSchema>["stocks"][number]): StockListItem {
  return {
    ticker: stock.stock,
    name: stock.name ?? stock.stock,
    logo: stock.logo,
    type: classifyStock(stock.stock, brapiStockKind(stock)),
    sector: stock.sector,
    // /api/quote/list only covers B3.
    currency: "BRL",
    price: stock.close,
    changePercent: stock.change,
    volume: stock.volume,
    marketCap: stock.market_cap,
  };
}
