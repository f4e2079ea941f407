import type { ReleaseNoteSummary } from "~/content/release-notes.server";
import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/lib/format";

import "./content.css";

/** A note's publication day. Days are UTC, so the server and the browser print the same one. */
export function NoteDate({ iso, dateStyle = "long" }: { iso: string; dateStyle?: "long" | "medium" }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDate(new Date(iso), i18n.language, { dateStyle, timeZone: "UTC" })}</time>;
}

/** "21 de novembro de 2026 · Por Equipe Market Analytics", or the draft marker before publication. */
export function NoteByline({ note }: { note: Pick<ReleaseNoteSummary, "author" | "publishedAt" | "status"> }) {
  const { t } = useTranslation("releases");
  return (
    <p className="note-byline">
      {note.publishedAt ? <NoteDate iso={note.publishedAt} /> : <span>{t("note.notPublished")}</span>}
      {" · "}
      {t("note.byline", { author: note.author })}
      {note.status === "draft" && (
        <>
          {" "}
          <span className="note-badge" data-testid="draft-badge">
            {t("status.draft")}
          </span>
        </>
      )}
    </p>
  );
}
