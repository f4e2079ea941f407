import { describe, expect, it } from "vitest";

import { marketUpstreams } from "~/market/live/registry";
import { marketSourcesEnv, upstreamsOf } from "~/market/providers/sources.server";
import type { MarketKind } from "~/market/providers/upstream";
import { marketServiceFor } from "~/market/service.server";
import { parseEnv } from "~/platform/env.server";
import { memoryLogger } from "~/platform/logger.server";
import { createMemorySharedStore } from "~/platform/shared-store.server";
import { dataSourcesOf } from "~/screens/about-data.server";

import { manualClock } from "../support/clock";
import { toyExchange } from "../support/toy-provider";

/** The app's registry with one more line: the toy upstream, whose folder is all it needs. */
const upstreams = [...marketUpstreams, toyExchange];

const configWith = (environment: Record<string, string>) =>
  parseEnv(environment, undefined, { marketSources: marketSourcesEnv(upstreams) });

describe("a new B3 upstream is one folder and one registry line", () => {
  it("is chosen by its variable and read through the market service", async () => {
    const config = configWith({ STOCKS_PROVIDER: "toy", TOY_TOKEN: "toy-token" });
    const clock = manualClock();
    const market = marketServiceFor({
      config: config.market,
      sources: config.marketSources,
      clock,
      logger: memoryLogger(),
      shared: createMemorySharedStore(clock),
    });

    const [toys, unknown] = await Promise.all(market.stockQuotes(["toys3", "PETR4"]));
    expect(toys).toMatchObject({ source: "live", data: { ticker: "TOYS3", name: "Toy Brinquedos ON", type: "stock", price: 12.34 } });
    expect(unknown?.data).toBeNull();
    expect((await market.stockList({ page: 1, limit: 12 })).data.items.map((item) => [item.ticker, item.type])).toEqual([
      ["TOYS3", "stock"],
      ["TOYF11", "fund"],
    ]);
    // What the toy does not serve beside its quotes is unknown, never the demo's figures beside live prices.
    expect(await market.stockFacts("TOYS3")).toMatchObject({ source: "live", data: null });
    expect(await market.index("ibov", clock.now() - 86_400_000)).toMatchObject({ source: "live", data: null });
  });

  it("is validated, offered to the kinds it joins, and named on the About-data page, all from its entry", () => {
    expect(() => configWith({ STOCKS_PROVIDER: "toy" })).toThrow(/TOY_TOKEN: is required when STOCKS_PROVIDER=toy \(got nothing\)/);
    expect(() => configWith({ US_STOCKS_PROVIDER: "finnhub", FINNHUB_API_KEY: "f", TWELVE_DATA_API_KEY: "t" })).toThrow(
      /US_STOCKS_PROVIDER: needs STOCKS_PROVIDER=brapi or toy/,
    );
    // The app's own registry does not know it.
    expect(() => parseEnv({ STOCKS_PROVIDER: "toy" }, undefined, { marketSources: marketSourcesEnv() })).toThrow(/STOCKS_PROVIDER: /);

    const stocks = dataSourcesOf(configWith({ STOCKS_PROVIDER: "toy", TOY_TOKEN: "toy-token" }).marketSources).find(
      ({ kind }) => kind === "stocks",
    );
    expect(stocks).toEqual({
      kind: "stocks",
      source: "live",
      upstreams: [{ id: "toy", label: "Toy Exchange" }],
      liveVariables: ["STOCKS_PROVIDER=brapi", "BRAPI_TOKEN", "STOCKS_PROVIDER=toy", "TOY_TOKEN"],
    });
  });
});

describe("the registry's choices", () => {
  const chosen = (environment: Record<string, string>) => {
    const sources = marketSourcesEnv().parse(environment);
    return (kind: MarketKind) => upstreamsOf(sources, kind).map((upstream) => upstream.id);
  };

  it("streams exchange prices only beside live cryptos, unless turned off", () => {
    expect(chosen({})("cryptoStream")).toEqual([]);
    expect(chosen({ CRYPTO_STREAM: "binance" })("cryptoStream")).toEqual([]);
    expect(chosen({ CRYPTO_PROVIDER: "coingecko" })("cryptoStream")).toEqual(["binance"]);
    expect(chosen({ CRYPTO_PROVIDER: "coingecko", CRYPTO_STREAM: "off" })("cryptoStream")).toEqual([]);
  });

  it("takes a market's fundamentals and indices, and the crypto market's summary, from the upstream of its quotes", () => {
    const live = chosen({ CRYPTO_PROVIDER: "coingecko", STOCKS_PROVIDER: "brapi", FINNHUB_API_KEY: "f", TWELVE_DATA_API_KEY: "t" });
    expect([live("cryptoMarket"), live("fundamentals"), live("indices"), live("usFundamentals")]).toEqual([
      ["coingecko"],
      ["brapi"],
      ["brapi"],
      ["finnhub"],
    ]);
    expect(chosen({})("fundamentals")).toEqual([]);
  });
});
