import { YEAR_SECONDS } from "~/lib/time";
import { readCookie, serializeCookie } from "~/platform/cookies.server";

/** Set when a visitor dismisses the demonstration-data notice; the stale-data notice ignores it. */
const demoNoticeCookieName = "demo-notice";
const dismissedValue = "dismissed";

export function readDemoNoticeDismissed(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader ?? null, demoNoticeCookieName) === dismissedValue;
}

export function demoNoticeDismissedCookie() {
  return serializeCookie(demoNoticeCookieName, dismissedValue, { maxAge: YEAR_SECONDS, httpOnly: true });
}
