import { proxyResponse, totalCountHeader } from "~/api/proxy.server";
import { cryptoListParams } from "~/api/proxy-params";
import { toCryptoMarkets } from "~/api/proxy-shapes";
import { marketOf } from "~/market/context.server";

import type { Route } from "./+types/cryptos";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: cryptoListParams,
    load: ({ page, per_page, order }) => marketOf(context).cryptoList({ page, perPage: per_page, order }),
    present: ({ items }, { fetchedAt }, { precision }) => toCryptoMarkets(items, { fetchedAt, precision }),
    headersFor: ({ total }) => ({ [totalCountHeader]: String(total) }),
  });
}
