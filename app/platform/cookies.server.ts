import { parse, serialize } from "cookie";

/** Plain-valued preference cookies (language, theme, flash), readable by the browser's detector. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header)[name];
}

type CookieOptions = { maxAge: number; httpOnly: boolean };

export function serializeCookie(name: string, value: string, { maxAge, httpOnly }: CookieOptions) {
  return serialize(name, value, {
    path: "/",
    maxAge,
    sameSite: "lax",
    httpOnly,
    secure: process.env.PUBLIC_URL?.startsWith("https://") ?? false,
  });
}
