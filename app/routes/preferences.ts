import { redirect } from "react-router";
import { z } from "zod";

import { themeNames } from "~/lib/theme";
import { cryptoCurrencies } from "~/market/crypto-currency";
import { cryptoCurrencyCookie } from "~/market/crypto-currency.server";
import { demoNoticeDismissedCookie } from "~/market/demo-notice.server";
import { invalidRequest, readFormData } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { themeCookie } from "~/platform/theme.server";

import type { Route } from "./+types/preferences";

/**
 * The visitor's preferences, each posted by a plain form to its own address so it works without
 * JavaScript: the form's fields become the preference's cookie.
 */
const preferenceForms: Record<string, z.ZodType<string>> = {
  "/theme": z.object({ theme: z.enum(themeNames) }).transform(({ theme }) => themeCookie(theme)),
  "/currency": z.object({ currency: z.enum(cryptoCurrencies) }).transform(({ currency }) => cryptoCurrencyCookie(currency)),
  // The demonstration-data notice, dismissed for a year.
  "/demo-notice": z.object({}).transform(() => demoNoticeDismissedCookie()),
};

/** Where the visitor goes back to afterwards (a same-site path only). */
const returnForm = z.object({ redirectTo: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readFormData(request, context));
  const cookie = preferenceForms[new URL(request.url).pathname.replace(/\.data$/, "")]?.safeParse(fields);
  const back = returnForm.safeParse(fields);
  if (!cookie?.success || !back.success) return invalidRequest(context);
  return redirect(safeRedirectPath(back.data.redirectTo), { headers: { "Set-Cookie": cookie.data } });
}

export function loader() {
  return redirect("/");
}
