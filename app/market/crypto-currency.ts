import type { Language } from "~/i18n/languages";

/** The currencies crypto prices can be shown in: CoinGecko's `vs_currency` values. */
export const cryptoCurrencies = ["brl", "usd", "eur"] as const;
export type CryptoCurrency = (typeof cryptoCurrencies)[number];

export const cryptoCurrencyCookieName = "currency";

/**
 * What a visitor sees before choosing: a Brazilian reads reais; English and Spanish readers get
 * the dollar, crypto's common reference (Spanish is read across the Americas far more than in
 * the euro area, and the switcher is one click away).
 */
export const defaultCryptoCurrency: Record<Language, CryptoCurrency> = { "pt-BR": "brl", en: "usd", es: "usd" };

export function isCryptoCurrency(value: unknown): value is CryptoCurrency {
  return typeof value === "string" && (cryptoCurrencies as readonly string[]).includes(value);
}

/** The ISO 4217 code Intl formats with. */
export function currencyCode(currency: CryptoCurrency): string {
  return currency.toUpperCase();
}
