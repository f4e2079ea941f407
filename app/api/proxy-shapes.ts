import { z } from "zod";

import { type Language, supportedLanguages } from "~/i18n/languages";
import { fundamentalsAt } from "~/market/fundamentals";
import {
  type AssetFacts,
  type CryptoChart,
  type CryptoDetail,
  type CryptoListItem,
  type CryptoSearchResult,
  currencyKinds,
  type NewsItem,
  type PayoutKind,
  type RateTable,
  type StockDetail,
  type StockListPage,
  type StockRange,
  stockRanges,
  stockTypes,
} from "~/market/types";

import type { StockModule } from "./proxy-params";

/**
 * The answers of /proxy in the upstream shapes the spec's clients were written against (brapi for
 * stocks, CoinGecko for cryptos, Finnhub for news), mapped from the app's own shapes. The schemas
 * are the OpenAPI document's components; the mappers are typed by them, so the two cannot drift.
 */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

const amount = z.number().nullable();
/** brapi's ratios are fractions: 0.153 is 15.3%. */
const fraction = z.number().nullable().describe("A fraction: 0.153 is 15.3%");

/** brapi's labels of cash payouts, by our kinds. */
const labelOf = {
  dividend: "DIVIDENDO",
  jcp: "JCP",
  income: "RENDIMENTO",
  amortization: "AMORTIZAÇÃO",
  other: "OUTROS",
} as const satisfies Record<PayoutKind, string>;
const isoTime = z.iso.datetime({ offset: true });
/** CoinGecko keys its per-currency maps by lowercase code; an unknown value is left out. */
const usdMap = z.object({ usd: z.number() }).partial();

// Registered for the OpenAPI document only: routes build this body with `jsonError`.
z.object({ message: z.string(), status: z.int(), date: isoTime, error: z.string() }).register(apiSchemas, {
  id: "Error",
  description: "The spec's error body; `message` is in the visitor's language.",
});

const stockListItemSchema = z
  .object({
    stock: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    close: amount.describe("Last price, in `currency`"),
    change: amount.describe("Change of the day, in percent"),
    volume: amount,
    market_cap: amount,
    sector: z.string().nullable(),
    type: z.enum(stockTypes),
    currency: z.string(),
  })
  .register(apiSchemas, { id: "StockListItem" });

export const stockListSchema = z
  .object({
    stocks: z.array(stockListItemSchema),
    availableSectors: z.array(z.string()),
    availableStockTypes: z.array(z.enum(stockTypes)),
    currentPage: z.int(),
    totalPages: z.int(),
    itemsPerPage: z.int(),
    totalCount: z.int(),
    hasNextPage: z.boolean(),
  })
  .register(apiSchemas, { id: "StockList", description: "brapi's /api/quote/list shape." });

const stockQuoteSchema = z
  .object({
    symbol: z.string(),
    shortName: z.string(),
    longName: z.string(),
    currency: z.string(),
    logourl: z.string().nullable(),
    regularMarketPrice: amount,
    regularMarketChange: amount,
    regularMarketChangePercent: amount,
    regularMarketDayHigh: amount,
    regularMarketDayLow: amount,
    regularMarketOpen: amount,
    regularMarketPreviousClose: amount,
    regularMarketVolume: amount,
    regularMarketTime: isoTime,
    marketCap: amount,
    fiftyTwoWeekHigh: amount,
    fiftyTwoWeekLow: amount,
    usedRange: z.enum(stockRanges),
    usedInterval: z.literal("1d"),
    historicalDataPrice: z.array(
      z.object({
        date: z.int().describe("Unix seconds"),
        open: z.number(),
        high: z.number(),
        low: z.number(),
        close: z.number(),
        volume: z.number(),
      }),
    ),
    summaryProfile: z
      .object({
        symbol: z.string(),
        longBusinessSummary: z.string().nullable(),
        longBusinessSummaryLanguage: z
          .enum(supportedLanguages)
          .nullable()
          .describe("The summary's language: the visitor's, or English when no translation is available"),
        sector: z.string().nullable(),
        industry: z.string().nullable(),
        website: z.string().nullable(),
      })
      .optional()
      .describe("Present when `modules=summaryProfile` is asked for"),
    defaultKeyStatistics: z
      .object({
        symbol: z.string(),
        trailingEps: amount.describe("Earnings per share over the last 12 months (LPA)"),
        bookValue: amount.describe("Book value per share (VPA)"),
        priceToBook: amount.describe("P/VP at `regularMarketPrice`"),
        dividendYield: fraction.describe("Income paid per share over the last 12 months over the price"),
        sharesOutstanding: amount,
        floatShares: amount,
        profitMargins: fraction,
        lastDividendValue: amount.describe("Per share, the newest payout whose record date has passed"),
        lastDividendDate: z.iso.date().nullable().describe("Its record date (data com)"),
      })
      .optional()
      .describe("Present when `modules` names `defaultKeyStatistics` and the figures are known"),
    financialData: z
      .object({
        symbol: z.string(),
        currentPrice: amount,
        returnOnEquity: fraction,
        profitMargins: fraction,
        financialCurrency: z.string(),
      })
      .optional()
      .describe("Present when `modules` names `financialData` and the figures are known"),
    dividendsData: z
      .object({
        cashDividends: z.array(
          z.object({
            label: z.enum(Object.values(labelOf)),
            rate: z.number().describe("Per share, in `currency`"),
            lastDatePrior: isoTime.nullable().describe("Record date (data com)"),
            paymentDate: isoTime.nullable().describe("null while not yet set"),
          }),
        ),
        stockDividends: z.array(z.never()).describe("Always empty: splits and bonus shares are not tracked"),
        subscriptions: z.array(z.never()).describe("Always empty"),
      })
      .optional()
      .describe("Present when `dividends=true` is asked for and the payouts are known; newest first, announced ones included"),
  })
  .register(apiSchemas, { id: "StockQuote" });

export const stockDetailSchema = z
  .object({ results: z.array(stockQuoteSchema), requestedAt: isoTime })
  .register(apiSchemas, { id: "StockQuoteAnswer", description: "brapi's /api/quote/{tickers} shape." });

const cryptoMarketSchema = z
  .object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    current_price: amount,
    market_cap: amount,
    market_cap_rank: z.int().nullable(),
    total_volume: amount,
    high_24h: amount,
    low_24h: amount,
    price_change_24h: amount,
    price_change_percentage_24h: amount,
    circulating_supply: amount,
    max_supply: amount,
    last_updated: isoTime,
    // Sent by CoinGecko for `price_change_percentage=1h,7d` and `sparkline=true`; always here.
    price_change_percentage_1h_in_currency: amount,
    price_change_percentage_7d_in_currency: amount,
    sparkline_in_7d: z
      .object({ price: z.array(z.number()) })
      .nullable()
      .describe("Prices over the last 7 days, oldest first, evenly spaced (43 points, one every 4 hours)"),
  })
  .register(apiSchemas, { id: "CryptoMarket", description: "One item of CoinGecko's /coins/markets." });

export const cryptoMarketsSchema = z
  .array(cryptoMarketSchema)
  .register(apiSchemas, { id: "CryptoMarkets", description: "CoinGecko's /coins/markets shape: a bare array." });

export const cryptoDetailSchema = z
  .object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    web_slug: z.string(),
    categories: z.array(z.string()),
    description: z
      .object({ en: z.string() })
      .catchall(z.string())
      .describe('`en` and the visitor\'s language (`pt`, `es`); "" when there is no text'),
    links: z.object({ homepage: z.array(z.string()), blockchain_site: z.array(z.string()) }),
    image: z.object({ thumb: z.string().nullable(), small: z.string().nullable(), large: z.string().nullable() }),
    genesis_date: z.string().nullable(),
    market_cap_rank: z.int().nullable(),
    market_data: z.object({
      current_price: usdMap,
      market_cap: usdMap,
      total_volume: usdMap,
      high_24h: usdMap,
      low_24h: usdMap,
      price_change_24h: amount,
      price_change_percentage_24h: amount,
      price_change_percentage_24h_in_currency: usdMap,
      price_change_percentage_1h_in_currency: usdMap,
      price_change_percentage_7d_in_currency: usdMap,
      price_change_percentage_30d_in_currency: usdMap,
      price_change_percentage_1y_in_currency: usdMap,
      price_change_percentage_7d: amount,
      price_change_percentage_30d: amount,
      price_change_percentage_1y: amount,
      fully_diluted_valuation: usdMap,
      ath: usdMap,
      ath_date: z.object({ usd: z.string() }).partial(),
      atl: usdMap,
      atl_date: z.object({ usd: z.string() }).partial(),
      market_cap_rank: z.int().nullable(),
      circulating_supply: amount,
      total_supply: amount,
      max_supply: amount,
      last_updated: isoTime,
    }),
    last_updated: isoTime,
  })
  .register(apiSchemas, { id: "CryptoDetail", description: "CoinGecko's /coins/{id} shape." });

const seriesSchema = z.array(z.tuple([z.number().describe("Unix milliseconds"), z.number()]));

export const cryptoChartSchema = z
  .object({ prices: seriesSchema, market_caps: seriesSchema, total_volumes: seriesSchema })
  .register(apiSchemas, { id: "CryptoMarketChart", description: "CoinGecko's /coins/{id}/market_chart/range shape." });

export const cryptoSearchSchema = z
  .object({
    coins: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        api_symbol: z.string(),
        symbol: z.string().describe("Upper case, as CoinGecko's search answers"),
        market_cap_rank: z.int().nullable(),
        thumb: z.string().nullable(),
        large: z.string().nullable(),
      }),
    ),
  })
  .register(apiSchemas, { id: "CryptoSearch", description: "The `coins` of CoinGecko's /search." });

export const cryptoTrendingSchema = z
  .object({
    coins: z.array(
      z.object({
        item: z.object({
          id: z.string(),
          name: z.string(),
          symbol: z.string(),
          slug: z.string(),
          market_cap_rank: z.int().nullable(),
          thumb: z.string().nullable(),
          small: z.string().nullable(),
          large: z.string().nullable(),
          score: z.int().describe("0-based trending rank"),
          data: z.object({
            price: amount.describe("USD"),
            price_change_percentage_24h: usdMap,
            market_cap: z.string().nullable().describe('Formatted, like "$1,234,567"'),
            total_volume: z.string().nullable(),
          }),
        }),
      }),
    ),
  })
  .register(apiSchemas, { id: "CryptoTrending", description: "The `coins` of CoinGecko's /search/trending." });

export const newsListSchema = z
  .array(
    z.object({
      id: z.int(),
      category: z.string(),
      datetime: z.int().describe("Unix seconds"),
      headline: z.string(),
      image: z.string().describe('"" when there is none'),
      related: z.string().describe("Comma-separated tickers"),
      source: z.string(),
      summary: z.string(),
      url: z.string(),
      language: z.enum(supportedLanguages),
    }),
  )
  .register(apiSchemas, { id: "NewsList", description: "Finnhub's /news shape, with each item's language." });

export const ratesSchema = z
  .object({
    base: z.literal("USD"),
    timestamp: z.int().describe("Unix seconds of the rates"),
    rates: z.record(z.string(), z.number()).describe("Units of each code per US dollar"),
    kinds: z.record(z.string(), z.enum(currencyKinds)),
  })
  .register(apiSchemas, { id: "Rates" });

type Shape<Schema extends z.ZodType> = z.output<Schema>;

const isoOf = (unixMs: number) => new Date(unixMs).toISOString();
/** An upstream's own timestamp as ISO 8601; one that is not a date gives way to when we fetched it. */
const isoOrFetched = (time: string, fetchedAt: number) => isoOf(Number.isNaN(Date.parse(time)) ? fetchedAt : Date.parse(time));

/** The absolute change behind a percent change: what the price moved from the previous close. */
function absoluteChange(price: number | null, percent: number | null): number | null {
  if (price === null || percent === null || percent <= -100) return null;
  return price - price / (1 + percent / 100);
}

function roundTo(value: number | null, decimals: number | undefined): number | null {
  if (value === null || decimals === undefined) return value;
  return Math.round(value * 10 ** decimals) / 10 ** decimals;
}

const usd = (value: number | null) => (value === null ? {} : { usd: value });

/** CoinGecko's language keys: `pt`, not `pt-BR`. */
const coinGeckoLanguage = (language: Language) => language.split("-")[0] as string;

export function toStockList(page: StockListPage): Shape<typeof stockListSchema> {
  const totalPages = Math.ceil(page.total / page.limit);
  return {
    stocks: page.items.map((item) => ({
      stock: item.ticker,
      name: item.name,
      logo: item.logo,
      close: item.price,
      change: item.changePercent,
      volume: item.volume,
      market_cap: item.marketCap,
      sector: item.sector,
      type: item.type,
      currency: item.currency,
    })),
    availableSectors: page.sectors,
    availableStockTypes: [...stockTypes],
    currentPage: page.page,
    totalPages,
    itemsPerPage: page.limit,
    totalCount: page.total,
    hasNextPage: page.page < totalPages,
  };
}

type Quote = Shape<typeof stockQuoteSchema>;

const asFraction = (percent: number | null) => (percent === null ? null : percent / 100);
const midnightIso = (day: string | null) => (day === null ? null : `${day}T00:00:00.000Z`);

/**
 * brapi's `defaultKeyStatistics`, `financialData` and `dividendsData` from our reported figures, set
 * against the quote's price as the stock page does. A part the source could not give is left out, as
 * brapi leaves out what a plan does not cover.
 */
function factModules(
  stock: StockDetail,
  facts: AssetFacts,
  { modules, dividends, now }: { modules: readonly StockModule[]; dividends: boolean; now: number },
): Pick<Quote, "defaultKeyStatistics" | "financialData" | "dividendsData"> {
  const figures = fundamentalsAt(facts, stock.price, now);
  const figuresKnown = !facts.missing.includes("fundamentals");
  const { sharesOutstanding, freeFloat } = facts;
  const lastPayout = figures.lastPayout;
  return {
    ...(figuresKnown &&
      modules.includes("defaultKeyStatistics") && {
        defaultKeyStatistics: {
          symbol: stock.ticker,
          trailingEps: facts.earningsPerShare,
          bookValue: facts.bookValuePerShare,
          priceToBook: figures.priceToBook,
          dividendYield: asFraction(figures.dividendYield12m),
          sharesOutstanding,
          floatShares: sharesOutstanding !== null && freeFloat !== null ? Math.round((sharesOutstanding * freeFloat) / 100) : null,
          profitMargins: asFraction(facts.netMargin),
          lastDividendValue: lastPayout?.amount ?? null,
          lastDividendDate: lastPayout ? (lastPayout.recordDate ?? lastPayout.paymentDate) : null,
        },
      }),
    ...(figuresKnown &&
      modules.includes("financialData") && {
        financialData: {
          symbol: stock.ticker,
          currentPrice: stock.price,
          returnOnEquity: asFraction(facts.roe),
          profitMargins: asFraction(facts.netMargin),
          financialCurrency: facts.currency,
        },
      }),
    ...(dividends &&
      !facts.missing.includes("payouts") && {
        dividendsData: {
          cashDividends: facts.payouts.map((payout) => ({
            label: labelOf[payout.kind],
            rate: payout.amount,
            lastDatePrior: midnightIso(payout.recordDate),
            paymentDate: midnightIso(payout.paymentDate),
          })),
          stockDividends: [],
          subscriptions: [],
        },
      }),
  };
}

export function toStockQuote(
  stock: StockDetail,
  {
    range,
    modules,
    dividends,
    facts,
    requestedAt,
  }: { range: StockRange; modules: readonly StockModule[]; dividends: boolean; facts: AssetFacts | null; requestedAt: number },
): Shape<typeof stockDetailSchema> {
  const summary = stock.profile.longBusinessSummary;
  return {
    results: [
      {
        symbol: stock.ticker,
        shortName: stock.name,
        longName: stock.name,
        currency: stock.currency,
        logourl: stock.logo,
        regularMarketPrice: stock.price,
        regularMarketChange: roundTo(absoluteChange(stock.price, stock.changePercent), 4),
        regularMarketChangePercent: stock.changePercent,
        regularMarketDayHigh: stock.high,
        regularMarketDayLow: stock.low,
        regularMarketOpen: stock.open,
        regularMarketPreviousClose: stock.previousClose,
        regularMarketVolume: stock.volume,
        regularMarketTime: isoOrFetched(stock.lastUpdated, requestedAt),
        marketCap: stock.marketCap,
        fiftyTwoWeekHigh: stock.fiftyTwoWeekHigh,
        fiftyTwoWeekLow: stock.fiftyTwoWeekLow,
        usedRange: range,
        usedInterval: "1d",
        historicalDataPrice: stock.history.map(({ time, open, high, low, close, volume }) => ({
          date: Math.round(time),
          open,
          high,
          low,
          close,
          volume,
        })),
        ...(modules.includes("summaryProfile") && {
          summaryProfile: {
            symbol: stock.ticker,
            longBusinessSummary: summary?.text ?? null,
            longBusinessSummaryLanguage: summary?.language ?? null,
            sector: stock.profile.sector,
            industry: stock.profile.industry,
            website: stock.profile.website,
          },
        }),
        ...(facts && factModules(stock, facts, { modules, dividends, now: requestedAt })),
      },
    ],
    requestedAt: isoOf(requestedAt),
  };
}

/** `precision` is CoinGecko's: decimal places for the price fields, none (or "full") for no rounding. */
export function toCryptoMarkets(
  items: CryptoListItem[],
  { fetchedAt, precision }: { fetchedAt: number; precision: number | "full" | undefined },
): Shape<typeof cryptoMarketsSchema> {
  const decimals = precision === "full" ? undefined : precision;
  return items.map((item) => ({
    id: item.id,
    symbol: item.symbol,
    name: item.name,
    image: item.image,
    current_price: roundTo(item.price, decimals),
    market_cap: item.marketCap,
    market_cap_rank: item.rank,
    total_volume: item.volume24h,
    high_24h: roundTo(item.high24h, decimals),
    low_24h: roundTo(item.low24h, decimals),
    price_change_24h: roundTo(absoluteChange(item.price, item.change24h), decimals),
    price_change_percentage_24h: item.change24h,
    circulating_supply: item.circulatingSupply,
    max_supply: item.maxSupply,
    last_updated: isoOf(fetchedAt),
    price_change_percentage_1h_in_currency: item.change1h,
    price_change_percentage_7d_in_currency: item.change7d,
    sparkline_in_7d: item.sparkline7d && { price: item.sparkline7d },
  }));
}

/**
 * `english` is the same coin read in English, for the `en` description CoinGecko always has. The
 * visitor's key holds the text shown on the coin's page: translated, or English when no
 * translation could be made.
 */
export function toCryptoDetail(
  coin: CryptoDetail,
  { english, language, fetchedAt }: { english: CryptoDetail; language: Language; fetchedAt: number },
): Shape<typeof cryptoDetailSchema> {
  const lastUpdated = isoOrFetched(coin.lastUpdated, fetchedAt);
  return {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    web_slug: coin.id,
    categories: coin.categories,
    description: {
      en: english.description?.language === "en" ? english.description.text : "",
      [coinGeckoLanguage(language)]: coin.description?.text ?? "",
    },
    links: { homepage: coin.homepage ? [coin.homepage] : [], blockchain_site: coin.explorer ? [coin.explorer] : [] },
    image: { thumb: coin.image, small: coin.image, large: coin.image },
    genesis_date: coin.genesisDate,
    market_cap_rank: coin.rank,
    market_data: {
      current_price: usd(coin.price),
      market_cap: usd(coin.marketCap),
      total_volume: usd(coin.volume24h),
      high_24h: usd(coin.high24h),
      low_24h: usd(coin.low24h),
      price_change_24h: absoluteChange(coin.price, coin.change24h),
      price_change_percentage_24h: coin.change24h,
      price_change_percentage_24h_in_currency: usd(coin.change24h),
      price_change_percentage_1h_in_currency: usd(coin.change1h),
      price_change_percentage_7d_in_currency: usd(coin.change7d),
      price_change_percentage_30d_in_currency: usd(coin.change30d),
      price_change_percentage_1y_in_currency: usd(coin.change1y),
      price_change_percentage_7d: coin.change7d,
      price_change_percentage_30d: coin.change30d,
      price_change_percentage_1y: coin.change1y,
      fully_diluted_valuation: usd(coin.fullyDilutedValuation),
      ath: usd(coin.allTimeHigh?.price ?? null),
      ath_date: coin.allTimeHigh?.date ? { usd: coin.allTimeHigh.date } : {},
      atl: usd(coin.allTimeLow?.price ?? null),
      atl_date: coin.allTimeLow?.date ? { usd: coin.allTimeLow.date } : {},
      market_cap_rank: coin.rank,
      circulating_supply: coin.circulatingSupply,
      total_supply: coin.totalSupply,
      max_supply: coin.maxSupply,
      last_updated: lastUpdated,
    },
    last_updated: lastUpdated,
  };
}

export function toCryptoChart(chart: CryptoChart): Shape<typeof cryptoChartSchema> {
  return { prices: chart.prices, market_caps: chart.marketCaps, total_volumes: chart.totalVolumes };
}

export function toCryptoSearch(results: CryptoSearchResult[]): Shape<typeof cryptoSearchSchema> {
  return {
    coins: results.map((coin) => ({
      id: coin.id,
      name: coin.name,
      api_symbol: coin.id,
      symbol: coin.symbol.toUpperCase(),
      market_cap_rank: coin.rank,
      thumb: coin.thumb,
      large: coin.thumb,
    })),
  };
}

const dollars = (value: number | null) => (value === null ? null : `$${Math.round(value).toLocaleString("en-US")}`);

export function toCryptoTrending(items: CryptoListItem[]): Shape<typeof cryptoTrendingSchema> {
  return {
    coins: items.map((item, score) => ({
      item: {
        id: item.id,
        name: item.name,
        symbol: item.symbol.toUpperCase(),
        slug: item.id,
        market_cap_rank: item.rank,
        thumb: item.image,
        small: item.image,
        large: item.image,
        score,
        data: {
          price: item.price,
          price_change_percentage_24h: usd(item.change24h),
          market_cap: dollars(item.marketCap),
          total_volume: dollars(item.volume24h),
        },
      },
    })),
  };
}

export function toNewsList(items: NewsItem[]): Shape<typeof newsListSchema> {
  return items.map((item) => ({
    id: item.id,
    category: item.category,
    datetime: item.datetime,
    headline: item.headline,
    image: item.image ?? "",
    related: item.related.join(","),
    source: item.source,
    summary: item.summary,
    url: item.url,
    language: item.language,
  }));
}

export function toRates(table: RateTable): Shape<typeof ratesSchema> {
  return { base: table.base, timestamp: table.timestamp, rates: table.rates, kinds: table.kinds };
}
