import type { SubmissionResult } from "@conform-to/react";
import { Text } from "@mantine/core";

import { deleteAccountSchema, emailProfileSchema, passwordChangeSchema, profileSchema, themePreferenceSchema } from "~/account/schemas";
import { useTranslation } from "~/i18n/use-translation";
import { themeNames } from "~/lib/theme";

import type { User } from "../../../db/schema";
import { Checkbox, Field, PasswordField, SchemaForm, SubmitButton, useSchemaForm } from "../kit/form";
import { RadioGroup } from "../kit/input";
import { settingsIntents } from "./intents";

import "./account.css";

type Account = Pick<User, "email" | "name" | "nickname" | "loginMethod" | "theme">;
type FormProps = { account: Account; lastResult: SubmissionResult | undefined };

/** Google and GitHub accounts have no email or password of ours to change. */
export function ManagedByProvider({ account }: { account: Account }) {
  const { t } = useTranslation("account");
  return (
    <Text c="dimmed" my="md" inherit>
      {t("settings.managedByProvider", { provider: t(`loginMethods.${account.loginMethod}`) })}
    </Text>
  );
}

export function ProfileForm({ account, lastResult }: FormProps) {
  const { t } = useTranslation("account");
  const emailLogin = account.loginMethod === "email";
  const [form, fields] = useSchemaForm(emailLogin ? emailProfileSchema : profileSchema, {
    id: "profile-form",
    lastResult,
    defaultValue: { name: account.name, nickname: account.nickname, email: emailLogin ? account.email : undefined },
  });
  return (
    <SchemaForm form={form} intent={settingsIntents.profile}>
      <Field meta={fields.name} label={t("fields.name")} autoComplete="name" required />
      <Field meta={fields.nickname} label={t("fields.nickname")} autoComplete="username" required />
      {emailLogin ? (
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" required />
      ) : (
        <ManagedByProvider account={account} />
      )}
      <SubmitButton intent={settingsIntents.profile}>{t("settings.profile.submit")}</SubmitButton>
    </SchemaForm>
  );
}

/** For email-login accounts only. */
export function PasswordForm({ lastResult }: { lastResult: SubmissionResult | undefined }) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(passwordChangeSchema, { id: "password-form", lastResult });
  return (
    <SchemaForm form={form} intent={settingsIntents.password}>
      <PasswordField meta={fields.currentPassword} label={t("fields.currentPassword")} purpose="current" />
      <PasswordField meta={fields.newPassword} label={t("fields.newPassword")} purpose="new" />
      <PasswordField meta={fields.confirmPassword} label={t("fields.confirmPassword")} purpose="confirm" />
      <Text c="dimmed" my="md" inherit>
        {t("settings.password.signsOut")}
      </Text>
      <SubmitButton intent={settingsIntents.password}>{t("settings.password.submit")}</SubmitButton>
    </SchemaForm>
  );
}

/** Kept on the account and applied at every sign-in, on any device. */
export function ThemeForm({ account, lastResult }: FormProps) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(themePreferenceSchema, { id: "theme-form", lastResult });
  return (
    <SchemaForm form={form} intent={settingsIntents.theme}>
      <RadioGroup
        name={fields.theme.name}
        label={t("settings.theme.legend")}
        options={themeNames.map((theme) => ({ value: theme, label: t(`settings.theme.${theme}`) }))}
        defaultValue={account.theme}
      />
      <SubmitButton intent={settingsIntents.theme}>{t("settings.theme.submit")}</SubmitButton>
    </SchemaForm>
  );
}

export function DeleteSchemaForm({ account, lastResult }: FormProps) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(deleteAccountSchema, { id: "delete-schema-form", lastResult });
  return (
    <SchemaForm form={form} intent={settingsIntents.deleteAccount}>
      <p>{t("settings.delete.warning")}</p>
      <Checkbox meta={fields.confirm} label={t("settings.delete.confirm")} />
      {account.loginMethod === "email" && <PasswordField meta={fields.password} label={t("fields.password")} purpose="current" />}
      <SubmitButton intent={settingsIntents.deleteAccount} variant="destructive">
        {t("settings.delete.submit")}
      </SubmitButton>
    </SchemaForm>
  );
}
