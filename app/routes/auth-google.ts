import { redirectToLoginPage, startOAuthLogin } from "~/account/oauth.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/auth-google";

export function loader({ context }: Route.LoaderArgs) {
  return redirectToLoginPage(platformOf(context).config, "google");
}

export function action({ request, context }: Route.ActionArgs) {
  return startOAuthLogin(platformOf(context), "google", request);
}
