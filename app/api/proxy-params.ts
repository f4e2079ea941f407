import { z } from "zod";

import { DAY_SECONDS } from "~/lib/time";
import { cryptoOrders, newsCategories, stockRanges, stockSortFields, stockTypes } from "~/market/types";

/** One schema per /proxy endpoint, shared by the routes and their tests. */

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional();

export const stockListParams = z.object({
  search: optionalText(100),
  limit: z.coerce.number().int().min(1).max(100).default(12),
  page,
  sortBy: z.enum(stockSortFields).optional(),
  sortOrder: z.enum(["asc", "desc"]).optional(),
  type: z.enum(stockTypes).optional(),
  sector: optionalText(60),
});

/** brapi's quote modules the proxy serves; like brapi, it ignores a module it does not know. */
const stockModules = ["summaryProfile", "defaultKeyStatistics", "financialData"] as const;
export type StockModule = (typeof stockModules)[number];

export const stockDetailParams = z.object({
  range: z.enum(stockRanges).default("1mo"),
  interval: z.literal("1d").default("1d"),
  modules: z
    .string()
    .max(500)
    .regex(/^[A-Za-z0-9, ]*$/)
    .default("")
    .transform((list) => {
      const asked = new Set(list.split(",").map((name) => name.trim()));
      return stockModules.filter((name) => asked.has(name));
    })
    .describe(`Comma-separated brapi modules: ${stockModules.map((name) => `\`${name}\``).join(", ")}; others are ignored`),
  dividends: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true")
    .describe("`true` adds brapi's `dividendsData`"),
});

export const cryptoListParams = z.object({
  vs_currency: z.literal("usd").default("usd"),
  per_page: z.coerce.number().int().min(1).max(250).default(12),
  page,
  precision: z.union([z.literal("full"), z.coerce.number().int().min(0).max(18)]).optional(),
  order: z.enum(cryptoOrders).default("market_cap_desc"),
});

const unixSeconds = z.coerce.number().int().min(0).max(4_102_444_800);
const maxChartSpanSeconds = 366 * DAY_SECONDS;

export const marketChartParams = z
  .object({ vs_currency: z.literal("usd").default("usd"), from: unixSeconds, to: unixSeconds })
  .refine((range) => range.from < range.to && range.to - range.from <= maxChartSpanSeconds, {
    path: ["from"],
  });

export const cryptoSearchParams = z.object({ query: z.string().trim().min(1).max(100) });

export const newsParams = z.object({
  category: z.enum(newsCategories).default("general"),
  page,
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
