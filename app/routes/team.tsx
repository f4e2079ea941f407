import { Container, Text, Title } from "@mantine/core";
import { Link } from "react-router";

import { releaseNoteLanguage } from "~/content/release-note-language";
import { latestReleaseNoteSummaries } from "~/content/release-notes.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation, withNamespace } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { NoteDate } from "~/ui/content/note-parts";
import { TeamHoverCards, useTeamMembers } from "~/ui/content/team";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/team";

const activitySize = 5;

export async function loader({ context }: Route.LoaderArgs) {
  return {
    meta: pageMetaFor(context, "team", { ns: "releases" }),
    activity: await latestReleaseNoteSummaries(platformOf(context).db, activitySize),
  };
}

export const meta = routeMeta;

function Team({ loaderData: { activity } }: Route.ComponentProps) {
  const { t } = useTranslation("releases");
  const members = useTeamMembers();
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("team.heading")}</Title>
      <Text mt="xs" c="dimmed">
        {t("team.intro")}
      </Text>
      <section aria-labelledby="team-members-heading" className="page-section">
        <Title order={2} size="h3" id="team-members-heading">
          {t("team.membersHeading")}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("team.membersHint")}
        </Text>
        <TeamHoverCards members={members} />
      </section>
      <section aria-labelledby="team-activity-heading" className="page-section">
        <Title order={2} size="h3" id="team-activity-heading">
          {t("team.activityHeading")}
        </Title>
        {activity.length === 0 ? (
          <Text c="dimmed" my="md" inherit>
            {t("list.empty")}
          </Text>
        ) : (
          <ol className="activity" data-testid="team-activity">
            {activity.map((note) => (
              <li key={note.id} className="activity__item">
                {note.publishedAt && (
                  <p className="note-byline">
                    <NoteDate iso={note.publishedAt} />
                  </p>
                )}
                <h3 className="activity__title">
                  <Link to={`/release-notes/${note.id}`} lang={releaseNoteLanguage}>
                    {note.title}
                  </Link>
                </h3>
                <p className="note-byline">{t("team.publishedBy", { author: note.author })}</p>
              </li>
            ))}
          </ol>
        )}
        <p className="blog-section__more">
          <Link to="/release-notes">{t("home.all")}</Link>
        </p>
      </section>
    </Container>
  );
}

export default withNamespace("content", Team);
