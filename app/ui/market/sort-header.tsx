import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { ComponentProps } from "react";
import { useLocation } from "react-router";
import { PlainLink } from "../kit/plain-link";
import type { ListOrder, ListSortField } from "~/market/list-params";
import "./sort-header.css";

export type SortState<Field extends string = ListSortField> = { sort: Field; order: ListOrder; prefix?: string };

/** A column header whose link sorts by it (descending first, names ascending first), keeping the other query parameters. */
export function SortHeader<Field extends string = ListSortField>({
  field,
  label,
  state,
  numeric = true,
  className,
}: {
  field: Field;
  label: string;
  state: SortState<Field>;
  numeric?: boolean;
  className?: string;
}) {
  const location = useLocation();
  const prefix = state.prefix ?? "";
  const active = state.sort === field;
  const nextOrder: ListOrder = active && state.order === "desc" ? "asc" : active ? "desc" : field === "name" || !numeric ? "asc" : "desc";
  const params = new URLSearchParams(location.search);
  params.set(`${prefix}sort`, field);
  params.set(`${prefix}order`, nextOrder);
  params.delete(`${prefix}page`);
  const Icon = !active ? IconArrowsSort : state.order === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <th
      scope="col"
      className={[numeric ? "numeric" : "", className ?? ""].filter(Boolean).join(" ") || undefined}
      aria-sort={active ? (state.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <SortLink to={`${location.pathname}?${params.toString()}`}>
        {label}
        <Icon size={14} aria-hidden />
      </SortLink>
    </th>
  );
}

/** The link in a sortable column's header; the page stays where it is. */
export function SortLink(props: Omit<ComponentProps<typeof PlainLink>, "className" | "preventScrollReset">) {
  return <PlainLink {...props} preventScrollReset className="sort-link" />;
}
