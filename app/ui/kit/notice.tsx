import type { ReactNode } from "react";

import "./notice.css";

type NoticeProps = {
  children: ReactNode;
  /** "error" when something failed; "info" (the default) otherwise. */
  tone?: "info" | "error";
  /** Decorative, before the text. */
  icon?: ReactNode;
  /** "alert" for what just went wrong; "note" (the default) for what the visitor should know. */
  role?: "note" | "alert";
  className?: string;
  testId?: string;
};

/** A bordered note about the data or the page, its tone on its left edge. */
export function Notice({ children, tone = "info", icon, role = "note", className, testId }: NoticeProps) {
  return (
    <div
      className={["kit-notice", tone === "error" && "kit-notice--error", className].filter(Boolean).join(" ")}
      role={role}
      data-testid={testId}
    >
      {icon}
      {children}
    </div>
  );
}
