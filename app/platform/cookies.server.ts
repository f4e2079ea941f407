import { parse, serialize } from "cookie";
import type { MiddlewareFunction } from "react-router";

import { platformOf } from "./context.server";

/** Plain-valued preference cookies (language, theme, flash), readable by the browser's detector. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header)[name];
}

type CookieOptions = { maxAge: number; httpOnly: boolean };

export function serializeCookie(name: string, value: string, { maxAge, httpOnly }: CookieOptions) {
  return serialize(name, value, { path: "/", maxAge, sameSite: "lax", httpOnly });
}

/** Adds `Secure` to a Set-Cookie line that lacks it. */
function secureCookie(line: string): string {
  return /;\s*secure\s*(;|$)/i.test(line) ? line : `${line}; Secure`;
}

/**
 * Served over https, every cookie the app sets is `Secure`, so none ever travels in clear text;
 * the helpers that write cookies need not know how the site is reached.
 */
export const secureCookiesMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!platformOf(context).config.publicUrl.startsWith("https://")) return response;
  const cookies = response.headers.getSetCookie();
  if (cookies.length === 0) return response;
  response.headers.delete("Set-Cookie");
  for (const cookie of cookies) response.headers.append("Set-Cookie", secureCookie(cookie));
  return response;
};
