import { Container, Text, Title } from "@mantine/core";
import { Link } from "react-router";

import { languageOf } from "~/i18n/languages";
import { getLocale } from "~/i18n/middleware.server";
import { pageMetaFor } from "~/i18n/translate.server";
import { useTranslation } from "~/i18n/use-translation";
import { marketOf } from "~/market/context.server";
import { platformOf } from "~/platform/context.server";
import { calendarPage } from "~/screens/calendar.server";
import { KindFilter } from "~/ui/calendar/kind-filter";
import { MonthGrid, MonthHeader, MonthList } from "~/ui/calendar/month-view";
import { EmptyState } from "~/ui/kit/empty-state";
import { DemoNotice } from "~/ui/market/demo-notice";
import { Unavailable } from "~/ui/market/unavailable";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/calendar";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await calendarPage(
    marketOf(context),
    platformOf(context).logger,
    new URL(request.url),
    languageOf(getLocale(context)),
    platformOf(context).clock.now(),
  );
  return { meta: pageMetaFor(context, "page", { ns: "calendar" }), ...page };
}

export const meta = routeMeta;

export default function Calendar({ loaderData: { month, kinds, title, weekdays, links, events } }: Route.ComponentProps) {
  const { t } = useTranslation("calendar");
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("heading")}</Title>
      <Text mt="xs" c="dimmed">
        {t("intro")}
      </Text>
      {events && <DemoNotice sources={[events.source]} stale={events.stale} />}
      <MonthHeader title={title} links={links} />
      {events ? (
        <>
          <KindFilter month={month} kinds={kinds} counts={events.counts} total={events.total} allKindsHref={links.allKinds} />
          {events.shown === 0 && (
            <EmptyState testId="calendar-empty">
              {kinds.length > 0 ? (
                <>
                  {t("empty.filtered")} <Link to={links.allKinds}>{t("empty.showAll")}</Link>
                </>
              ) : (
                t("empty.month")
              )}
            </EmptyState>
          )}
          <MonthGrid weekdays={weekdays} weeks={events.weeks} />
          <MonthList weeks={events.weeks} />
        </>
      ) : (
        <Unavailable />
      )}
    </Container>
  );
}
