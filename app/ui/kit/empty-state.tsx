import type { ReactNode } from "react";

import "./empty-state.css";

type EmptyStateProps = {
  /** Why there is nothing to show; may hold a link. */
  children: ReactNode;
  /** Decorative: drawn above the message and hidden from screen readers. */
  icon?: ReactNode;
  /** A short line over the message, in the text's colour. */
  title?: ReactNode;
  /** What to do about it, under the message (a link or a button). */
  action?: ReactNode;
  className?: string;
  testId?: string;
};

/** Says a list or a search has nothing to show, in place of the list. */
export function EmptyState({ children, icon, title, action, className, testId }: EmptyStateProps) {
  return (
    <div className={className ? `empty-state ${className}` : "empty-state"} data-testid={testId}>
      {icon && (
        <span className="empty-state__icon" aria-hidden>
          {icon}
        </span>
      )}
      {title && <p className="empty-state__title">{title}</p>}
      <p className="empty-state__message">{children}</p>
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
