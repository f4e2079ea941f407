import { useForm, type DefaultValue, type FieldMetadata, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import "./form.css";
import { Button, type ButtonVariant } from "./button";

/**
 * The account forms' Conform set-up: the action's zod schema checks fields in the browser too
 * (on blur, then as they change), and the action's last reply fills in values and errors, which
 * is all a visitor without JavaScript sees.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  { id, lastResult, defaultValue }: { id: string; lastResult: SubmissionResult | undefined; defaultValue?: DefaultValue<z.input<Schema>> },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/** Messages are "account" keys; the rate limiter's refusal arrives translated (it carries the wait time). */
function useErrorText() {
  const { t, i18n } = useTranslation("account");
  return (message: string) => (i18n.exists(message, { ns: "account" }) ? t(message) : message);
}

type SchemaFormProps = {
  /** Absent for a form that is only a button. */
  form?: Pick<FormMetadata, "id" | "errorId" | "errors" | "onSubmit">;
  /** Tells apart the several forms one page's action handles. */
  intent?: string;
  action?: string;
  children: ReactNode;
};

/** A plain post that works without JavaScript; the server's checks are the ones that count. */
export function SchemaForm({ form, intent, action, children }: SchemaFormProps) {
  return (
    <Form method="post" action={action} id={form?.id} onSubmit={form?.onSubmit} noValidate className="schema-form">
      {intent && <input type="hidden" name="intent" value={intent} />}
      <FormError id={form?.errorId} errors={form?.errors} />
      {children}
    </Form>
  );
}

export function FormError({ id, errors }: { id?: string; errors: string[] | undefined }) {
  const errorText = useErrorText();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="form-error" data-testid="form-error">
      {errors.map((error) => (
        <p key={error}>{errorText(error)}</p>
      ))}
    </div>
  );
}

type FieldProps = Omit<ComponentProps<"input">, "id" | "name" | "defaultValue" | "form"> & {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
};

/** The ids a control points at for its hint and its errors, so screen readers read both. */
export function describedBy(meta: FieldMetadata<unknown>, hasHint: boolean) {
  return [hasHint && meta.descriptionId, meta.errors && meta.errorId].filter(Boolean).join(" ") || undefined;
}

export function FieldErrors({ meta }: { meta: FieldMetadata<unknown> }) {
  const errorText = useErrorText();
  if (!meta.errors) return null;
  return (
    <p id={meta.errorId} className="field-error">
      {/* Several rules can fail with the same message (a short, oddly spelled name). */}
      {[...new Set(meta.errors.map(errorText))].join(" ")}
    </p>
  );
}

type LabelledFieldProps = { meta: FieldMetadata<unknown>; label: string; hint?: string; children: ReactNode };

/** Label, control, hint and errors, in the order every field of the kit uses. */
export function LabelledField({ meta, label, hint, children }: LabelledFieldProps) {
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {children}
      {hint && (
        <p id={meta.descriptionId} className="field-hint">
          {hint}
        </p>
      )}
      <FieldErrors meta={meta} />
    </div>
  );
}

/** A labelled input with its hint and its errors. */
export function Field({ meta, label, hint, type = "text", ...input }: FieldProps) {
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      <input
        key={meta.key}
        id={meta.id}
        name={meta.name}
        type={type}
        // Passwords are never sent back to the page.
        defaultValue={type === "password" ? undefined : meta.defaultValue}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={describedBy(meta, Boolean(hint))}
        {...input}
      />
    </LabelledField>
  );
}

type SelectFieldProps = Omit<ComponentProps<"select">, "id" | "name" | "defaultValue" | "form" | "children"> & {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  /** The empty first choice, which a required field refuses. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
};

/** A labelled native select with its hint and its errors, styled as the inputs are. */
export function SelectField({ meta, label, hint, placeholder, options, ...select }: SelectFieldProps) {
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      <select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={describedBy(meta, Boolean(hint))}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

export function Checkbox({ meta, label }: { meta: FieldMetadata<unknown>; label: string }) {
  return (
    <div className="field field--checkbox">
      <input
        key={meta.key}
        id={meta.id}
        name={meta.name}
        type="checkbox"
        defaultChecked={meta.defaultChecked}
        required
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={describedBy(meta, false)}
      />
      <label htmlFor={meta.id}>{label}</label>
      <FieldErrors meta={meta} />
    </div>
  );
}

type PasswordFieldProps = Omit<FieldProps, "type" | "autoComplete" | "hint"> & { purpose: "current" | "new" | "confirm" };

/** A new password states the rule up front; autocomplete tells password managers what to fill in. */
export function PasswordField({ purpose, ...props }: PasswordFieldProps) {
  const { t } = useTranslation("account");
  return (
    <Field
      type="password"
      autoComplete={purpose === "current" ? "current-password" : "new-password"}
      hint={purpose === "new" ? t("fields.passwordRule") : undefined}
      required
      {...props}
    />
  );
}

type SubmitButtonProps = { children: ReactNode; intent?: string; variant?: ButtonVariant; fullWidth?: boolean };

/** Busy while its own form is on its way, so a second click does not post twice. */
export function SubmitButton({ children, intent, variant, fullWidth }: SubmitButtonProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (navigation.formData?.get("intent") ?? undefined) === intent;
  return (
    <Button type="submit" variant={variant} fullWidth={fullWidth} disabled={busy} aria-busy={busy || undefined}>
      {children}
    </Button>
  );
}
