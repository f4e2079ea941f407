import { invalidPathParameter, proxyResponse } from "~/api/proxy.server";
import { marketChartParams } from "~/api/proxy-params";
import { toCryptoChart } from "~/api/proxy-shapes";
import { marketOf } from "~/market/context.server";
import { cryptoIdSchema } from "~/market/identifiers";

import type { Route } from "./+types/crypto-chart";

const hour = 3600;

export function loader({ request, context, params }: Route.LoaderArgs) {
  const id = cryptoIdSchema.safeParse(params.id);
  if (!id.success) return invalidPathParameter(context, "api.cryptoNotFound");
  return proxyResponse({
    request,
    context,
    schema: marketChartParams,
    notFoundKey: "api.cryptoNotFound",
    // Whole hours, so callers asking for "the last 31 days" a few seconds apart share one cache entry.
    load: ({ from, to }) => marketOf(context).cryptoChart(id.data, Math.floor(from / hour) * hour, Math.ceil(to / hour) * hour),
    present: toCryptoChart,
  });
}
