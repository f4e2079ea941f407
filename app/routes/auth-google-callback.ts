import { finishOAuthLogin } from "~/account/oauth.server";
import type { Route } from "./+types/auth-google-callback";

export function loader({ request }: Route.LoaderArgs) {
  return finishOAuthLogin("google", request);
}
