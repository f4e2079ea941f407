import type { ReactNode } from "react";

import { Table } from "./kit/table";

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
    <Table caption={caption} className={className} testId={testId}>
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
    </Table>
  );
}
