import { isCryptoCurrency } from "../crypto-currency";
import type { LiveKey, Tick } from "../realtime/protocol";
import { cryptoQuoteAt } from "./crypto";
import { gaussian, hashString } from "./generator";
import { stockQuoteAt } from "./stocks";

/** How far a tick strays from the generator's 5-minute knot, as a share of the daily volatility. */
const WIGGLE_SHARE = 0.02;

/**
 * The demo price of a watched asset at `at`. The generator only moves at 5-minute knots; between
 * them a live quote still flickers, so each second gets a small deterministic wiggle around the
 * knot. The same key and second give the same tick on every instance.
 */
export function demoTick(key: LiveKey, at: number): Tick | undefined {
  const [kind, id = "", currency] = key.split(":");
  const wiggle = gaussian(hashString(`${key}|${Math.floor(at / 1000)}`))();
  const moved = (quote: { item: { price: number }; volatility: number; round: (price: number) => number }) =>
    quote.round(quote.item.price * (1 + wiggle * quote.volatility * WIGGLE_SHARE));
  if (kind === "crypto" && isCryptoCurrency(currency)) {
    const quote = cryptoQuoteAt(id, currency, at);
    if (!quote) return undefined;
    const price = moved(quote);
    const { change24h, volume24h } = quote.item;
    return {
      key,
      price,
      change: change24h === null ? null : shiftedChange(change24h, price / quote.item.price),
      volume: volume24h,
      time: at,
    };
  }
  const quote = kind === "stock" ? stockQuoteAt(id, at) : undefined;
  if (!quote) return undefined;
  const price = moved(quote);
  return { key, price, change: shiftedChange(quote.item.changePercent, price / quote.item.price), volume: quote.item.volume, time: at };
}

/** A percentage change after the price moved by `ratio`. */
function shiftedChange(changePercent: number, ratio: number): number {
  return ((1 + changePercent / 100) * ratio - 1) * 100;
}
