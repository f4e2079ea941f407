import { stockMarketOf } from "../stock-type";
import type { StockListPage } from "../types";
import type { StockProvider, UsStockProvider } from "./provider";

/**
 * One stock provider over two markets: B3 tickers go to `b3`, US tickers to `us`.
 * A list shows the B3 names first and the US names after them, as one sequence of pages: a B3
 * investor sees B3 first, and each page still costs at most one call to each upstream.
 */
export function stocksByMarket(b3: StockProvider, us: UsStockProvider): StockProvider {
  return {
    source: b3.source,

    detail(ticker, options) {
      return stockMarketOf(ticker) === "US" ? us.detail(ticker, options) : b3.detail(ticker, options);
    },

    // Each market's upstream reaches as far back as its plan allows; one without a long history charts a year at most.
    async longHistory(ticker, range) {
      return (await (stockMarketOf(ticker) === "US" ? us : b3).longHistory?.(ticker, range)) ?? null;
    },

    async quotes(tickers) {
      const usTickers = tickers.filter((ticker) => stockMarketOf(ticker) === "US");
      const b3Tickers = tickers.filter((ticker) => stockMarketOf(ticker) !== "US");
      // One call to each upstream at most, side by side.
      const [b3Quotes, usQuotes] = await Promise.all([
        b3Tickers.length > 0 ? b3.quotes(b3Tickers) : new Map(),
        usTickers.length > 0 ? us.quotes(usTickers) : new Map(),
      ]);
      return new Map([...b3Quotes, ...usQuotes]);
    },

    async list(query): Promise<StockListPage> {
      const { page: requestedPage, limit, ...filters } = query;
      const page = Math.max(1, requestedPage);
      // The US names are all US shares: a fund, BDR or ETF filter, or the B3 market, is the B3 upstream's alone.
      if (us.count(filters) === 0) return b3.list(query);
      const start = (page - 1) * limit;
      const b3Page = await b3.list({ ...query, page });
      const b3Total = b3Page.total;
      const usStart = Math.max(0, start - b3Total);
      const usCount = start + limit - b3Total - usStart;
      const usPart =
        usCount > 0 ? await us.window(filters, usStart, usCount) : { items: [], total: us.count(filters), sectors: [] as string[] };
      return {
        items: [...b3Page.items, ...usPart.items].slice(0, limit),
        total: b3Total + usPart.total,
        page,
        limit,
        sectors: [...new Set([...b3Page.sectors, ...usPart.sectors])].sort(),
      };
    },
  };
}
