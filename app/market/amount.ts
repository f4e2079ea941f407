/**
 * The converter's amount as people type it, read the same way on the server (the query) and in
 * the browser (the number field's arrow keys).
 */
import type { Language } from "~/i18n/languages";
import { formatNumber } from "~/lib/format";

import { maxConverterAmount } from "./converter";

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

/**
 * The amount as a native number field holds it, without JavaScript: digits and a decimal point
 * ("1234.5"). Where that would read back as thousands ("1.234" in pt-BR) a trailing zero keeps it a fraction.
 */
export function plainAmount(value: number, language: Language): string {
  const plain = value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
  return parseAmount(plain, language) === value ? plain : `${plain}0`;
}

/** Crypto amounts go down to 8 decimals; more would only show floating-point noise (0.1 + 1). */
const stepDecimals = 8;

/**
 * The typed amount moved by `step` (the number field's keys: ±1, ±10 with Page Up and Down), kept
 * between 0 and the maximum and written back in the visitor's style. Null when the text is no amount.
 */
export function stepAmount(text: string, step: number, language: Language): string | null {
  const value = text.trim() ? parseAmount(text, language) : 0;
  if (typeof value !== "number") return null;
  const next = Math.min(Math.max(value + step, 0), maxConverterAmount);
  return formatNumber(next, language, stepDecimals);
}
