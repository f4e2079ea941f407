import type { Language } from "~/i18n/languages";
import { type CryptoCurrency, currencyCode } from "~/market/crypto-currency";
import { toTableItem } from "~/market/crypto-depth";
import { type ListOrder, type ListSortField, stockSortBy } from "~/market/list-params";
import { cryptoLiveKey, type LiveKey, stockLiveKey } from "~/market/realtime/protocol";
import type { MarketService } from "~/market/service.server";
import type { DataSource } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { CryptoViews } from "~/market/views.server";
import type { Logger } from "~/platform/logger.server";

import { cryptoPage } from "./cryptos.server";
import { miniCrypto, miniStock } from "./mini-items";
import { mostTraded } from "./most-traded";

/** The ticker tape's 14 symbols: major US stocks, one B3 stock and crypto pairs. */
const tapeStocks = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "JPM", "V", "PETR4"];
const tapeCryptos = ["bitcoin", "ethereum", "solana", "ripple"];

export type TapeItem = { label: string; href: string; liveKey: LiveKey; price: number | null; currency: string; change: number | null };

const sectionSize = 6;
/** The biggest gainers and losers shown, of each. */
const movesSize = 3;
/** The B3 stocks with the most shares traded, among which the spotlight picks the most traded by value. */
const spotlightCandidates = 40;

export type HomeTable = { kind: "cryptos" | "stocks"; page: number; sort: ListSortField; order: ListOrder };

/** `currency`: the visitor's currency for crypto prices. */
export async function loadHome(
  market: MarketService,
  logger: Logger,
  views: Pick<CryptoViews, "mostViewed">,
  table: HomeTable,
  language: Language,
  currency: CryptoCurrency,
) {
  const [cryptoUniverse, gainerList, loserList, mostActive, trendingList, tapeQuotes, tableData, mostViewed] = await Promise.all([
    orUnavailable(logger, cryptoPage(market, { page: 1, perPage: 250, sort: "market_cap", order: "desc", currency })),
    orUnavailable(logger, market.stockList({ sortBy: "change", sortOrder: "desc", page: 1, limit: sectionSize })),
    orUnavailable(logger, market.stockList({ sortBy: "change", sortOrder: "asc", page: 1, limit: sectionSize })),
    // B3, like the pt-BR reader the home is written for: every price there is in reais.
    orUnavailable(logger, market.stockList({ market: "b3", sortBy: "volume", sortOrder: "desc", page: 1, limit: spotlightCandidates })),
    orUnavailable(logger, market.cryptoTrending(currency)),
    Promise.all(tapeStocks.map((ticker) => orUnavailable(logger, market.stockDetail(ticker, "1d", language)))),
    loadTable(market, logger, table, currency),
    views.mostViewed(7),
  ]);
  // Every section has arrived: each now shows the newest quote any of them brought.
  // Of the universe, the home shows the tape's coins and the most viewed: only those are requoted.
  const shownCoins = new Set<string>([...tapeCryptos, ...mostViewed]);
  const cryptos =
    cryptoUniverse &&
    market.requote.cryptos(
      cryptoUniverse.data.items.filter((item) => shownCoins.has(item.id)),
      currency,
    );
  const gainers = gainerList && market.requote.stocks(gainerList.data.items);
  const losers = loserList && market.requote.stocks(loserList.data.items);
  const tapeStockItems = market.requote.stocks(tapeQuotes.flatMap((quote) => (quote?.data ? [quote.data] : [])));

  const tape: TapeItem[] = [
    ...tapeStockItems.map((stock) => ({
      label: stock.ticker,
      href: `/stocks/${stock.ticker}`,
      liveKey: stockLiveKey(stock.ticker),
      price: stock.price,
      currency: stock.currency,
      change: stock.changePercent,
    })),
    ...tapeCryptos.flatMap((id) => {
      const coin = cryptos?.find((item) => item.id === id);
      return coin
        ? [
            {
              label: `${coin.symbol.toUpperCase()}/${currencyCode(currency)}`,
              href: `/cryptos/${coin.id}`,
              liveKey: cryptoLiveKey(coin.id, currency),
              price: coin.price,
              currency: currencyCode(currency),
              change: coin.change24h,
            },
          ]
        : [];
    }),
  ];

  const sources = new Set<DataSource>(
    [cryptoUniverse, gainerList, trendingList, tableData].flatMap((section) => (section ? [section.source] : [])),
  );
  return {
    sources: [...sources],
    tape,
    trendingCoins: trendingList ? market.requote.cryptos(trendingList.data.slice(0, sectionSize), currency).map(miniCrypto) : null,
    mostSearched: cryptos ? mostViewed.flatMap((id) => cryptos.filter((item) => item.id === id)).map(miniCrypto) : null,
    trendingStocks:
      mostActive && gainers && losers
        ? market.requote.stocks(mostTraded(mostActive.data.items, [...gainers, ...losers], sectionSize)).map(miniStock)
        : null,
    biggestMoves:
      gainers && losers ? { gainers: gainers.slice(0, movesSize).map(miniStock), losers: losers.slice(0, movesSize).map(miniStock) } : null,
    table: tableData && requoteTable(market, tableData, currency),
  };
}

function requoteTable(market: MarketService, table: NonNullable<Awaited<ReturnType<typeof loadTable>>>, currency: CryptoCurrency) {
  return table.kind === "cryptos"
    ? { ...table, items: market.requote.cryptos(table.items, currency).map(toTableItem) }
    : { ...table, items: market.requote.stocks(table.items) };
}

/** The home data table: 12 rows of cryptos or stocks, sorted and paged by its own query parameters. */
async function loadTable(market: MarketService, logger: Logger, { kind, page, sort, order }: HomeTable, currency: CryptoCurrency) {
  if (kind === "cryptos") {
    const cryptos = await orUnavailable(logger, cryptoPage(market, { page, perPage: 12, sort, order, currency }));
    return cryptos && { kind, source: cryptos.source, items: cryptos.data.items, total: cryptos.data.total };
  }
  const stocks = await orUnavailable(logger, market.stockList({ sortBy: stockSortBy[sort], sortOrder: order, page, limit: 12 }));
  return stocks && { kind, source: stocks.source, items: stocks.data.items, total: stocks.data.total };
}
