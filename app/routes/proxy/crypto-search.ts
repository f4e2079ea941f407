import { proxyResponse } from "~/api/proxy.server";
import { cryptoSearchParams } from "~/api/proxy-params";
import { toCryptoSearch } from "~/api/proxy-shapes";
import { marketOf } from "~/market/context.server";

import type { Route } from "./+types/crypto-search";

/** The spec uses the first 7 results. */
export const cryptoSearchLimit = 7;

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: cryptoSearchParams,
    load: ({ query }) => marketOf(context).cryptoSearch(query),
    present: (results) => toCryptoSearch(results.slice(0, cryptoSearchLimit)),
  });
}
