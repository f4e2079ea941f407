import { defaultTheme, isThemeName, themeCookieName, type ThemeName } from "~/lib/theme";
import { YEAR_SECONDS } from "~/lib/time";

import { readCookie, serializeCookie } from "./cookies.server";

export function readTheme(cookieHeader: string | null | undefined): ThemeName {
  const stored = readCookie(cookieHeader ?? null, themeCookieName);
  return isThemeName(stored) ? stored : defaultTheme;
}

export function themeCookie(theme: ThemeName) {
  // Not httpOnly: the page script mirrors it into local storage, as the spec asks.
  return serializeCookie(themeCookieName, theme, { maxAge: YEAR_SECONDS, httpOnly: false });
}
