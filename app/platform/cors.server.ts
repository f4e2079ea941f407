import type { MiddlewareFunction, RouterContextProvider } from "react-router";

import { platformOf } from "./context.server";

/** Browsers keep a preflight at most two hours (Chromium's cap). */
const preflightMaxAgeSeconds = 7200;
/** What the spec's clients send: JSON Content-Type and Accept, and the language they want. */
const allowedRequestHeaders = "Accept, Accept-Language, Content-Language, Content-Type";

/** The Access-Control-Allow-Origin for a request's Origin, or null when that site may not read answers. */
function allowedCorsOrigin(origin: string | null, allowed: readonly string[]): string | null {
  if (allowed.includes("*")) return "*";
  return origin !== null && allowed.includes(origin) ? origin : null;
}

/**
 * CORS for public, read-only routes (API_CORS_ORIGINS): preflights are answered here, and answers
 * carry Access-Control-Allow-Origin for the sites allowed. With a list of sites the answer depends
 * on Origin, so it says `Vary: Origin` and no cache hands one site's answer to another. No cookie
 * is ever shared (no Allow-Credentials): these routes do not need one.
 */
export function publicReadCors(
  exposedHeaders: readonly string[],
  allowedOrigins: (context: Readonly<RouterContextProvider>) => readonly string[] = (context) => platformOf(context).config.apiCorsOrigins,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const allowed = allowedOrigins(context);
    const origin = allowedCorsOrigin(request.headers.get("Origin"), allowed);
    const variesByOrigin = allowed.length > 0 && origin !== "*";
    if (request.method === "OPTIONS") {
      const headers = new Headers({ Allow: "GET, HEAD, OPTIONS" });
      if (variesByOrigin) headers.set("Vary", "Origin");
      if (origin) {
        headers.set("Access-Control-Allow-Origin", origin);
        headers.set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
        headers.set("Access-Control-Allow-Headers", allowedRequestHeaders);
        headers.set("Access-Control-Max-Age", String(preflightMaxAgeSeconds));
      }
      return new Response(null, { status: 204, headers });
    }
    const response = await next();
    if (variesByOrigin) response.headers.append("Vary", "Origin");
    if (origin) {
      response.headers.set("Access-Control-Allow-Origin", origin);
      response.headers.set("Access-Control-Expose-Headers", exposedHeaders.join(", "));
    }
    return response;
  };
}
