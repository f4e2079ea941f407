import { z } from "zod";

import type { Language } from "~/i18n/languages";
import { formatNumber } from "~/lib/format";
import { parseAmount } from "~/market/amount";
import { convertAmount, formatMinorUnits, minorUnitsOf, roundToMinorUnits } from "~/market/convert";
import { type ConverterInput, defaultConverterInput } from "~/market/converter";
import type { RateTable } from "~/market/types";

import { converterCodes } from "./currency-names.server";

/** The GET form's one schema: messages are "converter" keys, shown next to their field. */
function converterQuerySchema(language: Language) {
  const currencyCode = z.string().refine((code) => converterCodes.has(code), "errors.currencyNotFound");
  return z.object({
    amount: z.string().transform((text, context) => {
      const amount = parseAmount(text, language);
      if (typeof amount === "number") return amount;
      context.addIssue({ code: "custom", message: amount });
      return z.NEVER;
    }),
    from: currencyCode,
    to: currencyCode,
  });
}

export type ConverterQuery = z.infer<ReturnType<typeof converterQuerySchema>>;
export type ConverterErrors = Partial<Record<keyof ConverterInput, string>>;

/** Codes are matched in any case; the length cap only keeps junk from being echoed at length. */
const codeParam = (value: string | null, fallback: string) => value?.trim().toUpperCase().slice(0, 12) || fallback;

/** The query as typed (echoed back into the form) and, when every field is valid, as values. */
export function readConverterQuery(
  params: URLSearchParams,
  language: Language,
): { input: ConverterInput; query: ConverterQuery | null; errors: ConverterErrors } {
  const input: ConverterInput = {
    amount: params.get("amount")?.trim().slice(0, 40) || defaultConverterInput.amount,
    from: codeParam(params.get("from"), defaultConverterInput.from),
    to: codeParam(params.get("to"), defaultConverterInput.to),
  };
  const parsed = converterQuerySchema(language).safeParse(input);
  if (parsed.success) return { input, query: parsed.data, errors: {} };
  const errors: ConverterErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ConverterInput;
    errors[field] ??= issue.message;
  }
  return { input, query: null, errors };
}

/** Four decimals for rates of 1 or more ("5,4553"), four significant digits below ("0,00001096"). */
export function formatRate(rate: number, language: Language): string {
  return rate >= 1 ? formatNumber(rate, language, 4) : formatNumber(Number(rate.toPrecision(4)), language, 20);
}

export type Conversion = { amount: string; value: string; rate: string; inverseRate: string };

/**
 * The page's result, formatted: the amount is first rounded to what `from` can hold (no tenths
 * of a cent), the result to `to`'s minor units. Null when the table lacks either rate.
 */
export function conversionOf({ amount, from, to }: ConverterQuery, table: RateTable, language: Language): Conversion | null {
  const fromUnits = minorUnitsOf(from, table.kinds[from]);
  const toUnits = minorUnitsOf(to, table.kinds[to]);
  const rounded = roundToMinorUnits(amount, fromUnits);
  const result = convertAmount(rounded, from, to, table);
  if (!result) return null;
  return {
    amount: formatMinorUnits(rounded, fromUnits, language),
    value: formatMinorUnits(roundToMinorUnits(result.value, toUnits), toUnits, language),
    rate: formatRate(result.rate, language),
    inverseRate: formatRate(result.inverseRate, language),
  };
}
