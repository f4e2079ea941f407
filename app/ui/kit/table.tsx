import type { ReactNode } from "react";

import { TableScroll } from "./table-scroll";

import "./table.css";

type TableProps = {
  /** Read by screen readers only; also names the scrolling region. */
  caption: string;
  className?: string;
  testId?: string;
  /** The table's thead and tbody. Cells with the class "numeric" align right, in tabular figures. */
  children: ReactNode;
};

/** A plain, ruled table that scrolls sideways when it is wider than the screen. */
export function Table({ caption, className, testId, children }: TableProps) {
  return (
    <TableScroll label={caption}>
      <table className={className ? `kit-table ${className}` : "kit-table"} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </TableScroll>
  );
}
