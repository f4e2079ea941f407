import type { CryptoListItem, StockListItem } from "~/market/types";

/*
 * What a home section's short list shows of an asset. The page's loader data carries every field
 * it is given to the browser, and a whole list item (a coin's 43-point sparkline, supplies, highs
 * and lows) was most of the home's data for six lines of name, price and change.
 */
export type MiniCrypto = Pick<CryptoListItem, "id" | "symbol" | "name" | "image" | "price" | "change24h">;
export type MiniStock = Pick<StockListItem, "ticker" | "name" | "logo" | "price" | "currency" | "changePercent">;

export const miniCrypto = ({ id, symbol, name, image, price, change24h }: CryptoListItem): MiniCrypto => ({
  id,
  symbol,
  name,
  image,
  price,
  change24h,
});

export const miniStock = ({ ticker, name, logo, price, currency, changePercent }: StockListItem): MiniStock => ({
  ticker,
  name,
  logo,
  price,
  currency,
  changePercent,
});
