import { redirectToLoginPage, startOAuthLogin } from "~/account/oauth.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/auth-github";

export function loader({ context }: Route.LoaderArgs) {
  return redirectToLoginPage(platformOf(context).config, "github");
}

export function action({ request, context }: Route.ActionArgs) {
  return startOAuthLogin(platformOf(context), "github", request);
}
