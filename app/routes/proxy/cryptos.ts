import { proxyResponse, totalCountHeader } from "~/market/proxy.server";
import { cryptoListParams } from "~/market/proxy-params";
import { toCryptoMarkets } from "~/market/proxy-shapes";
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
