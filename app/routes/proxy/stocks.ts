import { proxyResponse } from "~/market/proxy.server";
import { stockListParams } from "~/market/proxy-params";
import { toStockList } from "~/market/proxy-shapes";
import { getMarketService } from "~/market/service.server";
import type { Route } from "./+types/stocks";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: stockListParams,
    load: (query) => getMarketService().stockList(query),
    present: toStockList,
  });
}
