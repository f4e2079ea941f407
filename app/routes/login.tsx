import { Link, redirect } from "react-router";

import { afterSignInPath, fieldErrorLists, pendingSecondFactorRedirect, signInRedirect } from "~/account/actions.server";
import { loginRefusal, loginWithPassword } from "~/account/auth.server";
import { getUser } from "~/account/current-user";
import { enabledOAuthProviders } from "~/account/oauth.server";
import { loginSchema } from "~/account/schemas";
import { toSessionUser } from "~/account/users.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { readFormData, tooManyAttempts } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { AuthPage, SocialSignIn } from "~/ui/account/auth-page";
import { Field, PasswordField, SchemaForm, SubmitButton, useSchemaForm } from "~/ui/kit/form";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/login";

const hideFields = ["password"];

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), afterSignInPath);
  if (getUser(context)) throw redirect(redirectTo);
  return {
    meta: pageMetaFor(context, "pages.login", { ns: "account" }),
    redirectTo,
    providers: enabledOAuthProviders(platformOf(context).config),
  };
}

export const meta = routeMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readFormData(request, context), loginSchema);
  if (submission.status !== "success") return submission.reply({ hideFields });
  const { email, password, redirectTo } = submission.value;
  const refusal = await loginRefusal(context, email);
  if (refusal) return tooManyAttempts(refusal, submission.reply({ formErrors: [refusal.message], hideFields }));
  const platform = platformOf(context);
  const login = await loginWithPassword(platform.db, email, password);
  if (!login.ok) return submission.reply({ fieldErrors: fieldErrorLists({ [login.field]: login.error }), hideFields });
  if (login.needsSecondFactor) return pendingSecondFactorRedirect(platform.config, login.user, redirectTo);
  return signInRedirect(platform, toSessionUser(login.user), redirectTo);
}

export default function Login({ loaderData: { redirectTo, providers }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(loginSchema, { id: "login-form", lastResult: actionData });
  return (
    <AuthPage title={t("login.heading")} intro={t("login.intro")}>
      <SchemaForm form={form}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" required />
        <PasswordField meta={fields.password} label={t("fields.password")} purpose="current" />
        <SubmitButton fullWidth>{t("login.submit")}</SubmitButton>
      </SchemaForm>
      <p className="auth-switch">
        {t("login.noAccount")} <Link to={`/register?${new URLSearchParams({ redirectTo })}`}>{t("login.createAccount")}</Link>
      </p>
      <SocialSignIn providers={providers} redirectTo={redirectTo} />
    </AuthPage>
  );
}
