import { favoritesPerPage } from "./assets";
import type { QuotedFavorite } from "./quotes.server";
import type { FavoriteListParams } from "./schemas";

const nullsLast = (a: number | null, b: number | null, direction: number) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : (a - b) * direction;

/** What ordering needs of a favourite: a quoted one has it all; ordering by the date added needs no quote. */
type Sortable = Pick<QuotedFavorite, "id" | "addedAt"> & Partial<Pick<QuotedFavorite, "name" | "price" | "change24h">>;

/** Sorts and pages the favourites; the page is clamped to the last one. */
export function sortAndPage<Item extends Sortable>(items: Item[], params: FavoriteListParams, perPage = favoritesPerPage) {
  const direction = params.order === "asc" ? 1 : -1;
  const sorted = [...items].sort((a, b) => {
    switch (params.sort) {
      case "name":
        return (a.name ?? "").localeCompare(b.name ?? "") * direction || a.id - b.id;
      case "price":
        return nullsLast(a.price ?? null, b.price ?? null, direction) || a.id - b.id;
      case "change":
        return nullsLast(a.change24h ?? null, b.change24h ?? null, direction) || a.id - b.id;
      default:
        return (a.addedAt.localeCompare(b.addedAt) || a.id - b.id) * direction;
    }
  });
  const pages = Math.max(1, Math.ceil(sorted.length / perPage));
  const page = Math.min(params.page, pages);
  return { items: sorted.slice((page - 1) * perPage, page * perPage), page, pages, total: sorted.length };
}
