import { z } from "zod";
import type { Language } from "~/i18n/languages";
import { formatNumber } from "~/lib/format";
import { convertAmount, formatMinorUnits, minorUnitsOf, roundToMinorUnits } from "./convert";
import { defaultConverterInput, maxConverterAmount, type ConverterInput } from "./converter";
import { converterCodes } from "./currency-names.server";
import type { RateTable } from "./types";

/** The separator each language writes between thousands: "1.234,56" in pt-BR and es, "1,234.56" in en. */
const thousandsSeparator: Record<Language, "." | ","> = { "pt-BR": ".", en: ",", es: "." };

/**
 * Which of "." and "," is the decimal point. With both, the last one; a repeated one groups
 * thousands; a single one groups only when the language writes it so and three digits follow a
 * non-zero start ("1.234" is 1234 in pt-BR and 1.234 in en, "0.500" is a half everywhere).
 */
function decimalSeparatorOf(digits: string, language: Language): "." | "," | null {
  const lastDot = digits.lastIndexOf(".");
  const lastComma = digits.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? "." : ",";
  const separator = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
  if (!separator) return null;
  const repeated = digits.indexOf(separator) !== digits.lastIndexOf(separator);
  const looksGrouped = separator === thousandsSeparator[language] && /^[1-9]\d{0,2}[.,]\d{3}$/.test(digits);
  return repeated || looksGrouped ? null : separator;
}

export type AmountProblem = "errors.amountInvalid" | "errors.amountNegative" | "errors.amountTooLarge";

/** An amount as people type it in either style ("1.234,56", "1,234.56", "1234.56", "0,5"). */
export function parseAmount(text: string, language: Language): number | AmountProblem {
  const match = /^([-−]?)([\d.,]+)$/.exec(text.replace(/[\s\u00a0\u202f]/g, ""));
  if (!match) return "errors.amountInvalid";
  const [, sign, digits = ""] = match;
  const decimal = decimalSeparatorOf(digits, language);
  const grouping = decimal === "," || (!decimal && digits.includes(".")) ? "." : ",";
  const [whole = "", fraction, extra] = decimal ? digits.split(decimal) : [digits];
  const wholeValid =
    /^\d+$/.test(whole) || new RegExp(`^[1-9]\\d{0,2}(\\${grouping}\\d{3})+$`).test(whole) || (whole === "" && fraction !== undefined);
  if (extra !== undefined || !wholeValid || (fraction !== undefined && !/^\d+$/.test(fraction))) return "errors.amountInvalid";
  const value = Number(`${whole.replaceAll(grouping, "") || "0"}.${fraction ?? "0"}`);
  if (sign && value > 0) return "errors.amountNegative";
  return value > maxConverterAmount ? "errors.amountTooLarge" : value;
}

/** The GET form's one schema: messages are "converter" keys, shown next to their field. */
export function converterQuerySchema(language: Language) {
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
