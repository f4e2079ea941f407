import { hostedStreamFor } from "~/assistant/assistant.server";
import { createTextTranslator, withTranslatedDescriptions } from "~/assistant/translate.server";
import type { Language } from "~/i18n/languages";
import { getDb } from "~/platform/db.server";
import { getEnv, type MarketEnv } from "~/platform/env.server";
import { MarketCache } from "./cache.server";
import type { CryptoCurrency } from "./crypto-currency";
import { createDemoProviders } from "./demo";
import { createBrapiProvider } from "./live/brapi";
import { createCoinGeckoProvider } from "./live/coingecko";
import { createCurrencyApiProvider } from "./live/currency-api";
import { createFinnhubProviders } from "./live/finnhub";
import type { CalendarProvider, MarketProviders } from "./providers/provider";
import { createSqliteStore } from "./sqlite-store.server";
import type { CryptoOrder, NewsCategory, Sourced, StockListQuery, StockRange } from "./types";

/** Live earnings from the upstream, with the embedded holidays, economic dates and dividends around them. */
function withEmbeddedEvents(live: CalendarProvider, embedded: CalendarProvider): CalendarProvider {
  return {
    source: "live",
    async events(from, to, language) {
      const [earnings, others] = await Promise.all([
        live.events(from, to, language),
        embedded.events(from, to, language),
      ]);
      return [...earnings, ...others.filter((event) => event.kind !== "earnings")].sort(
        (a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind),
      );
    },
  };
}

/** The embedded demo providers, with each kind replaced by its live adapter when configured. */
export function providersFor(market: MarketEnv): MarketProviders {
  const demo = createDemoProviders();
  const timeoutMs = market.upstreamTimeoutMs;
  const finnhub =
    market.finnhub.apiKey !== undefined
      ? createFinnhubProviders({ apiKey: market.finnhub.apiKey, baseUrl: market.finnhub.baseUrl, timeoutMs })
      : undefined;
  return {
    crypto:
      market.crypto.provider === "coingecko"
        ? createCoinGeckoProvider({ ...market.crypto, timeoutMs })
        : demo.crypto,
    stocks: market.stocks.provider === "brapi" ? createBrapiProvider({ ...market.stocks, timeoutMs }) : demo.stocks,
    news: market.news.provider === "finnhub" && finnhub ? finnhub.news : demo.news,
    calendar:
      market.calendar.provider === "finnhub" && finnhub
        ? withEmbeddedEvents(finnhub.calendar, demo.calendar)
        : demo.calendar,
    rates: market.rates.provider === "currency-api" ? createCurrencyApiProvider({ ...market.rates, timeoutMs }) : demo.rates,
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

/** Every market read of the app: one provider call per cache key at a time, cached as the spec says. */
export function createMarketService(providers: MarketProviders, cache: MarketCache) {
  function cached<T>(kind: keyof MarketProviders, key: string, fetcher: () => Promise<T>): Promise<Sourced<T>> {
    const { source } = providers[kind];
    return cache
      .get(`${source}:${kind}:${key}`, fetcher, { persist: source === "live" })
      .then(({ value, fetchedAt, stale }) => ({ data: value, source, fetchedAt, stale }));
  }

  return {
    // Crypto numbers are in US dollars unless a screen asks for the visitor's currency.
    cryptoList({ currency = "usd", ...query }: { page: number; perPage: number; order: CryptoOrder; currency?: CryptoCurrency }) {
      return cached("crypto", `list:${currency}:${query.order}:${query.perPage}:${query.page}`, () =>
        providers.crypto.list({ ...query, currency }),
      );
    },
    cryptoDetail(id: string, language: Language, currency: CryptoCurrency = "usd") {
      return cached("crypto", `detail:${currency}:${id}:${language}`, () => providers.crypto.detail(id, language, currency));
    },
    cryptoChart(id: string, fromSeconds: number, toSeconds: number, currency: CryptoCurrency = "usd") {
      return cached("crypto", `chart:${currency}:${id}:${fromSeconds}:${toSeconds}`, () =>
        providers.crypto.chart(id, fromSeconds, toSeconds, currency),
      );
    },
    cryptoSearch(query: string) {
      return cached("crypto", `search:${query.toLowerCase()}`, () => providers.crypto.search(query));
    },
    cryptoTrending(currency: CryptoCurrency = "usd") {
      return cached("crypto", `trending:${currency}`, () => providers.crypto.trending(currency));
    },
    stockList(query: StockListQuery) {
      const key = [query.search ?? "", query.type ?? "", query.sector ?? "", query.sortBy ?? "", query.sortOrder ?? "", query.market ?? ""];
      return cached("stocks", `list:${key.join(":")}:${query.limit}:${query.page}`, () => providers.stocks.list(query));
    },
    stockDetail(ticker: string, range: StockRange, language: Language) {
      return cached("stocks", `detail:${ticker.toUpperCase()}:${range}:${language}`, () =>
        providers.stocks.detail(ticker, { range, language }),
      );
    },
    news(category: NewsCategory, language: Language) {
      return cached("news", `${category}:${language}`, () => providers.news.list(category, language));
    },
    rates() {
      return cached("rates", "latest", () => providers.rates.latest());
    },
    calendar(from: string, to: string, language: Language) {
      return cached("calendar", `${from}:${to}:${language}`, () => providers.calendar.events(from, to, language));
    },
  };
}

let service: MarketService | undefined;

export function getMarketService(): MarketService {
  if (!service) {
    const { market, assistant } = getEnv();
    const store = createSqliteStore(getDb());
    const cache = new MarketCache({
      ttlMs: market.cacheTtlMs,
      baseDelayMs: market.retryBaseDelayMs,
      store,
      onBackgroundError: (key, error) => console.warn(`market refresh failed for ${key}:`, String(error)),
    });
    // With a hosted model configured, English-only live descriptions are translated (spec section 7).
    const translationModel = hostedStreamFor(assistant);
    const providers = providersFor(market);
    service = createMarketService(
      translationModel ? withTranslatedDescriptions(providers, createTextTranslator(translationModel, store)) : providers,
      cache,
    );
  }
  return service;
}

/** The Cache-Control a response of this data should carry: fresh for what is left of its lifetime. */
export function cacheControlFor(sourced: Pick<Sourced<unknown>, "fetchedAt" | "stale">, now = Date.now()) {
  const ttlSeconds = Math.round(getEnv().market.cacheTtlMs / 1000);
  const remaining = sourced.stale ? 0 : Math.max(0, Math.floor((sourced.fetchedAt + ttlSeconds * 1000 - now) / 1000));
  return `public, max-age=${remaining}, stale-while-revalidate=${ttlSeconds}, stale-if-error=86400`;
}
