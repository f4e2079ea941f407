import type { SubmissionResult } from "@conform-to/react";
import { Container, Text, Title } from "@mantine/core";
import { data, Form, useLocation } from "react-router";

import { requireUser } from "~/account/current-user";
import { checkImages, feedbackRateLimitRefusal, storeFeedback } from "~/content/feedback.server";
import { feedbackLimits, feedbackSchema, feedbackTypes } from "~/content/feedback-schema";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { tooManyAttempts } from "~/platform/http.server";
import { FilePicker } from "~/ui/content/file-picker";
import { Field, FormError, SelectField, SubmitButton, TextareaField, useErrorsText, useSchemaForm } from "~/ui/kit/form";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/feedback";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return { meta: pageMetaFor(context, "page", { ns: "feedback" }) };
}

export const meta = routeMeta;

/** Everything the form can be told back: Conform's reply, or a refusal of a body it could not read. */
type FeedbackReply = SubmissionResult<string[]>;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    const reply: FeedbackReply = { status: "error", error: { "": ["feedback:errors.sendFailed"] } };
    return data(reply, { status: 400 });
  }
  const submission = parseFormSubmission(formData, feedbackSchema);
  if (submission.status !== "success") return submission.reply() as FeedbackReply;
  const refusal = await feedbackRateLimitRefusal(context, user.id);
  if (refusal) return tooManyAttempts(refusal, submission.reply({ formErrors: [refusal.message] }) as FeedbackReply);
  const checked = await checkImages(submission.value.images);
  if (!checked.ok) {
    return submission.reply({ fieldErrors: { images: [checked.error] } }) as FeedbackReply;
  }
  const { db, clock, logger } = platformOf(context);
  try {
    await storeFeedback(db, user.id, submission.value, checked.images, new Date(clock.now()));
  } catch (error) {
    logger.error("feedback: could not store a report", error);
    return data(submission.reply({ formErrors: ["feedback:errors.sendFailed"] }) as FeedbackReply, { status: 500 });
  }
  return flashRedirect("/feedback", { kind: "success", messageKey: "feedback:toasts.sent" });
}

function FeedbackForm({ lastResult }: { lastResult: FeedbackReply | undefined }) {
  const { t } = useTranslation("feedback");
  const [form, fields] = useSchemaForm(feedbackSchema, { id: "feedback-form", lastResult });
  // Each image's own errors too (fields.images.errors holds only the list's).
  const imageErrors = useErrorsText(Object.values(fields.images.allErrors).flat());
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="schema-form feedback-form"
    >
      <FormError id={form.errorId} errors={form.errors} />
      <Field meta={fields.title} label={t("fields.title")} maxLength={feedbackLimits.titleMax} required />
      <SelectField
        meta={fields.type}
        label={t("fields.type")}
        placeholder={t("fields.typePlaceholder")}
        options={feedbackTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        required
      />
      <TextareaField
        meta={fields.description}
        label={t("fields.description")}
        rows={8}
        maxLength={feedbackLimits.descriptionMax}
        required
      />
      <FilePicker
        key={fields.images.key}
        meta={fields.images}
        label={t("fields.images")}
        choose={t("fields.chooseImage")}
        none={t("fields.noFileChosen")}
        hint={t("fields.imagesHint", { max: feedbackLimits.maxImages })}
        error={imageErrors}
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
      />
      <SubmitButton>{t("submit")}</SubmitButton>
    </Form>
  );
}

export default function Feedback({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("feedback");
  const location = useLocation();
  return (
    <Container size="sm" className="page">
      <Title order={1}>{t("heading")}</Title>
      <Text mt="sm">{t("intro")}</Text>
      {/* A fresh, empty form after each successful send (the redirect is a new location). */}
      <FeedbackForm key={location.key} lastResult={actionData} />
    </Container>
  );
}
