import { Container, Group, Text, Title } from "@mantine/core";
import { useLocation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import { ButtonLink } from "./kit/button";

import "./error-page.css";

/** The refused-request, not-found and internal-error pages: translated, never indexed, never showing a stack. */
export function ErrorPage({ status }: { status: 400 | 404 | 500 }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const prefix = ({ 400: "badRequest", 404: "notFound", 500: "serverError" } as const)[status];
  return (
    <Container size="sm" className="page error-page" data-testid={`error-${status}`}>
      <title>{`${t(`${prefix}.title`)} | ${t("app.name")}`}</title>
      <meta name="description" content={t(`${prefix}.description`)} />
      <meta name="robots" content="noindex, nofollow" />
      <p className="error-page__status" aria-hidden>
        {status}
      </p>
      <Title order={1}>{t(`${prefix}.heading`)}</Title>
      <Text mt="md">{t(`${prefix}.text`, { path: pathname })}</Text>
      <Group mt="xl">
        <ButtonLink to="/">{t(`${prefix}.backHome`)}</ButtonLink>
        {status === 404 && (
          <ButtonLink variant="outline" to="/cryptos">
            {t("notFound.seeCryptos")}
          </ButtonLink>
        )}
      </Group>
    </Container>
  );
}
