import { Container, Title } from "@mantine/core";
import { IconArrowLeft, IconPencil } from "@tabler/icons-react";
import { Link } from "react-router";

import { getUser } from "~/account/current-user";
import { releaseNoteLanguage } from "~/content/release-note-language";
import { viewReleaseNote } from "~/content/release-notes.server";
import { getInstance } from "~/i18n/middleware.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { mayIndex } from "~/platform/route-table.server";
import { NoteByline } from "~/ui/content/note-parts";
import { Notice } from "~/ui/kit/notice";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/release-note";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : Number.NaN;
  const isAdmin = getUser(context)?.userType === "admin";
  const note = Number.isNaN(id) ? undefined : await viewReleaseNote(platformOf(context).db, id, { includeDrafts: isAdmin });
  // Unknown ids and, for everyone but administrators, drafts do not exist.
  if (!note) throw new Response(null, { status: 404 });
  const t = getInstance(context).getFixedT(null, "releases");
  return {
    meta: {
      title: note.title,
      description: note.excerpt || t("list.description"),
      keywords: t("list.keywords"),
      noindex: note.status === "draft" || !mayIndex(context),
    },
    crumb: note.title,
    note,
    isAdmin,
  };
}

export const meta = routeMeta;

export default function ReleaseNote({ loaderData: { note, isAdmin } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("releases");
  const contactHref = note.contact.includes("@") ? `mailto:${note.contact}` : note.contact;
  return (
    <Container size="md" className="page">
      <article>
        <header className="note-header">
          <Title order={1} lang={releaseNoteLanguage}>
            {note.title}
          </Title>
          <NoteByline note={note} />
          {note.status === "draft" && (
            <Notice>
              <span>{t("note.draftNotice")}</span>
            </Notice>
          )}
          {i18n.language !== releaseNoteLanguage && <p className="note-byline">{t("note.writtenInPortuguese")}</p>}
        </header>
        {/* Rendered from Markdown and sanitised on the server (app/content/markdown.server.ts). */}
        <div className="note-body" lang={releaseNoteLanguage} data-testid="note-body" dangerouslySetInnerHTML={{ __html: note.html }} />
        <footer className="note-footer">
          <p>
            {t("note.contact")}:{" "}
            <a href={contactHref} rel={contactHref.startsWith("https:") ? "noopener noreferrer" : undefined}>
              {note.contact}
            </a>
          </p>
        </footer>
      </article>
      <div className="note-actions">
        <Link to="/release-notes">
          <IconArrowLeft size={16} aria-hidden />
          {t("note.back")}
        </Link>
        {isAdmin && (
          <Link to={`/admin/release-notes/${note.id}`}>
            <IconPencil size={16} aria-hidden />
            {t("note.edit")}
          </Link>
        )}
      </div>
    </Container>
  );
}
