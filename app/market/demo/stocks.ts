import { fold } from "~/lib/text";
import { HOUR_MS } from "~/lib/time";
import { inLanguage, marketOf, type StockAsset, stockAssets } from "~/market/catalogue";

import { bucketStart, bucketStarts, type ChartRange, rangeWindow } from "../chart-range";
import { inReais } from "../in-reais";
import type { StockProvider } from "../providers/provider";
import { classifyStock } from "../stock-type";
import type { ChartCandles, OhlcPoint, StockListItem, StockMarket, StockRange, StockSortField } from "../types";
import { fiatRatesAt } from "./fiat-rates";
import { dayOf, EPOCH_MS, memoLast, PricePath, type Session, STEP_MS, type Window } from "./generator";

const sessions: Record<"B3" | "US", Session> = {
  B3: { openMinute: 13 * 60, closeMinute: 20 * 60, weekdaysOnly: true },
  US: { openMinute: 14 * 60 + 30, closeMinute: 21 * 60, weekdaysOnly: true },
};

type Entry = { asset: StockAsset; path: PricePath; searchable: string[] };

/** A list item whose market numbers are always present in the demo. */
type LiveItem = StockListItem & { price: number; changePercent: number; volume: number; marketCap: number };
type Quote = { entry: Entry; item: LiveItem; open: number; high: number; low: number; previousClose: number };

/** Intraday ranges show hourly candles of the last sessions; the others daily candles over months. */
const ranges: Record<StockRange, { sessions: number } | { months: number }> = {
  "1d": { sessions: 1 },
  "5d": { sessions: 5 },
  "1mo": { months: 1 },
  "3mo": { months: 3 },
  "6mo": { months: 6 },
  "1y": { months: 12 },
};

const entries: Entry[] = stockAssets.map((asset) => ({
  asset,
  path: new PricePath({
    key: `stock:${asset.ticker}`,
    reference: asset.price,
    volatility: asset.volatility,
    referenceVolume: asset.averageVolume,
    session: sessions[marketOf(asset)],
  }),
  searchable: [asset.ticker, asset.name].map(fold),
}));

/** Exchanges quote these in cents; rounding is monotonic, so low <= open, close <= high survives it. */
function cents(price: number): number {
  return Math.round(price * 100) / 100;
}

function measure(entry: Entry, at: number): Quote {
  const { asset, path } = entry;
  const session = path.currentSession(at);
  const today = path.window(path.sessionOpenMs(session), at);
  const price = cents(today.close);
  const previousClose = cents(path.close(session - 1));
  return {
    entry,
    open: cents(today.open),
    high: cents(today.high),
    low: cents(today.low),
    previousClose,
    item: {
      ticker: asset.ticker,
      name: asset.name,
      logo: null,
      type: classifyStock(asset.ticker),
      sector: asset.sector,
      currency: asset.currency,
      price,
      changePercent: (price / previousClose - 1) * 100,
      volume: Math.round(today.volume),
      marketCap: Math.round((asset.marketCap * price) / asset.price),
    },
  };
}

/** Every quote of one 5-minute step (prices only change at steps). */
const snapshot = memoLast((step: number) => {
  const quotes = entries.map((entry) => measure(entry, step * STEP_MS));
  return { quotes, byTicker: new Map(quotes.map((quote) => [quote.entry.asset.ticker, quote])) };
});

/** A stock's demo quote at `at`, with its daily volatility; undefined for an unknown ticker. */
export function stockQuoteAt(ticker: string, at: number) {
  const quote = snapshot(Math.floor(at / STEP_MS)).byTicker.get(ticker);
  return quote && { item: quote.item, volatility: quote.entry.asset.volatility, round: cents };
}

/**
 * The B3 listings of one type (stocks for Ibovespa, FIIs for IFIX), each with its share of the
 * group's reference market value: the weights of a demo index that moves with its constituents.
 */
export function b3Constituents(type: "stock" | "fund"): { path: PricePath; reference: number; weight: number }[] {
  const members = entries.filter(({ asset }) => homeMarketOf(asset) === "b3" && classifyStock(asset.ticker) === type);
  const total = members.reduce((sum, { asset }) => sum + asset.marketCap, 0);
  return members.map(({ asset, path }) => ({ path, reference: asset.price, weight: asset.marketCap / total }));
}

/** A BDR is a receipt of a US-listed company's shares: its home market is the US. */
function homeMarketOf(asset: StockAsset): StockMarket {
  return asset.type === "bdr" || marketOf(asset) === "US" ? "us" : "b3";
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** Money is compared in reais at the demo rates of that instant, whatever each listing's currency. */
function sortersAt(at: number): Record<StockSortField, (a: LiveItem, b: LiveItem) => number> {
  const rates = fiatRatesAt(at);
  const brl = (amount: number, item: LiveItem) => inReais(amount, item.currency, rates);
  return {
    name: (a, b) => collator.compare(a.name, b.name),
    close: (a, b) => brl(a.price, a) - brl(b.price, b),
    change: (a, b) => a.changePercent - b.changePercent,
    volume: (a, b) => a.volume - b.volume,
    market_cap_basic: (a, b) => brl(a.marketCap, a) - brl(b.marketCap, b),
  };
}

function candle(startMs: number, window: Window): OhlcPoint {
  return {
    time: startMs / 1000,
    open: cents(window.open),
    high: cents(window.high),
    low: cents(window.low),
    close: cents(window.close),
    volume: Math.round(window.volume),
  };
}

/** One candle per trading day from `fromDay`, stamped with the session open as live B3 candles are; the last one is still forming. */
function dailyCandles(path: PricePath, fromDay: number, now: number): OhlcPoint[] {
  const candles: OhlcPoint[] = [];
  for (let day = fromDay; day <= path.currentSession(now); day++) {
    if (!path.isTradingDay(day)) continue;
    const open = path.sessionOpenMs(day);
    candles.push(candle(open, path.window(open, Math.min(now, path.sessionCloseMs(day)))));
  }
  return candles;
}

function hourlyCandles(path: PricePath, sessionCount: number, now: number): OhlcPoint[] {
  const days: number[] = [];
  for (let day = path.currentSession(now); days.length < sessionCount; day--) {
    if (path.isTradingDay(day)) days.unshift(day);
  }
  return days.flatMap((day) => {
    const close = path.sessionCloseMs(day);
    const candles: OhlcPoint[] = [];
    for (let start = path.sessionOpenMs(day); start < close && start <= now; start += HOUR_MS) {
      candles.push(candle(start, path.window(start, Math.min(start + HOUR_MS, close, now))));
    }
    return candles;
  });
}

function monthsBefore(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.getTime();
}

/**
 * The part of a candle from `start` to `end` the market was open, or null when it was closed
 * throughout; daily and longer candles hold whole sessions.
 */
function tradedPart(path: PricePath, start: number, end: number): { from: number; to: number } | null {
  let from = Infinity;
  let to = -Infinity;
  for (let day = dayOf(start); day <= dayOf(end - 1); day++) {
    if (!path.isTradingDay(day)) continue;
    const open = Math.max(start, path.sessionOpenMs(day));
    const close = Math.min(end, path.sessionCloseMs(day));
    if (open >= close) continue;
    from = Math.min(from, open);
    to = Math.max(to, close);
  }
  return from < to ? { from, to } : null;
}

/** A range's candles, skipping the hours the exchange is closed. */
function rangeCandles(path: PricePath, range: ChartRange, now: number): ChartCandles {
  const lastOpen = path.sessionOpenMs(path.currentSession(now));
  const window = rangeWindow(range, now, EPOCH_MS);
  // A stock's day is its session (today's, or the last one while the exchange is closed), as a live upstream's 1d is.
  const fromMs = range === "1d" ? bucketStart(lastOpen, window.intervalMs) : window.fromMs;
  const candles = bucketStarts({ ...window, fromMs }).flatMap((start): OhlcPoint[] => {
    const part = tradedPart(path, start, start + window.intervalMs);
    if (!part || part.from > now) return [];
    return [{ ...candle(part.from, path.window(part.from, Math.min(part.to, now))), time: start / 1000 }];
  });
  return { intervalMs: window.intervalMs, ohlc: true, candles };
}

export function createStockProvider(clock: () => number): StockProvider {
  return {
    source: "demo",

    async list(query) {
      const now = clock();
      const { quotes } = snapshot(Math.floor(now / STEP_MS));
      const inMarket = query.market ? quotes.filter(({ entry }) => homeMarketOf(entry.asset) === query.market) : quotes;
      const ofType = query.type ? inMarket.filter((quote) => quote.item.type === query.type) : inMarket;
      const needle = fold(query.search?.trim() ?? "");
      const matches = ofType.filter(
        ({ entry }) =>
          (!query.sector || entry.asset.sector === query.sector) && (!needle || entry.searchable.some((text) => text.includes(needle))),
      );
      const { sortBy } = query;
      if (sortBy) {
        // Descending unless told otherwise, as the spec's stock list sorts.
        const direction = query.sortOrder === "asc" ? 1 : -1;
        const compare = sortersAt(now)[sortBy];
        matches.sort((a, b) => direction * compare(a.item, b.item));
      }
      const page = Math.max(1, query.page);
      const start = (page - 1) * query.limit;
      return {
        items: matches.slice(start, start + query.limit).map(({ item }) => ({ ...item })),
        total: matches.length,
        page,
        limit: query.limit,
        sectors: [...new Set(ofType.map(({ entry }) => entry.asset.sector))].sort(),
      };
    },

    async quotes(tickers) {
      const { byTicker } = snapshot(Math.floor(clock() / STEP_MS));
      return new Map(
        tickers.map((ticker) => {
          const quote = byTicker.get(ticker.toUpperCase());
          return [ticker.toUpperCase(), quote ? { ...quote.item } : null];
        }),
      );
    },

    async candles(ticker, range) {
      const now = clock();
      const quote = snapshot(Math.floor(now / STEP_MS)).byTicker.get(ticker.toUpperCase());
      return quote ? rangeCandles(quote.entry.path, range, now) : null;
    },

    async detail(ticker, { range, language }) {
      const now = clock();
      const quote = snapshot(Math.floor(now / STEP_MS)).byTicker.get(ticker.toUpperCase());
      if (!quote) return null;
      const { asset, path } = quote.entry;
      const year = dailyCandles(path, dayOf(monthsBefore(now, 12)), now);
      const span = ranges[range];
      const history =
        "sessions" in span
          ? hourlyCandles(path, span.sessions, now)
          : year.filter(({ time }) => time >= path.sessionOpenMs(dayOf(monthsBefore(now, span.months))) / 1000);
      return {
        ...quote.item,
        open: quote.open,
        high: quote.high,
        low: quote.low,
        previousClose: quote.previousClose,
        fiftyTwoWeekHigh: Math.max(...year.map(({ high }) => high)),
        fiftyTwoWeekLow: Math.min(...year.map(({ low }) => low)),
        history,
        profile: {
          longBusinessSummary: asset.summary ? inLanguage(asset.summary, language) : null,
          sector: asset.sector,
          industry: asset.industry[language],
          website: null,
        },
        lastUpdated: new Date(now).toISOString(),
      };
    },
  };
}
