/**
 * An asset's numbers from the market engine, formatted exactly as its app page shows them, for the
 * offline answers and the hosted models' context alike.
 */
import type { Language } from "~/i18n/languages";
import { formatCompactMoney, formatMoney, formatPercent } from "~/lib/format";
import type { MarketService } from "~/market/service.server";
import type { DataSource } from "~/market/types";

import { assetCode, assetHref, type AssetRef } from "./assets.server";

export type Quote = {
  asset: AssetRef;
  name: string;
  code: string;
  href: string;
  /** Crypto pages quote in dollars; stocks in their listing currency. */
  currency: string;
  price: number | null;
  /** Percent over 24 hours for cryptos, since the previous close for stocks. */
  change: number | null;
  high: number | null;
  low: number | null;
  marketCap: number | null;
  source: DataSource;
  fetchedAt: number;
};

/** The same range the home page's ticker tape asks for, so both share one cached answer. */
const stockRange = "1d";

/** Null when the engine does not know the asset; throws when the upstream failed. */
export async function fetchQuote(asset: AssetRef, language: Language, market: MarketService): Promise<Quote | null> {
  const base = { asset, code: assetCode(asset), href: assetHref(asset) };
  if (asset.kind === "crypto") {
    const { data, source, fetchedAt } = await market.cryptoDetail(asset.id, language);
    if (!data) return null;
    const { name, price, change24h, high24h, low24h, marketCap } = data;
    return { ...base, name, currency: "USD", price, change: change24h, high: high24h, low: low24h, marketCap, source, fetchedAt };
  }
  const { data, source, fetchedAt } = await market.stockDetail(asset.ticker, stockRange, language);
  if (!data) return null;
  const { name, currency, price, changePercent, high, low, marketCap } = data;
  return { ...base, name, currency, price, change: changePercent, high, low, marketCap, source, fetchedAt };
}

/** The quote's figures as text in the user's locale, with the app pages' formatters. */
export function formatQuote(quote: Quote, language: Language) {
  const money = (value: number | null) => formatMoney(value, quote.currency, language);
  return {
    price: money(quote.price),
    change: formatPercent(quote.change, language),
    high: money(quote.high),
    low: money(quote.low),
    marketCap: formatCompactMoney(quote.marketCap, quote.currency, language),
  };
}
