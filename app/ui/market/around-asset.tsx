import { Text, Title } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import type { CalendarEvent, NewsItem } from "~/market/types";

import { formatDay } from "./fundamentals";
import { LocalTime } from "./local-time";

import "./fundamentals.css";

/** A section beside the quote: a heading, its list (or a line saying it is empty), and a link to more. */
function AroundSection({
  name,
  heading,
  empty,
  more,
  children,
}: {
  name: string;
  heading: string;
  empty: string | null;
  more: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${name}-heading`} className="page-section" data-testid={name}>
      <Title order={2} size="h3" id={`${name}-heading`}>
        {heading}
      </Title>
      {empty !== null ? (
        <Text size="sm" mt="xs" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ul className="around-list">{children}</ul>
      )}
      <p className="around-more">{more}</p>
    </section>
  );
}

/** Headlines naming the asset, each opening its article on the publisher's site in a new tab. */
export function RelatedNews({ items, name, moreHref }: { items: readonly NewsItem[]; name: string; moreHref: string }) {
  const { t, i18n } = useTranslation("fundamentals");
  return (
    <AroundSection
      name="related-news"
      heading={t("news.heading")}
      empty={items.length === 0 ? t("news.empty", { ticker: name }) : null}
      more={<Link to={moreHref}>{t("news.more")}</Link>}
    >
      {items.map((item) => (
        <li key={item.id}>
          <h3 className="around-list__title">
            <a href={item.url} target="_blank" rel="noopener noreferrer" lang={item.language}>
              {item.headline}
              <IconExternalLink size={14} aria-hidden />
              <span className="visually-hidden"> {t("footer.opensInNewTab", { ns: "common" })}</span>
            </a>
          </h3>
          <p className="around-list__meta">
            {item.source} · <LocalTime seconds={item.datetime} locale={i18n.language} />
          </p>
        </li>
      ))}
    </AroundSection>
  );
}

type UpcomingEvent = CalendarEvent & { href: string };

/** The asset's next results and payments, and the economic events that move its market, each linking to its month in the calendar. */
export function UpcomingEvents({ events }: { events: readonly UpcomingEvent[] }) {
  const { t, i18n } = useTranslation("fundamentals");
  return (
    <AroundSection
      name="upcoming-events"
      heading={t("events.heading")}
      empty={events.length === 0 ? t("events.empty") : null}
      more={<Link to="/calendar">{t("events.calendar")}</Link>}
    >
      {events.map((event) => (
        <li key={event.id}>
          <p className="around-list__title">
            <Link to={event.href}>{event.title}</Link>
          </p>
          <p className="around-list__meta">
            <time dateTime={event.date}>{formatDay(event.date, i18n.language)}</time> · {t(`kind.${event.kind}`, { ns: "calendar" })}
          </p>
        </li>
      ))}
    </AroundSection>
  );
}
