import { finishOAuthLogin } from "~/account/oauth.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/auth-google-callback";

export function loader({ request, context }: Route.LoaderArgs) {
  return finishOAuthLogin(platformOf(context), "google", request);
}
