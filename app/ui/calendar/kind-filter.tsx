import { Form, Link, useSubmit } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import { type CalendarEventKind, calendarEventKinds } from "~/market/types";

import { Button } from "../kit/button";
import { WrappedCheckbox } from "../kit/input";

import "./calendar.css";

type KindFilterProps = {
  month: string;
  kinds: CalendarEventKind[];
  counts: Record<CalendarEventKind, number>;
  total: number;
  allKindsHref: string;
};

/**
 * The legend of kinds with the month's counts, doubling as the filter: a GET form, so the URL is
 * the state. Nothing checked means every kind. With JavaScript a change submits at once.
 */
export function KindFilter({ month, kinds, counts, total, allKindsHref }: KindFilterProps) {
  const { t } = useTranslation("calendar");
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/calendar"
      preventScrollReset
      className="calendar-filter"
      // Checkboxes are uncontrolled: a new filter from a link must remount them with its own state.
      key={`${month}|${kinds.join()}`}
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="month" value={month} />
      <fieldset>
        <legend>{t("filter.legend")}</legend>
        <Link
          to={allKindsHref}
          preventScrollReset
          className="calendar-filter__option"
          aria-current={kinds.length === 0 ? "true" : undefined}
        >
          {t("counts.all", { count: total })}
        </Link>
        {calendarEventKinds.map((kind) => (
          <label key={kind} className={`calendar-filter__option calendar-kind--${kind}`}>
            <WrappedCheckbox name="kind" value={kind} defaultChecked={kinds.includes(kind)} color="var(--kind-color)" />
            <span className="calendar-marker" aria-hidden />
            {t(`counts.${kind}`, { count: counts[kind] })}
          </label>
        ))}
        <noscript>
          <Button type="submit">{t("filter.apply")}</Button>
        </noscript>
      </fieldset>
    </Form>
  );
}
