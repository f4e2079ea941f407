import type { Language } from "~/i18n/languages";
import { currencyCode, type CryptoCurrency } from "~/market/crypto-currency";
import { orUnavailable } from "~/market/unavailable";
import { cryptoLiveKey, stockLiveKey, type LiveKey } from "~/market/realtime/protocol";
import type { Logger } from "~/platform/logger.server";
import type { MarketService } from "~/market/service.server";
import { classifyStock } from "~/market/stock-type";
import type { StockType } from "~/market/types";
import type { FavoriteRow } from "./favorites.server";
import type { AssetType } from "./assets";

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

async function quote(
  market: MarketService,
  logger: Logger,
  favorite: FavoriteRow,
  language: Language,
  currency: CryptoCurrency,
): Promise<QuotedFavorite> {
  const base = {
    id: favorite.id,
    type: favorite.assetType,
    assetId: favorite.assetId,
    addedAt: favorite.addedAt.toISOString(),
  };
  if (favorite.assetType === "crypto") {
    const coin = (await orUnavailable(logger, market.cryptoDetail(favorite.assetId, language, currency)))?.data;
    return {
      ...base,
      liveKey: cryptoLiveKey(favorite.assetId, currency),
      name: coin?.name ?? favorite.assetId,
      symbol: coin?.symbol.toUpperCase() ?? favorite.assetId.toUpperCase(),
      stockType: null,
      image: coin?.image ?? null,
      price: coin?.price ?? null,
      currency: currencyCode(currency),
      change24h: coin?.change24h ?? null,
    };
  }
  const stock = (await orUnavailable(logger, market.stockDetail(favorite.assetId, "1mo", language)))?.data;
  return {
    ...base,
    liveKey: stockLiveKey(favorite.assetId),
    name: stock?.name ?? favorite.assetId,
    symbol: stock?.ticker ?? favorite.assetId,
    // Known even while the upstream is down: the ticker says it.
    stockType: stock?.type ?? classifyStock(favorite.assetId),
    image: stock?.logo ?? null,
    price: stock?.price ?? null,
    currency: stock?.currency ?? "BRL",
    change24h: stock?.changePercent ?? null,
  };
}

/**
 * Live prices for a list of favourites, asked for all at once (the market service has no call for
 * several assets, and answers each from its cache); cryptos in `currency`, as the visitor reads
 * them on the market pages. A page quotes its favourites with one call of this.
 */
export function quoteFavorites(
  market: MarketService,
  logger: Logger,
  rows: readonly FavoriteRow[],
  language: Language,
  currency: CryptoCurrency,
): Promise<QuotedFavorite[]> {
  return Promise.all(rows.map((row) => quote(market, logger, row, language, currency)));
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
