import type { Language } from "~/i18n/languages";

/**
 * The app's own market shapes. Every provider (the embedded demo data or a live upstream) returns
 * these; raw upstream shapes never leave an adapter.
 */

/** Where a payload came from: the embedded demonstration dataset or a live upstream. */
export type DataSource = "demo" | "live";

/** A text with the language it is written in (live upstreams often only have English). */
export type LocalizedText = { text: string; language: Language };

/** [unix milliseconds, value], as CoinGecko and lightweight-charts both use. */
export type SeriesPoint = [timestamp: number, value: number];

export type CryptoListItem = {
  id: string;
  symbol: string;
  name: string;
  image: string | null;
  rank: number | null;
  price: number | null;
  change24h: number | null;
  marketCap: number | null;
  volume24h: number | null;
  high24h: number | null;
  low24h: number | null;
  circulatingSupply: number | null;
  maxSupply: number | null;
};

export const cryptoOrders = ["market_cap_desc", "market_cap_asc", "volume_desc", "volume_asc", "id_asc", "id_desc"] as const;
export type CryptoOrder = (typeof cryptoOrders)[number];

export type CryptoDetail = CryptoListItem & {
  description: LocalizedText | null;
  categories: string[];
  open24h: number | null;
  homepage: string | null;
  genesisDate: string | null;
  lastUpdated: string;
};

export type CryptoChart = {
  prices: SeriesPoint[];
  marketCaps: SeriesPoint[];
  totalVolumes: SeriesPoint[];
};

export type CryptoSearchResult = { id: string; name: string; symbol: string; thumb: string | null; rank: number | null };

export const stockTypes = ["stock", "fund", "bdr", "others"] as const;
export type StockType = (typeof stockTypes)[number];

export type StockListItem = {
  ticker: string;
  name: string;
  logo: string | null;
  type: StockType;
  sector: string | null;
  currency: string;
  price: number | null;
  changePercent: number | null;
  volume: number | null;
  marketCap: number | null;
};

export const stockSortFields = ["name", "close", "change", "volume", "market_cap_basic"] as const;
export type StockSortField = (typeof stockSortFields)[number];
export type SortOrder = "asc" | "desc";

/**
 * Where a company's shares trade at home: `b3` Brazilian issuers on B3; `us` US-listed companies,
 * including their BDRs on B3 (receipts of the same shares).
 */
export const stockMarkets = ["b3", "us"] as const;
export type StockMarket = (typeof stockMarkets)[number];

export type StockListQuery = {
  search?: string;
  /** Every market when absent. */
  market?: StockMarket;
  type?: StockType;
  sector?: string;
  sortBy?: StockSortField;
  sortOrder?: SortOrder;
  page: number;
  limit: number;
};

export type StockListPage = { items: StockListItem[]; total: number; page: number; limit: number; sectors: string[] };

export type OhlcPoint = { time: number; open: number; high: number; low: number; close: number; volume: number };

/** One candle of a chart; `time` is its start in unix seconds; `volume` null when the source has none. */
export type Candle = { time: number; open: number; high: number; low: number; close: number; volume: number | null };

/**
 * A chart range's candles, oldest first, the last one still forming. `ohlc` is false when the
 * source only had prices at instants (open, high, low and close of a candle are then samples).
 */
export type ChartCandles = { intervalMs: number; ohlc: boolean; candles: Candle[] };

export type StockDetail = StockListItem & {
  open: number | null;
  high: number | null;
  low: number | null;
  previousClose: number | null;
  fiftyTwoWeekHigh: number | null;
  fiftyTwoWeekLow: number | null;
  history: OhlcPoint[];
  profile: {
    longBusinessSummary: LocalizedText | null;
    sector: string | null;
    industry: string | null;
    website: string | null;
  };
  lastUpdated: string;
};

export const stockRanges = ["1d", "5d", "1mo", "3mo", "6mo", "1y"] as const;
export type StockRange = (typeof stockRanges)[number];

export const newsCategories = ["crypto", "forex", "general", "merger", "company"] as const;
export type NewsCategory = (typeof newsCategories)[number];

export type NewsItem = {
  id: number;
  headline: string;
  summary: string;
  url: string;
  image: string | null;
  source: string;
  category: NewsCategory;
  /** unix seconds */
  datetime: number;
  related: string[];
  language: Language;
};

export const currencyKinds = ["fiat", "metal", "crypto"] as const;
export type CurrencyKind = (typeof currencyKinds)[number];

/** Units of each code per one unit of `base`; every table is against USD. */
export type RateTable = {
  base: "USD";
  /** unix seconds of the rates' own timestamp */
  timestamp: number;
  rates: Record<string, number>;
  kinds: Record<string, CurrencyKind>;
};

export const calendarEventKinds = ["earnings", "dividend", "economic", "holiday"] as const;
export type CalendarEventKind = (typeof calendarEventKinds)[number];

export type CalendarEvent = {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  kind: CalendarEventKind;
  market: "B3" | "US" | "BR" | "GLOBAL";
  title: string;
  asset: { type: "stock" | "crypto"; id: string } | null;
};

/** A payload with its provenance, so pages can say "demonstration data" or how old it is. */
export type Sourced<T> = { data: T; source: DataSource; fetchedAt: number; stale: boolean };
