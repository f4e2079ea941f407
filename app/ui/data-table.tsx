import type { ReactNode } from "react";
import { TableScroll } from "./kit/table-scroll";

type DataTableProps = {
  /** Read by screen readers only: what the table lists (and which page of it). */
  caption: string;
  columns: readonly string[];
  className?: string;
  testId?: string;
  /** The body rows. */
  children: ReactNode;
};

/** A plain table of records (the admin lists): scrolls sideways on narrow screens. */
export function DataTable({ caption, columns, className, testId, children }: DataTableProps) {
  return (
    <TableScroll label={caption}>
      <table className={className ? `market-table ${className}` : "market-table"} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
