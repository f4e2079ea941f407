import { getLocale } from "~/i18n/middleware.server";
import { languageOf } from "~/i18n/languages";
import { invalidPathParameter, proxyResponse } from "~/market/proxy.server";
import { cryptoIdSchema } from "~/market/proxy-params";
import { getMarketService } from "~/market/service.server";
import { z } from "zod";
import type { Route } from "./+types/crypto";

export function loader({ request, context, params }: Route.LoaderArgs) {
  const id = cryptoIdSchema.safeParse(params.id);
  if (!id.success) return invalidPathParameter(context, "api.cryptoNotFound");
  return proxyResponse({
    request,
    context,
    schema: z.object({}),
    notFoundKey: "api.cryptoNotFound",
    load: () => getMarketService().cryptoDetail(id.data, languageOf(getLocale(context))),
  });
}
