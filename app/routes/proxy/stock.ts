import { invalidPathParameter, proxyResponse } from "~/api/proxy.server";
import { stockDetailParams } from "~/api/proxy-params";
import { toStockQuote } from "~/api/proxy-shapes";
import { proxyStock } from "~/api/proxy-stock.server";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { marketOf } from "~/market/context.server";
import { tickerSchema } from "~/market/identifiers";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/stock";

export function loader({ request, context, params }: Route.LoaderArgs) {
  const ticker = tickerSchema.safeParse(params.ticker);
  if (!ticker.success) return invalidPathParameter(context, "api.stockNotFound");
  return proxyResponse({
    request,
    context,
    schema: stockDetailParams,
    notFoundKey: "api.stockNotFound",
    load: ({ range, modules, dividends }) =>
      proxyStock(marketOf(context), platformOf(context).logger, {
        ticker: ticker.data,
        range,
        language: languageOf(getLocale(context)),
        withFacts: dividends || modules.some((name) => name !== "summaryProfile"),
      }),
    present: ({ stock, facts }, { fetchedAt }, { range, modules, dividends }) =>
      toStockQuote(stock, { range, modules, dividends, facts, requestedAt: fetchedAt }),
  });
}
