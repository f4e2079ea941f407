/**
 * The embedded default providers: a committed dataset plus a deterministic generator, so the app
 * works with no network and no keys. All output is a pure function of the clock.
 */
import type { MarketProviders } from "../providers/provider";
import { createCalendarProvider } from "./calendar";
import { createCryptoProvider, cryptoMarketAt } from "./crypto";
import { createEconomyProvider } from "./economy";
import { createFundamentalsProvider } from "./fundamentals";
import { createIndexProvider } from "./indices";
import { createNewsProvider } from "./news";
import { createRatesProvider } from "./rates";
import { createStockProvider } from "./stocks";

/** `clock` returns unix milliseconds; tests pin it to get repeatable numbers. */
export function createDemoProviders(clock: () => number = Date.now): MarketProviders {
  return {
    crypto: createCryptoProvider(clock),
    stocks: createStockProvider(clock),
    fundamentals: createFundamentalsProvider(clock),
    news: createNewsProvider(clock),
    rates: createRatesProvider(clock),
    calendar: createCalendarProvider(clock),
    indices: createIndexProvider(clock),
    economy: createEconomyProvider(clock),
    cryptoMarket: { source: "demo", summary: async () => cryptoMarketAt(clock()) },
  };
}
