import { languageOf } from "~/i18n/languages";
import { getInstance, getLocale } from "~/i18n/middleware.server";
import { toCsv } from "~/lib/csv";
import { marketOf } from "~/market/context.server";
import { screenerCsvRows, viewOf } from "~/market/screener";
import { platformOf } from "~/platform/context.server";
import { screenerResult } from "~/screens/screener.server";
import { readScreenerQuery } from "~/screens/screener-query.server";

import type { Route } from "./+types/screener-csv";

/**
 * The screener's result as CSV: the page's query (filters and order; a field with an error is left
 * out, as on the page), every matching row rather than one page, numbers unformatted.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query } = readScreenerQuery(new URL(request.url).searchParams, languageOf(getLocale(context)));
  const { clock, logger } = platformOf(context);
  const result = await screenerResult(marketOf(context), clock, logger, query);
  if (!result) {
    const message = getInstance(context).t("search.unavailable.stocks");
    return new Response(message, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" } });
  }
  return new Response(toCsv(screenerCsvRows(result.rows.map(viewOf))), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="screener.csv"',
      "Cache-Control": "no-store",
    },
  });
}
