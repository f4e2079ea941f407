import { z } from "zod";

import { proxyResponse } from "~/api/proxy.server";
import { toCryptoTrending } from "~/api/proxy-shapes";
import { marketOf } from "~/market/context.server";

import type { Route } from "./+types/crypto-trending";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({
    request,
    context,
    schema: z.object({}),
    load: () => marketOf(context).cryptoTrending(),
    present: toCryptoTrending,
  });
}
