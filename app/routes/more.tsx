import { Container, Text, Title } from "@mantine/core";
import { Link } from "react-router";

import { getUser } from "~/account/current-user";
import { resourceCounts } from "~/content/resources.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { platformOf } from "~/platform/context.server";
import { CardGrid, CardLink } from "~/ui/content/card-grid";
import { routeMeta } from "~/ui/meta";
import { toolsMenu } from "~/ui/shell/nav-links";

import type { Route } from "./+types/more";

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  // A visitor sees the sign-in hint; a signed-in user sees how much they keep in each resource.
  return { meta: pageMetaFor(context, "more"), counts: user ? await resourceCounts(platformOf(context).db, user.id) : null };
}

export const meta = routeMeta;

const resources = [
  { key: "favoriteItems", to: "/user/favorite-items" },
  { key: "favoriteCryptos", to: "/user/favorite-items?type=crypto" },
  { key: "favoriteStocks", to: "/user/favorite-items?type=stock" },
  { key: "registerTables", to: "/user/register-tables" },
] as const;

const toolDescriptions: Record<(typeof toolsMenu)[number]["to"], string> = {
  "/screener": "more.tools.screener",
  "/currency-converter": "more.tools.currencyConverter",
  "/calendar": "more.tools.calendar",
  "/compare": "more.tools.compare",
  "/release-notes": "more.tools.releaseNotes",
  "/chat": "more.tools.assistant",
  "/faq": "more.tools.faq",
  "/about-us": "more.tools.aboutUs",
};

export default function More({ loaderData: { counts } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("more.title")}</Title>
      <Text mt="sm">{t("more.intro")}</Text>
      <section aria-labelledby="resources-heading" className="page-section">
        <Title order={2} id="resources-heading">
          {t("more.resourcesHeading")}
        </Title>
        {!counts && (
          <Text c="dimmed" size="sm" mt={4}>
            {t("more.signInHint")}
          </Text>
        )}
        <CardGrid cols={{ base: 1, sm: 2 }}>
          {resources.map(({ key, to }) => (
            <li key={key}>
              <CardLink to={to}>
                <Text fw={700}>{t(`more.${key}`)}</Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`more.${key}Text`)}
                </Text>
                {counts && (
                  <Text size="sm" fw={600} mt={6} data-testid={`count-${key}`}>
                    {t("more.count", { count: counts[key] })}
                  </Text>
                )}
              </CardLink>
            </li>
          ))}
        </CardGrid>
        <Text mt="md">
          <Link to="/feedback">{t("more.feedbackLink")}</Link>
        </Text>
      </section>
      <section aria-labelledby="tools" className="page-section">
        <Title order={2} id="tools">
          {t("more.toolsHeading")}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t("more.toolsIntro")}
        </Text>
        <CardGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {toolsMenu.map(({ labelKey, to }) => (
            <li key={to}>
              <CardLink to={to}>
                <Text fw={700}>{t(labelKey)}</Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(toolDescriptions[to])}
                </Text>
              </CardLink>
            </li>
          ))}
        </CardGrid>
        <Text mt="md">
          <Link to="/about-data">{t("more.aboutDataLink")}</Link>
        </Text>
      </section>
    </Container>
  );
}
