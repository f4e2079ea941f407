import { redirect } from "react-router";
import { z } from "zod";
import { getInstance } from "~/i18n/middleware.server";
import { safeRedirectPath } from "~/platform/redirect";
import { themeCookie } from "~/platform/theme.server";
import { themeNames } from "~/ui/theme";
import { readFormData } from "~/platform/http.server";
import type { Route } from "./+types/theme";

const themeFormSchema = z.object({
  theme: z.enum(themeNames),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = themeFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!form.success) {
    return new Response(getInstance(context).t("messages.invalidRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return redirect(safeRedirectPath(form.data.redirectTo), {
    headers: { "Set-Cookie": themeCookie(form.data.theme) },
  });
}

export function loader() {
  return redirect("/");
}
