import type { Language } from "~/i18n/languages";
import { YEAR_SECONDS } from "~/lib/time";
import { readCookie, serializeCookie } from "~/platform/cookies.server";

import { type CryptoCurrency, cryptoCurrencyCookieName, defaultCryptoCurrency, isCryptoCurrency } from "./crypto-currency";

/** The visitor's chosen crypto currency, or their language's default. */
export function readCryptoCurrency(cookieHeader: string | null | undefined, language: Language): CryptoCurrency {
  const stored = readCookie(cookieHeader ?? null, cryptoCurrencyCookieName);
  return isCryptoCurrency(stored) ? stored : defaultCryptoCurrency[language];
}

export function cryptoCurrencyCookie(currency: CryptoCurrency) {
  return serializeCookie(cryptoCurrencyCookieName, currency, { maxAge: YEAR_SECONDS, httpOnly: false });
}
