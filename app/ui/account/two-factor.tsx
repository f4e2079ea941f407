import type { SubmissionResult } from "@conform-to/react";
import { IconCopy, IconShieldCheck } from "@tabler/icons-react";
import { Link } from "react-router";

import { twoFactorCodeSchema, twoFactorDisableSchema } from "~/account/schemas";
import { useTranslation } from "~/i18n/use-translation";
import { showToast } from "~/ui/kit/toasts";

import { Button, ButtonLink } from "../kit/button";
import { Field, PasswordField, SchemaForm, SubmitButton, useSchemaForm } from "../kit/form";
import { useHydrated } from "../use-hydrated";
import { settingsIntents } from "./intents";

import "./account.css";

type TwoFactorState = {
  enabled: boolean;
  backupCodesLeft: number;
  /** The secret waiting for its first code, with its QR code drawn on the server. */
  pending: { secret: string; qrSvg: string } | null;
  /** Which setup step the URL asks for, so the steps work without JavaScript. */
  step: 1 | 2;
};

type TwoFactorSectionProps = {
  state: TwoFactorState;
  emailLogin: boolean;
  /** Present only in the answer to a valid step-2 code: the codes are never shown again. */
  backupCodes: string[] | undefined;
  verifyResult: SubmissionResult | undefined;
  disableResult: SubmissionResult | undefined;
};

/** Setup in three steps (scan, confirm a code, keep the backup codes), then a protected notice. */
export function TwoFactorSection({ state, emailLogin, backupCodes, verifyResult, disableResult }: TwoFactorSectionProps) {
  const { t } = useTranslation("account");
  if (backupCodes) {
    return (
      <>
        <SetupSteps current={3} />
        <BackupCodes codes={backupCodes} />
        <p>
          <ButtonLink to="/user#two-factor" variant="outline">
            {t("twoFactor.done")}
          </ButtonLink>
        </p>
      </>
    );
  }
  if (state.enabled) {
    return (
      <>
        <p className="account-notice" data-testid="two-factor-protected">
          <IconShieldCheck size={20} aria-hidden />
          <span>{t("twoFactor.protected", { count: state.backupCodesLeft })}</span>
        </p>
        <DisableForm emailLogin={emailLogin} lastResult={disableResult} />
      </>
    );
  }
  if (!state.pending) {
    return (
      <SchemaForm intent={settingsIntents.twoFactorStart}>
        <p>{t("twoFactor.intro")}</p>
        <SubmitButton intent={settingsIntents.twoFactorStart}>{t("twoFactor.start")}</SubmitButton>
      </SchemaForm>
    );
  }
  return (
    <>
      <SetupSteps current={state.step} />
      {state.step === 1 ? (
        <>
          <p>{t("twoFactor.scan")}</p>
          {/* Our own SVG, drawn on the server by the qrcode package from the otpauth URI. */}
          <div
            className="qr-code"
            role="img"
            aria-label={t("twoFactor.qrLabel")}
            dangerouslySetInnerHTML={{ __html: state.pending.qrSvg }}
          />
          <p>
            {t("twoFactor.secretLabel")}{" "}
            <code className="secret" data-testid="totp-secret">
              {state.pending.secret}
            </code>
          </p>
          <ButtonLink to="?twoFactorStep=2#two-factor" preventScrollReset>
            {t("twoFactor.next")}
          </ButtonLink>
        </>
      ) : (
        <>
          <VerifyForm lastResult={verifyResult} />
          <p>
            <Link to="?twoFactorStep=1#two-factor" preventScrollReset>
              {t("twoFactor.back")}
            </Link>
          </p>
        </>
      )}
    </>
  );
}

function SetupSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation("account");
  return (
    <ol className="setup-steps" aria-label={t("twoFactor.stepsLabel")}>
      {([1, 2, 3] as const).map((step) => (
        <li key={step} aria-current={step === current ? "step" : undefined}>
          {t(`twoFactor.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

function VerifyForm({ lastResult }: { lastResult: SubmissionResult | undefined }) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(twoFactorCodeSchema, { id: "two-factor-verify-form", lastResult });
  return (
    <SchemaForm form={form} intent={settingsIntents.twoFactorVerify}>
      <Field
        meta={fields.code}
        label={t("fields.totpCode")}
        hint={t("twoFactor.codeHint")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <SubmitButton intent={settingsIntents.twoFactorVerify}>{t("twoFactor.verify")}</SubmitButton>
    </SchemaForm>
  );
}

/** Proof before protection goes: the password, or a current code for accounts without one. */
function DisableForm({ emailLogin, lastResult }: { emailLogin: boolean; lastResult: SubmissionResult | undefined }) {
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm(twoFactorDisableSchema, { id: "two-factor-disable-form", lastResult });
  return (
    <SchemaForm form={form} intent={settingsIntents.twoFactorDisable}>
      {emailLogin ? (
        <PasswordField meta={fields.password} label={t("fields.password")} purpose="current" />
      ) : (
        <Field meta={fields.code} label={t("fields.code")} autoComplete="one-time-code" required />
      )}
      <SubmitButton intent={settingsIntents.twoFactorDisable} variant="destructive">
        {t("twoFactor.disable")}
      </SubmitButton>
    </SchemaForm>
  );
}

/** Selectable text for everyone; with JavaScript, also a copy button. */
function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("account");
  const canCopy = useHydrated();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      showToast({ kind: "success", message: t("toasts.codesCopied") });
    } catch {
      showToast({ kind: "error", message: t("toasts.copyCodesFailed") });
    }
  }

  return (
    <>
      <p>{t("twoFactor.backupCodesIntro")}</p>
      <ul className="backup-codes" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      {canCopy && (
        <Button type="button" variant="outline" onClick={copy} leftSection={<IconCopy size={18} aria-hidden />}>
          {t("twoFactor.copy")}
        </Button>
      )}
    </>
  );
}
