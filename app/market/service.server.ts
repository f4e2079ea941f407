import { fallbackLanguage, type Language } from "~/i18n/languages";
import { DAY_SECONDS, HOUR_MS } from "~/lib/time";
import type { Clock } from "~/platform/clock";
import type { MarketEnv } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import type { SharedStore } from "~/platform/shared-store.server";

import { MarketCache, type PersistentStore } from "./cache.server";
import { candlesFromSamples, type ChartRange, mergeCandles, rangeInterval, rangeWindow, withSampleVolumes } from "./chart-range";
import { type CryptoCurrency, isCryptoCurrency } from "./crypto-currency";
import { demoTick } from "./demo/ticks";
import { defaultStockRange } from "./list-params";
import { isStockTrading } from "./market-hours.server";
import { type CryptoProvider, type MarketProviders, UpstreamError } from "./providers/provider";
import { type MarketSources, providersFor } from "./providers/sources.server";
import { createQuoteBoard } from "./quote-board.server";
import type { LiveKey } from "./realtime/protocol";
import { type TranslateText, withTranslatedDescriptions } from "./translated-descriptions.server";
import type {
  ChartCandles,
  CryptoListItem,
  CryptoOrder,
  EconomicSeriesId,
  MarketIndexId,
  NewsCategory,
  Sourced,
  StockListItem,
  StockListQuery,
  StockRange,
} from "./types";

/** The live stock adapters' ranges (a year at most) nearest each chart range. */
const liveStockRanges: Record<ChartRange, StockRange> = {
  "1d": "1d",
  "7d": "5d",
  "1m": "1mo",
  "3m": "3mo",
  "1y": "1y",
  "5y": "1y",
  max: "1y",
};

/** A crypto's place on the quote board: one quote per coin and currency. */
const quoteKey = (id: string, currency: CryptoCurrency) => `${id}:${currency}`;

export type MarketService = ReturnType<typeof createMarketService>;

/** CoinGecko's largest page: the coins most watched live are read again in one call. */
const refreshedListSize = 250;

/**
 * Every market read of the app: one provider call per cache key at a time, cached as the spec says,
 * and laid over one quote board so every view of an asset shows the same price.
 */
export function createMarketService(providers: MarketProviders, cache: MarketCache, quotes = createQuoteBoard()) {
  function cached<T>(kind: keyof MarketProviders, key: string, fetcher: () => Promise<T>): Promise<Sourced<T>> {
    const { source } = providers[kind];
    return cache
      .get(`${source}:${kind}:${key}`, fetcher, { persist: source === "live" })
      .then(({ value, fetchedAt, stale }) => ({ data: value, source, fetchedAt, stale }));
  }

  /**
   * Several assets' answers, each under its own key of the cache (so fresh ones cost nothing and
   * each is refreshed and kept on its own), with the ones this instance does not hold fresh asked
   * of the provider in one call, made when the cache first needs one of them. An id the batch
   * leaves out fails alone, like a failing single call.
   */
  function cachedBatch<T>(
    kind: "crypto" | "stocks",
    ids: readonly string[],
    keyOf: (id: string) => string,
    fetchMany: (ids: readonly string[]) => Promise<Map<string, T | null>>,
  ): Promise<Sourced<T | null>>[] {
    const { source } = providers[kind];
    const fullKey = (id: string) => `${source}:${kind}:${keyOf(id)}`;
    const unheld = [...new Set(ids)].filter((id) => !cache.holdsFresh(fullKey(id)));
    let batch: Promise<Map<string, T | null>> | undefined;
    const leftOut = new Set<string>();
    const fetchOne = async (id: string) => {
      // The retries after a failed batch share a new one; an id the batch left out, or outside it
      // (it turned stale since), is asked alone.
      const asked =
        unheld.includes(id) && !leftOut.has(id)
          ? (batch ??= fetchMany(unheld).catch((error: unknown) => {
              batch = undefined;
              throw error;
            }))
          : fetchMany([id]);
      const found = await asked;
      if (found.has(id)) return found.get(id) ?? null;
      leftOut.add(id);
      throw new UpstreamError(`no quote for ${id}`, source);
    };
    return ids.map((id) => cached(kind, keyOf(id), () => fetchOne(id)));
  }

  /** The answer with its data passed through `sync`, which sees when the answer was fetched. */
  function synced<T, U>(answer: Sourced<T>, sync: (data: T, fetchedAt: number) => U): Sourced<U> {
    return { ...answer, data: sync(answer.data, answer.fetchedAt) };
  }

  /**
   * Each kept crypto list with the board's quotes laid over it, worked out again only when the list
   * or the board changed: the home and /cryptos lay them over the 250 largest coins on every render.
   */
  const requotedLists = new WeakMap<object, { fetchedAt: number; writes: number; list: Awaited<ReturnType<CryptoProvider["list"]>> }>();

  /** Each coin's ticker symbol, as the answers read so far name it: exchange streams quote by symbol. */
  const cryptoSymbols = new Map<string, string>();
  const rememberSymbols = (items: readonly CryptoListItem[]) => {
    for (const item of items) cryptoSymbols.set(item.id, item.symbol);
  };

  const service = {
    /** Changes whenever a quote shown to someone changes; pages rendered before it are out of date. */
    quoteGeneration: quotes.generation,

    /**
     * The freshest quotes laid over data already read. A page that reads several answers at once
     * passes them through here when all have arrived: one that arrived later may have brought a
     * newer price for an asset another section already showed. Crypto quotes are kept per currency.
     */
    requote: {
      cryptos: <Item extends CryptoListItem>(items: Item[], currency: CryptoCurrency = "usd") =>
        items.map((item) => quotes.crypto(quoteKey(item.id, currency), item)),
      stocks: <Item extends StockListItem>(items: Item[]) => items.map((item) => quotes.stock(item)),
      /** `key` is the asset's live key (crypto:id:currency, stock:TICKER). */
      candles: (key: string, chart: ChartCandles) => quotes.candles(key, chart),
    },

    /** What the realtime channel needs of the market: the board, each key's source, and a fresh read. */
    live: {
      apply: quotes.applyTick,
      latest: quotes.tickOf,
      cryptoSymbol: (id: string) => cryptoSymbols.get(id),
      /** Cryptos trade round the clock; a stock only in its exchange's session. */
      trading: (key: LiveKey, at: number) => !key.startsWith("stock:") || isStockTrading(key.slice("stock:".length), at),
      sourceOf: (key: LiveKey) => providers[key.startsWith("crypto:") ? "crypto" : "stocks"].source,
      demoTick,
      // Through the cache. Cryptos from one list of the largest in their currency (one upstream call
      // for every watched coin in it), others from their detail, in the fallback language; stocks
      // from the detail page's default view.
      async refresh(key: LiveKey): Promise<void> {
        const [kind, id = "", currencyPart] = key.split(":");
        if (kind !== "crypto") return void (await service.stockDetail(id, defaultStockRange, fallbackLanguage));
        const currency = isCryptoCurrency(currencyPart) ? currencyPart : "usd";
        const largest = await service.cryptoList({ page: 1, perPage: refreshedListSize, order: "market_cap_desc", currency });
        if (!largest.data.items.some((item) => item.id === id)) await service.cryptoDetail(id, fallbackLanguage, currency);
      },
    },

    // Crypto numbers are in US dollars unless a screen asks for the visitor's currency.
    async cryptoList({ currency = "usd", ...query }: { page: number; perPage: number; order: CryptoOrder; currency?: CryptoCurrency }) {
      const answer = await cached("crypto", `list:${currency}:${query.order}:${query.perPage}:${query.page}`, () =>
        providers.crypto.list({ ...query, currency }),
      );
      rememberSymbols(answer.data.items);
      const known = requotedLists.get(answer.data);
      if (known?.fetchedAt === answer.fetchedAt && known.writes === quotes.writes()) return { ...answer, data: known.list };
      const requoted = synced(answer, (list, fetchedAt) => ({
        ...list,
        items: list.items.map((item) => quotes.crypto(quoteKey(item.id, currency), item, fetchedAt)),
      }));
      requotedLists.set(answer.data, { fetchedAt: answer.fetchedAt, writes: quotes.writes(), list: requoted.data });
      return requoted;
    },
    async cryptoDetail(id: string, language: Language, currency: CryptoCurrency = "usd") {
      const answer = await cached("crypto", `detail:${currency}:${id}:${language}`, () => providers.crypto.detail(id, language, currency));
      if (answer.data) rememberSymbols([answer.data]);
      return synced(answer, (detail, fetchedAt) => detail && quotes.crypto(quoteKey(detail.id, currency), detail, fetchedAt));
    },
    /**
     * A quote for each of `ids` (null for a coin the source does not know), for a page listing them:
     * one provider call for all those not held fresh. Each answer fails on its own.
     */
    cryptoQuotes(ids: readonly string[], currency: CryptoCurrency = "usd") {
      return cachedBatch(
        "crypto",
        ids,
        (id) => `quote:${currency}:${id}`,
        (wanted) => providers.crypto.quotes(wanted, currency),
      ).map(async (answer) => {
        const quote = await answer;
        if (quote.data) rememberSymbols([quote.data]);
        return synced(quote, (item, fetchedAt) => item && quotes.crypto(quoteKey(item.id, currency), item, fetchedAt));
      });
    },
    async cryptoChart(id: string, fromSeconds: number, toSeconds: number, currency: CryptoCurrency = "usd") {
      const answer = await cached("crypto", `chart:${currency}:${id}:${fromSeconds}:${toSeconds}`, () =>
        providers.crypto.chart(id, fromSeconds, toSeconds, currency),
      );
      return synced(answer, (chart) => chart && quotes.cryptoChart(quoteKey(id, currency), chart, toSeconds));
    },
    /**
     * A crypto's candles over `range` ending at `nowMs`: the provider's own where it has them; else its
     * true candles (`ohlc`) with volumes from its chart; else made from the chart's price samples (no
     * true open, high and low: `ohlc` is false), when the upstream refuses or fails the candles.
     */
    async cryptoCandles(id: string, range: ChartRange, nowMs: number, currency: CryptoCurrency = "usd") {
      const { crypto } = providers;
      const liveKey = `crypto:${quoteKey(id, currency)}`;
      if (crypto.candles) {
        const answer = await cached("crypto", `candles:${currency}:${id}:${range}`, () => crypto.candles!(id, range, currency));
        return synced(answer, (chart) => chart && quotes.candles(liveKey, chart));
      }
      // Whole hours, so the cache key holds for an hour as the chart's did before ranges.
      const to = Math.ceil(nowMs / HOUR_MS) * (HOUR_MS / 1000);
      const window = rangeWindow(range, to * 1000);
      const [ohlc, line] = await Promise.allSettled([
        crypto.ohlc ? cached("crypto", `ohlc:${currency}:${id}:${range}`, () => crypto.ohlc!(id, range, nowMs, currency)) : null,
        cached("crypto", `chart:${currency}:${id}:${window.fromMs / 1000}:${to}`, () =>
          crypto.chart(id, window.fromMs / 1000, to, currency),
        ),
      ]);
      const volumes = line.status === "fulfilled" ? (line.value.data?.totalVolumes ?? []) : [];
      if (ohlc.status === "fulfilled" && ohlc.value?.data?.candles.length) {
        return synced(
          ohlc.value,
          (chart): ChartCandles | null =>
            chart && quotes.candles(liveKey, { ...chart, candles: withSampleVolumes(chart.candles, volumes, chart.intervalMs) }),
        );
      }
      if (line.status === "rejected") throw line.reason;
      return synced(
        line.value,
        (chart): ChartCandles | null =>
          chart &&
          quotes.candles(liveKey, {
            intervalMs: window.intervalMs,
            ohlc: false,
            candles: candlesFromSamples(chart.prices, chart.totalVolumes, window.intervalMs),
          }),
      );
    },
    /**
     * A stock's candles over `range`: the provider's own where it has them; beyond a year its long
     * history where the upstream gives one; otherwise the detail's history for the nearest range the
     * live adapters know (a year at most), merged to the range's candle size.
     */
    async stockCandles(ticker: string, range: ChartRange, language: Language) {
      const { stocks } = providers;
      const liveKey = `stock:${ticker.toUpperCase()}`;
      if (stocks.candles) {
        const answer = await cached("stocks", `candles:${ticker.toUpperCase()}:${range}`, () => stocks.candles!(ticker, range));
        return synced(answer, (chart) => chart && quotes.candles(liveKey, chart));
      }
      const intervalMs = rangeInterval(range);
      if ((range === "5y" || range === "max") && stocks.longHistory) {
        const long = await cached("stocks", `history:${ticker.toUpperCase()}:${range}`, () => stocks.longHistory!(ticker, range)).catch(
          () => null,
        );
        if (long?.data?.history.length) {
          return synced(long, (answer): ChartCandles | null => {
            if (!answer) return null;
            // Monthly candles stay monthly (a live tick then starts a new one a month on, not a week on).
            const size = Math.max(intervalMs, answer.intervalMs);
            return quotes.candles(liveKey, { intervalMs: size, ohlc: true, candles: mergeCandles(answer.history, size) });
          });
        }
      }
      const answer = await service.stockDetail(ticker, liveStockRanges[range], language);
      return synced(
        answer,
        (detail): ChartCandles | null => detail && { intervalMs, ohlc: true, candles: mergeCandles(detail.history, intervalMs) },
      );
    },
    cryptoSearch(query: string) {
      return cached("crypto", `search:${query.toLowerCase()}`, () => providers.crypto.search(query));
    },
    async cryptoTrending(currency: CryptoCurrency = "usd") {
      const answer = await cached("crypto", `trending:${currency}`, () => providers.crypto.trending(currency));
      // Trending ranks popularity; its prices are rougher than the markets' (CoinGecko works them
      // out apart), so they are shown only for coins no other answer has quoted.
      return synced(answer, (items) => items.map((item) => quotes.crypto(quoteKey(item.id, currency), item)));
    },
    async stockList(query: StockListQuery) {
      const key = [query.search ?? "", query.type ?? "", query.sector ?? "", query.sortBy ?? "", query.sortOrder ?? "", query.market ?? ""];
      const answer = await cached("stocks", `list:${key.join(":")}:${query.limit}:${query.page}`, () => providers.stocks.list(query));
      return synced(answer, (list, fetchedAt) => ({
        ...list,
        items: list.items.map((item) => quotes.stock(item, fetchedAt)),
      }));
    },
    async stockDetail(ticker: string, range: StockRange, language: Language) {
      const answer = await cached("stocks", `detail:${ticker.toUpperCase()}:${range}:${language}`, () =>
        providers.stocks.detail(ticker, { range, language }),
      );
      return synced(answer, (detail, fetchedAt) => detail && quotes.stockDetail(detail, fetchedAt));
    },
    /** A quote for each of `tickers` (null for one the source does not know), as `cryptoQuotes` does for coins. */
    stockQuotes(tickers: readonly string[]) {
      const upper = tickers.map((ticker) => ticker.toUpperCase());
      return cachedBatch(
        "stocks",
        upper,
        (ticker) => `quote:${ticker}`,
        (wanted) => providers.stocks.quotes(wanted),
      ).map(async (answer) => synced(await answer, (item, fetchedAt) => item && quotes.stock(item, fetchedAt)));
    },
    /** A listed asset's reported figures and payouts; `fundamentalsAt` sets them against the price shown. */
    stockFacts(ticker: string) {
      return cached("fundamentals", `facts:${ticker.toUpperCase()}`, () => providers.fundamentals.facts(ticker));
    },
    news(category: NewsCategory, language: Language) {
      return cached("news", `${category}:${language}`, () => providers.news.list(category, language));
    },
    rates() {
      return cached("rates", "latest", () => providers.rates.latest());
    },
    /** An index's level, day change and daily closes since `fromMs` (the start of a UTC day, so one key serves a whole day). */
    index(id: MarketIndexId, fromMs: number) {
      return cached("indices", `${id}:${fromMs}`, () => providers.indices.quote(id, fromMs));
    },
    economicSeries(id: EconomicSeriesId, from: string, to: string) {
      return cached("economy", `series:${id}:${from}:${to}`, () => providers.economy.series(id, from, to));
    },
    economicLatest(id: EconomicSeriesId) {
      return cached("economy", `latest:${id}`, () => providers.economy.latest(id));
    },
    cryptoMarket() {
      return cached("cryptoMarket", "summary", () => providers.cryptoMarket.summary());
    },
    calendar(from: string, to: string, language: Language) {
      return cached("calendar", `${from}:${to}:${language}`, () => providers.calendar.events(from, to, language));
    },
  };
  return service;
}

/** What the market service is built from; the composition root takes it from the platform. */
export type MarketDependencies = {
  config: MarketEnv;
  /** Which upstream serves each kind, chosen from the provider registry by the configuration. */
  sources: MarketSources;
  clock: Clock;
  logger: Logger;
  /** Where the last good live answers survive a restart. */
  store?: PersistentStore;
  shared: SharedStore;
  /** Translates English-only live descriptions, when a hosted model is configured. */
  translateText?: TranslateText;
};

/** The market service of one instance: the configured providers behind one cache shared with the other instances. */
export function marketServiceFor({ config, sources, clock, logger, store, shared, translateText }: MarketDependencies): MarketService {
  const cache = new MarketCache({
    ttlMs: config.cacheTtlMs,
    baseDelayMs: config.retryBaseDelayMs,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    clock,
    store,
    shared,
    onBackgroundError: (key, error) => logger.warn(`market refresh failed for ${key}:`, String(error)),
  });
  const providers = providersFor(sources, { timeoutMs: config.upstreamTimeoutMs, logger });
  return createMarketService(translateText ? withTranslatedDescriptions(providers, translateText) : providers, cache);
}

/**
 * The Cache-Control a response of this data should carry: fresh for what is left of the cache
 * lifetime `ttlMs`.
 */
export function cacheControlFor(sourced: Pick<Sourced<unknown>, "fetchedAt" | "stale">, ttlMs: number, now: number) {
  const ttlSeconds = Math.round(ttlMs / 1000);
  const remaining = sourced.stale ? 0 : Math.max(0, Math.floor((sourced.fetchedAt + ttlSeconds * 1000 - now) / 1000));
  return `public, max-age=${remaining}, stale-while-revalidate=${ttlSeconds}, stale-if-error=${DAY_SECONDS}`;
}
