import { z } from "zod";

import { listSortFields, pageSizes } from "~/market/list-params";
import { newsCategories, stockMarkets, stockTypes } from "~/market/types";

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
  // B3 first: a Brazilian investor's list; US listings (and their BDRs) are one choice away.
  market: lenient(z.enum([...stockMarkets, "all"]), "b3"),
  type: lenient(z.enum(stockTypes).optional(), undefined),
  sector: lenient(z.string().trim().max(60).optional(), undefined),
  q: lenient(z.string().trim().max(100).optional(), undefined),
});

export const stockDetailSearch = z.object({
  // `?proventos=all`: every payout rather than the latest year's.
  proventos: lenient(z.literal("all").optional(), undefined),
});

export const newsSearch = z.object({
  category: lenient(z.enum(newsCategories), "general"),
  page,
});

/** Lists with nothing but pages (release notes, the admin's lists). */
export const pagedSearch = z.object({ page });

/** The home table's own query parameters (prefixed "t"), so they never clash with other lists. */
export const homeTableSearch = z.object({
  table: z.enum(["cryptos", "stocks"]).catch("cryptos"),
  tpage: page,
  tsort: sort,
  torder: order,
});

export function parseSearch<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
