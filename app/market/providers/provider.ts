import type { Language } from "~/i18n/languages";

import type { ChartRange } from "../chart-range";
import type { CryptoCurrency } from "../crypto-currency";
import type { LiveKey, Tick } from "../realtime/protocol";
import type {
  AssetFacts,
  CalendarEvent,
  ChartCandles,
  CryptoChart,
  CryptoDetail,
  CryptoListItem,
  CryptoMarketSummary,
  CryptoOrder,
  CryptoSearchResult,
  DataSource,
  EconomicPoint,
  EconomicSeriesId,
  IndexQuote,
  MarketIndexId,
  NewsCategory,
  NewsItem,
  OhlcPoint,
  RateTable,
  StockDetail,
  StockListItem,
  StockListPage,
  StockListQuery,
  StockRange,
} from "../types";

/**
 * Providers return `null` for an unknown id or ticker and throw `UpstreamError` when the source fails.
 * Crypto prices, market caps and volumes are in the `currency` asked for, US dollars when none is.
 */
export interface CryptoProvider {
  readonly source: DataSource;
  list(query: {
    page: number;
    perPage: number;
    order: CryptoOrder;
    currency?: CryptoCurrency;
  }): Promise<{ items: CryptoListItem[]; total: number }>;
  detail(id: string, language: Language, currency?: CryptoCurrency): Promise<CryptoDetail | null>;
  /** Daily-or-finer points between two instants (unix seconds). */
  chart(id: string, fromSeconds: number, toSeconds: number, currency?: CryptoCurrency): Promise<CryptoChart | null>;
  /** Candles of a chart range ending now, where the source has them (the demo does; the service derives them from `chart` otherwise). */
  candles?(id: string, range: ChartRange, currency?: CryptoCurrency): Promise<ChartCandles | null>;
  /**
   * True open/high/low/close candles of a range ending at `nowMs`, without volumes, where the upstream
   * has them; null when it cannot answer that range (its plan, or no data): the service then draws `chart`'s line.
   */
  ohlc?(id: string, range: ChartRange, nowMs: number, currency?: CryptoCurrency): Promise<ChartCandles | null>;
  search(query: string): Promise<CryptoSearchResult[]>;
  trending(currency?: CryptoCurrency): Promise<CryptoListItem[]>;
  /**
   * Several coins' quotes at once, by id: null for an id the source does not know; an id left out
   * is one it could not answer this time.
   */
  quotes(ids: readonly string[], currency?: CryptoCurrency): Promise<Map<string, CryptoListItem | null>>;
}

export interface StockProvider {
  readonly source: DataSource;
  list(query: StockListQuery): Promise<StockListPage>;
  detail(ticker: string, options: { range: StockRange; language: Language }): Promise<StockDetail | null>;
  /**
   * Several stocks' quotes at once, by upper-case ticker: null for a ticker the source does not
   * know; one left out is one it could not answer this time.
   */
  quotes(tickers: readonly string[]): Promise<Map<string, StockListItem | null>>;
  /** Candles of a chart range ending now, where the source has them (the demo does; the service derives them from `detail` otherwise). */
  candles?(ticker: string, range: ChartRange): Promise<ChartCandles | null>;
  /**
   * Daily-or-coarser candles reaching further back than `detail`'s year, where the upstream has them:
   * the deepest its plan allows up to `range`, or null when it allows none of it.
   */
  longHistory?(ticker: string, range: LongStockRange): Promise<LongHistory | null>;
}

/** US stocks served beside the B3 ones: a combined list pages across both markets. */
export type UsStockProvider = StockProvider & {
  /** The matching items from `offset`, `count` of them, with the total: a combined list pages across two markets. */
  window(query: Omit<StockListQuery, "page" | "limit">, offset: number, count: number): Promise<Omit<StockListPage, "page" | "limit">>;
  /** How many US names match, without an upstream call. */
  count(query: Omit<StockListQuery, "page" | "limit">): number;
};

/** One trading day; `date` is the exchange's calendar day (YYYY-MM-DD). */
export type DailyCandle = { date: string; open: number; high: number; low: number; close: number; volume: number | null };

/** Daily candles of US stocks, for an upstream whose own plan has quotes but no history. */
export interface DailyCandleProvider {
  /** The last `days` daily candles, oldest first; [] for a symbol the source does not know. */
  dailyCandles(symbol: string, days: number): Promise<DailyCandle[]>;
}

/** The chart ranges beyond a year. */
export type LongStockRange = Extract<ChartRange, "5y" | "max">;
/**
 * A long history, the upstream range it covers (less than asked for when the plan caps the depth) and
 * the size of its candles, in ms (a month counts as 28 days: the widest size holding one month's start at most).
 */
type LongHistory = { range: string; intervalMs: number; history: OhlcPoint[] };

export interface NewsProvider {
  readonly source: DataSource;
  /** Newest first. */
  list(category: NewsCategory, language: Language): Promise<NewsItem[]>;
}

export interface RatesProvider {
  readonly source: DataSource;
  latest(): Promise<RateTable>;
}

export interface CalendarProvider {
  readonly source: DataSource;
  /** Events with from <= date <= to (YYYY-MM-DD), in the visitor's language. */
  events(from: string, to: string, language: Language): Promise<CalendarEvent[]>;
}

/** Reported figures and payouts of listed stocks, funds, ETFs and BDRs. */
export interface FundamentalsProvider {
  readonly source: DataSource;
  /** Null for a ticker the source does not know. */
  facts(ticker: string): Promise<AssetFacts | null>;
}

export interface IndexProvider {
  readonly source: DataSource;
  /** The index's level and day change with its daily closes since `fromMs`; null when the source does not carry it. */
  quote(id: MarketIndexId, fromMs: number): Promise<IndexQuote | null>;
}

export interface EconomyProvider {
  readonly source: DataSource;
  /** The series' points with from <= date <= to (YYYY-MM-DD), oldest first. */
  series(id: EconomicSeriesId, from: string, to: string): Promise<EconomicPoint[]>;
  /** The series' latest point; null when it has none. */
  latest(id: EconomicSeriesId): Promise<EconomicPoint | null>;
}

export interface CryptoMarketProvider {
  readonly source: DataSource;
  summary(): Promise<CryptoMarketSummary>;
}

/**
 * Live prices an exchange pushes between two reads of the crypto provider (one connection carries
 * every watched pair).
 */
export type ExchangeStream = {
  /** Replaces the set of watched crypto keys (keys the exchange has no pair for are ignored). */
  watch(keys: readonly LiveKey[]): void;
  /** Called for every parsed price update; returns a function that stops listening. */
  onTick(listener: (tick: Tick) => void): () => void;
  /** True while the connection is open and subscribed; false while down or reconnecting. */
  connected(): boolean;
  /** Closes the connection for good (no reconnect). */
  close(): Promise<void>;
};

export type MarketProviders = {
  crypto: CryptoProvider;
  stocks: StockProvider;
  fundamentals: FundamentalsProvider;
  news: NewsProvider;
  rates: RatesProvider;
  calendar: CalendarProvider;
  indices: IndexProvider;
  economy: EconomyProvider;
  cryptoMarket: CryptoMarketProvider;
};

/** A failed upstream call; `status` is the upstream's HTTP status when it answered. */
export class UpstreamError extends Error {
  override name = "UpstreamError";
  constructor(
    message: string,
    readonly provider: string,
    readonly status?: number,
    /** Seconds the upstream asked us to wait (429 Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** 4xx other than 408/429 will not get better by retrying. */
  get retryable() {
    return this.status === undefined || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}
