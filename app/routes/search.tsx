import { getLocale } from "~/i18n/middleware.server";
import { languageOf } from "~/i18n/languages";
import { pageMetaFor } from "~/i18n/translate.server";
import { search, searchParamsFrom } from "~/market/search.server";
import { routeMeta } from "~/ui/meta";
import { SearchPage } from "~/ui/search/search-page";
import type { SearchResponse, SearchResult } from "~/ui/search/search-scope";
import type { Route } from "./+types/search";

/** The no-JavaScript search page, and the data the header's search dialog fetches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { scope, query } = searchParamsFrom(new URL(request.url));
  let results: SearchResult[] = [];
  let failed = false;
  try {
    results = await search(scope, query, languageOf(getLocale(context)));
  } catch (error) {
    // A failed search is a message in the page or dialog, never the error page around it.
    console.error(`search failed (${scope}):`, error);
    failed = true;
  }
  // Result pages are endless and thin: keep them out of search engines.
  const meta = pageMetaFor(context, "search", { noindex: true });
  return { meta, scope, query, results, failed } satisfies SearchResponse & { meta: unknown };
}

export const meta = routeMeta;

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage {...loaderData} />;
}
