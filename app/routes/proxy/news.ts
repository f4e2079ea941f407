import { proxyResponse, totalCountHeader } from "~/api/proxy.server";
import { newsParams } from "~/api/proxy-params";
import { toNewsList } from "~/api/proxy-shapes";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { marketOf } from "~/market/context.server";

import type { Route } from "./+types/news";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: newsParams,
    load: ({ category }) => marketOf(context).news(category, languageOf(getLocale(context))),
    present: (items, _sourced, { page, limit }) => toNewsList(items.slice((page - 1) * limit, page * limit)),
    headersFor: (items) => ({ [totalCountHeader]: String(items.length) }),
  });
}
