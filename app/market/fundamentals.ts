import { DAY_MS, isoDate } from "~/lib/time";

import type { AssetFacts, Payout } from "./types";

/**
 * Fundamentals as investors read them: the reported figures of `AssetFacts` set against one
 * price. Pure, so the stock page, the screener and the proxy agree to the last digit.
 */
export type Fundamentals = {
  /** P/L: price over earnings per share (negative for a loss). */
  priceToEarnings: number | null;
  /** P/VP: price over book value per share. */
  priceToBook: number | null;
  /** Income paid per share over the last 12 months, as a percentage of the price. */
  dividendYield12m: number | null;
  /** Average yearly income over the last 5 years, as a percentage of the price. */
  dividendYield5y: number | null;
  marketValue: number | null;
  /** Average money traded per session: shares per session × price. */
  averageDailyLiquidity: number | null;
  /** The newest payout whose record date ("data com") has passed. */
  lastPayout: Payout | null;
  lastPayoutYield: number | null;
};

const YEAR_MS = 365 * DAY_MS;

/** When a payout counts: its record date, or its payment date when the source gives no record date. */
function dayOf(payout: Payout): string | null {
  return payout.recordDate ?? payout.paymentDate;
}

/** Amortisation gives capital back: it is not income, so it never counts towards a yield. */
function isIncome(payout: Payout): boolean {
  return payout.kind !== "amortization";
}

/** Income per share with a record date in (now − years, now]. */
export function incomePerShare(payouts: readonly Payout[], now: number, years: number): number {
  const last = isoDate(now);
  const first = isoDate(now - years * YEAR_MS);
  let total = 0;
  for (const payout of payouts) {
    const day = dayOf(payout);
    if (day && isIncome(payout) && first < day && day <= last) total += payout.amount;
  }
  return total;
}

function ratio(numerator: number | null, denominator: number | null): number | null {
  return numerator === null || denominator === null || denominator === 0 ? null : numerator / denominator;
}

type PayoutSummary = { day: string; income1y: number; income5y: number; lastPayout: Payout | null };

/** Per payout list: the list is read again at every price tick, and what it comes to only changes with the day. */
const payoutSummaries = new WeakMap<readonly Payout[], PayoutSummary>();

function payoutSummary(payouts: readonly Payout[], now: number): PayoutSummary {
  const day = isoDate(now);
  const known = payoutSummaries.get(payouts);
  if (known?.day === day) return known;
  const summary = {
    day,
    income1y: incomePerShare(payouts, now, 1),
    income5y: incomePerShare(payouts, now, 5),
    lastPayout: payouts.find((payout) => isIncome(payout) && (dayOf(payout) ?? "") <= day && dayOf(payout) !== null) ?? null,
  };
  payoutSummaries.set(payouts, summary);
  return summary;
}

export function fundamentalsAt(facts: AssetFacts, price: number | null, now: number): Fundamentals {
  const payoutsKnown = !facts.missing.includes("payouts");
  const percentOfPrice = (amount: number) => (price && price > 0 && payoutsKnown ? (amount / price) * 100 : null);
  const { income1y, income5y, lastPayout } = payoutSummary(facts.payouts, now);
  return {
    priceToEarnings: ratio(price, facts.earningsPerShare),
    priceToBook: ratio(price, facts.bookValuePerShare),
    dividendYield12m: percentOfPrice(income1y),
    dividendYield5y: percentOfPrice(income5y / 5),
    marketValue: price !== null && facts.sharesOutstanding !== null ? price * facts.sharesOutstanding : null,
    averageDailyLiquidity: price !== null && facts.averageVolume !== null ? price * facts.averageVolume : null,
    lastPayout,
    lastPayoutYield: lastPayout ? percentOfPrice(lastPayout.amount) : null,
  };
}

/** Payouts announced but not yet paid, soonest first. */
export function upcomingPayouts(payouts: readonly Payout[], now: number): Payout[] {
  const today = isoDate(now);
  return payouts.filter((payout) => payout.paymentDate !== null && payout.paymentDate >= today).reverse();
}
