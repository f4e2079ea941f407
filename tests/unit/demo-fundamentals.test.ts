import { describe, expect, it } from "vitest";

import { DAY_MS } from "~/lib/time";
import { stockAssets } from "~/market/catalogue";
import { createDemoProviders } from "~/market/demo";
import { demoFacts, scheduledPayouts } from "~/market/demo/fundamentals";
import { fundamentalsAt, incomePerShare, upcomingPayouts } from "~/market/fundamentals";
import type { AssetFacts, Payout } from "~/market/types";

/** Wednesday 2026-11-18 15:07:30 UTC: both B3 and the US are in session. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const TODAY = "2026-11-18";

const facts = (ticker: string, at = NOW): AssetFacts => {
  const found = demoFacts(ticker, at);
  if (!found) throw new Error(`no facts for ${ticker}`);
  return found;
};
const priceOf = async (ticker: string, at = NOW) =>
  (await createDemoProviders(() => at).stocks.detail(ticker, { range: "1d", language: "pt-BR" }))!.price!;

describe("demo fundamentals: every listed asset", () => {
  it("has facts, payouts newest first, and nothing stored that depends on the price", () => {
    for (const { ticker } of stockAssets) {
      const { payouts } = facts(ticker);
      const days = payouts.map((payout) => payout.recordDate!);
      expect(days).toEqual([...days].sort().reverse());
      for (const payout of payouts) {
        expect(payout.amount).toBeGreaterThan(0);
        expect(payout.paymentDate! > payout.recordDate!).toBe(true);
      }
    }
  });

  it("is the same in any process at the same instant", () => {
    expect(facts("PETR4")).toEqual(facts("PETR4"));
    expect(demoFacts("NOPE3", NOW)).toBeNull();
  });
});

describe("figures agree with each other and with the price", () => {
  it("P/L × LPA and P/VP × VPA give back the price; ROE is LPA ÷ VPA", async () => {
    for (const ticker of ["PETR4", "ITUB4", "WEGE3", "AAPL", "MGLU3"]) {
      const price = await priceOf(ticker);
      const stock = facts(ticker);
      const figures = fundamentalsAt(stock, price, NOW);
      expect(figures.priceToEarnings! * stock.earningsPerShare!).toBeCloseTo(price, 6);
      expect(figures.priceToBook! * stock.bookValuePerShare!).toBeCloseTo(price, 6);
      expect(stock.roe).toBeCloseTo((stock.earningsPerShare! / stock.bookValuePerShare!) * 100, 6);
      expect(figures.marketValue).toBeCloseTo(price * stock.sharesOutstanding!, 0);
    }
  });

  it("DY (12 m) is the income with a record date in the last year over the price, and moves with it", async () => {
    const stock = facts("PETR4");
    const price = await priceOf("PETR4");
    const yearAgo = new Date(NOW - 365 * DAY_MS).toISOString().slice(0, 10);
    const income = stock.payouts
      .filter(({ recordDate }) => recordDate! > yearAgo && recordDate! <= TODAY)
      .reduce((sum, { amount }) => sum + amount, 0);
    expect(income).toBeGreaterThan(0);
    expect(fundamentalsAt(stock, price, NOW).dividendYield12m).toBeCloseTo((income / price) * 100, 9);
    expect(fundamentalsAt(stock, price * 2, NOW).dividendYield12m).toBeCloseTo((income / price) * 50, 9);
  });

  it("lands the demo multiples where real markets have them", async () => {
    for (const { ticker, type, exchange } of stockAssets.filter(({ type }) => type === "stock")) {
      const figures = fundamentalsAt(facts(ticker), await priceOf(ticker), NOW);
      if (figures.priceToEarnings! < 0) continue;
      expect(figures.priceToEarnings, ticker).toBeGreaterThan(2);
      expect(figures.priceToEarnings, ticker).toBeLessThan(exchange === "B3" ? 60 : 90);
      expect(figures.dividendYield12m, `${ticker} ${type}`).toBeLessThan(25);
    }
  });

  it("a company reporting a loss has a negative P/L and pays nothing; a non-payer yields zero", async () => {
    const loss = fundamentalsAt(facts("MGLU3"), await priceOf("MGLU3"), NOW);
    expect(loss.priceToEarnings).toBeLessThan(0);
    expect(loss.dividendYield12m).toBe(0);
    expect(facts("TSLA").payouts).toEqual([]);
    expect(facts("AMZO34").payouts).toEqual([]);
  });
});

describe("FIIs, ETFs and BDRs", () => {
  it("a FII pays income monthly, has a segment, net worth, holders, and no company-only figures", async () => {
    const fund = facts("HGLG11");
    expect(fund.fund).toMatchObject({ segment: "tijolo" });
    expect(fund.fund!.netWorth).toBeCloseTo(fund.bookValuePerShare! * fund.sharesOutstanding!, 0);
    expect(fund.fund!.holders).toBeGreaterThan(1000);
    expect(fund.fund!.vacancy).not.toBeNull();
    expect(facts("MXRF11").fund).toMatchObject({ segment: "papel", vacancy: null });
    expect([fund.earningsPerShare, fund.roe, fund.roic, fund.netMargin, fund.netDebtToEbitda]).toEqual([null, null, null, null, null]);
    const lastYear = fund.payouts.filter(({ recordDate }) => recordDate! <= TODAY).slice(0, 12);
    expect(lastYear.every(({ kind }) => kind === "income")).toBe(true);
    expect(new Set(lastYear.map(({ recordDate }) => recordDate!.slice(0, 7))).size).toBe(12);
    const price = await priceOf("HGLG11");
    const figures = fundamentalsAt(fund, price, NOW);
    expect(figures.dividendYield12m).toBeGreaterThan(6);
    expect(figures.dividendYield12m).toBeLessThan(13);
    expect(figures.lastPayoutYield).toBeCloseTo((figures.lastPayout!.amount / price) * 100, 9);
  });

  it("an ETF names its index; a BDR its company and how many receipts make one share", () => {
    expect(facts("BOVA11").etf).toEqual({ underlyingIndex: "Ibovespa" });
    expect(facts("BOVA11").payouts).toEqual([]);
    expect(facts("AAPL34").bdr).toEqual({ underlying: "AAPL", receiptsPerShare: 20 });
    expect(facts("AAPL34").earningsPerShare! / facts("AAPL").earningsPerShare!).toBeCloseTo(73.5 / 276, 6);
  });
});

describe("payouts over time", () => {
  it("lists a payout once announced, a month before its record date, and never before", () => {
    const [next] = scheduledPayouts("ITUB4", 2027);
    const announcedOn = Date.parse(`${next!.recordDate}T00:00:00Z`) - 30 * DAY_MS;
    const has = (at: number) => facts("ITUB4", at).payouts.some((payout) => payout.paymentDate === next!.paymentDate);
    expect(has(announcedOn - DAY_MS)).toBe(false);
    expect(has(announcedOn)).toBe(true);
  });

  it("yields count income only, over the years asked", () => {
    const payouts: Payout[] = [
      { kind: "dividend", amount: 1, recordDate: "2026-10-01", paymentDate: "2026-10-20" },
      { kind: "amortization", amount: 5, recordDate: "2026-09-01", paymentDate: "2026-09-20" },
      { kind: "jcp", amount: 0.5, recordDate: null, paymentDate: "2024-01-10" },
      { kind: "income", amount: 2, recordDate: "2026-12-01", paymentDate: "2026-12-15" },
    ];
    expect(incomePerShare(payouts, NOW, 1)).toBe(1);
    expect(incomePerShare(payouts, NOW, 5)).toBe(1.5);
    expect(upcomingPayouts(payouts, NOW).map(({ amount }) => amount)).toEqual([2]);
  });

  it("the calendar shows each announced payment on its payment date, and no unannounced one", async () => {
    const calendar = createDemoProviders(() => NOW).calendar;
    const events = await calendar.events("2026-11-01", "2027-06-30", "pt-BR");
    const payments = events.filter(({ kind, asset }) => kind === "dividend" && asset?.id === "HGLG11").map(({ date }) => date);
    const announced = facts("HGLG11")
      .payouts.map(({ paymentDate }) => paymentDate!)
      .filter((date) => date >= "2026-11-01");
    expect(payments).toEqual([...announced].sort());
    expect(payments.length).toBeGreaterThan(0);
    expect(payments.every((date) => date < "2027-01-31")).toBe(true);
  });
});
