/**
 * Locale-aware number and date formatting. Intl formatters are costly to build, so each
 * (locale, options) pair is built once and reused across renders.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The formatter kept under `key`, built with `options` the first time. The formatters below name
 * their own keys: tables format thousands of numbers a page, and serialising options each time
 * costs more than the formatting.
 */
function formatterFor(key: string, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Exported for labels that pick their own precision (chart axes). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return formatterFor(`${locale}|${JSON.stringify(options)}`, locale, options);
}

const wholePriceDigits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const smallPriceDigits = { minimumSignificantDigits: 2, maximumSignificantDigits: 4 };

/** Enough significant digits for sub-cent coins, two decimals for everything else. */
export function formatMoney(value: number | null, currency: string, locale: string): string {
  if (value === null) return "—";
  const magnitude = Math.abs(value);
  const small = magnitude > 0 && magnitude < 1;
  const digits = small ? smallPriceDigits : wholePriceDigits;
  return formatterFor(`${locale}|money|${currency}|${small}`, locale, { style: "currency", currency, ...digits }).format(value);
}

/** 1,2 bi / 1.2B: for market caps and volumes. */
export function formatCompactMoney(value: number | null, currency: string, locale: string): string {
  if (value === null) return "—";
  // An explicit minimum: Node's and browsers' ICU disagree on the currency default in compact notation.
  return formatterFor(`${locale}|compact-money|${currency}`, locale, {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(value);
}

export function formatCompactNumber(value: number | null, locale: string): string {
  if (value === null) return "—";
  return formatterFor(`${locale}|compact`, locale, { notation: "compact", maximumFractionDigits: 2 }).format(value);
}

export function formatNumber(value: number | null, locale: string, maximumFractionDigits = 2): string {
  if (value === null) return "—";
  return formatterFor(`${locale}|number|${maximumFractionDigits}`, locale, { maximumFractionDigits }).format(value);
}

/** +1,23% / −0,45%: always signed, so the direction never depends on colour alone. */
export function formatPercent(value: number | null, locale: string): string {
  if (value === null) return "—";
  return formatterFor(`${locale}|percent`, locale, {
    style: "percent",
    signDisplay: "exceptZero",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

/** A change's size without its sign, for sentences that say the direction in words ("caiu 1,23%"). */
export function formatPercentMagnitude(value: number, locale: string): string {
  const options: Intl.NumberFormatOptions = { style: "percent", signDisplay: "never", minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return formatterFor(`${locale}|percent-magnitude`, locale, options).format(value / 100);
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
