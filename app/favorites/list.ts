import type { QuotedFavorite } from "./quotes.server";
import { favoritesPerPage } from "./assets";
import type { FavoriteListParams } from "./schemas";

const nullsLast = (a: number | null, b: number | null, direction: number) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : (a - b) * direction;

/** Sorts and pages the quoted favourites; the page is clamped to the last one. */
export function sortAndPage(items: QuotedFavorite[], params: FavoriteListParams, perPage = favoritesPerPage) {
  const direction = params.order === "asc" ? 1 : -1;
  const sorted = [...items].sort((a, b) => {
    switch (params.sort) {
      case "name":
        return a.name.localeCompare(b.name) * direction || a.id - b.id;
      case "price":
        return nullsLast(a.price, b.price, direction) || a.id - b.id;
      case "change":
        return nullsLast(a.change24h, b.change24h, direction) || a.id - b.id;
      default:
        return (a.addedAt.localeCompare(b.addedAt) || a.id - b.id) * direction;
    }
  });
  const pages = Math.max(1, Math.ceil(sorted.length / perPage));
  const page = Math.min(params.page, pages);
  return { items: sorted.slice((page - 1) * perPage, page * perPage), page, pages, total: sorted.length };
}
