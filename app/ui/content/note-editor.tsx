import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { type ReleaseNoteInput, releaseNoteLimits, releaseNoteSchema, releaseNoteStatuses } from "~/content/release-note-schema";
import { useTranslation } from "~/i18n/use-translation";

import { Field, FormError, SelectField, SubmitButton, TextareaField, useSchemaForm } from "../kit/form";

import "./content.css";

type EditorProps = { defaultValue: ReleaseNoteInput; lastResult: SubmissionResult<string[]> | undefined };

/** Create and edit share this form; the action decides which from the URL. */
export function ReleaseNoteEditor({ defaultValue, lastResult }: EditorProps) {
  const { t } = useTranslation("releases");
  const [form, fields] = useSchemaForm(releaseNoteSchema, { id: "release-note-form", lastResult, defaultValue });
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="schema-form note-form">
      <FormError id={form.errorId} errors={form.errors} />
      <Field meta={fields.title} label={t("editor.fields.title")} maxLength={releaseNoteLimits.titleMax} required />
      <Field meta={fields.author} label={t("editor.fields.author")} maxLength={releaseNoteLimits.authorMax} required />
      <Field
        meta={fields.contact}
        label={t("editor.fields.contact")}
        hint={t("editor.fields.contactHint")}
        maxLength={releaseNoteLimits.contactMax}
        required
      />
      <TextareaField
        meta={fields.body}
        label={t("editor.fields.body")}
        hint={t("editor.fields.bodyHint")}
        rows={16}
        maxLength={releaseNoteLimits.bodyMax}
        required
        className="note-form__body"
      />
      <SelectField
        meta={fields.status}
        label={t("editor.fields.status")}
        options={releaseNoteStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        required
        className="note-form__status"
      />
      <SubmitButton>{t("editor.save")}</SubmitButton>
    </Form>
  );
}
