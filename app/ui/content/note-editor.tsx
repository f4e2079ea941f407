import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/use-translation";
import { Form } from "react-router";
import { releaseNoteLimits, releaseNoteSchema, releaseNoteStatuses, type ReleaseNoteInput } from "~/content/release-note-schema";
import { describedBy, Field, FormError, LabelledField, SubmitButton, useSchemaForm } from "../kit/form";
import "./content.css";

const controlProps = (meta: FieldMetadata<unknown>, hasHint: boolean) => ({
  key: meta.key,
  id: meta.id,
  name: meta.name,
  defaultValue: meta.defaultValue ?? "",
  "aria-invalid": meta.errors ? true : undefined,
  "aria-describedby": describedBy(meta, hasHint),
});

type EditorProps = { defaultValue: ReleaseNoteInput; lastResult: SubmissionResult<string[]> | undefined };

/** Create and edit share this form; the action decides which from the URL. */
export function ReleaseNoteEditor({ defaultValue, lastResult }: EditorProps) {
  const { t } = useTranslation("releases");
  const [form, fields] = useSchemaForm(releaseNoteSchema, { id: "release-note-form", lastResult, defaultValue });
  const { key: bodyKey, ...bodyProps } = controlProps(fields.body, true);
  const { key: statusKey, ...statusProps } = controlProps(fields.status, false);
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
      <LabelledField meta={fields.body} label={t("editor.fields.body")} hint={t("editor.fields.bodyHint")}>
        <textarea key={bodyKey} {...bodyProps} rows={16} maxLength={releaseNoteLimits.bodyMax} required />
      </LabelledField>
      <LabelledField meta={fields.status} label={t("editor.fields.status")}>
        <select key={statusKey} {...statusProps} required>
          {releaseNoteStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </LabelledField>
      <SubmitButton>{t("editor.save")}</SubmitButton>
    </Form>
  );
}
