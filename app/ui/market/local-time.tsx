import { formatDate } from "~/lib/format";

import { useHydrated } from "../use-hydrated";

type LocalTimeProps = { seconds: number; locale: string; options?: Intl.DateTimeFormatOptions };

const defaultOptions: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * A time in the visitor's own time zone. The server does not know it, so it renders UTC (and
 * says so); the browser renders it locally once hydrated.
 */
export function LocalTime({ seconds, locale, options = defaultOptions }: LocalTimeProps) {
  const date = new Date(seconds * 1000);
  const text = useHydrated() ? formatDate(date, locale, options) : `${formatDate(date, locale, { ...options, timeZone: "UTC" })} UTC`;
  return <time dateTime={date.toISOString()}>{text}</time>;
}
