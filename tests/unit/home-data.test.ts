import { describe, expect, it } from "vitest";

import { MarketCache } from "~/market/cache.server";
import { createDemoProviders } from "~/market/demo";
import { createMarketService } from "~/market/service.server";
import type { Logger } from "~/platform/logger.server";
import { loadHome } from "~/screens/home.server";

const NOW = Date.UTC(2026, 10, 18, 15);
const market = createMarketService(
  createDemoProviders(() => NOW),
  new MarketCache({ clock: { now: () => NOW } }),
);
const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Logger;
const table = { kind: "cryptos", page: 1, sort: "market_cap", order: "desc" } as const;

describe("the home's data", () => {
  it("gives its short lists only what they show, and three gainers and three losers", async () => {
    const home = await loadHome(market, logger, { mostViewed: async () => ["bitcoin", "solana"] }, table, "pt-BR", "brl");
    const cryptoFields = ["change24h", "id", "image", "name", "price", "symbol"];
    const stockFields = ["changePercent", "currency", "logo", "name", "price", "ticker"];
    expect(home.trendingCoins?.length).toBeGreaterThan(0);
    for (const coin of [...home.trendingCoins!, ...home.mostSearched!]) expect(Object.keys(coin).sort()).toEqual(cryptoFields);
    expect(home.mostSearched?.map((coin) => coin.id)).toEqual(["bitcoin", "solana"]);
    const { gainers, losers } = home.biggestMoves!;
    expect([gainers.length, losers.length]).toEqual([3, 3]);
    for (const stock of [...home.trendingStocks!, ...gainers, ...losers]) expect(Object.keys(stock).sort()).toEqual(stockFields);
    expect(gainers[0]!.changePercent!).toBeGreaterThanOrEqual(gainers[2]!.changePercent!);
    expect(losers[0]!.changePercent!).toBeLessThanOrEqual(losers[2]!.changePercent!);
  });
});
