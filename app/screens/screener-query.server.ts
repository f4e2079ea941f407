import { z } from "zod";

import type { Language } from "~/i18n/languages";
import { parseAmount } from "~/market/amount";
import { pageSizes } from "~/market/list-params";
import { type ScreenerFilter, type ScreenerRangeField, screenerRangeFields, screenerSortFields } from "~/market/screener";
import { stockMarkets, stockTypes } from "~/market/types";

/** The form's range fields by name: `peMin`, `peMax`, `dyMin`… */
type RangeParam = `${ScreenerRangeField}${"Min" | "Max"}`;
const rangeParams = screenerRangeFields.flatMap((field) => [`${field}Min`, `${field}Max`] as const) as RangeParam[];

/** The query as typed, echoed back into the form (text fields keep what the visitor wrote). */
export type ScreenerInput = {
  type: string;
  market: string;
  sector: string;
  sort: string;
  order: string;
} & Record<RangeParam, string>;

/** Messages are "screener" keys, shown next to their field. */
export type ScreenerErrors = Partial<Record<RangeParam, "errors.number" | "errors.inverted">>;

export type ScreenerQuery = ScreenerFilter & { page: number; perPage: number };

/** A bound as people type it: "10", "10,5", "1.234,5", "-3" (a loss-making P/L), "12%". */
function bound(language: Language) {
  return z
    .string()
    .trim()
    .max(30, "errors.number")
    .transform((text, context) => {
      if (text === "") return undefined;
      const negative = /^[-−]/.test(text);
      const amount = parseAmount(text.replace(/^[-−]/, "").replace(/%$/, ""), language);
      if (typeof amount === "number") return negative ? -amount : amount;
      context.addIssue({ code: "custom", message: "errors.number" });
      return z.NEVER;
    });
}

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);
const perPageSchema = z.coerce
  .number()
  .refine((value) => (pageSizes as readonly number[]).includes(value))
  .catch(12);

/**
 * The screener's one query schema. Choices that make no sense fall back to "all" (a shared URL
 * never fails); a bound that is no number, or a minimum above its maximum, is an error shown
 * beside the field while the rest of the filter still applies.
 */
function buildScreenerQuerySchema(language: Language) {
  const ranges = Object.fromEntries(rangeParams.map((name) => [name, bound(language).optional()])) as Record<
    RangeParam,
    z.ZodOptional<ReturnType<typeof bound>>
  >;
  return z
    .object({
      type: z.enum(stockTypes).optional().catch(undefined),
      market: z.enum(stockMarkets).optional().catch(undefined),
      sector: z.string().trim().max(60).optional().catch(undefined),
      sort: z.enum(screenerSortFields).catch("marketValue"),
      order: z.enum(["asc", "desc"]).catch("desc"),
      page: pageSchema,
      perPage: perPageSchema,
      ...ranges,
    })
    .superRefine((query, context) => {
      for (const field of screenerRangeFields) {
        const min = query[`${field}Min`];
        const max = query[`${field}Max`];
        if (min !== undefined && max !== undefined && min > max) {
          context.addIssue({ code: "custom", path: [`${field}Max`], message: "errors.inverted" });
        }
      }
    });
}

const schemas = new Map<Language, ReturnType<typeof buildScreenerQuerySchema>>();

/** Built once per language: zod compiles a schema on its first parse, which cost more than screening. */
function screenerQuerySchema(language: Language) {
  let schema = schemas.get(language);
  if (!schema) {
    schema = buildScreenerQuerySchema(language);
    schemas.set(language, schema);
  }
  return schema;
}

/** Every query parameter the screener reads (the page cache keys its pages by these alone). */
export const screenerParams: readonly string[] = ["type", "market", "sector", "sort", "order", "page", "perPage", ...rangeParams];

const text = (params: URLSearchParams, name: string) => params.get(name)?.trim().slice(0, 60) ?? "";

/**
 * The query as typed and as a filter. A field with an error is left out of the filter, so the
 * visitor still sees results for everything else they asked.
 */
export function readScreenerQuery(
  params: URLSearchParams,
  language: Language,
): { input: ScreenerInput; query: ScreenerQuery; errors: ScreenerErrors } {
  const raw: Record<string, string> = {};
  for (const name of screenerParams) {
    const value = text(params, name);
    if (value !== "") raw[name] = value;
  }
  const schema = screenerQuerySchema(language);
  const errors: ScreenerErrors = {};
  let parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as RangeParam;
      errors[name] ??= issue.message === "errors.inverted" ? "errors.inverted" : "errors.number";
      delete raw[name];
    }
    parsed = schema.safeParse(raw);
  }
  // Every field that can fail was removed above, so the second parse cannot fail.
  const data = parsed.success ? parsed.data : schema.parse({});
  const input = Object.fromEntries(["type", "market", "sector", ...rangeParams].map((name) => [name, text(params, name)])) as ScreenerInput;
  Object.assign(input, { type: data.type ?? "", market: data.market ?? "", sort: data.sort, order: data.order });
  const query: ScreenerQuery = {
    type: data.type,
    market: data.market,
    sector: data.sector || undefined,
    sort: data.sort,
    order: data.order,
    page: data.page,
    perPage: data.perPage,
    ranges: Object.fromEntries(screenerRangeFields.map((field) => [field, { min: data[`${field}Min`], max: data[`${field}Max`] }])),
  };
  return { input, query, errors };
}
