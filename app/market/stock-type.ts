import { type StockAsset, stockAssets } from "./catalogue";
import type { StockType } from "./types";

/**
 * The one classification of a stock ticker, used by every screen and provider (list, detail,
 * favourites, record tables, demo and live), so an asset never changes kind between pages.
 */

const byTicker = new Map(stockAssets.map((asset) => [asset.ticker, asset]));

/** A B3 ticker: four letters (or letters and digits, as B3SA3 or M1TA34), a share-class number, maybe a market suffix. */
const b3Ticker = /^([A-Z0-9]{3}[A-Z])(\d{1,2})([A-Z]{0,2})$/;
/** A US symbol: letters, maybe a share-class suffix (BRK.B, BF-B). */
const usTicker = /^[A-Z]{1,5}([.-][A-Z]{1,2})?$/;

/**
 * The ticker an odd listing stands for: the fractional market's PETR4F is PETR4, SRNA3L is SRNA3.
 * Anything that is not B3-shaped is returned as it is.
 */
export function baseTicker(ticker: string): string {
  const upper = ticker.trim().toUpperCase();
  const match = b3Ticker.exec(upper);
  return match ? `${match[1]}${match[2]}` : upper;
}

/** The embedded dataset's record of a ticker (or of its base ticker), when it has one. */
export function knownStock(ticker: string): StockAsset | undefined {
  const upper = ticker.trim().toUpperCase();
  return byTicker.get(upper) ?? byTicker.get(baseTicker(upper));
}

/** Where a ticker trades: the dataset when it knows it, else its shape. */
export function stockMarketOf(ticker: string): "B3" | "US" {
  const known = knownStock(ticker);
  if (known) return known.exchange === "B3" ? "B3" : "US";
  const upper = ticker.trim().toUpperCase();
  return !b3Ticker.test(upper) && usTicker.test(upper) ? "US" : "B3";
}

/**
 * What an upstream said a listing is, in our types (each adapter maps its own words): `exact` when it
 * named the precise kind (a unit, an ETF, a fund's kind), which the embedded dataset cannot know
 * better; `broad` when it named only a rough one, which the dataset's record of the ticker overrides.
 */
export type StockKindSaid = { exact?: StockType; broad?: StockType };

/** Classifies a ticker, from what its upstream said about it when it said anything. */
export function classifyStock(ticker: string, said: StockKindSaid = {}): StockType {
  if (said.exact) return said.exact;
  const known = knownStock(ticker);
  if (known) return known.type;
  return said.broad ?? typeFromTicker(ticker);
}

/**
 * B3's suffix convention: 3–8 are shares, 31–35 and 39 BDRs. "11" is shared by FIIs, units and
 * ETFs: a unit is an 11 whose company also lists shares (KLBN11 beside KLBN4), and FIIs far
 * outnumber ETFs, so any other 11 is taken for a fund. US symbols are shares.
 */
function typeFromTicker(ticker: string): StockType {
  const upper = baseTicker(ticker);
  if (stockMarketOf(upper) === "US") return "stock";
  const match = b3Ticker.exec(upper);
  if (!match) return "others";
  const [, root, digits] = match;
  const suffix = Number(digits);
  if (suffix >= 3 && suffix <= 8) return "stock";
  if ((suffix >= 31 && suffix <= 35) || suffix === 39) return "bdr";
  if (suffix === 11) return hasListedShares(root ?? "") ? "stock" : "fund";
  return "others";
}

function hasListedShares(root: string): boolean {
  return stockAssets.some((asset) => {
    const match = b3Ticker.exec(asset.ticker);
    const suffix = Number(match?.[2]);
    return match?.[1] === root && suffix >= 3 && suffix <= 8;
  });
}
