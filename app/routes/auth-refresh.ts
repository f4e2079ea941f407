import { z } from "zod";

import { refreshSession } from "~/account/session.server";
import { accessTokenLifetimeSeconds } from "~/account/tokens.server";
import { getInstance } from "~/i18n/middleware.server";
import { platformOf } from "~/platform/context.server";
import { jsonError } from "~/platform/http.server";

import type { Route } from "./+types/auth-refresh";

/** The spec's token refresh call: {userId, refreshToken} in, a new token pair out. */
const refreshSchema = z.object({ userId: z.number().int().positive(), refreshToken: z.string().min(1).max(200) });

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t;
  const body = refreshSchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return jsonError(400, t("api.invalidParameters", { fields: "userId, refreshToken" }));
  const refreshed = await refreshSession(platformOf(context), body.data.refreshToken);
  if (!refreshed.ok || refreshed.userId !== body.data.userId) {
    return jsonError(401, t("errors.invalidRefreshToken", { ns: "account" }));
  }
  return Response.json(
    { accessToken: refreshed.accessToken, refreshToken: refreshed.refreshToken, expiresIn: accessTokenLifetimeSeconds },
    { headers: { "Cache-Control": "no-store" } },
  );
}
