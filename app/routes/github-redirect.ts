import { finishOAuthLogin } from "~/account/oauth.server";
import type { Route } from "./+types/github-redirect";

/** GitHub's callback URL, as the spec names it. */
export function loader({ request }: Route.LoaderArgs) {
  return finishOAuthLogin("github", request);
}
