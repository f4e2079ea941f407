import { Container, Text, Title } from "@mantine/core";

import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/lib/format";

import "./content/prose.css";
import "./legal-page.css";

/** The policies' shared date. */
const policiesLastUpdated = new Date(Date.UTC(2024, 8, 21));

type Section = { heading: string; paragraphs: string[] };

export function LegalPage({ page }: { page: "privacy" | "cookies" }) {
  const { t, i18n } = useTranslation("content");
  const sections = t(`${page}.sections`, { returnObjects: true }) as Section[];
  const updated = formatDate(policiesLastUpdated, i18n.language, { dateStyle: "long", timeZone: "UTC" });
  return (
    <Container size="md" className="page prose">
      <Title order={1}>{t(`${page}.title`)}</Title>
      <Text c="dimmed" mt="xs" data-testid="last-updated">
        {t("legal.lastUpdated", { ns: "common", date: updated })}
      </Text>
      <nav aria-labelledby="contents-heading" className="toc">
        <h2 id="contents-heading">{t("legal.contents", { ns: "common" })}</h2>
        <ol>
          {sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#section-${index + 1}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.heading} id={`section-${index + 1}`} aria-labelledby={`section-${index + 1}-heading`}>
          <Title order={2} size="h3" id={`section-${index + 1}-heading`}>
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </Container>
  );
}
