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
  /** Percent changes over the last hour and the last 7 days. */
  change1h: number | null;
  change7d: number | null;
  /** Prices over the last 7 days, oldest first, evenly spaced; the last is the current price. */
  sparkline7d: number[] | null;
};

export const cryptoOrders = ["market_cap_desc", "market_cap_asc", "volume_desc", "volume_asc", "id_asc", "id_desc"] as const;
export type CryptoOrder = (typeof cryptoOrders)[number];

export type CryptoDetail = CryptoListItem & {
  description: LocalizedText | null;
  categories: string[];
  open24h: number | null;
  homepage: string | null;
  /** A block explorer's page for the coin. */
  explorer: string | null;
  genesisDate: string | null;
  change30d: number | null;
  change1y: number | null;
  totalSupply: number | null;
  /** Price × max supply (or total supply when there is no cap). */
  fullyDilutedValuation: number | null;
  /** All-time high and low with the instant they happened (ISO 8601). */
  allTimeHigh: PriceRecord | null;
  allTimeLow: PriceRecord | null;
  lastUpdated: string;
};

export type PriceRecord = { price: number; date: string | null };

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

/** Payout kinds: dividends, JCP (interest on equity), a fund's income, and amortisation (capital returned, not income). */
export type PayoutKind = "dividend" | "jcp" | "income" | "amortization" | "other";

export type Payout = {
  kind: PayoutKind;
  /** Per share (or fund quota), in the listing's currency. */
  amount: number;
  /** "Data com": the last day holding the share earns the payout (YYYY-MM-DD). */
  recordDate: string | null;
  /** YYYY-MM-DD; null while not yet set. */
  paymentDate: string | null;
};

/** What kind of real estate a FII (or a similar fund) holds: properties ("tijolo"), credit ("papel")… */
export const fundSegments = ["tijolo", "papel", "hibrido", "fundo-de-fundos", "fiagro", "fi-infra"] as const;
export type FundSegment = (typeof fundSegments)[number];

/** The parts a live source may be unable to give (a plan without the module, a ticker it does not cover). */
export type FactPart = "fundamentals" | "payouts";

/**
 * An asset's reported figures, independent of its price. Ratios to the price (P/L, P/VP, yields)
 * are worked out with the one quote shown beside them, so they always agree with it. Percentages
 * are in percent (12.3 means 12.3%); null is "unknown".
 */
export type AssetFacts = {
  ticker: string;
  currency: string;
  /** LPA: net income per share over the last 12 months. */
  earningsPerShare: number | null;
  /** VPA: equity (a fund's net worth) per share. */
  bookValuePerShare: number | null;
  sharesOutstanding: number | null;
  /** Shares traded per session, on average over recent months. */
  averageVolume: number | null;
  roe: number | null;
  roic: number | null;
  netMargin: number | null;
  netDebtToEbitda: number | null;
  freeFloat: number | null;
  fund: { segment: FundSegment; netWorth: number | null; holders: number | null; vacancy: number | null } | null;
  etf: { underlyingIndex: string } | null;
  /** A BDR's foreign share and how many receipts stand for one of it. */
  bdr: { underlying: string; receiptsPerShare: number } | null;
  /** Newest first; includes announced payouts not yet paid. */
  payouts: Payout[];
  /** Parts the source could not give: shown as "—" with a note, not as zero. */
  missing: FactPart[];
};
/** The benchmark indices the overview and /compare show: Ibovespa, IFIX, S&P 500 and Nasdaq Composite. */
export const marketIndexIds = ["ibov", "ifix", "spx", "ixic"] as const;
export type MarketIndexId = (typeof marketIndexIds)[number];

/** An index's level in points, its day change in percent and its daily closes (oldest first). */
export type IndexQuote = { id: MarketIndexId; level: number | null; changePercent: number | null; history: SeriesPoint[] };

/**
 * Banco Central do Brasil's series: `selic` the Copom target (% a.a.), `cdi` annualised (% a.a.),
 * `cdiDaily` the daily rate (% a.d.), `ipca` monthly inflation (%), `ipca12m` the last 12 months (%).
 */
export type EconomicSeriesId = "selic" | "cdi" | "cdiDaily" | "ipca" | "ipca12m";

/** One value of an economic series on its date (YYYY-MM-DD; monthly series date the month's first day). */
export type EconomicPoint = { date: string; value: number };

/** The crypto market as a whole, in US dollars. */
export type CryptoMarketSummary = { totalMarketCap: number | null; btcDominance: number | null; change24h: number | null };
