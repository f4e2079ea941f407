import type { SubmissionResult } from "@conform-to/react";
import { Container, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconExternalLink } from "@tabler/icons-react";
import { Link } from "react-router";

import { requireAdmin } from "~/account/current-user";
import { type ReleaseNoteInput, releaseNoteSchema } from "~/content/release-note-schema";
import { createReleaseNote, findReleaseNote, updateReleaseNote } from "~/content/release-notes.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { parseFormSubmission } from "~/platform/forms.server";
import { readFormData } from "~/platform/http.server";
import { ReleaseNoteEditor } from "~/ui/content/note-editor";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/admin-release-note";

/** "new" creates a note; a number edits that note; anything else does not exist. */
function editedId(param: string): number | "new" {
  if (param === "new") return "new";
  if (/^\d{1,9}$/.test(param)) return Number(param);
  throw new Response(null, { status: 404 });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const id = editedId(params.id);
  const note = id === "new" ? undefined : await findReleaseNote(platformOf(context).db, id, { includeDrafts: true });
  if (id !== "new" && !note) throw new Response(null, { status: 404 });
  // A new note starts as a draft signed by the administrator writing it.
  const values: ReleaseNoteInput = note
    ? { title: note.title, author: note.author, contact: note.contact, body: note.body, status: note.status }
    : { title: "", author: admin.name, contact: admin.email, body: "", status: "draft" };
  const meta = pageMetaFor(context, id === "new" ? "editor.new" : "editor.edit", { ns: "releases" });
  return {
    meta,
    crumb: meta.title,
    id,
    values,
  };
}

export const meta = routeMeta;

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(context, request);
  const id = editedId(params.id);
  const submission = parseFormSubmission(await readFormData(request, context), releaseNoteSchema);
  if (submission.status !== "success") return submission.reply() as SubmissionResult<string[]>;
  const platform = platformOf(context);
  const now = new Date(platform.clock.now());
  if (id === "new") {
    await createReleaseNote(platform, submission.value, now);
    return flashRedirect("/admin/release-notes", { kind: "success", messageKey: "releases:toasts.created" });
  }
  if (!(await updateReleaseNote(platform, id, submission.value, now))) throw new Response(null, { status: 404 });
  return flashRedirect("/admin/release-notes", { kind: "success", messageKey: "releases:toasts.saved" });
}

export default function AdminReleaseNote({ loaderData: { id, values }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("releases");
  return (
    <Container size="md" className="page">
      <Title order={1}>{t(id === "new" ? "editor.new.heading" : "editor.edit.heading")}</Title>
      <Text mt="xs" c="dimmed">
        {t("editor.intro")}
      </Text>
      <div className="note-actions">
        <Link to="/admin/release-notes">
          <IconArrowLeft size={16} aria-hidden />
          {t("editor.back")}
        </Link>
        {id !== "new" && (
          <Link to={`/release-notes/${id}`}>
            <IconExternalLink size={16} aria-hidden />
            {t("editor.view")}
          </Link>
        )}
      </div>
      <ReleaseNoteEditor key={String(id)} defaultValue={values} lastResult={actionData} />
    </Container>
  );
}
