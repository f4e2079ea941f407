import type { MarketEnv } from "~/platform/env.server";

export const dataKinds = ["cryptos", "stocks", "usStocks", "news", "calendar", "rates", "economy"] as const;
export type DataKind = (typeof dataKinds)[number];

/** Where one kind of data comes from on this instance; `none` is a kind left out (US stocks beside brapi without keys). */
export type DataProvider =
  "demo" | "coingecko" | "brapi" | "finnhub" | "finnhub-twelve-data" | "finnhub-earnings" | "currency-api" | "bcb" | "none";

export type DataSourceOfKind = {
  kind: DataKind;
  provider: DataProvider;
  /** The environment variables that switch this kind to live data (README, "Configuration"). */
  liveVariables: readonly string[];
};

const liveVariables: Record<DataKind, readonly string[]> = {
  cryptos: ["CRYPTO_PROVIDER=coingecko", "COINGECKO_API_KEY"],
  stocks: ["STOCKS_PROVIDER=brapi", "BRAPI_TOKEN"],
  usStocks: ["STOCKS_PROVIDER=brapi", "FINNHUB_API_KEY", "TWELVE_DATA_API_KEY"],
  news: ["NEWS_PROVIDER=finnhub", "FINNHUB_API_KEY"],
  calendar: ["CALENDAR_PROVIDER=finnhub", "FINNHUB_API_KEY"],
  rates: ["RATES_PROVIDER=currency-api"],
  economy: ["ECONOMY_PROVIDER=bcb"],
};

function providerOf(kind: DataKind, market: MarketEnv): DataProvider {
  switch (kind) {
    case "cryptos":
      return market.crypto.provider;
    case "stocks":
      return market.stocks.provider;
    case "usStocks":
      // The demo has US stocks of its own; brapi serves B3 only, so live US stocks need Finnhub beside it.
      if (market.stocks.provider === "demo") return "demo";
      return market.usStocks.provider === "finnhub" ? "finnhub-twelve-data" : "none";
    case "news":
      return market.news.provider;
    case "calendar":
      // Only earnings dates come from Finnhub: holidays, central-bank meetings and the like stay embedded.
      return market.calendar.provider === "finnhub" ? "finnhub-earnings" : "demo";
    case "rates":
      return market.rates.provider;
    case "economy":
      return market.economy.provider;
  }
}

/** Each kind of market data with the provider this instance takes it from, for the about-data page. */
export function dataSourcesOf(market: MarketEnv): DataSourceOfKind[] {
  return dataKinds.map((kind) => ({ kind, provider: providerOf(kind, market), liveVariables: liveVariables[kind] }));
}

/** How often live data is refreshed, in the largest whole unit, for `Intl.NumberFormat`'s unit style. */
export function refreshInterval(cacheTtlMs: number): { value: number; unit: "minute" | "second" } {
  const seconds = Math.max(1, Math.round(cacheTtlMs / 1000));
  return seconds % 60 === 0 ? { value: seconds / 60, unit: "minute" } : { value: seconds, unit: "second" };
}
