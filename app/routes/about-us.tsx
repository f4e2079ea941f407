import { Container, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { Link } from "react-router";

import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation, withNamespace } from "~/i18n/use-translation";
import { CardGrid } from "~/ui/content/card-grid";
import { MemberAvatar, useTeamMembers, useTeamSince } from "~/ui/content/team";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/about-us";

import "~/ui/content/prose.css";

export function loader({ context }: Route.LoaderArgs) {
  return { meta: pageMetaFor(context, "about", { ns: "content" }) };
}

export const meta = routeMeta;

type Value = { title: string; text: string };

function AboutUs() {
  const { t } = useTranslation("content");
  const list = <T,>(key: string) => t(key, { returnObjects: true }) as T[];
  const teamSince = useTeamSince();
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("about.title")}</Title>
      <div className="prose">
        {list<string>("about.intro").map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <section aria-labelledby="mission-heading" className="page-section prose">
        <Title order={2} id="mission-heading">
          {t("about.missionHeading")}
        </Title>
        {list<string>("about.mission").map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="values-heading" className="page-section">
        <Title order={2} id="values-heading">
          {t("about.valuesHeading")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          {list<Value>("about.values").map((value) => (
            <Paper key={value.title} withBorder p="lg">
              <Title order={3} size="h4">
                {value.title}
              </Title>
              <Text mt="xs">{value.text}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="team-heading" className="page-section" id="team">
        <Title order={2} id="team-heading">
          {t("about.teamHeading")}
        </Title>
        <Text mt="xs">{t("about.teamIntro")}</Text>
        <CardGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {useTeamMembers().map((member) => (
            <Paper key={member.name} component="li" withBorder p="lg">
              <MemberAvatar name={member.name} />
              <Title order={3} size="h4" mt="sm">
                {member.name}
              </Title>
              <Text c="teal" fw={600} size="sm">
                {member.role}
              </Text>
              <Text size="sm" mt="xs">
                {member.bio}
              </Text>
              <Text size="xs" c="dimmed" mt="sm">
                {teamSince(member.startedOn)}
              </Text>
            </Paper>
          ))}
        </CardGrid>
        <Text mt="md">
          <Link to="/team">{t("team.activityLink", { ns: "releases" })}</Link>
        </Text>
      </section>
    </Container>
  );
}

export default withNamespace("content", AboutUs);
