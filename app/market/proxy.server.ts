import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getInstance } from "~/i18n/middleware.server";
import { jsonError, parseSearchParams } from "~/platform/http.server";
import { UpstreamError } from "./providers/provider";
import { cacheControlFor } from "./service.server";
import type { Sourced } from "./types";

type ProxyRequest<Schema extends z.ZodType> = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  schema: Schema;
  /** Translation key of the 404 message when the provider knows no such id. */
  notFoundKey?: string;
  load: (params: z.infer<Schema>) => Promise<Sourced<unknown>>;
};

/**
 * Answers a /proxy request: 400 for bad parameters, 404 for an unknown id, 502 when the
 * upstream failed and nothing was cached, else the data with a Cache-Control matching its age.
 */
export async function proxyResponse<Schema extends z.ZodType>({
  request,
  context,
  schema,
  notFoundKey = "api.notFound",
  load,
}: ProxyRequest<Schema>) {
  const t = getInstance(context).t;
  const params = parseSearchParams(request, schema);
  if (!params.success) return jsonError(400, t("api.invalidParameters", { fields: params.fields.join(", ") }));
  try {
    const sourced = await load(params.data);
    if (sourced.data === null) return jsonError(404, t(notFoundKey));
    return Response.json(sourced, { headers: { "Cache-Control": cacheControlFor(sourced), Vary: "Accept-Language, Cookie" } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    console.warn(`upstream ${error.provider} failed:`, error.message);
    return jsonError(502, t("api.upstreamUnavailable"));
  }
}

/** A path parameter that fails its pattern can name nothing we know: answer as not found. */
export function invalidPathParameter(context: Readonly<RouterContextProvider>, notFoundKey: string) {
  return jsonError(404, getInstance(context).t(notFoundKey));
}
