import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import "./navigation-progress.css";

/** Quick navigations finish before this and show nothing, so the bar never flickers. */
const showAfterMs = 150;

/** True while a navigation has been going on for longer than a moment. */
export function useSlowNavigation(): boolean {
  // Each navigation's target location has its own key: a slow one is remembered by it, so the
  // next navigation starts out not slow without resetting any state.
  const pending = useNavigation().location?.key;
  const [slowKey, setSlowKey] = useState<string>();
  useEffect(() => {
    if (pending === undefined) return;
    const timer = setTimeout(() => setSlowKey(pending), showAfterMs);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending !== undefined && slowKey === pending;
}

/** A thin indeterminate bar across the top of the viewport while the next page loads. */
export function NavigationProgress() {
  const { t } = useTranslation();
  return (
    <div className="navigation-progress" role="progressbar" aria-label={t("nav.loadingPage")} data-testid="navigation-progress">
      <div className="navigation-progress__bar" />
    </div>
  );
}
