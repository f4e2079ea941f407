import { Container, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { IconArrowsExchange, IconChartCandle, IconCoinBitcoin, IconNews } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pageMetaFor } from "~/i18n/translate.server";
import { routeMeta } from "~/ui/meta";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  return { meta: pageMetaFor(context, "home") };
}

export const meta = routeMeta;

const sections = [
  { key: "cryptos", to: "/cryptos", icon: IconCoinBitcoin },
  { key: "stocks", to: "/stocks", icon: IconChartCandle },
  { key: "news", to: "/news", icon: IconNews },
  { key: "converter", to: "/currency-converter", icon: IconArrowsExchange },
] as const;

export default function Home() {
  const { t } = useTranslation();
  return (
    <Container size="lg" className="page">
      <section className="hero">
        <Title order={1}>{t("home.heroTitle")}</Title>
        <Text size="lg" mt="sm" maw={680}>
          {t("home.heroText")}
        </Text>
      </section>
      <section aria-labelledby="explore-heading" className="page-section">
        <Title order={2} id="explore-heading" size="h3">
          {t("home.exploreHeading")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="md">
          {sections.map(({ key, to, icon: Icon }) => (
            <Paper key={key} component={Link} to={to} withBorder p="lg" className="card-link">
              <Icon size={28} aria-hidden className="card-link__icon" />
              <Text fw={700} mt="sm">
                {t(`home.cards.${key}.title`)}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`home.cards.${key}.text`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="account-heading" className="page-section">
        <Paper withBorder p="lg">
          <Title order={2} id="account-heading" size="h3">
            {t("home.accountHeading")}
          </Title>
          <Text mt="xs">{t("home.accountText")}</Text>
        </Paper>
      </section>
    </Container>
  );
}
