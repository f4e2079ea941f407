import { redirectToLoginPage, startOAuthLogin } from "~/account/oauth.server";
import type { Route } from "./+types/auth-github";

export function loader() {
  return redirectToLoginPage("github");
}

export function action({ request }: Route.ActionArgs) {
  return startOAuthLogin("github", request);
}
