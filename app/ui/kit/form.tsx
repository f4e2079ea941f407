import { type DefaultValue, type FieldMetadata, type FormMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Textarea } from "@mantine/core";
import type { ComponentProps, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";

import { useTranslation } from "~/i18n/use-translation";

import { useHydrated } from "../use-hydrated";
import { Button, type ButtonVariant } from "./button";
import { inputLook, LabelledCheckbox, PasswordInput, Select, TextInput } from "./input";

import "./form.css";

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

type FieldMeta = FieldMetadata<unknown>;

/** The field's errors as one line: several rules can fail with the same message (a short, oddly spelled name). */
export function useErrorsText(errors: string[] | undefined) {
  const errorText = useErrorText();
  return errors?.length ? [...new Set(errors.map(errorText))].join(" ") : undefined;
}

/**
 * Conform's wiring for a Mantine input: its id makes Mantine's label `for`, hint id and error id
 * the ones Conform names (`${id}-description`, `${id}-error`), and Mantine points aria-describedby at them.
 */
function useConformProps(meta: FieldMeta, label: string, hint: string | undefined) {
  const error = useErrorsText(meta.errors);
  // Mantine marks a password's inner input only with data-invalid; the others get the same value from Mantine.
  return { id: meta.id, name: meta.name, label, description: hint, error, "aria-invalid": error ? true : undefined };
}

type Labelled = { meta: FieldMeta; label: string; hint?: string };
type FieldProps = Labelled &
  Omit<ComponentProps<"input">, "id" | "name" | "defaultValue" | "form" | "size" | "type" | "children"> & {
    type?: "text" | "email" | "search" | "url" | "tel";
  };

/** A labelled input with its hint and its errors. */
export function Field({ meta, label, hint, className, ...input }: FieldProps) {
  return (
    <TextInput key={meta.key} className={className} {...useConformProps(meta, label, hint)} defaultValue={meta.defaultValue} {...input} />
  );
}

type TextareaFieldProps = Labelled & Omit<ComponentProps<"textarea">, "id" | "name" | "defaultValue" | "form" | "children">;

export function TextareaField({ meta, label, hint, className, ...textarea }: TextareaFieldProps) {
  return (
    <Textarea
      key={meta.key}
      {...inputLook({ className })}
      {...useConformProps(meta, label, hint)}
      defaultValue={meta.defaultValue ?? ""}
      {...textarea}
    />
  );
}

type SelectFieldProps = Labelled &
  Omit<ComponentProps<"select">, "id" | "name" | "defaultValue" | "form" | "children" | "size"> & {
    /** The empty first choice, which a required field refuses. */
    placeholder?: string;
    options: readonly { value: string; label: string }[];
  };

/** A labelled native select with its hint and its errors. */
export function SelectField({ meta, label, hint, placeholder, options, ...select }: SelectFieldProps) {
  return (
    <Select
      key={meta.key}
      {...useConformProps(meta, label, hint)}
      defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
      {...select}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

/** A box that must be ticked (the browser says so before the server does). */
export function Checkbox({ meta, label }: { meta: FieldMeta; label: string }) {
  const error = useErrorsText(meta.errors);
  return (
    <LabelledCheckbox
      key={meta.key}
      id={meta.id}
      name={meta.name}
      label={label}
      defaultChecked={meta.defaultChecked}
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? meta.errorId : undefined}
      // As Mantine's, the error paragraph has no id of its own.
      error={error && <span id={meta.errorId}>{error}</span>}
    />
  );
}

type PasswordFieldProps = Omit<Labelled, "hint"> & { purpose: "current" | "new" | "confirm" };

/**
 * A new password states the rule up front; autocomplete tells password managers what to fill in; the
 * password is never sent back to the page. The show/hide button needs JavaScript, so it appears once
 * the page is hydrated (its place is kept, so nothing moves).
 */
export function PasswordField({ meta, label, purpose }: PasswordFieldProps) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  return (
    <PasswordInput
      key={meta.key}
      {...useConformProps(meta, label, purpose === "new" ? t("fields.passwordRule") : undefined)}
      autoComplete={purpose === "current" ? "current-password" : "new-password"}
      required
      toggleHidden={!hydrated}
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
