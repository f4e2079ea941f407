import { z } from "zod";

import { readCookie, serializeCookie } from "./cookies.server";
import { redirectWithCookies } from "./http.server";

const flashCookieName = "flash";

/** A toast that survives one redirect. The message is a translation key, rendered in the reader's language. */
const flashSchema = z.object({
  kind: z.enum(["success", "error", "info"]),
  messageKey: z.string().min(1).max(100),
});
export type Flash = z.infer<typeof flashSchema>;

export function flashCookie(flash: Flash) {
  return serializeCookie(flashCookieName, JSON.stringify(flash), { maxAge: 60, httpOnly: true });
}

export const clearFlashCookie = serializeCookie(flashCookieName, "", { maxAge: 0, httpOnly: true });

export function readFlash(request: Request): Flash | null {
  const raw = readCookie(request.headers.get("Cookie"), flashCookieName);
  if (!raw) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Goes to `to` with a toast for the next page (and any other cookies to set). */
export function flashRedirect(to: string, flash: Flash, extraCookies: string[] = []) {
  return redirectWithCookies(to, [...extraCookies, flashCookie(flash)]);
}
