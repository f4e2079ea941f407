import { numberFormat } from "~/lib/format";

/** Round steps: 1, 2, 2.5 and 5 times a power of ten. */
const niceMultiples = [1, 2, 2.5, 5];

/** Float noise off a multiple of a step (0.30000000000000004 → 0.3). */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/**
 * Gridline values for the range `bottom`–`top`: the multiples of the smallest round step that
 * gives at most `count` of them inside the range.
 */
export function niceTicks(bottom: number, top: number, count = 6): number[] {
  if (!(top > bottom) || !Number.isFinite(top - bottom)) return [bottom];
  // A step below span / count would give more than `count` ticks: start the search there.
  for (let power = 10 ** Math.floor(Math.log10((top - bottom) / count)); ; power *= 10) {
    for (const multiple of niceMultiples) {
      const step = clean(multiple * power);
      const first = Math.ceil(bottom / step - 1e-9);
      const last = Math.floor(top / step + 1e-9);
      if (last - first < count) return Array.from({ length: last - first + 1 }, (_, offset) => clean((first + offset) * step));
    }
  }
}

/** The fewest decimals that write `value` exactly (up to 8, for sub-cent coins). */
function fractionDigits(value: number): number {
  if (value === 0) return 0;
  for (let digits = 0; digits < 8; digits++) {
    const scaled = Math.abs(value) * 10 ** digits;
    if (Math.round(scaled) >= 1 && Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return digits;
  }
  return 8;
}

/** Intl's compact notation goes up to trillions; it writes larger numbers in trillions too. */
function compactUnit(largest: number): number {
  return 1000 ** Math.min(Math.max(Math.floor(Math.log10(largest) / 3), 0), 4);
}

/** The step between ticks; a single tick has none, so its own digits are what it needs. */
function tickStep(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const gaps = sorted.flatMap((value, index) => {
    const next = sorted[index + 1];
    return next === undefined || next === value ? [] : [next - value];
  });
  return gaps.length > 0 ? Math.min(...gaps) : Math.max(...values.map(Math.abs));
}

function longest(labels: string[]): number {
  return Math.max(...labels.map((label) => label.length));
}

/**
 * Labels for a price axis: plain numbers, as finance charts have them (the page and the tooltip
 * say the currency), with only the decimals the step between the ticks needs, in the locale's
 * compact notation (480 mil, 480K) where that is no longer, so the axis stays narrow on a phone.
 * Given all ticks at once, as lightweight-charts' tickmarksFormatter is.
 */
export function axisFormatter(locale: string): (values: readonly number[]) => string[] {
  return (values) => {
    if (values.length === 0) return [];
    const largest = Math.max(...values.map(Math.abs));
    const step = tickStep(values);
    const plain = numberFormat(locale, { maximumFractionDigits: fractionDigits(step) });
    const compact = numberFormat(locale, { notation: "compact", maximumFractionDigits: fractionDigits(step / compactUnit(largest)) });
    const plainLabels = values.map((value) => plain.format(value));
    const compactLabels = values.map((value) => compact.format(value));
    // "mil" is narrower than ".000" in the same count of characters: a tie goes to compact.
    return longest(compactLabels) <= longest(plainLabels) ? compactLabels : plainLabels;
  };
}

/**
 * Labels for an axis of % change (values in percent: 12.5 is 12,5 %): signed, as the change is,
 * with only the decimals the step between the ticks needs. Given all ticks at once.
 */
export function percentAxisFormatter(locale: string): (values: readonly number[]) => string[] {
  return (values) => {
    if (values.length === 0) return [];
    const step = tickStep(values);
    const format = numberFormat(locale, {
      style: "percent",
      signDisplay: "exceptZero",
      maximumFractionDigits: Math.min(fractionDigits(step), 4),
    });
    return values.map((value) => format.format(value / 100));
  };
}
