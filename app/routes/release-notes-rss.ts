import { releaseNoteLanguage } from "~/content/release-note-language";
import { latestReleaseNotes } from "~/content/release-notes.server";
import { feedSize, releaseNotesFeed } from "~/content/release-notes-rss.server";
import { getInstance } from "~/i18n/middleware.server";
import { platformOf } from "~/platform/context.server";

import type { Route } from "./+types/release-notes-rss";

/** RSS 2.0 of the published notes. The notes are written in Portuguese, so the whole feed is. */
export async function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(releaseNoteLanguage, "releases");
  const { db, config } = platformOf(context);
  const xml = releaseNotesFeed(
    { publicUrl: config.publicUrl, title: t("rss.title"), description: t("rss.description"), language: releaseNoteLanguage },
    await latestReleaseNotes(db, feedSize),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
