import { redirectToLoginPage, startOAuthLogin } from "~/account/oauth.server";
import type { Route } from "./+types/auth-google";

export function loader() {
  return redirectToLoginPage("google");
}

export function action({ request }: Route.ActionArgs) {
  return startOAuthLogin("google", request);
}
