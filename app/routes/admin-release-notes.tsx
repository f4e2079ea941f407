import { Container, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Form, Link } from "react-router";
import { z } from "zod";

import { requireAdmin } from "~/account/current-user";
import {
  deleteReleaseNote,
  listReleaseNotes,
  type NoteStore,
  publishReleaseNote,
  releaseNotesPerPage,
  unpublishReleaseNote,
} from "~/content/release-notes.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { flashRedirect } from "~/platform/flash.server";
import { readFormData } from "~/platform/http.server";
import { adminListPage } from "~/screens/admin-list.server";
import { NoteDate } from "~/ui/content/note-parts";
import { DataTable } from "~/ui/data-table";
import { Button } from "~/ui/kit/button";
import { EmptyState } from "~/ui/kit/empty-state";
import { Pagination } from "~/ui/kit/pagination";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/admin-release-notes";

export const loader = (args: Route.LoaderArgs) =>
  adminListPage(args, {
    meta: ["admin", "releases"],
    perPage: releaseNotesPerPage,
    list: (db, page) => listReleaseNotes(db, page, { includeDrafts: true }),
  });

export const meta = routeMeta;

const intents = {
  publish: { run: publishReleaseNote, toast: "releases:toasts.published" },
  unpublish: { run: unpublishReleaseNote, toast: "releases:toasts.unpublished" },
  delete: { run: (store: NoteStore, id: number) => deleteReleaseNote(store, id), toast: "releases:toasts.deleted" },
} as const;

const actionSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete"]),
  id: z.coerce.number().int().positive(),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context, request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readFormData(request, context)));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const { run, toast } = intents[parsed.data.intent];
  // A note another administrator removed a moment ago: say so instead of pretending it worked.
  const platform = platformOf(context);
  const found = await run(platform, parsed.data.id, new Date(platform.clock.now()));
  const back = `/admin/release-notes${new URL(request.url).search}`;
  return flashRedirect(back, found ? { kind: "success", messageKey: toast } : { kind: "error", messageKey: "releases:toasts.notFound" });
}

type ActionButtonProps = { id: number; title: string; intent: keyof typeof intents; danger?: boolean };

/** One row's action; its accessible name says which note it acts on. */
function ActionButton({ id, title, intent, danger }: ActionButtonProps) {
  const { t } = useTranslation("releases");
  const label = t(`admin.${intent}`);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={danger ? "destructive" : "outline"}
        size="sm"
        aria-label={t("admin.actionNamed", { action: label, title })}
      >
        {label}
      </Button>
    </Form>
  );
}

export default function AdminReleaseNotes({ loaderData: { page, perPage, items, total } }: Route.ComponentProps) {
  const { t } = useTranslation("releases");
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("admin.heading")}</Title>
      <Text mt="xs" c="dimmed">
        {t("admin.total", { count: total })}
      </Text>
      <div className="note-actions">
        <Link to="/admin/release-notes/new">
          <IconPlus size={16} aria-hidden />
          {t("list.newNote")}
        </Link>
        <Link to="/release-notes">{t("admin.viewBlog")}</Link>
      </div>
      {items.length === 0 ? (
        <EmptyState>{t("list.empty")}</EmptyState>
      ) : (
        <DataTable
          caption={t("admin.caption", { page })}
          columns={[t("admin.columns.title"), t("admin.columns.status"), t("admin.columns.publishedAt"), t("admin.columns.actions")]}
          className="admin-notes"
          testId="admin-notes"
        >
          {items.map((note) => (
            <tr key={note.id} data-testid="admin-note">
              <th scope="row">
                <Link to={`/admin/release-notes/${note.id}`} aria-label={t("admin.editNamed", { title: note.title })}>
                  {note.title}
                </Link>
              </th>
              <td>{note.status === "draft" ? <span className="note-badge">{t("status.draft")}</span> : t("status.published")}</td>
              <td>{note.publishedAt ? <NoteDate iso={note.publishedAt} dateStyle="medium" /> : "—"}</td>
              <td>
                <div className="admin-notes__actions">
                  {note.status === "draft" ? (
                    <ActionButton id={note.id} title={note.title} intent="publish" />
                  ) : (
                    <ActionButton id={note.id} title={note.title} intent="unpublish" />
                  )}
                  <ActionButton id={note.id} title={note.title} intent="delete" danger />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} perPage={perPage} total={total} />
    </Container>
  );
}
