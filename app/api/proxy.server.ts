import type { RouterContextProvider } from "react-router";
import type { z } from "zod";

import { getInstance } from "~/i18n/middleware.server";
import { UpstreamError } from "~/market/providers/provider";
import { cacheControlFor } from "~/market/service.server";
import type { Sourced } from "~/market/types";
import { platformOf } from "~/platform/context.server";
import { jsonError, parseSearchParams } from "~/platform/http.server";

type ProxyRequest<Schema extends z.ZodType, Data> = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  schema: Schema;
  /** Translation key of the 404 message when the provider knows no such id. */
  notFoundKey?: string;
  load: (params: z.infer<Schema>) => Promise<Sourced<Data | null>>;
  /** The answer's body in the spec's (upstream's) shape. */
  present: (data: Data, sourced: Sourced<Data>, params: z.infer<Schema>) => unknown;
  /** Headers of this answer besides provenance and caching (a total count). */
  headersFor?: (data: Data, params: z.infer<Schema>) => Record<string, string>;
};

/** Where an answer came from, as headers: the bodies keep the upstream shapes clients know. */
export const provenanceHeaders = {
  source: "X-Data-Source",
  fetchedAt: "X-Data-Fetched-At",
  stale: "X-Data-Stale",
} as const;

/** How many items a paged list has in all (CoinGecko and Finnhub do not say; clients may want to). */
export const totalCountHeader = "X-Total-Count";

function provenanceOf(sourced: Sourced<unknown>): Record<string, string> {
  return {
    [provenanceHeaders.source]: sourced.source,
    [provenanceHeaders.fetchedAt]: new Date(sourced.fetchedAt).toISOString(),
    [provenanceHeaders.stale]: String(sourced.stale),
  };
}

/**
 * Answers a /proxy request: 400 for bad parameters, 404 for an unknown id, 502 when the
 * upstream failed and nothing was cached, else the data with a Cache-Control matching its age
 * and its provenance in headers.
 */
export async function proxyResponse<Schema extends z.ZodType, Data>({
  request,
  context,
  schema,
  notFoundKey = "api.notFound",
  load,
  present,
  headersFor,
}: ProxyRequest<Schema, Data>) {
  const t = getInstance(context).t;
  const { config, clock, logger } = platformOf(context);
  const params = parseSearchParams(request, schema);
  if (!params.success) return jsonError(400, t("api.invalidParameters", { fields: params.fields.join(", ") }));
  try {
    const sourced = await load(params.data);
    const { data } = sourced;
    if (data === null) return jsonError(404, t(notFoundKey));
    const found = { ...sourced, data };
    return Response.json(present(data, found, params.data), {
      headers: {
        "Cache-Control": cacheControlFor(sourced, config.market.cacheTtlMs, clock.now()),
        Vary: "Accept-Language, Cookie",
        ...provenanceOf(sourced),
        ...headersFor?.(data, params.data),
      },
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    logger.warn(`upstream ${error.provider} failed:`, error.message);
    return jsonError(502, t("api.upstreamUnavailable"));
  }
}

/** A path parameter that fails its pattern can name nothing we know: answer as not found. */
export function invalidPathParameter(context: Readonly<RouterContextProvider>, notFoundKey: string) {
  return jsonError(404, getInstance(context).t(notFoundKey));
}
