import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { Link } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { eventAssetHref } from "~/market/calendar-month";
import type { CalendarEvent } from "~/market/types";
import type { CalendarPage } from "~/screens/calendar.server";

import { withTooltip } from "../kit/tooltip";

import "./calendar.css";

type Weeks = NonNullable<CalendarPage["events"]>["weeks"];
type Day = Weeks[number][number];

const monthTitleId = "calendar-month-title";

/** A day cell shows this many events; the rest fold into a native disclosure, so it works without JavaScript. */
const chipsPerDay = 4;

export function MonthHeader({ title, links }: Pick<CalendarPage, "title" | "links">) {
  const { t } = useTranslation("calendar");
  return (
    <div className="calendar-header">
      <h2 id={monthTitleId} className="calendar-header__title" data-testid="calendar-title">
        {title}
      </h2>
      <nav aria-label={t("months.label")} className="calendar-header__nav">
        <Link to={links.previous} rel="prev" preventScrollReset className="calendar-step">
          <IconChevronLeft size={16} aria-hidden />
          {t("months.previous")}
        </Link>
        <Link to={links.today} preventScrollReset className="calendar-step">
          {t("today")}
        </Link>
        <Link to={links.next} rel="next" preventScrollReset className="calendar-step">
          {t("months.next")}
          <IconChevronRight size={16} aria-hidden />
        </Link>
      </nav>
    </div>
  );
}

/** The month as a table: wide screens only (CSS hides it at 48em and below, where the list shows). */
export function MonthGrid({ weekdays, weeks }: { weekdays: CalendarPage["weekdays"]; weeks: Weeks }) {
  const { t } = useTranslation("calendar");
  return (
    <table className="calendar-grid" aria-labelledby={monthTitleId} data-testid="calendar-grid">
      <thead>
        <tr>
          {weekdays.map((weekday) => (
            <th key={weekday.long} scope="col">
              <span aria-hidden>{weekday.short}</span>
              <span className="visually-hidden">{weekday.long}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.date}>
            {week.map((day) => (
              <td
                key={day.date}
                className={dayClass("calendar-day", day)}
                aria-current={day.isToday ? "date" : undefined}
                data-testid={day.inMonth ? `calendar-day-${day.date}` : undefined}
              >
                <div className="calendar-day__head">
                  <time dateTime={day.date} className="calendar-day__number">
                    {day.dayOfMonth}
                  </time>
                  {day.isToday && <span className="calendar-day__today">{t("today")}</span>}
                </div>
                {day.events.length > 0 && <DayChips events={day.events} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function dayClass(base: string, day: Day) {
  return [base, !day.inMonth && `${base}--outside`, day.isToday && `${base}--today`].filter(Boolean).join(" ");
}

function DayChips({ events }: { events: CalendarEvent[] }) {
  const { t } = useTranslation("calendar");
  // Folding away a single event would hide more than it saves.
  const visible = events.length > chipsPerDay + 1 ? events.slice(0, chipsPerDay) : events;
  const folded = events.slice(visible.length);
  return (
    <>
      <ul className="calendar-chips">
        {visible.map((event) => (
          <EventChip key={event.id} event={event} />
        ))}
      </ul>
      {folded.length > 0 && (
        <details className="calendar-more">
          <summary>{t("moreEvents", { count: folded.length })}</summary>
          <ul className="calendar-chips">
            {folded.map((event) => (
              <EventChip key={event.id} event={event} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** A grid chip: colour and marker shape by kind, the kind in words for screen readers, company events by ticker. */
function EventChip({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation("calendar");
  const kind = `${t(`kind.${event.kind}`)}: `;
  return (
    <li className={`calendar-chip calendar-kind--${event.kind}`} data-kind={event.kind}>
      {event.asset ? (
        <Link to={eventAssetHref(event.asset)} {...withTooltip(event.title)}>
          <span className="visually-hidden">
            {kind}
            {event.title}
          </span>
          <span aria-hidden>{event.asset.id}</span>
        </Link>
      ) : (
        <span>
          <span className="visually-hidden">{kind}</span>
          {event.title}
        </span>
      )}
    </li>
  );
}

/** Small screens: the month's days that have events (and today), each with its events in full. */
export function MonthList({ weeks }: { weeks: Weeks }) {
  const { t } = useTranslation("calendar");
  const days = weeks.flat().filter((day) => day.inMonth && (day.events.length > 0 || day.isToday));
  if (days.length === 0) return null;
  return (
    <ol className="calendar-list" aria-label={t("list")} data-testid="calendar-list">
      {days.map((day) => (
        <li key={day.date} className={dayClass("calendar-list__day", day)} aria-current={day.isToday ? "date" : undefined}>
          <h3 className="calendar-list__date">
            <time dateTime={day.date}>{day.label}</time>
            {day.isToday && <span className="calendar-day__today">{t("today")}</span>}
          </h3>
          {day.events.length > 0 ? (
            <ul className="calendar-list__events">
              {day.events.map((event) => (
                <li key={event.id} className="calendar-entry" data-kind={event.kind}>
                  <span className={`calendar-tag calendar-kind--${event.kind}`}>{t(`kind.${event.kind}`)}</span>
                  {event.asset ? <Link to={eventAssetHref(event.asset)}>{event.title}</Link> : <span>{event.title}</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="calendar-list__none">{t("noEventsOnDay")}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
