/**
 * Locale-aware number and date formatting. Intl formatters are costly to build, so each
 * (locale, options) pair is built once and reused across renders.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** Exported for labels that pick their own precision (chart axes). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Enough significant digits for sub-cent coins, two decimals for everything else. */
function priceDigits(value: number): Intl.NumberFormatOptions {
  const magnitude = Math.abs(value);
  if (magnitude === 0 || magnitude >= 1) return { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return { minimumSignificantDigits: 2, maximumSignificantDigits: 4 };
}

export function formatMoney(value: number | null, currency: string, locale: string): string {
  if (value === null) return "—";
  return numberFormat(locale, { style: "currency", currency, ...priceDigits(value) }).format(value);
}

/** 1,2 bi / 1.2B: for market caps and volumes. */
export function formatCompactMoney(value: number | null, currency: string, locale: string): string {
  if (value === null) return "—";
  // An explicit minimum: Node's and browsers' ICU disagree on the currency default in compact notation.
  return numberFormat(locale, {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(value);
}

export function formatCompactNumber(value: number | null, locale: string): string {
  if (value === null) return "—";
  return numberFormat(locale, { notation: "compact", maximumFractionDigits: 2 }).format(value);
}

export function formatNumber(value: number | null, locale: string, maximumFractionDigits = 2): string {
  if (value === null) return "—";
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** +1,23% / −0,45%: always signed, so the direction never depends on colour alone. */
export function formatPercent(value: number | null, locale: string): string {
  if (value === null) return "—";
  return numberFormat(locale, {
    style: "percent",
    signDisplay: "exceptZero",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

/** A change's size without its sign, for sentences that say the direction in words ("caiu 1,23%"). */
export function formatPercentMagnitude(value: number, locale: string): string {
  return numberFormat(locale, { style: "percent", signDisplay: "never", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value / 100,
  );
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(value: number | Date, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    dateFormatters.set(key, formatter);
  }
  return formatter.format(value);
}
