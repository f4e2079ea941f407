import { proxyResponse } from "~/api/proxy.server";
import { stockListParams } from "~/api/proxy-params";
import { toStockList } from "~/api/proxy-shapes";
import { marketOf } from "~/market/context.server";

import type { Route } from "./+types/stocks";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: stockListParams,
    load: (query) => marketOf(context).stockList(query),
    present: toStockList,
  });
}
