/**
 * The converter page's URL state and currency display helpers, shared by the server and the
 * browser (the searchable pickers build the same links and symbols as the server).
 */
import type { CurrencyKind } from "./types";

export const converterPath = "/currency-converter";

/** The raw text of the query string: kept as typed so a shared link reads the same back. */
export type ConverterInput = { amount: string; from: string; to: string };

/** A trillion: beyond any real conversion, and still exact in a double after rounding to cents. */
export const maxConverterAmount = 1_000_000_000_000;

export const defaultConverterInput: ConverterInput = { amount: "1", from: "USD", to: "BRL" };

/** A picker entry: the name is already localised on the server; icon is set for cryptos only. */
export type CurrencyOption = { code: string; name: string; kind: CurrencyKind; icon: string | null };

/** The pickers' first choices, in this order; the other codes follow alphabetically by name. */
export const popularCurrencyCodes: readonly string[] = ["BRL", "USD", "EUR", "BTC", "ETH", "XAU", "GBP", "JPY", "USDT", "XAG"];

/** Same parameter order everywhere (the assistant and search link here with this shape too). */
export function converterHref({ amount, from, to }: ConverterInput): string {
  return `${converterPath}?${new URLSearchParams({ amount, from, to })}`;
}

/**
 * The country whose flag stands for a fiat currency, as a lowercase ISO 3166 code: ISO 4217
 * codes start with it, except the supranational X… codes (CFA francs, East Caribbean dollar…),
 * which have none. The euro has the EU's flag.
 */
export function currencyCountry(code: string): string | null {
  const region = code === "EUR" ? "EU" : code.startsWith("X") ? null : code.slice(0, 2);
  return region && /^[A-Z]{2}$/.test(region) ? region.toLowerCase() : null;
}

/** Chemical symbols of the precious metals, for their badges. */
export const metalSymbols: Readonly<Record<string, string>> = { XAU: "Au", XAG: "Ag", XPT: "Pt", XPD: "Pd" };
