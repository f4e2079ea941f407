import { z } from "zod";
import { newsCategories, stockTypes, type StockRange, type StockSortField } from "./types";

/** URL state of the market screens: every filter, sort and page lives in the query string. */

export const pageSizes = [12, 24, 48, 96] as const;
export const listSortFields = ["market_cap", "price", "change", "volume", "name"] as const;
export type ListSortField = (typeof listSortFields)[number];
export type ListOrder = "asc" | "desc";

/** Junk in a shared URL falls back to defaults instead of failing the page. */
const lenient = <T extends z.ZodType>(schema: T, fallback: z.infer<T>) => schema.catch(fallback);

const page = lenient(z.coerce.number().int().min(1).max(10_000), 1);
const perPage = lenient(
  z.coerce.number().refine((value) => (pageSizes as readonly number[]).includes(value)),
  12,
);
const sort = lenient(z.enum(listSortFields), "market_cap");
const order = lenient(z.enum(["asc", "desc"]), "desc");

export const cryptoListSearch = z.object({ page, perPage, sort, order });

export const stockListSearch = z.object({
  page,
  perPage,
  sort,
  order,
  type: lenient(z.enum(stockTypes).optional(), undefined),
  sector: lenient(z.string().trim().max(60).optional(), undefined),
  q: lenient(z.string().trim().max(100).optional(), undefined),
});

/** The detail chart draws daily points, so it offers the ranges made of days. */
export const stockPageRanges = ["1mo", "3mo", "6mo", "1y"] as const satisfies readonly StockRange[];
export const stockDetailSearch = z.object({ range: lenient(z.enum(stockPageRanges), "1mo") });

export const newsSearch = z.object({
  category: lenient(z.enum(newsCategories), "general"),
  page,
});

/** The stock provider's name for each list column. */
export const stockSortBy: Record<ListSortField, StockSortField> = {
  market_cap: "market_cap_basic",
  price: "close",
  change: "change",
  volume: "volume",
  name: "name",
};

export function parseSearch<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
