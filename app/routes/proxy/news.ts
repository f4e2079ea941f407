import { getLocale } from "~/i18n/middleware.server";
import { languageOf } from "~/i18n/languages";
import { proxyResponse } from "~/market/proxy.server";
import { newsParams } from "~/market/proxy-params";
import { getMarketService } from "~/market/service.server";
import type { Route } from "./+types/news";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: newsParams,
    load: async ({ category, page, limit }) => {
      const sourced = await getMarketService().news(category, languageOf(getLocale(context)));
      const items = sourced.data.slice((page - 1) * limit, page * limit);
      return { ...sourced, data: { items, total: sourced.data.length, page, limit } };
    },
  });
}
