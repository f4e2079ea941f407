import type { SubmissionResult } from "@conform-to/react";

import { recordTableSchema } from "~/favorites/schemas";
import { useTranslation } from "~/i18n/use-translation";

import { Field, SchemaForm, SubmitButton, useSchemaForm } from "../kit/form";

type TableFormProps = {
  id: string;
  intent: string;
  lastResult: SubmissionResult | undefined;
  defaultValue?: { title: string; description: string };
  submitLabel: string;
};

/** Title and description of a record table, checked by the same zod schema as the action. */
export function TableForm({ id, intent, lastResult, defaultValue, submitLabel }: TableFormProps) {
  const { t } = useTranslation("favorites");
  const [form, fields] = useSchemaForm(recordTableSchema, { id, lastResult, defaultValue });
  return (
    <SchemaForm form={form} intent={intent}>
      <Field meta={fields.title} label={t("tables.fields.title")} maxLength={80} required />
      <Field meta={fields.description} label={t("tables.fields.description")} maxLength={500} />
      <SubmitButton intent={intent}>{submitLabel}</SubmitButton>
    </SchemaForm>
  );
}
