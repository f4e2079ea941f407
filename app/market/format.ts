import type { CryptoListItem } from "./types";

const roundTo = (value: number | null, decimals: number) =>
  value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals;

/** CoinGecko's `precision`: decimal places for price fields, or "full" (and absent) for no rounding. */
export function roundPrices(items: CryptoListItem[], precision: number | "full" | undefined): CryptoListItem[] {
  if (precision === undefined || precision === "full") return items;
  return items.map((item) => ({
    ...item,
    price: roundTo(item.price, precision),
    high24h: roundTo(item.high24h, precision),
    low24h: roundTo(item.low24h, precision),
  }));
}
