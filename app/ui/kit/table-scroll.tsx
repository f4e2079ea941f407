import type { ReactNode } from "react";

import "./table-scroll.css";

/**
 * The frame of a table that may scroll sideways. It is a named region in the tab order, so keyboard
 * users can scroll it with the arrow keys (WCAG 2.1.1) and screen readers announce what it holds.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- A scrolling region must take focus to be scrolled by keyboard.
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
