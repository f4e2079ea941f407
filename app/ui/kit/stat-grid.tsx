import type { ReactNode } from "react";
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

/** One figure of a StatGrid: its label over its value. */
export function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stat-card">
      <dt className="stat-card__label">{label}</dt>
      <dd className="stat-card__value">{children}</dd>
    </div>
  );
}
