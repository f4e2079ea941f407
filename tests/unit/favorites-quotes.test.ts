import { describe, expect, it } from "vitest";

import type { FavoriteRow } from "~/favorites/favorites.server";
import { quoteFavorites } from "~/favorites/quotes.server";
import { MarketCache } from "~/market/cache.server";
import { createDemoProviders } from "~/market/demo";
import { type MarketProviders, UpstreamError } from "~/market/providers/provider";
import { createMarketService } from "~/market/service.server";
import { memoryLogger } from "~/platform/logger.server";

const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const clock = () => NOW;
const cryptoIds = ["bitcoin", "ethereum", "solana", "cardano", "dogecoin", "tron"];
const tickers = ["PETR4", "VALE3", "ITUB4", "BBDC4", "WEGE3", "MXRF11"];

/** The demo providers, counting each call the market service makes of them. */
function countingProviders(overrides: { cryptoQuotes?: MarketProviders["crypto"]["quotes"] } = {}) {
  const demo = createDemoProviders(clock);
  const calls = { cryptoQuotes: [] as string[][], stockQuotes: [] as string[][], cryptoDetail: 0, stockDetail: 0 };
  const providers: MarketProviders = {
    ...demo,
    crypto: {
      ...demo.crypto,
      quotes: (ids, currency) => {
        calls.cryptoQuotes.push([...ids]);
        return (overrides.cryptoQuotes ?? demo.crypto.quotes)(ids, currency);
      },
      detail: (...args) => {
        calls.cryptoDetail++;
        return demo.crypto.detail(...args);
      },
    },
    stocks: {
      ...demo.stocks,
      quotes: (ids) => {
        calls.stockQuotes.push([...ids]);
        return demo.stocks.quotes(ids);
      },
      detail: (...args) => {
        calls.stockDetail++;
        return demo.stocks.detail(...args);
      },
    },
  };
  return { providers, calls };
}

const rows: FavoriteRow[] = [...cryptoIds.map((id) => ["crypto", id] as const), ...tickers.map((id) => ["stock", id] as const)].map(
  ([assetType, assetId], index) => ({ id: index + 1, userId: 1, assetType, assetId, addedAt: new Date(NOW - index * 60_000) }),
);

describe("quoting a page of favourites", () => {
  it("asks the market for the whole page in one call per kind, never one call per favourite", async () => {
    const { providers, calls } = countingProviders();
    const market = createMarketService(providers, new MarketCache({ clock: { now: clock } }));

    const quoted = await quoteFavorites(market, memoryLogger(), rows, "brl");

    expect(calls.cryptoQuotes).toEqual([cryptoIds]);
    expect(calls.stockQuotes).toEqual([tickers]);
    expect(calls).toMatchObject({ cryptoDetail: 0, stockDetail: 0 });
    expect(quoted.map((item) => item.assetId)).toEqual([...cryptoIds, ...tickers]);
    // The same names and prices the asset pages show.
    const bitcoin = (await market.cryptoDetail("bitcoin", "pt-BR", "brl")).data;
    expect(quoted[0]).toMatchObject({ name: bitcoin?.name, symbol: "BTC", price: bitcoin?.price, currency: "BRL" });
    const petr4 = (await market.stockDetail("PETR4", "1mo", "pt-BR")).data;
    expect(quoted[6]).toMatchObject({ name: petr4?.name, symbol: "PETR4", price: petr4?.price, stockType: "stock" });
  });

  it("answers from the cache the next time, and asks only for the favourites it does not hold", async () => {
    const { providers, calls } = countingProviders();
    const market = createMarketService(providers, new MarketCache({ clock: { now: clock } }));
    await quoteFavorites(market, memoryLogger(), rows.slice(0, 3), "usd");
    await quoteFavorites(market, memoryLogger(), rows.slice(0, 5), "usd");

    expect(calls.cryptoQuotes).toEqual([cryptoIds.slice(0, 3), cryptoIds.slice(3, 5)]);
  });

  it("shows a favourite the upstream cannot quote as unknown, and the rest of the page with its prices", async () => {
    const demo = createDemoProviders(clock);
    const { providers } = countingProviders({
      cryptoQuotes: async (ids, currency) => {
        const found = await demo.crypto.quotes(ids, currency);
        found.delete("ethereum");
        return found;
      },
    });
    const market = createMarketService(providers, new MarketCache({ clock: { now: clock }, retries: 0, sleep: async () => {} }));

    const quoted = await quoteFavorites(market, memoryLogger(), rows.slice(0, 3), "usd");

    expect(quoted[0]?.price).toEqual(expect.any(Number));
    expect(quoted[1]).toMatchObject({ assetId: "ethereum", name: "ethereum", symbol: "ETHEREUM", price: null, change24h: null });
    expect(quoted[2]?.price).toEqual(expect.any(Number));
  });

  it("shares one new batch among the retries after a failed one", async () => {
    let attempts = 0;
    const demo = createDemoProviders(clock);
    const { providers, calls } = countingProviders({
      cryptoQuotes: async (ids, currency) => {
        if (attempts++ === 0) throw new UpstreamError("upstream down", "test", 503);
        return demo.crypto.quotes(ids, currency);
      },
    });
    const market = createMarketService(providers, new MarketCache({ clock: { now: clock }, sleep: async () => {} }));

    const quoted = await quoteFavorites(market, memoryLogger(), rows.slice(0, 4), "usd");

    expect(calls.cryptoQuotes).toEqual([cryptoIds.slice(0, 4), cryptoIds.slice(0, 4)]);
    expect(quoted.every((item) => item.price !== null)).toBe(true);
  });
});
