import { getLocale } from "~/i18n/middleware.server";
import { languageOf } from "~/i18n/languages";
import { invalidPathParameter, proxyResponse } from "~/market/proxy.server";
import { stockDetailParams, tickerSchema } from "~/market/proxy-params";
import { toStockQuote } from "~/market/proxy-shapes";
import { marketOf } from "~/market/context.server";
import type { Route } from "./+types/stock";

export function loader({ request, context, params }: Route.LoaderArgs) {
  const ticker = tickerSchema.safeParse(params.ticker);
  if (!ticker.success) return invalidPathParameter(context, "api.stockNotFound");
  return proxyResponse({
    request,
    context,
    schema: stockDetailParams,
    notFoundKey: "api.stockNotFound",
    load: ({ range }) => marketOf(context).stockDetail(ticker.data, range, languageOf(getLocale(context))),
    present: (stock, { fetchedAt }, { range, modules }) =>
      toStockQuote(stock, { range, withProfile: modules === "summaryProfile", requestedAt: fetchedAt }),
  });
}
