import { IconInfoCircle, IconX } from "@tabler/icons-react";
import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import type { DataSource } from "~/market/types";

import { Notice } from "../kit/notice";
import { withTooltip } from "../kit/tooltip";

import "./demo-notice.css";

const dismissFetcherKey = "demo-notice";

/** Dismissed by the visitor's cookie, or already while the dismissal is on its way. */
function useDemoNoticeDismissed(): boolean {
  const fetcher = useFetcher({ key: dismissFetcherKey });
  // The root loader says whether this visitor dismissed it (UI code does not import the root module).
  const root = useRouteLoaderData("root") as { demoNoticeDismissed?: boolean } | undefined;
  return fetcher.state !== "idle" || Boolean(root?.demoNoticeDismissed);
}

/**
 * One line saying the screen shows the embedded demonstration data, with the details a click away.
 * The dismiss button is a real form: without JavaScript it posts to /demo-notice and comes back.
 */
function DemoDataNotice() {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: dismissFetcherKey });
  const location = useLocation();
  return (
    <Notice className="demo-notice" icon={<IconInfoCircle size={18} aria-hidden />} testId="demo-notice">
      <p className="demo-notice__text">
        {t("market.demoNotice")} — <Link to="/about-data">{t("market.demoNoticeMore")}</Link>
      </p>
      <fetcher.Form method="post" action="/demo-notice" preventScrollReset>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          className="demo-notice__dismiss"
          aria-label={t("market.demoNoticeDismiss")}
          {...withTooltip(t("market.demoNoticeDismiss"))}
          data-testid="demo-notice-dismiss"
        >
          <IconX size={18} aria-hidden />
        </button>
      </fetcher.Form>
    </Notice>
  );
}

/**
 * Says when a screen shows the embedded demonstration data (until the visitor dismisses it) or,
 * always, when a live provider failed and the data shown is the last received.
 */
export function DemoNotice({ sources, stale = false }: { sources: DataSource[]; stale?: boolean }) {
  const { t } = useTranslation();
  const dismissed = useDemoNoticeDismissed();
  if (sources.includes("demo") && !dismissed) return <DemoDataNotice />;
  if (!stale) return null;
  return (
    <Notice icon={<IconInfoCircle size={18} aria-hidden />} testId="stale-notice">
      <span>{t("market.staleNotice")}</span>
    </Notice>
  );
}
