import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { useLocation } from "react-router";

import type { ListOrder, ListSortField } from "~/market/list-params";

import { PlainLink } from "../kit/plain-link";

import "./sort-header.css";

/** A list's order in the URL; `clears` names query parameters a new order drops besides the page. */
export type SortState<Field extends string = ListSortField> = {
  sort: Field;
  order: ListOrder;
  prefix?: string;
  clears?: readonly string[];
};

/**
 * A column header whose link sorts by it, keeping the other query parameters: numbers descending
 * first, names and text ascending first, unless `firstOrder` says otherwise (dates).
 */
export function SortHeader<Field extends string = ListSortField>({
  field,
  label,
  state,
  numeric = true,
  firstOrder = field === "name" || !numeric ? "asc" : "desc",
  className,
}: {
  field: Field;
  label: string;
  state: SortState<Field>;
  numeric?: boolean;
  firstOrder?: ListOrder;
  className?: string;
}) {
  const location = useLocation();
  const prefix = state.prefix ?? "";
  const active = state.sort === field;
  const nextOrder: ListOrder = active ? (state.order === "desc" ? "asc" : "desc") : firstOrder;
  const params = new URLSearchParams(location.search);
  params.set(`${prefix}sort`, field);
  params.set(`${prefix}order`, nextOrder);
  for (const name of [`${prefix}page`, ...(state.clears ?? [])]) params.delete(name);
  const Icon = !active ? IconArrowsSort : state.order === "asc" ? IconSortAscending : IconSortDescending;
  return (
    <th
      scope="col"
      className={[numeric ? "numeric" : "", className ?? ""].filter(Boolean).join(" ") || undefined}
      aria-sort={active ? (state.order === "asc" ? "ascending" : "descending") : undefined}
    >
      {/* The page stays where it is. */}
      <PlainLink
        to={`${location.pathname}?${params.toString()}`}
        preventScrollReset
        className="sort-link"
        data-testid={`sort-${prefix}${field}`}
      >
        {label}
        <Icon size={14} aria-hidden />
      </PlainLink>
    </th>
  );
}
