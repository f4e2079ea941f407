import { Container, Text, Title } from "@mantine/core";

import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation, withNamespace } from "~/i18n/use-translation";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/faq";

import "~/ui/content/faq.css";

export function loader({ context }: Route.LoaderArgs) {
  return { meta: pageMetaFor(context, "faq", { ns: "content" }) };
}

export const meta = routeMeta;

type FaqItem = { question: string; answer: string };

function Faq() {
  const { t } = useTranslation("content");
  const items = t("faq.items", { returnObjects: true }) as FaqItem[];
  return (
    <Container size="md" className="page">
      <Title order={1}>{t("faq.title")}</Title>
      <Text mt="sm">{t("faq.intro")}</Text>
      {/* <details> keeps every answer reachable without JavaScript and by keyboard. */}
      <div className="faq-list">
        {items.map((item) => (
          <details key={item.question} className="faq-item">
            <summary>
              <h2>{item.question}</h2>
            </summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </Container>
  );
}

export default withNamespace("content", Faq);
