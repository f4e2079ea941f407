import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { marketOf } from "~/market/context.server";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { platformOf } from "~/platform/context.server";
import { search, searchParamsFrom } from "~/screens/search.server";
import { routeMeta } from "~/ui/meta";
import { SearchPage } from "~/ui/search/search-page";

import type { Route } from "./+types/search";

/** The search page: the header's form lands here without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope, query } = searchParamsFrom(new URL(request.url));
  const language = getLocale(context);
  const currency = readCryptoCurrency(request.headers.get("Cookie"), languageOf(language));
  const response = await search(marketOf(context), platformOf(context).logger, scope, query, language, currency);
  // Result pages are endless and thin: keep them out of search engines.
  const meta = pageMetaFor(context, "search");
  // A failure is a message in the page (role="alert"), never the error page around it.
  return { meta, ...response };
}

export const meta = routeMeta;

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage {...loaderData} />;
}
