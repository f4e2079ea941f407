import { data, redirect } from "react-router";

import { getUser } from "~/account/current-user";
import { addFavorite, findFavorite, removeFavorite } from "~/favorites/favorites.server";
import { isKnownAsset } from "~/favorites/quotes.server";
import { favoriteToggleSchema } from "~/favorites/schemas";
import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { marketOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";
import { flashCookie, flashRedirect } from "~/platform/flash.server";
import { invalidRequest, readFormData } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";

import type { Route } from "./+types/favorite";

/** Nothing to see here: the star buttons post to this route. */
export function loader() {
  return redirect("/user/favorite-items");
}

/**
 * Adds or removes a favourite. Visitors are sent to /login and back to the page they were on.
 * Removing needs `confirmed`; without it the visitor is taken to the confirm step, which names
 * the record tables that will go with the favourite. Requests from the page's scripts (`js`)
 * get data and the toast cookie instead of a redirect, so the star updates in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request, context);
  const back = safeRedirectPath(formData.get("redirectTo"), "/user/favorite-items");
  const user = getUser(context);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
  const parsed = favoriteToggleSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw invalidRequest(context);
  const { assetType, assetId, intent } = parsed.data;
  const fromScript = formData.get("js") === "1";
  const { db, clock } = platformOf(context);
  const reply = (messageKey: string, kind: "success" | "info" = "success") =>
    fromScript
      ? data({ ok: true }, { headers: { "Set-Cookie": flashCookie({ kind, messageKey }) } })
      : flashRedirect(back, { kind, messageKey });

  if (intent === "add") {
    if (!(await isKnownAsset(marketOf(context), platformOf(context).logger, assetType, assetId, languageOf(getLocale(context)))))
      throw invalidRequest(context);
    await addFavorite(db, user.id, assetType, assetId, new Date(clock.now()));
    return reply("favorites:toasts.added");
  }
  const favorite = await findFavorite(db, user.id, assetType, assetId);
  if (!favorite) return reply("favorites:toasts.removed");
  if (formData.get("confirmed") !== "1") {
    throw redirect(`/user/favorite-items?${new URLSearchParams({ confirmRemove: String(favorite.id), redirectTo: back })}#confirm-remove`);
  }
  const removed = await removeFavorite(db, user.id, assetType, assetId);
  return reply(removed && removed.deletedTables.length > 0 ? "favorites:toasts.removedWithTables" : "favorites:toasts.removed");
}
