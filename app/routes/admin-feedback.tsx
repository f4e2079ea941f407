import { Container, Paper, Text, Title } from "@mantine/core";

import { feedbackPerPage, listFeedback } from "~/content/feedback.server";
import { useTranslation } from "~/i18n/use-translation";
import { adminListPage } from "~/screens/admin-list.server";
import { Pagination } from "~/ui/kit/pagination";
import { LocalTime } from "~/ui/market/local-time";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/admin-feedback";

import "~/ui/content/feedback-admin.css";

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

export const loader = (args: Route.LoaderArgs) =>
  adminListPage(args, { meta: ["admin", "feedback"], perPage: feedbackPerPage, list: listFeedback });

export const meta = routeMeta;

export default function AdminFeedback({ loaderData: { page, perPage, items, total } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("feedback");
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("admin.heading")}</Title>
      <Text mt="xs" c="dimmed">
        {t("admin.total", { total })}
      </Text>
      {items.length === 0 ? (
        <Text mt="md">{t("admin.empty")}</Text>
      ) : (
        <ol className="feedback-list" data-testid="feedback-list" aria-label={t("admin.listLabel", { page })}>
          {items.map((item) => (
            <li key={item.id}>
              <Paper component="article" withBorder p="lg" mt="md" data-testid="feedback-item">
                <Title order={2} size="h3">
                  {item.title}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`types.${item.type}`)} · {item.nickname} ({item.email}) ·{" "}
                  <LocalTime seconds={item.createdAt} locale={i18n.language} options={dateTime} />
                </Text>
                <Text mt="sm" style={{ whiteSpace: "pre-wrap" }}>
                  {item.description}
                </Text>
                {item.images.length > 0 && (
                  <ul className="feedback-images" aria-label={t("admin.images")}>
                    {item.images.map((image, index) => (
                      <li key={image.id}>
                        <a href={`/admin/feedback/images/${image.id}`} target="_blank" rel="noreferrer">
                          <img
                            src={`/admin/feedback/images/${image.id}`}
                            alt={t("admin.imageAlt", { number: index + 1, title: item.title })}
                            loading="lazy"
                            style={{ maxWidth: 240, maxHeight: 180, marginTop: 12, marginRight: 12 }}
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </Paper>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} perPage={perPage} total={total} />
    </Container>
  );
}
