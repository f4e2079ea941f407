import { stockMarketOf } from "../stock-type";
import type { FundamentalsProvider } from "./provider";

/** One fundamentals provider over two markets, split as `stocksByMarket` splits quotes: B3 tickers to `b3`, US tickers to `us`. */
export function fundamentalsByMarket(b3: FundamentalsProvider, us: FundamentalsProvider): FundamentalsProvider {
  return {
    source: b3.source,
    facts: (ticker) => (stockMarketOf(ticker) === "US" ? us.facts(ticker) : b3.facts(ticker)),
  };
}
