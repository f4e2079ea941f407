import { Paper, Title } from "@mantine/core";
import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import type { ReleaseNoteSummary } from "~/content/release-notes.server";
import { releaseNoteLanguage } from "~/content/release-note-language";
import { NoteDate } from "./note-parts";

/** The home page's "From Our Blog": the three newest published release notes. */
export function FromOurBlog({ notes }: { notes: readonly ReleaseNoteSummary[] }) {
  const { t } = useTranslation("releases");
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="from-our-blog" className="home-section blog-section">
      <Title order={2} size="h4" id="from-our-blog">
        {t("home.heading")}
      </Title>
      {notes.length === 0 ? (
        <p className="muted">{t("list.empty")}</p>
      ) : (
        <ul className="blog-cards" data-testid="from-our-blog">
          {notes.map((note) => (
            <li key={note.id} className="blog-card">
              <h3 className="blog-card__title" lang={releaseNoteLanguage}>
                <Link to={`/release-notes/${note.id}`}>{note.title}</Link>
              </h3>
              {note.publishedAt && (
                <p className="note-byline">
                  <NoteDate iso={note.publishedAt} dateStyle="medium" />
                </p>
              )}
              <p className="blog-card__excerpt" lang={releaseNoteLanguage}>
                {note.excerpt}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="blog-section__more">
        <Link to="/release-notes">{t("home.all")}</Link>
      </p>
    </Paper>
  );
}
