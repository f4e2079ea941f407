import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/platform/redirect";
import { themeCookie } from "~/platform/theme.server";
import { themeNames } from "~/lib/theme";
import { invalidRequest, readFormData } from "~/platform/http.server";
import type { Route } from "./+types/theme";

const themeFormSchema = z.object({
  theme: z.enum(themeNames),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = themeFormSchema.safeParse(Object.fromEntries(await readFormData(request, context)));
  if (!form.success) return invalidRequest(context);
  return redirect(safeRedirectPath(form.data.redirectTo), {
    headers: { "Set-Cookie": themeCookie(form.data.theme) },
  });
}

export function loader() {
  return redirect("/");
}
