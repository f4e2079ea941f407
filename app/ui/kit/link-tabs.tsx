import type { ReactNode } from "react";

import "./link-tabs.css";

type LinkTabsProps = {
  /** Names the navigation for screen readers. */
  label: string;
  testId?: string;
  /** Links, the current one marked with aria-current. */
  children: ReactNode;
};

/** Views of one page (categories, a chart's range) as a row of links: real URLs, so they work without JavaScript. */
export function LinkTabs({ label, testId, children }: LinkTabsProps) {
  return (
    <nav aria-label={label} className="link-tabs" data-testid={testId}>
      {children}
    </nav>
  );
}
