import { describe, expect, it } from "vitest";

import { marketSourcesEnv } from "~/market/providers/sources.server";
import { dataSourcesOf, refreshInterval } from "~/screens/about-data.server";

const sourcesOf = (env: Record<string, string>) => dataSourcesOf(marketSourcesEnv().parse(env));

/** Each kind's source with the names of its upstreams, as the page shows them. */
const shown = (env: Record<string, string>) =>
  Object.fromEntries(sourcesOf(env).map(({ kind, source, upstreams }) => [kind, [source, ...upstreams.map(({ label }) => label)]]));

const live = {
  CRYPTO_PROVIDER: "coingecko",
  STOCKS_PROVIDER: "brapi",
  FINNHUB_API_KEY: "finnhub-key",
  TWELVE_DATA_API_KEY: "twelve-data-key",
  NEWS_PROVIDER: "finnhub",
  CALENDAR_PROVIDER: "finnhub",
  RATES_PROVIDER: "currency-api",
  ECONOMY_PROVIDER: "bcb",
};

describe("data sources of an instance", () => {
  it("names the demonstration data for every kind when nothing is configured, US stocks included", () => {
    expect(shown({})).toEqual({
      cryptos: ["demo"],
      stocks: ["demo"],
      usStocks: ["demo"],
      news: ["demo"],
      calendar: ["demo"],
      rates: ["demo"],
      economy: ["demo"],
    });
  });

  it("names each live upstream, US stocks beside brapi only with Finnhub and Twelve Data, the calendar's earnings only", () => {
    expect(shown(live)).toEqual({
      cryptos: ["live", "CoinGecko"],
      stocks: ["live", "brapi.dev"],
      usStocks: ["live", "Finnhub", "Twelve Data"],
      news: ["live", "Finnhub"],
      calendar: ["liveEarnings", "Finnhub"],
      rates: ["live", "currency-api (fawazahmed0)"],
      economy: ["live", "Banco Central do Brasil (SGS)"],
    });
    expect(shown({ ...live, US_STOCKS_PROVIDER: "none" }).usStocks).toEqual(["none"]);
    expect(shown({ ...live, TWELVE_DATA_API_KEY: "" }).usStocks).toEqual(["none"]);
  });

  it("tells the operator which variables switch each kind on", () => {
    const variables = Object.fromEntries(sourcesOf({}).map(({ kind, liveVariables }) => [kind, liveVariables]));
    expect(variables).toEqual({
      cryptos: ["CRYPTO_PROVIDER=coingecko", "COINGECKO_API_KEY"],
      stocks: ["STOCKS_PROVIDER=brapi", "BRAPI_TOKEN"],
      usStocks: ["STOCKS_PROVIDER=brapi", "FINNHUB_API_KEY", "TWELVE_DATA_API_KEY"],
      news: ["NEWS_PROVIDER=finnhub", "FINNHUB_API_KEY"],
      calendar: ["CALENDAR_PROVIDER=finnhub", "FINNHUB_API_KEY"],
      rates: ["RATES_PROVIDER=currency-api"],
      economy: ["ECONOMY_PROVIDER=bcb"],
    });
  });

  it("says how often live data is refreshed in whole minutes, or seconds when it is not", () => {
    expect(refreshInterval(300_000)).toEqual({ value: 5, unit: "minute" });
    expect(refreshInterval(90_000)).toEqual({ value: 90, unit: "second" });
    expect(refreshInterval(30_000)).toEqual({ value: 30, unit: "second" });
  });
});
