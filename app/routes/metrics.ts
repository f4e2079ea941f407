import { platformOf } from "~/platform/context.server";
import { mayReadMetrics } from "~/platform/metrics.server";
import { clientAddressContext } from "~/platform/request-context";

import type { Route } from "./+types/metrics";

/** Prometheus metrics of this instance, for a scraper on a private network or one holding METRICS_TOKEN. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { metrics, config } = platformOf(context);
  const headers = { "Cache-Control": "no-store" };
  const allowed = mayReadMetrics({
    address: context.get(clientAddressContext),
    authorization: request.headers.get("authorization"),
    token: config.metricsToken,
  });
  if (!allowed) return new Response("Forbidden\n", { status: 403, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(await metrics.registry.metrics(), { headers: { ...headers, "Content-Type": metrics.registry.contentType } });
}
