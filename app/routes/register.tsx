import { Link, redirect } from "react-router";

import { afterSignInPath, fieldErrorLists, signInRedirect } from "~/account/actions.server";
import { accountLimits, rateLimitRefusal, registerWithPassword } from "~/account/auth.server";
import { getUser } from "~/account/current-user";
import { enabledOAuthProviders } from "~/account/oauth.server";
import { registerSchema } from "~/account/schemas";
import { toSessionUser } from "~/account/users.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { flashCookie } from "~/platform/flash.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { readFormData, tooManyAttempts } from "~/platform/http.server";
import { safeRedirectPath } from "~/platform/redirect";
import { AuthPage, SocialSignIn } from "~/ui/account/auth-page";
import { Field, FormError, PasswordField, SchemaForm, SubmitButton, useSchemaForm } from "~/ui/kit/form";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/register";

const hideFields = ["password", "confirmPassword"];

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), afterSignInPath);
  if (getUser(context)) throw redirect(redirectTo);
  return {
    meta: pageMetaFor(context, "pages.register", { ns: "account" }),
    redirectTo,
    providers: enabledOAuthProviders(platformOf(context).config),
  };
}

export const meta = routeMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseFormSubmission(await readFormData(request, context), registerSchema);
  if (submission.status !== "success") return submission.reply({ hideFields });
  const refusal = await rateLimitRefusal(context, accountLimits.register, "register", submission.value.email);
  if (refusal) return tooManyAttempts(refusal, submission.reply({ formErrors: [refusal.message], hideFields }));
  const platform = platformOf(context);
  const registered = await registerWithPassword(platform.db, submission.value);
  if (!registered.ok) return submission.reply({ fieldErrors: fieldErrorLists(registered.errors), hideFields });
  return signInRedirect(platform, toSessionUser(registered.user), submission.value.redirectTo, [
    flashCookie({ kind: "success", messageKey: "account:toasts.userCreated" }),
  ]);
}

export default function Register({ loaderData: { redirectTo, providers }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(registerSchema, { id: "register-form", lastResult: actionData });
  return (
    <AuthPage title={t("register.heading")} intro={t("register.intro")}>
      <SchemaForm form={form}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" required />
        <Field meta={fields.name} label={t("fields.name")} autoComplete="name" required />
        <Field meta={fields.nickname} label={t("fields.nickname")} autoComplete="username" required />
        <PasswordField meta={fields.password} label={t("fields.password")} purpose="new" />
        <PasswordField meta={fields.confirmPassword} label={t("fields.confirmPassword")} purpose="confirm" />
        {/* The honeypot: hidden from people and assistive technology, filled in by bots. */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor="register-website">{t("fields.website")}</label>
          <input id="register-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <FormError errors={fields.website.errors} />
        <SubmitButton fullWidth>{t("register.submit")}</SubmitButton>
      </SchemaForm>
      <p className="auth-switch">
        {t("register.haveAccount")} <Link to={`/login?${new URLSearchParams({ redirectTo })}`}>{t("register.signIn")}</Link>
      </p>
      <SocialSignIn providers={providers} redirectTo={redirectTo} />
    </AuthPage>
  );
}
