import { finishOAuthLogin } from "~/account/oauth.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/github-redirect";

/** GitHub's callback URL, as the spec names it. */
export function loader({ request, context }: Route.LoaderArgs) {
  return finishOAuthLogin(platformOf(context), "github", request);
}
