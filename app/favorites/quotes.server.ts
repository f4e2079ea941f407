import type { Language } from "~/i18n/languages";
import { type CryptoCurrency, currencyCode } from "~/market/crypto-currency";
import { cryptoLiveKey, type LiveKey, stockLiveKey } from "~/market/realtime/protocol";
import type { MarketService } from "~/market/service.server";
import { classifyStock } from "~/market/stock-type";
import type { Sourced, StockType } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";

import type { AssetType } from "./assets";
import type { FavoriteRow } from "./favorites.server";

/** A favourite with what the market engine says about it now (nulls when the upstream is down). */
export type QuotedFavorite = {
  id: number;
  type: AssetType;
  /** What kind of stock it is (a FII is a fund on every screen); null for a crypto. */
  stockType: StockType | null;
  assetId: string;
  /** What the realtime channel calls its quote, in the currency of `price`. */
  liveKey: LiveKey;
  addedAt: string;
  name: string;
  symbol: string;
  image: string | null;
  price: number | null;
  currency: string;
  change24h: number | null;
};

/**
 * Live prices for a list of favourites: one market call for the cryptos and one for the stocks,
 * whatever their number; cryptos in `currency`, as the visitor reads them on the market pages.
 * A page quotes only the favourites it shows.
 */
export async function quoteFavorites(
  market: MarketService,
  logger: Logger,
  rows: readonly FavoriteRow[],
  currency: CryptoCurrency,
): Promise<QuotedFavorite[]> {
  const idsOf = (type: AssetType) => rows.filter((row) => row.assetType === type).map((row) => row.assetId);
  const answered = <T>(ids: string[], answers: Promise<Sourced<T | null>>[]) =>
    Promise.all(answers.map((answer) => orUnavailable(logger, answer))).then(
      (found) => new Map(ids.map((id, index) => [id, found[index]?.data ?? null])),
    );
  const cryptoIds = idsOf("crypto");
  const stockIds = idsOf("stock");
  const [coins, stocks] = await Promise.all([
    answered(cryptoIds, market.cryptoQuotes(cryptoIds, currency)),
    answered(stockIds, market.stockQuotes(stockIds)),
  ]);
  return rows.map((row) => {
    const base = { id: row.id, type: row.assetType, assetId: row.assetId, addedAt: row.addedAt.toISOString() };
    if (row.assetType === "crypto") {
      const coin = coins.get(row.assetId);
      return {
        ...base,
        liveKey: cryptoLiveKey(row.assetId, currency),
        name: coin?.name ?? row.assetId,
        symbol: coin?.symbol.toUpperCase() ?? row.assetId.toUpperCase(),
        stockType: null,
        image: coin?.image ?? null,
        price: coin?.price ?? null,
        currency: currencyCode(currency),
        change24h: coin?.change24h ?? null,
      };
    }
    const stock = stocks.get(row.assetId);
    return {
      ...base,
      liveKey: stockLiveKey(row.assetId),
      name: stock?.name ?? row.assetId,
      symbol: stock?.ticker ?? row.assetId,
      // Known even while the upstream is down: the ticker says it.
      stockType: stock?.type ?? classifyStock(row.assetId),
      image: stock?.logo ?? null,
      price: stock?.price ?? null,
      currency: stock?.currency ?? "BRL",
      change24h: stock?.changePercent ?? null,
    };
  });
}

/**
 * False only when the market engine says the asset does not exist, so no favourite points at
 * nothing; a failing upstream cannot tell, and the add goes ahead.
 */
export async function isKnownAsset(
  market: MarketService,
  logger: Logger,
  type: AssetType,
  assetId: string,
  language: Language,
): Promise<boolean> {
  const found =
    type === "crypto"
      ? await orUnavailable(logger, market.cryptoDetail(assetId, language))
      : await orUnavailable(logger, market.stockDetail(assetId, "1mo", language));
  return found === null || found.data !== null;
}
