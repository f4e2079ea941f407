import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { MarketCache } from "~/market/cache.server";
import { fundamentalsAt } from "~/market/fundamentals";
import { brapiDay, createBrapiFundamentals, payoutKind } from "~/market/live/brapi/fundamentals";
import { createFinnhubFundamentals } from "~/market/live/finnhub/fundamentals";
import { UpstreamError } from "~/market/providers/provider";
import { marketSourcesEnv, providersFor } from "~/market/providers/sources.server";
import { createMarketService } from "~/market/service.server";
import { memoryLogger } from "~/platform/logger.server";

import { fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setFault("brapi:quote", "none");
  fake.setFault("finnhub:metric", "none");
});

const brapi = (token: string | undefined = fakeKeys.brapi) =>
  createBrapiFundamentals({ baseUrl: `${fake.url}/brapi`, token, timeoutMs: 2000 });
const finnhub = () => createFinnhubFundamentals({ apiKey: fakeKeys.finnhub, baseUrl: `${fake.url}/finnhub`, timeoutMs: 2000 });
const quoteCalls = () => fake.calls("brapi:quote");

describe("brapi fundamentals", () => {
  it("maps the modules (fractions to percent) and the dividends of a full plan, newest first", async () => {
    const facts = await brapi().facts("petr4");

    expect(fake.requests("brapi:quote").at(-1)).toMatchObject({
      path: "/brapi/api/quote/PETR4",
      query: { modules: "defaultKeyStatistics,financialData", dividends: "true" },
      headers: { authorization: `Bearer ${fakeKeys.brapi}` },
    });
    expect(facts).toMatchObject({
      ticker: "PETR4",
      currency: "BRL",
      earningsPerShare: 6.29,
      bookValuePerShare: 31.72,
      sharesOutstanding: 13044496930,
      averageVolume: 38234500,
      roic: null,
      fund: null,
      etf: null,
      bdr: null,
      missing: [],
    });
    expect(facts?.roe).toBeCloseTo(25.34, 10);
    expect(facts?.netMargin).toBeCloseTo(20.11, 10);
    expect(facts?.netDebtToEbitda).toBeCloseTo((312345000000 - 67456000000) / 251234000000, 10);
    expect(facts?.freeFloat).toBeCloseTo((4534200000 / 13044496930) * 100, 10);
    // Mixed date formats, a rate as a string; the row without a rate and the one without any date are left out.
    expect(facts?.payouts).toEqual([
      { kind: "dividend", amount: 0.5414, recordDate: "2024-08-21", paymentDate: "2024-09-20" },
      { kind: "jcp", amount: 0.2012, recordDate: "2024-08-21", paymentDate: null },
      { kind: "jcp", amount: 0.4566, recordDate: "2024-04-25", paymentDate: "2024-05-20" },
      { kind: "dividend", amount: 0.9654, recordDate: "2023-11-21", paymentDate: "2023-12-20" },
    ]);
  });

  it("gives ratios that agree with the price shown", async () => {
    const facts = await brapi().facts("PETR4");
    if (!facts) throw new Error("PETR4 has facts");
    const price = 41.3;
    const now = Date.parse("2024-09-01T15:00:00Z");
    const ratios = fundamentalsAt(facts, price, now);

    expect((ratios.priceToEarnings ?? 0) * 6.29).toBeCloseTo(price, 10);
    expect((ratios.priceToBook ?? 0) * 31.72).toBeCloseTo(price, 10);
    expect(ratios.marketValue).toBeCloseTo(price * 13044496930, 0);
    expect(ratios.averageDailyLiquidity).toBeCloseTo(price * 38234500, 0);
    // Twelve months back from 2024-09-01: all four payouts (record dates 2023-11-21 to 2024-08-21).
    expect(ratios.dividendYield12m).toBeCloseTo(((0.5414 + 0.2012 + 0.4566 + 0.9654) / price) * 100, 10);
    expect(ratios.lastPayout).toEqual(facts.payouts[0]);
  });

  it("lists a FII's income and amortisation apart, its segment from the dataset, its figures missing", async () => {
    const facts = await brapi().facts("MXRF11");

    expect(facts).toMatchObject({
      ticker: "MXRF11",
      earningsPerShare: null,
      bookValuePerShare: null,
      averageVolume: 3987654,
      fund: { segment: "papel", netWorth: null, holders: null, vacancy: null },
      missing: ["fundamentals"],
    });
    expect(facts?.payouts).toEqual([
      { kind: "income", amount: 0.09, recordDate: "2024-05-31", paymentDate: "2024-06-14" },
      { kind: "income", amount: 0.09, recordDate: "2024-04-30", paymentDate: "2024-05-14" },
      { kind: "amortization", amount: 0.05, recordDate: "2024-04-30", paymentDate: "2024-05-14" },
    ]);
    // Amortisation gives capital back: the yield counts the two incomes only.
    const ratios = fundamentalsAt(facts!, 10.12, Date.parse("2024-06-03T15:00:00Z"));
    expect(ratios.dividendYield12m).toBeCloseTo((0.18 / 10.12) * 100, 10);
    expect(ratios.lastPayout?.kind).toBe("income");
  });

  it("reads numbers sent as strings, and gives no net debt/EBITDA over a negative EBITDA", async () => {
    expect(await brapi().facts("THIN3")).toMatchObject({
      earningsPerShare: -0.12,
      bookValuePerShare: 0.98,
      sharesOutstanding: 250000000,
      averageVolume: null,
      roe: -12.24,
      netMargin: null,
      netDebtToEbitda: null,
      freeFloat: null,
      payouts: [],
      missing: [],
    });
  });

  it("marks both parts missing when the plan leaves the module keys out", async () => {
    const facts = await brapi(fakeKeys.brapiBasic).facts("PETR4");

    expect(facts).toMatchObject({ ticker: "PETR4", bookValuePerShare: null, roe: null, payouts: [], missing: ["fundamentals", "payouts"] });
    expect(fundamentalsAt(facts!, 38.42, Date.parse("2024-09-01T15:00:00Z"))).toMatchObject({
      dividendYield12m: null,
      lastPayoutYield: null,
    });
  });

  it("marks both parts missing when the plan refuses them (402 with an error body), after one plain quote", async () => {
    const before = quoteCalls();
    const facts = await brapi(fakeKeys.brapiFree).facts("MXRF11");

    expect(facts).toMatchObject({ ticker: "MXRF11", payouts: [], fund: { segment: "papel" }, missing: ["fundamentals", "payouts"] });
    expect(quoteCalls() - before).toBe(2);
    expect(fake.requests("brapi:quote").at(-1)?.query).toEqual({});
  });

  it("answers null for a ticker brapi does not know, and for an answer without results", async () => {
    await expect(brapi().facts("ZZZZ3")).resolves.toBeNull();
    await expect(brapi().facts("EMPTY3")).resolves.toBeNull();
    await expect(brapi().facts(" .. ")).resolves.toBeNull();
  });

  it("fails with UpstreamError when brapi is down or the token is refused for the plain quote too", async () => {
    fake.setFault("brapi:quote", "500");
    await expect(brapi().facts("PETR4")).rejects.toMatchObject({ name: "UpstreamError", status: 500 });
    fake.setFault("brapi:quote", "none");
    const refused = brapi("not-a-token").facts("PETR4");
    await expect(refused).rejects.toBeInstanceOf(UpstreamError);
    await expect(refused).rejects.toMatchObject({ status: 401 });
  });

  it("reads brapi's days and labels in all their forms", () => {
    expect(brapiDay("2025-12-30T00:00:00.000Z")).toBe("2025-12-30");
    expect(brapiDay("2025-12-30")).toBe("2025-12-30");
    expect(brapiDay("30/12/2025")).toBe("2025-12-30");
    expect([brapiDay(null), brapiDay("2025-02-30"), brapiDay("0001-01-01T00:00:00.000Z"), brapiDay("soon")]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(
      ["DIVIDENDO", "JCP", "Juros sobre capital próprio", "RENDIMENTO", "AMORTIZAÇÃO", "AMORTIZACAO", "BONIFICAÇÃO", null].map(payoutKind),
    ).toEqual(["dividend", "jcp", "jcp", "income", "amortization", "amortization", "other", "other"]);
  });
});

describe("Finnhub fundamentals", () => {
  it("maps the free metrics (percent as percent, millions to units) and the profile's share count; payouts missing", async () => {
    const facts = await finnhub().facts("aapl");

    expect(fake.requests("finnhub:metric").at(-1)).toMatchObject({
      query: { symbol: "AAPL", metric: "all" },
      headers: { "x-finnhub-token": fakeKeys.finnhub },
    });
    expect(facts).toEqual({
      ticker: "AAPL",
      currency: "USD",
      earningsPerShare: 6.4284,
      bookValuePerShare: 4.8373,
      sharesOutstanding: 15334080000,
      averageVolume: 52294060,
      roe: 147.25,
      roic: 55.74,
      netMargin: 26.31,
      netDebtToEbitda: null,
      freeFloat: null,
      fund: null,
      etf: null,
      bdr: null,
      payouts: [],
      missing: ["payouts"],
    });
    const ratios = fundamentalsAt(facts!, 190.5, Date.parse("2024-06-03T15:00:00Z"));
    expect((ratios.priceToEarnings ?? 0) * 6.4284).toBeCloseTo(190.5, 10);
    expect(ratios.dividendYield12m).toBeNull();
  });

  it("falls back to the basic EPS and annual book value, reads strings, and marks a symbol without metrics", async () => {
    expect(await finnhub().facts("MSFT")).toMatchObject({
      earningsPerShare: 11.5501,
      bookValuePerShare: 32.2449,
      averageVolume: 18510000,
      roe: 38.49,
      roic: null,
      missing: ["payouts"],
    });
    expect(await finnhub().facts("NVDA")).toMatchObject({
      earningsPerShare: null,
      sharesOutstanding: null,
      missing: ["fundamentals", "payouts"],
    });
    await expect(finnhub().facts("ZZZZ")).resolves.toBeNull();
  });

  it("marks the figures missing when the plan refuses the metrics (403), keeping the profile's share count", async () => {
    expect(await finnhub().facts("TSM")).toMatchObject({
      ticker: "TSM",
      earningsPerShare: null,
      sharesOutstanding: 5186080000,
      missing: ["fundamentals", "payouts"],
    });
  });

  it("fails with UpstreamError when Finnhub is down", async () => {
    fake.setFault("finnhub:metric", "500");
    await expect(finnhub().facts("AAPL")).rejects.toMatchObject({ name: "UpstreamError", provider: "finnhub", status: 500 });
  });
});

describe("fundamentals in the app's providers", () => {
  const env = {
    STOCKS_PROVIDER: "brapi",
    BRAPI_TOKEN: fakeKeys.brapi,
    BRAPI_BASE_URL: `http://placeholder/brapi`,
    FINNHUB_API_KEY: fakeKeys.finnhub,
    FINNHUB_BASE_URL: `http://placeholder/finnhub`,
    TWELVE_DATA_API_KEY: fakeKeys.twelveData,
    TWELVE_DATA_BASE_URL: `http://placeholder/twelve-data`,
  };
  const live = (overrides: Record<string, string> = {}) => {
    const urls = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.replace("http://placeholder", fake.url)]));
    return providersFor(marketSourcesEnv().parse({ ...urls, ...overrides }), { timeoutMs: 8000, logger: memoryLogger() }).fundamentals;
  };

  it("come from the upstream that serves the stock: brapi for B3, Finnhub for the US when configured", async () => {
    const fundamentals = live();
    const metricCalls = fake.calls("finnhub:metric");

    expect(fundamentals.source).toBe("live");
    expect((await fundamentals.facts("PETR4"))?.bookValuePerShare).toBe(31.72);
    expect((await fundamentals.facts("AAPL"))?.bookValuePerShare).toBe(4.8373);
    expect(fake.calls("finnhub:metric")).toBe(metricCalls + 1);

    // Without the US provider brapi serves every ticker, as it does the quotes: it does not know AAPL.
    await expect(live({ US_STOCKS_PROVIDER: "none" }).facts("AAPL")).resolves.toBeNull();
    expect(fake.calls("finnhub:metric")).toBe(metricCalls + 1);
  });

  it("are the embedded ones without a live stock provider", () => {
    expect(providersFor(marketSourcesEnv().parse({}), { timeoutMs: 8000, logger: memoryLogger() }).fundamentals.source).toBe("demo");
  });
});

describe("live fundamentals through the market cache", () => {
  it("ask brapi once per ticker while fresh, and serve the last good answer when it fails", async () => {
    let now = Date.parse("2024-09-01T15:00:00Z");
    const env = { STOCKS_PROVIDER: "brapi", BRAPI_TOKEN: fakeKeys.brapi, BRAPI_BASE_URL: `${fake.url}/brapi` };
    const providers = providersFor(marketSourcesEnv().parse(env), { timeoutMs: 8000, logger: memoryLogger() });
    const market = createMarketService(providers, new MarketCache({ clock: { now: () => now }, retries: 0, ttlMs: 60_000 }));
    const before = quoteCalls();

    const first = await market.stockFacts("petr4");
    expect(first).toMatchObject({ source: "live", stale: false, data: { ticker: "PETR4", bookValuePerShare: 31.72 } });
    await market.stockFacts("PETR4");
    expect(quoteCalls() - before).toBe(1);

    fake.setFault("brapi:quote", "500");
    now += 120_000;
    const stale = await market.stockFacts("PETR4");
    expect(stale).toMatchObject({ stale: true, data: { bookValuePerShare: 31.72 } });
  });
});
