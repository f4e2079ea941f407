import { describe, expect, it } from "vitest";
import { dataSourcesOf, refreshInterval } from "~/screens/about-data.server";
import type { MarketEnv } from "~/platform/env.server";

const demo: MarketEnv = {
  crypto: { provider: "demo", keyType: "demo" },
  stocks: { provider: "demo" },
  usStocks: { provider: "none" },
  news: { provider: "demo" },
  calendar: { provider: "demo" },
  finnhub: {},
  rates: { provider: "demo" },
  economy: { provider: "demo" },
  cacheTtlMs: 300_000,
  upstreamTimeoutMs: 8000,
  retryBaseDelayMs: 1000,
};

const providers = (market: MarketEnv) => Object.fromEntries(dataSourcesOf(market).map(({ kind, provider }) => [kind, provider]));

describe("data sources of an instance", () => {
  it("names the demonstration data for every kind when nothing is configured, US stocks included", () => {
    expect(providers(demo)).toEqual({
      cryptos: "demo",
      stocks: "demo",
      usStocks: "demo",
      news: "demo",
      calendar: "demo",
      rates: "demo",
      economy: "demo",
    });
  });

  it("names each live provider, US stocks beside brapi only with Finnhub, the calendar's earnings only", () => {
    const live: MarketEnv = {
      ...demo,
      crypto: { provider: "coingecko", keyType: "demo" },
      stocks: { provider: "brapi" },
      usStocks: { provider: "finnhub" },
      news: { provider: "finnhub" },
      calendar: { provider: "finnhub" },
      rates: { provider: "currency-api" },
      economy: { provider: "bcb" },
    };
    expect(providers(live)).toEqual({
      cryptos: "coingecko",
      stocks: "brapi",
      usStocks: "finnhub-twelve-data",
      news: "finnhub",
      calendar: "finnhub-earnings",
      rates: "currency-api",
      economy: "bcb",
    });
    expect(providers({ ...live, usStocks: { provider: "none" } }).usStocks).toBe("none");
  });

  it("tells the operator which variables switch each kind on", () => {
    const variables = dataSourcesOf(demo).flatMap(({ liveVariables }) => liveVariables);
    for (const name of [
      "CRYPTO_PROVIDER=coingecko",
      "STOCKS_PROVIDER=brapi",
      "NEWS_PROVIDER=finnhub",
      "RATES_PROVIDER=currency-api",
      "ECONOMY_PROVIDER=bcb",
    ]) {
      expect(variables).toContain(name);
    }
  });

  it("says how often live data is refreshed in whole minutes, or seconds when it is not", () => {
    expect(refreshInterval(300_000)).toEqual({ value: 5, unit: "minute" });
    expect(refreshInterval(90_000)).toEqual({ value: 90, unit: "second" });
    expect(refreshInterval(30_000)).toEqual({ value: 30, unit: "second" });
  });
});
