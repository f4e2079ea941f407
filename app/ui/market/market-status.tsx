import { Badge } from "@mantine/core";
import { useSyncExternalStore } from "react";

import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/lib/format";
import { DAY_MS, MINUTE_MS } from "~/lib/time";
import { type Exchange, marketStatus, marketTimeZone } from "~/market/market-hours";

import { useHydrated } from "../use-hydrated";

import "@mantine/core/styles/Badge.css";
import "./market-status.css";

/** A clock that moves once a minute: the sessions open and close on whole minutes. */
function subscribeToMinutes(onTick: () => void): () => void {
  const timer = setInterval(onTick, MINUTE_MS);
  return () => clearInterval(timer);
}
const currentMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

type MarketStatusBadgesProps = {
  /** From the loader: when the page was rendered, the exchanges it shows and their holidays near then. */
  hours: { at: number; exchanges: readonly Exchange[]; holidays: readonly string[] };
};

/**
 * Whether each exchange is in its regular session, and when that changes. The server renders it
 * at its own time, in Brasília time (it does not know the visitor's zone); the browser re-evaluates
 * it every minute in the visitor's zone, so a page left open, or served from a cache, flips on time.
 */
export function MarketStatusBadges({ hours }: MarketStatusBadgesProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const now = useSyncExternalStore(subscribeToMinutes, currentMinute, () => hours.at);
  const holidays = new Set(hours.holidays);
  const locale = i18n.language;
  // The visitor's zone once hydrated; B3's before, named, since the server cannot know the visitor's.
  const timeZone = hydrated ? undefined : marketTimeZone;
  const weekday = (at: number) => formatDate(at, locale, { weekday: "long", timeZone });
  return (
    <ul className="market-status" aria-label={t("market.marketStatus.label")}>
      {hours.exchanges.map((exchange) => {
        const status = marketStatus(exchange, now, holidays);
        const next = status.nextChangeAt;
        const time = formatDate(next, locale, {
          hour: "numeric",
          minute: "2-digit",
          timeZone,
          timeZoneName: hydrated ? undefined : "short",
        });
        const sameDay = next - now < DAY_MS && weekday(next) === weekday(now);
        const change = status.open
          ? t("market.marketStatus.closesAt", { time })
          : sameDay
            ? t("market.marketStatus.opensAt", { time })
            : t("market.marketStatus.opensOn", { day: weekday(next), time });
        return (
          <Badge
            component="li"
            key={exchange}
            className="market-status__badge"
            data-testid="market-status"
            data-exchange={exchange}
            data-open={status.open}
            leftSection={<span className="market-status__dot" aria-hidden="true" />}
          >
            <span className="market-status__exchange">{t(`market.marketStatus.exchanges.${exchange}`)}</span>
            <span data-testid="market-status-state">{t(status.open ? "market.marketStatus.open" : "market.marketStatus.closed")}</span>
            <time className="market-status__change" dateTime={new Date(next).toISOString()}>
              {change}
            </time>
          </Badge>
        );
      })}
    </ul>
  );
}
