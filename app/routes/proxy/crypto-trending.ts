import { z } from "zod";
import { proxyResponse } from "~/market/proxy.server";
import { toCryptoTrending } from "~/market/proxy-shapes";
import { getMarketService } from "~/market/service.server";
import type { Route } from "./+types/crypto-trending";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: z.object({}),
    load: () => getMarketService().cryptoTrending(),
    present: toCryptoTrending,
  });
}
