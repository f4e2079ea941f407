import { type ComponentPropsWithoutRef, type ReactNode, useId } from "react";

import { withTooltip } from "./tooltip";

import "./stat-grid.css";

/**
 * Figures as a description list, so each label stays paired with its value for screen readers:
 * as many columns as fit, two on a phone.
 */
export function StatGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="stat-grid" data-testid={testId}>
      {children}
    </dl>
  );
}

type StatCardProps = {
  label: string;
  /**
   * A plain-language explanation of the label: a tooltip on hover and on keyboard focus (the label
   * is a button so that it takes the focus), its accessible description for screen readers, a CSS
   * hint without JavaScript.
   */
  hint?: string;
  children: ReactNode;
  /** More attributes for the value's element (a live value's key and flash class). */
  valueProps?: Omit<ComponentPropsWithoutRef<"dd">, "children">;
};

/** One figure of a StatGrid: its label over its value. */
export function StatCard({ label, hint, children, valueProps }: StatCardProps) {
  const className = valueProps?.className ? `stat-card__value ${valueProps.className}` : "stat-card__value";
  const hintId = useId();
  return (
    <div className="stat-card">
      <dt className="stat-card__label">
        {hint ? (
          <>
            <button type="button" className="stat-card__term" aria-describedby={hintId} {...withTooltip(hint)}>
              {label}
            </button>
            <span id={hintId} className="visually-hidden">
              {hint}
            </span>
          </>
        ) : (
          label
        )}
      </dt>
      <dd {...valueProps} className={className}>
        {children}
      </dd>
    </div>
  );
}
