import type { MiddlewareFunction } from "react-router";

import { getInstance } from "~/i18n/middleware.server";

import { platformOf } from "./context.server";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site form posts are refused: a browser always says where a POST comes from (Origin,
 * Referer or Sec-Fetch-Site), and it must be this site. Clients that send none of them are not
 * browsers and cannot carry a visitor's cookies by accident.
 */
export function isSameOriginRequest(request: Request, publicUrl: string): boolean {
  if (safeMethods.has(request.method)) return true;
  const isOurs = (origin: string | undefined) => origin === new URL(request.url).origin || origin === new URL(publicUrl).origin;
  const origin = request.headers.get("Origin");
  if (origin) return isOurs(origin);
  // Older browsers and some privacy settings leave Origin out, but still name the page.
  const referer = request.headers.get("Referer");
  if (referer) return isOurs(URL.parse(referer)?.origin);
  const site = request.headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin" || site === "none";
}

export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!isSameOriginRequest(request, platformOf(context).config.publicUrl)) {
    return new Response(getInstance(context).t("messages.crossSiteRefused"), {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return next();
};
