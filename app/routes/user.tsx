import type { SubmissionResult } from "@conform-to/zod/v4";
import { Container, Title } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Form, redirect, type RouterContextProvider } from "react-router";

import { fieldErrorLists } from "~/account/actions.server";
import { accountLimits, changePassword, rateLimitRefusal } from "~/account/auth.server";
import {
  deleteAccountSchema,
  emailProfileSchema,
  passwordChangeSchema,
  profileSchema,
  themePreferenceSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
} from "~/account/schemas";
import { currentAccount, forgetAccountRow, signOut } from "~/account/session.server";
import {
  confirmTwoFactorSetup,
  deleteAccount,
  disableTwoFactor,
  pendingTwoFactorSetup,
  startTwoFactorSetup,
  updateProfile,
  updateThemePreference,
} from "~/account/settings.server";
import { remainingBackupCodes } from "~/account/two-factor.server";
import { toSessionUser } from "~/account/users.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { type Platform, platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { parseIntent, readFormData, tooManyAttempts } from "~/platform/http.server";
import { themeCookie } from "~/platform/theme.server";
import { type SettingsIntent, settingsIntents } from "~/ui/account/intents";
import { DeleteSchemaForm, ManagedByProvider, PasswordForm, ProfileForm, ThemeForm } from "~/ui/account/settings-forms";
import { TwoFactorSection } from "~/ui/account/two-factor";
import { Button } from "~/ui/kit/button";
import { LocalTime } from "~/ui/market/local-time";
import { routeMeta } from "~/ui/meta";

import type { User } from "../../db/schema";
import type { Route } from "./+types/user";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = platformOf(context);
  const user = await currentAccount(context, request);
  return {
    meta: pageMetaFor(context, "pages.account", { ns: "account" }),
    account: toSessionUser(user),
    twoFactor: {
      enabled: user.twoFactorEnabled,
      backupCodesLeft: user.twoFactorEnabled ? await remainingBackupCodes(db, user.id) : 0,
      pending: await pendingTwoFactorSetup(user),
      step: new URL(request.url).searchParams.get("twoFactorStep") === "2" ? (2 as const) : (1 as const),
    },
  };
}

export const meta = routeMeta;

export async function action({ request, context }: Route.ActionArgs) {
  const platform = platformOf(context);
  const user = await currentAccount(context, request);
  const input = { user, formData: await readFormData(request, context), context, platform };
  const intent = parseIntent(input.formData, Object.values(settingsIntents), context);
  try {
    return await intentActions[intent](input);
  } finally {
    forgetAccountRow(context);
  }
}

type IntentInput = { user: User; formData: FormData; context: Readonly<RouterContextProvider>; platform: Platform };

/** One small action per form of the page; each replies to its own form or redirects. */
const intentActions = {
  async [settingsIntents.profile]({ user, formData, platform }: IntentInput) {
    const intent = settingsIntents.profile;
    const submission = parseFormSubmission(formData, user.loginMethod === "email" ? emailProfileSchema : profileSchema);
    if (submission.status !== "success") return answer(intent, submission.reply());
    const saved = await updateProfile(platform.db, user, submission.value);
    if (!saved.ok) return answer(intent, submission.reply({ fieldErrors: fieldErrorLists(saved.errors) }));
    return flashRedirect("/user", { kind: "success", messageKey: "account:toasts.userUpdated" });
  },

  async [settingsIntents.password](input: IntentInput) {
    const intent = settingsIntents.password;
    const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
    const submission = parseFormSubmission(input.formData, passwordChangeSchema);
    if (input.user.loginMethod !== "email") return answer(intent, submission.reply({ formErrors: ["errors.emailLoginOnly"] }));
    if (submission.status !== "success") return answer(intent, submission.reply({ hideFields }));
    const refused = await refuseGuessing(intent, input, submission, hideFields);
    if (refused) return refused;
    const { db, clock } = input.platform;
    const passwords = { current: submission.value.currentPassword, next: submission.value.newPassword };
    const changed = await changePassword(db, input.user, passwords, clock.now());
    if (!changed.ok) return answer(intent, submission.reply({ fieldErrors: fieldErrorLists(changed.errors), hideFields }));
    // Every session has just been revoked, this one included: sign in again with the new password.
    return flashRedirect("/login", { kind: "success", messageKey: "account:toasts.passwordUpdated" }, await signOut(input.context));
  },

  async [settingsIntents.theme]({ user, formData, platform }: IntentInput) {
    const submission = parseFormSubmission(formData, themePreferenceSchema);
    if (submission.status !== "success") return answer(settingsIntents.theme, submission.reply());
    await updateThemePreference(platform.db, user.id, submission.value.theme);
    const applied = themeCookie(submission.value.theme);
    return flashRedirect("/user", { kind: "success", messageKey: "account:toasts.userUpdated" }, [applied]);
  },

  async [settingsIntents.twoFactorStart]({ user, platform }: IntentInput) {
    await startTwoFactorSetup(platform.db, user.id);
    return redirect("/user?twoFactorStep=1#two-factor");
  },

  async [settingsIntents.twoFactorVerify]({ user, formData, platform }: IntentInput) {
    const intent = settingsIntents.twoFactorVerify;
    const submission = parseFormSubmission(formData, twoFactorCodeSchema);
    if (submission.status !== "success") return answer(intent, submission.reply());
    const backupCodes = await confirmTwoFactorSetup(platform.db, user, submission.value.code, platform.clock.now());
    if (!backupCodes) return answer(intent, submission.reply({ fieldErrors: { code: ["errors.invalidCode"] }, hideFields: ["code"] }));
    // Step 3: the codes travel in this answer only, so they are shown once.
    return answer(intent, submission.reply({ resetForm: true }), backupCodes);
  },

  async [settingsIntents.twoFactorDisable](input: IntentInput) {
    const intent = settingsIntents.twoFactorDisable;
    const hideFields = ["password", "code"];
    const submission = parseFormSubmission(input.formData, twoFactorDisableSchema);
    if (submission.status !== "success") return answer(intent, submission.reply({ hideFields }));
    const refused = await refuseGuessing(intent, input, submission, hideFields);
    if (refused) return refused;
    const disabled = await disableTwoFactor(input.platform.db, input.user, submission.value, input.platform.clock.now());
    if (!disabled.ok) return answer(intent, submission.reply({ fieldErrors: fieldErrorLists(disabled.errors), hideFields }));
    return flashRedirect("/user#two-factor", { kind: "success", messageKey: "account:toasts.twoFactorDisabled" });
  },

  async [settingsIntents.deleteAccount](input: IntentInput) {
    const intent = settingsIntents.deleteAccount;
    const hideFields = ["password"];
    const submission = parseFormSubmission(input.formData, deleteAccountSchema);
    if (submission.status !== "success") return answer(intent, submission.reply({ hideFields }));
    const refused = await refuseGuessing(intent, input, submission, hideFields);
    if (refused) return refused;
    const deleted = await deleteAccount(input.platform.db, input.user, submission.value.password);
    if (!deleted.ok) return answer(intent, submission.reply({ fieldErrors: fieldErrorLists(deleted.errors), hideFields }));
    return flashRedirect("/", { kind: "success", messageKey: "account:toasts.accountDeleted" }, await signOut(input.context));
  },
} satisfies Record<SettingsIntent, (input: IntentInput) => Promise<unknown>>;

/** Which of the page's forms a reply belongs to, so only that form shows it. */
function answer(intent: SettingsIntent, result: SubmissionResult, backupCodes?: string[]) {
  return { intent, result, backupCodes };
}

/** Forms that check a password or a code are limited like password changes, per account. */
async function refuseGuessing(
  intent: SettingsIntent,
  { user, context }: IntentInput,
  submission: { reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult },
  hideFields: string[],
) {
  const refusal = await rateLimitRefusal(context, accountLimits.passwordChange, intent, String(user.id));
  return refusal && tooManyAttempts(refusal, answer(intent, submission.reply({ formErrors: [refusal.message], hideFields })));
}

export default function Account({ loaderData: { account, twoFactor }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const resultFor = (intent: SettingsIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  const emailLogin = account.loginMethod === "email";
  return (
    <Container size="sm" className="page">
      <Title order={1}>{t("settings.heading")}</Title>
      <dl className="account-facts">
        <div>
          <dt>{t("settings.createdAt")}</dt>
          <dd>
            <LocalTime seconds={Math.floor(account.createdAt.getTime() / 1000)} locale={i18n.language} />
          </dd>
        </div>
        <div>
          <dt>{t("settings.loginMethod")}</dt>
          <dd data-testid="login-method">{t(`loginMethods.${account.loginMethod}`)}</dd>
        </div>
      </dl>
      <Form method="post" action="/logout" className="account-logout">
        <Button type="submit" variant="outline" leftSection={<IconLogout size={18} aria-hidden />}>
          {t("settings.logout")}
        </Button>
      </Form>

      <Section id="profile" title={t("settings.profile.heading")}>
        <ProfileForm account={account} lastResult={resultFor(settingsIntents.profile)} />
      </Section>

      <Section id="security" title={t("settings.security")}>
        <h3>{t("settings.password.heading")}</h3>
        {emailLogin ? <PasswordForm lastResult={resultFor(settingsIntents.password)} /> : <ManagedByProvider account={account} />}
        <h3 id="two-factor">{t("twoFactor.heading")}</h3>
        <TwoFactorSection
          state={twoFactor}
          emailLogin={emailLogin}
          backupCodes={actionData?.backupCodes}
          verifyResult={resultFor(settingsIntents.twoFactorVerify)}
          disableResult={resultFor(settingsIntents.twoFactorDisable)}
        />
      </Section>

      <Section id="theme" title={t("settings.theme.heading")}>
        <ThemeForm account={account} lastResult={resultFor(settingsIntents.theme)} />
      </Section>

      <Section id="delete-account" title={t("settings.delete.heading")}>
        <DeleteSchemaForm account={account} lastResult={resultFor(settingsIntents.deleteAccount)} />
      </Section>
    </Container>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
