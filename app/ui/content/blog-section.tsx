import { Text } from "@mantine/core";
import { Link } from "react-router";

import { releaseNoteLanguage } from "~/content/release-note-language";
import type { ReleaseNoteSummary } from "~/content/release-notes.server";
import { useTranslation } from "~/i18n/use-translation";

import { HomeSection } from "../home-section";
import { NoteDate } from "./note-parts";

/** The home page's "From Our Blog": the three newest published release notes. */
export function FromOurBlog({ notes }: { notes: readonly ReleaseNoteSummary[] }) {
  const { t } = useTranslation("releases");
  return (
    <HomeSection id="from-our-blog" title={t("home.heading")} className="blog-section">
      {notes.length === 0 ? (
        <Text c="dimmed" my="md" inherit>
          {t("list.empty")}
        </Text>
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
    </HomeSection>
  );
}
