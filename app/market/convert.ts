/**
 * Currency arithmetic shared by the converter page and the assistant: pure, so it runs in the
 * browser too.
 */
import { numberFormat } from "~/lib/format";

// The raw file rather than the validated dataset module, which would drag every demo dataset into the browser.
import currencies from "./data/currencies.json";
import type { CurrencyKind, RateTable } from "./types";

const minorUnitsByCode = new Map<string, number>(currencies.map(({ code, minorUnits }) => [code, minorUnits]));

/** Codes a live table may carry beyond the embedded list: cryptos are divisible to 8 places like bitcoin. */
const defaultMinorUnits: Record<CurrencyKind, number> = { fiat: 2, metal: 4, crypto: 8 };

/** Decimal places a code's amounts are shown and rounded to (JPY 0, BRL 2, XAU 4, BTC 8). */
export function minorUnitsOf(code: string, kind: CurrencyKind = "fiat"): number {
  return minorUnitsByCode.get(code.toUpperCase()) ?? defaultMinorUnits[kind];
}

/** `value` times 10^exponent done on its decimal text, so 1.005 shifts to exactly 100.5, not 100.49999. */
function shiftDecimal(value: number, exponent: number): number {
  const [mantissa, power = "0"] = String(value).split("e");
  return Number(`${mantissa}e${Number(power) + exponent}`);
}

/** Half away from zero on the decimal the user sees: 1.005 → 1.01, −2.5 (0 places) → −3. */
export function roundToMinorUnits(value: number, minorUnits: number): number {
  if (!Number.isFinite(value)) return value;
  const rounded = Math.round(shiftDecimal(Math.abs(value), minorUnits));
  return Math.sign(value) * shiftDecimal(rounded, -minorUnits);
}

/** A converted amount with exactly its currency's decimals, in `locale`: "539,71", "15.000", "0,00000214". */
export function formatMinorUnits(value: number, minorUnits: number, locale: string): string {
  return numberFormat(locale, { minimumFractionDigits: minorUnits, maximumFractionDigits: minorUnits }).format(value);
}

function unitsPerUsd(code: string, table: RateTable): number | null {
  const rate = table.rates[code.toUpperCase()];
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : null;
}

/**
 * `amount` of `from` in `to`, through the table's USD base (so crypto ↔ metal works like any
 * pair); `rate` is one `from` in `to`. Null when the table does not know either code.
 */
export function convertAmount(
  amount: number,
  from: string,
  to: string,
  table: RateTable,
): { value: number; rate: number; inverseRate: number } | null {
  const fromPerUsd = unitsPerUsd(from, table);
  const toPerUsd = unitsPerUsd(to, table);
  if (fromPerUsd === null || toPerUsd === null) return null;
  const rate = toPerUsd / fromPerUsd;
  return { value: amount * rate, rate, inverseRate: fromPerUsd / toPerUsd };
}
