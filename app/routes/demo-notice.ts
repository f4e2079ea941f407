import { redirect } from "react-router";
import { z } from "zod";
import { demoNoticeDismissedCookie } from "~/market/demo-notice.server";
import { invalidRequest, readFormData } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import type { Route } from "./+types/demo-notice";

const dismissFormSchema = z.object({ redirectTo: z.string().optional() });

/** Dismisses the demonstration-data notice for a year, by a plain form post so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = dismissFormSchema.safeParse(Object.fromEntries(await readFormData(request, context)));
  if (!form.success) return invalidRequest(context);
  return redirect(safeRedirectPath(form.data.redirectTo), {
    headers: { "Set-Cookie": demoNoticeDismissedCookie() },
  });
}

export function loader() {
  return redirect("/");
}
