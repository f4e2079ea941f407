import { z } from "zod";

import type { Language } from "~/i18n/languages";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "~/lib/time";
import type { Logger } from "~/platform/logger.server";

import { type ChartRange, mergeCandles, rangeWindow, thinCandles } from "../../chart-range";
import type { CryptoCurrency } from "../../crypto-currency";
import { downsample } from "../../crypto-depth";
import type { CryptoProvider } from "../../providers/provider";
import type { Candle, CryptoDetail, CryptoListItem, LocalizedText, PriceRecord, SeriesPoint } from "../../types";
import { createJsonClient, pathSegment } from "../http";
import { imageUrl, isHttpUrl, keepValidItems, list, num, positive, strings, text, toNumber, validItems } from "../schema";

export type CoinGeckoOptions = {
  /** Defaults to the public host, or the Pro host for a Pro key. */
  baseUrl?: string;
  apiKey?: string;
  /** A Demo key fails on the Pro host and vice versa, so the key type picks host and header. */
  keyType?: "demo" | "pro";
  timeoutMs?: number;
  logger?: Logger;
};

const publicBaseUrl = "https://api.coingecko.com/api/v3";
const proBaseUrl = "https://pro-api.coingecko.com/api/v3";

/**
 * /coins/markets gives no total. About 15,000 coins have market data, so 10,000 is a safe lower
 * estimate: every page a pager derives from it exists. A short page reveals the real end, and
 * from then on the total is exact.
 */
const estimatedCoinCount = 10_000;
/** /coins/markets' largest page: quotes for more ids take one call per this many. */
const marketsPageSize = 250;
const searchLimit = 7;

/** CoinGecko's description keys are bare language codes. */
const descriptionKeys: Record<Language, string> = { "pt-BR": "pt", en: "en", es: "es" };

/** Trending's change map is keyed by vs-currency; its prices are in USD. */
const inUsd = (value: typeof num | typeof positive) =>
  z
    .object({ usd: value })
    .nullish()
    .transform((prices): number | null => prices?.usd ?? null);
/** A change may be 0 or negative. */
const usdChange = inUsd(num);

/** Trending sends market cap and volume as display strings such as "$1,234,567" ("$0" when unknown). */
const dollars = z.preprocess((value) => (typeof value === "string" ? value.replace(/[$,\s]/g, "") : value), positive);

/** /coins/{id} prices every field in every vs-currency; the caller picks one (0 is unknown, as above). */
const perCurrencyAmount = z.record(z.string(), positive).nullish();
const perCurrencyChange = z.record(z.string(), num).nullish();
/** ath_date / atl_date: ISO times keyed by vs-currency. */
const perCurrencyDate = z.record(z.string(), text).nullish();

/**
 * `sparkline_in_7d.price`: hourly prices over 7 days, with nulls where CoinGecko has a gap; a
 * malformed one is dropped, never the coin. Cut to the app's sparkline size.
 */
const sparkline = z
  .object({ price: list(z.unknown()) })
  .nullish()
  .catch(null)
  .transform((line) => {
    const prices = (line?.price ?? []).map(toNumber).filter((price): price is number => price !== null && price > 0);
    return prices.length >= 2 ? downsample(prices) : null;
  });

/** The first http(s) address of a `links` array (CoinGecko pads them with ""). */
const firstLink = strings.transform((links) => links.find(isHttpUrl) ?? null);

/** Every coin keeps its place in a list without a price or market cap; without an id it cannot be linked. */
const coinId = z.string().trim().min(1);

const marketItem = z.object({
  id: coinId,
  symbol: z.string(),
  name: z.string(),
  image: imageUrl,
  market_cap_rank: positive,
  current_price: positive,
  price_change_percentage_24h: num,
  market_cap: positive,
  total_volume: positive,
  high_24h: positive,
  low_24h: positive,
  circulating_supply: positive,
  max_supply: positive,
  price_change_percentage_1h_in_currency: num,
  price_change_percentage_7d_in_currency: num,
  sparkline_in_7d: sparkline,
});

/** The coins, and how many the page held before malformed ones were dropped: that count finds the last page. */
const marketsSchema = z.array(z.unknown()).transform((values, context) => ({
  received: values.length,
  coins: keepValidItems(values, marketItem, "coingecko /coins/markets", context),
}));

const coinSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  description: z.record(z.string(), z.string().nullable()).nullish(),
  categories: strings,
  image: z.object({ thumb: imageUrl, small: imageUrl, large: imageUrl }).nullish(),
  market_cap_rank: positive,
  links: z.object({ homepage: firstLink, blockchain_site: firstLink }).nullish(),
  genesis_date: text,
  market_data: z
    .object({
      current_price: perCurrencyAmount,
      market_cap: perCurrencyAmount,
      total_volume: perCurrencyAmount,
      high_24h: perCurrencyAmount,
      low_24h: perCurrencyAmount,
      price_change_percentage_24h: num,
      price_change_percentage_24h_in_currency: perCurrencyChange,
      price_change_percentage_1h_in_currency: perCurrencyChange,
      price_change_percentage_7d_in_currency: perCurrencyChange,
      price_change_percentage_30d_in_currency: perCurrencyChange,
      price_change_percentage_1y_in_currency: perCurrencyChange,
      // The same changes in dollars.
      price_change_percentage_7d: num,
      price_change_percentage_30d: num,
      price_change_percentage_1y: num,
      fully_diluted_valuation: perCurrencyAmount,
      ath: perCurrencyAmount,
      ath_date: perCurrencyDate,
      atl: perCurrencyAmount,
      atl_date: perCurrencyDate,
      market_cap_rank: positive,
      circulating_supply: positive,
      total_supply: positive,
      max_supply: positive,
      sparkline_7d: sparkline,
      last_updated: text,
    })
    .nullish(),
  last_updated: text,
});

/** [ms, value] pairs; a pair with a missing side cannot be drawn, so it is dropped. */
const series = z
  .array(z.tuple([num, num]))
  .transform((points) => points.flatMap(([time, value]): SeriesPoint[] => (time === null || value === null ? [] : [[time, value]])));

/**
 * /coins/{id}/ohlc: a bare array of [close time ms, open, high, low, close]; a row with a missing or
 * non-numeric side is dropped. An error body (`{"status":{"error_code":…}}`) is no candles at all.
 */
const ohlcSchema = z.union([
  z.array(z.array(z.unknown())).transform((rows) =>
    rows.flatMap((row) => {
      const [time, open, high, low, close] = row.map(toNumber);
      return time == null || open == null || high == null || low == null || close == null ? [] : [{ time, open, high, low, close }];
    }),
  ),
  z.object({ status: z.object({}) }).transform(() => null),
]);

/**
 * What to ask /coins/{id}/ohlc for a chart range, the size of the candles it answers with (chosen by
 * `days`: 30 minutes up to 2 days, 4 hours up to 30, 4 days beyond) and the size to draw. The Demo and
 * keyless plans accept `days` of 1, 7, 14, 30, 90, 180 and 365 only; "max" needs a paid key, so 5Y
 * and Max have no candles without one. 1M asks 30 days (4-hour candles made daily) rather than 90
 * (eight 4-day candles): its first of 31 days is left out.
 */
function ohlcRequest(range: ChartRange, pro: boolean): { days: number | "max"; candleMs: number; intervalMs: number } | null {
  switch (range) {
    case "1d":
      return { days: 1, candleMs: 30 * MINUTE_MS, intervalMs: 30 * MINUTE_MS };
    case "7d":
      return { days: 7, candleMs: 4 * HOUR_MS, intervalMs: 4 * HOUR_MS };
    case "1m":
      return { days: 30, candleMs: 4 * HOUR_MS, intervalMs: DAY_MS };
    case "3m":
      return { days: 180, candleMs: 4 * DAY_MS, intervalMs: 4 * DAY_MS };
    case "1y":
      return { days: 365, candleMs: 4 * DAY_MS, intervalMs: 4 * DAY_MS };
    case "5y":
    case "max":
      return pro ? { days: "max", candleMs: 4 * DAY_MS, intervalMs: 4 * DAY_MS } : null;
  }
}

/** Refusals of a plan or a bad request: no candles (the line stands in), not a failure to retry. */
const ohlcRefusals = [400, 401, 402, 403, 404];

const chartSchema = z.object({ prices: series, market_caps: series.nullish(), total_volumes: series.nullish() });

const searchSchema = z.object({
  coins: validItems(
    z.object({
      id: coinId,
      name: z.string(),
      symbol: z.string(),
      market_cap_rank: positive,
      thumb: imageUrl,
      large: imageUrl,
    }),
    "coingecko /search",
  ),
});

const trendingSchema = z.object({
  coins: validItems(
    z.object({
      item: z.object({
        id: coinId,
        name: z.string(),
        symbol: z.string(),
        market_cap_rank: positive,
        thumb: imageUrl,
        small: imageUrl,
        large: imageUrl,
        data: z
          .object({
            price: positive,
            price_change_percentage_24h: usdChange,
            market_cap: dollars,
            total_volume: dollars,
          })
          .nullish(),
      }),
    }),
    "coingecko /search/trending",
  ),
});

/** One JSON client per CoinGecko adapter: the key's plan picks the host and the header. */
export function coinGeckoClient({ baseUrl, apiKey, keyType = "demo", timeoutMs, logger }: CoinGeckoOptions = {}) {
  // An empty key (an unset variable passed through) means keyless, not a key that will be rejected.
  const pro = Boolean(apiKey) && keyType === "pro";
  return createJsonClient({
    provider: "coingecko",
    baseUrl: baseUrl ?? (pro ? proBaseUrl : publicBaseUrl),
    headers: apiKey ? { [pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key"]: apiKey } : {},
    timeoutMs,
    logger,
  });
}

export function createCoinGeckoProvider(options: CoinGeckoOptions = {}): CryptoProvider {
  const http = coinGeckoClient(options);
  const pro = Boolean(options.apiKey) && options.keyType === "pro";

  return {
    source: "live",

    async list({ page, perPage, order, currency = "usd" }) {
      // No `precision`: precision=2 rounds sub-cent coins (PEPE, SHIB) to 0; formatting is the UI's job.
      const { received, coins } = await http.get("/coins/markets", marketsSchema, {
        vs_currency: currency,
        order,
        per_page: perPage,
        page,
        price_change_percentage: "1h,7d",
        sparkline: true,
      });
      const total = received < perPage ? (page - 1) * perPage + coins.length : Math.max(estimatedCoinCount, page * perPage);
      return { items: coins.map(toListItem), total };
    },

    async quotes(ids, currency = "usd") {
      const unique = [...new Set(ids)];
      const found = new Map<string, CryptoListItem | null>();
      for (let start = 0; start < unique.length; start += marketsPageSize) {
        const chunk = unique.slice(start, start + marketsPageSize);
        const { coins } = await http.get("/coins/markets", marketsSchema, {
          vs_currency: currency,
          ids: chunk.join(","),
          per_page: marketsPageSize,
          price_change_percentage: "1h,7d",
        });
        const byId = new Map(coins.map((coin) => [coin.id, toListItem(coin)]));
        // CoinGecko leaves out an id it does not know.
        for (const id of chunk) found.set(id, byId.get(id) ?? null);
      }
      return found;
    },

    async detail(id, language, currency = "usd") {
      const segment = pathSegment(id);
      if (segment === null) return null;
      const coin = await http.getOrNull(`/coins/${segment}`, coinSchema, {
        localization: true, // the only way to get the per-language descriptions
        tickers: false,
        market_data: true,
        community_data: false,
        developer_data: false,
        sparkline: true,
      });
      return coin && toDetail(coin, language, currency);
    },

    async chart(id, fromSeconds, toSeconds, currency = "usd") {
      const segment = pathSegment(id);
      if (segment === null) return null;
      const chart = await http.getOrNull(`/coins/${segment}/market_chart/range`, chartSchema, {
        vs_currency: currency,
        from: Math.floor(fromSeconds),
        to: Math.ceil(toSeconds),
      });
      return chart && { prices: chart.prices, marketCaps: chart.market_caps ?? [], totalVolumes: chart.total_volumes ?? [] };
    },

    async ohlc(id, range, nowMs, currency = "usd") {
      const segment = pathSegment(id);
      const request = ohlcRequest(range, pro);
      if (segment === null || request === null) return null;
      const rows = await http.getOrNull(`/coins/${segment}/ohlc`, ohlcSchema, { vs_currency: currency, days: request.days }, ohlcRefusals);
      if (!rows?.length) return null;
      // Stamped with their start, as every candle here is; "max" is everything, the others their window.
      const fromMs = range === "max" ? -Infinity : rangeWindow(range, nowMs).fromMs;
      const candles = rows
        .map(({ time, ...prices }): Candle => ({ ...prices, time: (time - request.candleMs) / 1000, volume: null }))
        .filter((candle) => candle.time * 1000 >= fromMs - request.candleMs);
      if (candles.length === 0) return null;
      const thinned = thinCandles(mergeCandles(candles, request.intervalMs), request.intervalMs);
      return { ...thinned, ohlc: true };
    },

    async search(query) {
      const trimmed = query.trim();
      if (trimmed === "") return [];
      const { coins } = await http.get("/search", searchSchema, { query: trimmed });
      return coins.slice(0, searchLimit).map((coin) => ({
        id: coin.id,
        name: coin.name,
        symbol: coin.symbol.toLowerCase(),
        thumb: coin.thumb ?? coin.large,
        rank: coin.market_cap_rank,
      }));
    },

    async trending(currency = "usd") {
      const { coins } = await http.get("/search/trending", trendingSchema);
      if (currency !== "usd") {
        // Trending prices only in dollars: the same coins, in trending order, from /coins/markets.
        const ids = coins.map(({ item }) => item.id);
        const { coins: priced } = await http.get("/coins/markets", marketsSchema, {
          vs_currency: currency,
          ids: ids.join(","),
          price_change_percentage: "1h,7d",
          sparkline: true,
        });
        const byId = new Map(priced.map((coin) => [coin.id, toListItem(coin)]));
        return ids.flatMap((id) => byId.get(id) ?? []);
      }
      return coins.map(({ item }) => ({
        id: item.id,
        // /search and trending send upper-case symbols; /coins/markets (and the app) use lower case.
        symbol: item.symbol.toLowerCase(),
        name: item.name,
        image: item.large ?? item.small ?? item.thumb,
        rank: item.market_cap_rank,
        price: item.data?.price ?? null,
        change24h: item.data?.price_change_percentage_24h ?? null,
        marketCap: item.data?.market_cap ?? null,
        volume24h: item.data?.total_volume ?? null,
        high24h: null,
        low24h: null,
        circulatingSupply: null,
        maxSupply: null,
        change1h: null,
        change7d: null,
        sparkline7d: null,
      }));
    },
  };
}

function toListItem(coin: z.output<typeof marketItem>): CryptoListItem {
  return {
    id: coin.id,
    symbol: coin.symbol.toLowerCase(),
    name: coin.name,
    image: coin.image,
    rank: coin.market_cap_rank,
    price: coin.current_price,
    change24h: coin.price_change_percentage_24h,
    marketCap: coin.market_cap,
    volume24h: coin.total_volume,
    high24h: coin.high_24h,
    low24h: coin.low_24h,
    circulatingSupply: coin.circulating_supply,
    maxSupply: coin.max_supply,
    change1h: coin.price_change_percentage_1h_in_currency,
    change7d: coin.price_change_percentage_7d_in_currency,
    sparkline7d: coin.sparkline_in_7d,
  };
}

function toDetail(coin: z.output<typeof coinSchema>, language: Language, currency: CryptoCurrency): CryptoDetail {
  const market = coin.market_data;
  const inCurrency = <T>(values: Record<string, T | null> | null | undefined) => values?.[currency] ?? null;
  /** A change in the coin's currency; the plain field is in dollars, so it only stands in for a dollar price. */
  const change = (values: Record<string, number | null> | null | undefined, inDollars: number | null | undefined) =>
    inCurrency(values) ?? (currency === "usd" ? (inDollars ?? null) : null);
  const record = (prices: Record<string, number | null> | null | undefined, dates: Record<string, string | null> | null | undefined) => {
    const recordPrice = inCurrency(prices);
    return recordPrice === null ? null : ({ price: recordPrice, date: validDate(inCurrency(dates)) } satisfies PriceRecord);
  };
  const price = inCurrency(market?.current_price);
  const change24h = inCurrency(market?.price_change_percentage_24h_in_currency) ?? market?.price_change_percentage_24h ?? null;
  const maxSupply = market?.max_supply ?? null;
  const totalSupply = market?.total_supply ?? null;
  const dilutedSupply = maxSupply ?? totalSupply;
  return {
    id: coin.id,
    symbol: coin.symbol.toLowerCase(),
    name: coin.name,
    image: coin.image?.large ?? coin.image?.small ?? coin.image?.thumb ?? null,
    rank: coin.market_cap_rank ?? market?.market_cap_rank ?? null,
    price,
    change24h,
    marketCap: inCurrency(market?.market_cap),
    volume24h: inCurrency(market?.total_volume),
    high24h: inCurrency(market?.high_24h),
    low24h: inCurrency(market?.low_24h),
    circulatingSupply: market?.circulating_supply ?? null,
    maxSupply,
    change1h: change(market?.price_change_percentage_1h_in_currency, null),
    change7d: change(market?.price_change_percentage_7d_in_currency, market?.price_change_percentage_7d),
    sparkline7d: market?.sparkline_7d ?? null,
    change30d: change(market?.price_change_percentage_30d_in_currency, market?.price_change_percentage_30d),
    change1y: change(market?.price_change_percentage_1y_in_currency, market?.price_change_percentage_1y),
    totalSupply,
    // CoinGecko leaves it out for many coins whose supply it knows: the same product, then.
    fullyDilutedValuation:
      inCurrency(market?.fully_diluted_valuation) ?? (price !== null && dilutedSupply !== null ? Math.round(price * dilutedSupply) : null),
    allTimeHigh: record(market?.ath, market?.ath_date),
    allTimeLow: record(market?.atl, market?.atl_date),
    description: pickDescription(coin.description, language),
    categories: coin.categories,
    // change24h is relative to the price 24 h ago, so that price can be recovered (-100% has none).
    open24h: price !== null && change24h !== null && change24h !== -100 ? price / (1 + change24h / 100) : null,
    homepage: coin.links?.homepage ?? null,
    explorer: coin.links?.blockchain_site ?? null,
    genesisDate: coin.genesis_date,
    lastUpdated: market?.last_updated ?? coin.last_updated ?? new Date().toISOString(),
  };
}

/** An ISO time that parses, else null. */
function validDate(value: string | null): string | null {
  return value !== null && Number.isFinite(Date.parse(value)) ? value : null;
}

/**
 * The requested language when CoinGecko has it, else English. The HTML (<a> tags, \r\n) is kept:
 * the app sanitises it when rendering.
 */
function pickDescription(descriptions: Record<string, string | null> | null | undefined, language: Language): LocalizedText | null {
  for (const candidate of [language, "en"] as const) {
    const text = descriptions?.[descriptionKeys[candidate]]?.trim();
    if (text) return { text, language: candidate };
  }
  return null;
}
