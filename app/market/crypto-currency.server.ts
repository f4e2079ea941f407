import type { Language } from "~/i18n/languages";
import { readCookie, serializeCookie } from "~/platform/cookies.server";
import { cryptoCurrencyCookieName, defaultCryptoCurrency, isCryptoCurrency, type CryptoCurrency } from "./crypto-currency";

const oneYear = 60 * 60 * 24 * 365;

/** The visitor's chosen crypto currency, or their language's default. */
export function readCryptoCurrency(cookieHeader: string | null | undefined, language: Language): CryptoCurrency {
  const stored = readCookie(cookieHeader ?? null, cryptoCurrencyCookieName);
  return isCryptoCurrency(stored) ? stored : defaultCryptoCurrency[language];
}

export function cryptoCurrencyCookie(currency: CryptoCurrency) {
  return serializeCookie(cryptoCurrencyCookieName, currency, { maxAge: oneYear, httpOnly: false });
}
