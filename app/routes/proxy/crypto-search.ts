import { proxyResponse } from "~/market/proxy.server";
import { cryptoSearchParams } from "~/market/proxy-params";
import { getMarketService } from "~/market/service.server";
import type { Route } from "./+types/crypto-search";

/** The spec uses the first 7 results. */
export const cryptoSearchLimit = 7;

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: cryptoSearchParams,
    load: async ({ query }) => {
      const sourced = await getMarketService().cryptoSearch(query);
      return { ...sourced, data: sourced.data.slice(0, cryptoSearchLimit) };
    },
  });
}
