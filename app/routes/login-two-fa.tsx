import { Link, redirect, type RouterContextProvider } from "react-router";

import { clearPendingSecondFactor, fieldErrorLists, readPendingSecondFactor, signInRedirect } from "~/account/actions.server";
import { accountLimits, rateLimitRefusal, verifySecondFactor } from "~/account/auth.server";
import { twoFactorLoginSchema } from "~/account/schemas";
import { toSessionUser } from "~/account/users.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { readFormData, tooManyAttempts } from "~/platform/http.server";
import { AuthPage } from "~/ui/account/auth-page";
import { Field, SchemaForm, SubmitButton, useSchemaForm } from "~/ui/kit/form";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/login-two-fa";

/**
 * Only reachable in the five minutes after a correct password, and only while that is still the
 * password; otherwise sign in again.
 */
async function requirePendingSecondFactor(request: Request, context: Readonly<RouterContextProvider>) {
  const pending = await readPendingSecondFactor(platformOf(context), request);
  if (!pending) throw redirect("/login");
  return pending;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePendingSecondFactor(request, context);
  return { meta: pageMetaFor(context, "pages.twoFactor", { ns: "account" }) };
}

export const meta = routeMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const pending = await requirePendingSecondFactor(request, context);
  const submission = parseFormSubmission(await readFormData(request, context), twoFactorLoginSchema);
  if (submission.status !== "success") return submission.reply({ hideFields: ["code"] });
  const { user, redirectTo } = pending;
  const refusal = await rateLimitRefusal(context, accountLimits.twoFactor, "two-fa", String(user.id));
  if (refusal) return tooManyAttempts(refusal, submission.reply({ formErrors: [refusal.message], hideFields: ["code"] }));
  const platform = platformOf(context);
  if (!(await verifySecondFactor(platform.db, user, submission.value.code, platform.clock.now()))) {
    return submission.reply({ fieldErrors: fieldErrorLists({ code: "errors.invalidCode" }), hideFields: ["code"] });
  }
  return signInRedirect(platform, toSessionUser(user), redirectTo, [await clearPendingSecondFactor(platform.config)]);
}

export default function LoginTwoFactor({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(twoFactorLoginSchema, { id: "two-factor-login-form", lastResult: actionData });
  return (
    <AuthPage title={t("twoFactorLogin.heading")} intro={t("twoFactorLogin.intro")}>
      <SchemaForm form={form}>
        <Field
          meta={fields.code}
          label={t("fields.code")}
          hint={t("twoFactorLogin.codeHint")}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={9}
          required
        />
        <SubmitButton fullWidth>{t("twoFactorLogin.submit")}</SubmitButton>
      </SchemaForm>
      <p className="auth-switch">
        <Link to="/login">{t("twoFactorLogin.backToLogin")}</Link>
      </p>
    </AuthPage>
  );
}
