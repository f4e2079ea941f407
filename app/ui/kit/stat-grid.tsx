import type { ComponentPropsWithoutRef, ReactNode } from "react";
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
  children: ReactNode;
  /** More attributes for the value's element (a live value's key and flash class). */
  valueProps?: Omit<ComponentPropsWithoutRef<"dd">, "children">;
};

/** One figure of a StatGrid: its label over its value. */
export function StatCard({ label, children, valueProps }: StatCardProps) {
  const className = valueProps?.className ? `stat-card__value ${valueProps.className}` : "stat-card__value";
  return (
    <div className="stat-card">
      <dt className="stat-card__label">{label}</dt>
      <dd {...valueProps} className={className}>
        {children}
      </dd>
    </div>
  );
}
