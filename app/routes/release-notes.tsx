import { Container, Text, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconRss } from "@tabler/icons-react";
import { Link } from "react-router";

import { getUser } from "~/account/current-user";
import { releaseNoteLanguage } from "~/content/release-note-language";
import { listReleaseNotes, releaseNotesPerPage } from "~/content/release-notes.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { pagedSearch, parseSearch } from "~/screens/list-search.server";
import { NoteByline } from "~/ui/content/note-parts";
import { EmptyState } from "~/ui/kit/empty-state";
import { Pagination } from "~/ui/kit/pagination";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/release-notes";

const feedPath = "/release-notes/rss.xml";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page } = parseSearch(request, pagedSearch);
  const isAdmin = getUser(context)?.userType === "admin";
  return {
    meta: pageMetaFor(context, "list", { ns: "releases" }),
    page,
    perPage: releaseNotesPerPage,
    isAdmin,
    ...(await listReleaseNotes(platformOf(context).db, page, { includeDrafts: isAdmin })),
  };
}

export const meta = routeMeta;

export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", href: feedPath }];

export default function ReleaseNotes({ loaderData: { page, perPage, isAdmin, items, total } }: Route.ComponentProps) {
  const { t } = useTranslation("releases");
  return (
    <Container size="md" className="page">
      <Title order={1}>{t("list.heading")}</Title>
      <Text mt="xs" c="dimmed">
        {t("list.intro")}
      </Text>
      <div className="note-actions">
        <a href={feedPath}>
          <IconRss size={16} aria-hidden />
          {t("list.rss")}
        </a>
        {isAdmin && (
          <>
            <Link to="/admin/release-notes/new">
              <IconPlus size={16} aria-hidden />
              {t("list.newNote")}
            </Link>
            <Link to="/admin/release-notes">
              <IconPencil size={16} aria-hidden />
              {t("list.manage")}
            </Link>
          </>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState>{t("list.empty")}</EmptyState>
      ) : (
        <ol className="note-list" data-testid="release-notes" aria-label={t("list.label", { page })}>
          {items.map((note) => (
            <li key={note.id} className="note-list__item" data-testid="release-note">
              <article>
                <h2 className="note-list__title" lang={releaseNoteLanguage}>
                  <Link to={`/release-notes/${note.id}`}>{note.title}</Link>
                </h2>
                <NoteByline note={note} />
                <p className="note-list__excerpt" lang={releaseNoteLanguage}>
                  {note.excerpt}
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} perPage={perPage} total={total} />
    </Container>
  );
}
