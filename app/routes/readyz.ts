import { platformOf } from "~/platform/context.server";
import { readiness } from "~/platform/readiness.server";

import type { Route } from "./+types/readyz";

/** Readiness probe for balancers and orchestrators: 503 with the reason while this instance cannot serve. */
export async function loader({ context }: Route.LoaderArgs) {
  const state = await readiness(platformOf(context));
  const headers = { "Cache-Control": "no-store" };
  if (state.ready) return Response.json({ status: "ready" }, { headers });
  return Response.json({ status: "unavailable", reason: state.reason }, { status: 503, headers });
}
