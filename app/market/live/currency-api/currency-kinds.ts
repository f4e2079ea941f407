import type { CurrencyKind } from "../../types";

/**
 * What a code in a rates feed stands for. Feeds mix national currencies, metals, withdrawn
 * currencies and crypto tokens, many of them three letters long (AXS, CHZ, XBT, POL), so the kind
 * comes from maintained lists, never from the code's shape.
 */

const metals = new Set(["XAU", "XAG", "XPT", "XPD"]);

/**
 * ISO 4217 codes in use, from the Unicode CLDR data the runtime ships (Node updates it with ISO's
 * amendments: XCG in 2025, ZWG in 2024), which also keeps a recently withdrawn code that still
 * trades (HRK, SLL) for a while.
 */
const isoCodes = new Set(Intl.supportedValuesOf("currency"));

/** Circulating currencies without an ISO code that feeds quote: the Crown dependencies' pounds, the Faroese króna, Kiribati and Tuvalu dollars, offshore yuan. */
const unofficialFiat = new Set(["GGP", "IMP", "JEP", "FOK", "KID", "TVD", "CNH"]);

/** Codes rate feeds carry for money nobody trades that CLDR does not name (the Seborga luigino, the Vatican lira). */
const notTraded = new Set(["SPL", "VAL"]);

/** CLDR names withdrawn currencies too (DEM "German Mark", VEF); `fallback: "none"` says when it names nothing. */
const cldrNames = new Intl.DisplayNames("en", { type: "currency", fallback: "none" });

function isWithdrawnCurrency(code: string) {
  return notTraded.has(code) || (/^[A-Z]{3}$/.test(code) && cldrNames.of(code) !== undefined);
}

/**
 * The kind of an upper-case code from a rates feed: ISO 4217 and a few unofficial currencies are
 * fiat, gold, silver, platinum and palladium are metals, withdrawn currencies are null (a fixed
 * legacy rate is not a market rate, so the feed's entry is dropped), and every other code in a
 * feed that mixes in crypto is a crypto token.
 */
export function currencyKindOf(code: string): CurrencyKind | null {
  if (metals.has(code)) return "metal";
  if (isoCodes.has(code) || unofficialFiat.has(code)) return "fiat";
  return isWithdrawnCurrency(code) ? null : "crypto";
}
