import { redirect } from "react-router";

import { signOut } from "~/account/session.server";
import { redirectWithCookies } from "~/platform/http.server";

import type { Route } from "./+types/logout";

/** A post, so a link or an image on another page can never sign anyone out. */
export async function action({ context }: Route.ActionArgs) {
  return redirectWithCookies("/login", await signOut(context));
}

export function loader() {
  return redirect("/");
}
