import { useEffect, useState } from "react";
import { formatDate } from "~/lib/format";

type LocalTimeProps = { seconds: number; locale: string; options?: Intl.DateTimeFormatOptions };

const defaultOptions: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * A time in the visitor's own time zone. The server does not know it, so it renders UTC (and
 * says so); the browser re-renders it locally after hydration.
 */
export function LocalTime({ seconds, locale, options = defaultOptions }: LocalTimeProps) {
  const date = new Date(seconds * 1000);
  const [text, setText] = useState(() => `${formatDate(date, locale, { ...options, timeZone: "UTC" })} UTC`);
  useEffect(() => setText(formatDate(date, locale, options)), [seconds, locale, options]);
  return <time dateTime={date.toISOString()}>{text}</time>;
}
