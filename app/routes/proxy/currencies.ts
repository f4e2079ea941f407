import { z } from "zod";
import { proxyResponse } from "~/market/proxy.server";
import { getMarketService } from "~/market/service.server";
import type { Route } from "./+types/currencies";

export function loader({ request, context }: Route.LoaderArgs) {
  return proxyResponse({ request, context, schema: z.object({}), load: () => getMarketService().rates() });
}
