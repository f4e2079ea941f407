import { z } from "zod";

import { invalidPathParameter, proxyResponse } from "~/api/proxy.server";
import { toCryptoDetail } from "~/api/proxy-shapes";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { marketOf } from "~/market/context.server";
import { cryptoIdSchema } from "~/market/identifiers";

import type { Route } from "./+types/crypto";

export function loader({ request, context, params }: Route.LoaderArgs) {
  const id = cryptoIdSchema.safeParse(params.id);
  if (!id.success) return invalidPathParameter(context, "api.cryptoNotFound");
  const language = languageOf(getLocale(context));
  return proxyResponse({
    request,
    context,
    schema: z.object({}),
    notFoundKey: "api.cryptoNotFound",
    // CoinGecko's description always has `en` beside the visitor's language.
    load: async () => {
      const market = marketOf(context);
      const [coin, english] = await Promise.all([
        market.cryptoDetail(id.data, language),
        language === "en" ? undefined : market.cryptoDetail(id.data, "en"),
      ]);
      const data = coin.data && { coin: coin.data, english: english?.data ?? coin.data };
      return {
        ...coin,
        data,
        fetchedAt: Math.min(coin.fetchedAt, english?.fetchedAt ?? coin.fetchedAt),
        stale: coin.stale || english?.stale === true,
      };
    },
    present: ({ coin, english }, { fetchedAt }) => toCryptoDetail(coin, { english, language, fetchedAt }),
  });
}
