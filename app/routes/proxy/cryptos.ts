import { roundPrices } from "~/market/format";
import { proxyResponse } from "~/market/proxy.server";
import { cryptoListParams } from "~/market/proxy-params";
import { getMarketService } from "~/market/service.server";
import type { Route } from "./+types/cryptos";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: cryptoListParams,
    load: async ({ page, per_page, order, precision }) => {
      const sourced = await getMarketService().cryptoList({ page, perPage: per_page, order });
      return { ...sourced, data: { ...sourced.data, items: roundPrices(sourced.data.items, precision) } };
    },
  });
}
