import { readCookie, serializeCookie } from "~/platform/cookies.server";

/** Set when a visitor dismisses the demonstration-data notice; the stale-data notice ignores it. */
export const demoNoticeCookieName = "demo-notice";
const dismissedValue = "dismissed";
const oneYear = 60 * 60 * 24 * 365;

export function readDemoNoticeDismissed(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader ?? null, demoNoticeCookieName) === dismissedValue;
}

export function demoNoticeDismissedCookie() {
  return serializeCookie(demoNoticeCookieName, dismissedValue, { maxAge: oneYear, httpOnly: true });
}
