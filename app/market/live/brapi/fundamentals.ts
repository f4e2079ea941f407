import { z } from "zod";

import { classifiedFacts } from "../../instrument-classification";
import type { FundamentalsProvider } from "../../providers/provider";
import type { AssetFacts, FactPart, Payout, PayoutKind } from "../../types";
import { pathSegment } from "../http";
import { list, num, positive, text } from "../schema";
import { brapiClient, type BrapiOptions } from "./client";

/** A day as brapi writes it ("2025-12-30T00:00:00.000Z", "2025-12-30", "30/12/2025", null) → YYYY-MM-DD or null. */
export function brapiDay(value: string | null): string | null {
  if (value === null) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month}-${day}`;
  // Written back from the parsed date, so 2025-02-30 (or a placeholder year 0001) is no date at all.
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number(year) >= 1900 && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null;
}

/** brapi's label of a cash payout: DIVIDENDO, JCP, RENDIMENTO, AMORTIZAÇÃO, in capitals, with or without accents. */
export function payoutKind(label: string | null): PayoutKind {
  const plain = (label ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
  if (plain.startsWith("DIVIDEND")) return "dividend";
  if (plain === "JCP" || plain.startsWith("JUROS")) return "jcp";
  if (plain.startsWith("RENDIMENTO")) return "income";
  if (plain.startsWith("AMORTIZ")) return "amortization";
  return "other";
}

const cashDividend = z.object({ label: text, rate: num, lastDatePrior: text, paymentDate: text });

// Each module is an object when the plan gives it; absent, or null, when it does not.
const keyStatistics = z.object({ trailingEps: num, bookValue: num, sharesOutstanding: positive, floatShares: positive }).nullish();
const financialData = z.object({ returnOnEquity: num, profitMargins: num, totalDebt: num, totalCash: num, ebitda: num }).nullish();

const quoteSchema = z.object({
  results: list(
    z.object({
      symbol: z.string(),
      currency: text,
      earningsPerShare: num,
      averageDailyVolume3Month: positive,
      averageDailyVolume10Day: positive,
      defaultKeyStatistics: keyStatistics,
      financialData,
      // Items are checked one by one below: one odd payout must not cost the others.
      dividendsData: z.object({ cashDividends: list(z.unknown()) }).nullish(),
    }),
  ),
});

type Quote = z.output<typeof quoteSchema>["results"][number];

/** Payouts newest first; one without an amount or any date cannot be shown, so it is left out. */
function payoutsOf(items: readonly unknown[]): Payout[] {
  const payouts: Payout[] = [];
  for (const item of items) {
    const parsed = cashDividend.safeParse(item);
    if (!parsed.success || parsed.data.rate === null || parsed.data.rate <= 0) continue;
    const { label, rate, lastDatePrior, paymentDate } = parsed.data;
    const payout = { kind: payoutKind(label), amount: rate, recordDate: brapiDay(lastDatePrior), paymentDate: brapiDay(paymentDate) };
    if (payout.recordDate !== null || payout.paymentDate !== null) payouts.push(payout);
  }
  const day = (payout: Payout) => payout.recordDate ?? payout.paymentDate ?? "";
  return payouts.sort((a, b) => day(b).localeCompare(day(a)) || (b.paymentDate ?? "").localeCompare(a.paymentDate ?? ""));
}

const percent = (fraction: number | null) => (fraction === null ? null : fraction * 100);

/** Net debt over EBITDA, when all three are known and EBITDA is positive (over a loss the ratio means nothing). */
function netDebtToEbitda(debt: number | null, cash: number | null, ebitda: number | null): number | null {
  return debt === null || cash === null || ebitda === null || ebitda <= 0 ? null : (debt - cash) / ebitda;
}

function toFacts(quote: Quote, ticker: string): AssetFacts {
  const statistics = quote.defaultKeyStatistics ?? null;
  const financial = quote.financialData ?? null;
  const missing: FactPart[] = [];
  if (statistics === null && financial === null) missing.push("fundamentals");
  if (!quote.dividendsData) missing.push("payouts");
  const shares = statistics?.sharesOutstanding ?? null;
  const floatShares = statistics?.floatShares ?? null;
  return {
    ticker: quote.symbol || ticker,
    currency: quote.currency ?? "BRL",
    earningsPerShare: statistics?.trailingEps ?? quote.earningsPerShare,
    bookValuePerShare: statistics?.bookValue ?? null,
    sharesOutstanding: shares,
    // brapi's SDK calls these "volume financeiro", as it does regularMarketVolume, which counts shares:
    // both come from the same feed and count shares per session.
    averageVolume: quote.averageDailyVolume3Month ?? quote.averageDailyVolume10Day,
    // brapi sends ratios as fractions (0.153 is 15.3%); ours are percentages.
    roe: percent(financial?.returnOnEquity ?? null),
    // brapi's modules give no ROIC.
    roic: null,
    netMargin: percent(financial?.profitMargins ?? null),
    netDebtToEbitda: netDebtToEbitda(financial?.totalDebt ?? null, financial?.totalCash ?? null, financial?.ebitda ?? null),
    freeFloat: shares !== null && floatShares !== null ? Math.min(100, (floatShares / shares) * 100) : null,
    // A fund's net worth, holders and vacancy are not in the quote modules: only its segment, from the dataset.
    ...classifiedFacts(quote.symbol || ticker),
    payouts: payoutsOf(quote.dividendsData?.cashDividends ?? []),
    missing,
  };
}

/**
 * Reported figures and payouts of B3 assets from brapi's quote modules (`defaultKeyStatistics`,
 * `financialData`) and `dividends=true`. A plan without them either leaves their keys out or refuses
 * the request (401/402/403, or 400/404 with an error body): then the plain quote tells an unknown
 * ticker (null) from a known one whose figures the plan cannot give (`missing`, shown as "—").
 */
export function createBrapiFundamentals(options: BrapiOptions = {}): FundamentalsProvider {
  const http = brapiClient(options);

  return {
    source: "live",
    async facts(ticker) {
      const segment = pathSegment(ticker.toUpperCase());
      if (segment === null) return null;
      const path = `/api/quote/${segment}`;
      const full = await http.getOrNull(
        path,
        quoteSchema,
        { modules: "defaultKeyStatistics,financialData", dividends: true, fundamental: true },
        [400, 401, 402, 403, 404],
      );
      if (full !== null) {
        const quote = full.results[0];
        return quote ? toFacts(quote, ticker) : null;
      }
      // Refused, or unknown: the plain quote, which every plan that lists the asset serves, says which.
      // A refusal of that too (a bad token, the month's quota spent) is the upstream's failure.
      const plain = await http.getOrNull(path, quoteSchema);
      const known = plain?.results[0];
      return known ? toFacts(known, ticker) : null;
    },
  };
}
