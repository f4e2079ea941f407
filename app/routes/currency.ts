import { redirect } from "react-router";
import { z } from "zod";
import { cryptoCurrencyCookie } from "~/market/crypto-currency.server";
import { cryptoCurrencies } from "~/market/crypto-currency";
import { invalidRequest, readFormData } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import type { Route } from "./+types/currency";

const currencyFormSchema = z.object({
  currency: z.enum(cryptoCurrencies),
  redirectTo: z.string().optional(),
});

/** The crypto price currency, chosen by a plain form post so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = currencyFormSchema.safeParse(Object.fromEntries(await readFormData(request, context)));
  if (!form.success) return invalidRequest(context);
  return redirect(safeRedirectPath(form.data.redirectTo), {
    headers: { "Set-Cookie": cryptoCurrencyCookie(form.data.currency) },
  });
}

export function loader() {
  return redirect("/");
}
