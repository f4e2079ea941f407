import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { marketOf } from "~/market/context.server";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { platformOf } from "~/platform/context.server";
import { search, searchParamsFrom } from "~/screens/search.server";

import type { Route } from "./+types/search-results";

/**
 * The header dialog's search, as JSON. When every searched kind failed it answers 502 with the same
 * shape (failed: true), so the dialog shows its message for this as for a network failure.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope, query } = searchParamsFrom(new URL(request.url));
  const language = getLocale(context);
  const currency = readCryptoCurrency(request.headers.get("Cookie"), languageOf(language));
  const response = await search(marketOf(context), platformOf(context).logger, scope, query, language, currency);
  return Response.json(response, {
    status: response.failed ? 502 : 200,
    // The language is in the URL (lng), so the browser may keep an answer while someone retypes.
    headers: {
      "Cache-Control": response.failed ? "no-store" : "private, max-age=60",
      // The crypto price currency is a cookie: a new choice must not be answered from the browser's copy.
      Vary: "Cookie",
    },
  });
}
