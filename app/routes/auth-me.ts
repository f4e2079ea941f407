import { getUser } from "~/account/current-user";
import { getInstance } from "~/i18n/middleware.server";
import { jsonError } from "~/platform/http.server";

import type { Route } from "./+types/auth-me";

/** Who the session (cookie or `Authorization: Bearer`) belongs to, for API clients. */
export function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) return jsonError(401, getInstance(context).t("errors.userNotFound", { ns: "account" }));
  return Response.json({ user }, { headers: { "Cache-Control": "no-store" } });
}
