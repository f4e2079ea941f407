import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { stockAssets } from "~/market/catalogue";
import { createBrapiProvider } from "~/market/live/brapi/quotes";
import { createFinnhubStocks } from "~/market/live/finnhub/stocks";
import { createUsStockProvider } from "~/market/live/finnhub/us-stocks";
import { createTwelveData } from "~/market/live/twelve-data/candles";
import { UpstreamError } from "~/market/providers/provider";
import { marketSourcesEnv, providersFor, upstreamsOf } from "~/market/providers/sources.server";
import { stocksByMarket } from "~/market/providers/stocks-by-market";
import { stockRanges } from "~/market/types";
import { parseEnv } from "~/platform/env.server";
import { memoryLogger } from "~/platform/logger.server";
import { configSections } from "~/services.server";

import { fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.setFault("twelve-data:time-series", "none");
  fake.setFault("finnhub:quote", "none");
});

/** A fresh provider (empty memos) on the fake upstream; `clock` moves the memos' time. */
function usProvider({ twelveDataKey = fakeKeys.twelveData as string, clock = () => Date.now() } = {}) {
  return createUsStockProvider({
    finnhub: createFinnhubStocks({ apiKey: fakeKeys.finnhub, baseUrl: `${fake.url}/finnhub`, timeoutMs: 2000 }),
    candles: createTwelveData({ apiKey: twelveDataKey, baseUrl: `${fake.url}/twelve-data`, timeoutMs: 2000 }),
    clock,
  });
}

const seriesCalls = () => fake.calls("twelve-data:time-series");
const usTickers = stockAssets.filter((asset) => asset.exchange !== "B3").map((asset) => asset.ticker);

describe("US stocks: Finnhub quotes and profiles, Twelve Data candles", () => {
  it("builds a detail from the three answers, with the auth each upstream expects", async () => {
    const detail = await usProvider().detail("aapl", { range: "1mo", language: "pt-BR" });

    expect(fake.requests("finnhub:quote").at(-1)).toMatchObject({
      query: { symbol: "AAPL" },
      headers: { "x-finnhub-token": fakeKeys.finnhub },
    });
    expect(fake.requests("finnhub:profile2").at(-1)?.query).toEqual({ symbol: "AAPL" });
    expect(fake.requests("twelve-data:time-series").at(-1)).toMatchObject({
      query: { symbol: "AAPL", interval: "1day", outputsize: "270" },
      headers: { authorization: `apikey ${fakeKeys.twelveData}` },
    });
    // The key never travels in a URL.
    expect(JSON.stringify(fake.requests("twelve-data:time-series").at(-1)?.query)).not.toContain(fakeKeys.twelveData);

    expect(detail).toMatchObject({
      ticker: "AAPL",
      name: "Apple Inc.",
      logo: "https://static2.finnhub.io/file/publicdatany/finnhubimage/stock_logo/AAPL.png",
      type: "stock",
      currency: "USD",
      price: 194.03,
      changePercent: 0.9259,
      open: 192.9,
      high: 194.99,
      low: 192.52,
      previousClose: 192.25,
      volume: 40_000_000,
      marketCap: Math.round(194.03 * 15334.08e6),
      profile: { website: "https://www.apple.com/", longBusinessSummary: { language: "pt-BR" } },
      lastUpdated: "2024-06-03T20:00:00.000Z",
    });
    const history = detail?.history ?? [];
    // One month of weekdays before the last trade: 2024-05-06 … 2024-06-03.
    expect(history).toHaveLength(21);
    expect(history[0]?.time).toBe(Date.parse("2024-05-06T14:30:00Z") / 1000);
    // The day of the quote is the live quote, not Twelve Data's earlier view of it.
    expect(history.at(-1)).toEqual({
      time: Date.parse("2024-06-03T14:30:00Z") / 1000,
      open: 192.9,
      high: 194.99,
      low: 192.52,
      close: 194.03,
      volume: 40_000_000,
    });
    expect(detail?.fiftyTwoWeekHigh).toBeGreaterThan(detail?.fiftyTwoWeekLow ?? Infinity);
  });

  it("cuts every chart range from one year of candles fetched once, each ending at the headline price", async () => {
    const provider = usProvider();
    await provider.detail("AAPL", { range: "1y", language: "en" });
    const before = seriesCalls();
    const lengths: Record<string, number> = {};
    for (const range of stockRanges) {
      const detail = await provider.detail("AAPL", { range, language: "en" });
      expect(detail?.history.at(-1)?.close, range).toBe(detail?.price);
      lengths[range] = detail?.history.length ?? 0;
    }
    expect(seriesCalls()).toBe(before);
    expect(lengths).toEqual({ "1d": 1, "5d": 5, "1mo": 21, "3mo": 66, "6mo": 131, "1y": 261 });
  });

  it("fetches the candles again after an hour", async () => {
    let now = Date.parse("2026-01-01T12:00:00Z");
    const provider = usProvider({ clock: () => now });
    await provider.detail("AAPL", { range: "1mo", language: "en" });
    now += 59 * 60 * 1000;
    await provider.detail("AAPL", { range: "3mo", language: "en" });
    const before = seriesCalls();
    now += 2 * 60 * 1000;
    await provider.detail("AAPL", { range: "3mo", language: "en" });
    expect(seriesCalls()).toBe(before + 1);
  });

  it("never spends a Twelve Data credit on the 1-day range (the ticker tape asks nine symbols at once)", async () => {
    const before = seriesCalls();
    const detail = await usProvider().detail("MSFT", { range: "1d", language: "es" });
    expect(seriesCalls()).toBe(before);
    expect(detail).toMatchObject({ ticker: "MSFT", price: 413.52, volume: null, fiftyTwoWeekHigh: null, fiftyTwoWeekLow: null });
    expect(detail?.history).toEqual([
      { time: Date.parse("2024-06-03T14:30:00Z") / 1000, open: 415.53, high: 416.75, low: 408.92, close: 413.52, volume: 0 },
    ]);
  });

  it("answers null for a symbol Finnhub does not know (HTTP 200 with every number 0) without asking for candles", async () => {
    const before = seriesCalls();
    expect(await usProvider().detail("NOPE", { range: "1mo", language: "en" })).toBeNull();
    expect(seriesCalls()).toBe(before);
  });

  it("tolerates a thin profile and a symbol Twelve Data does not know", async () => {
    const detail = await usProvider().detail("NVDA", { range: "3mo", language: "en" });
    expect(detail).toMatchObject({ ticker: "NVDA", name: "NVIDIA Corporation", logo: null, price: 1150, marketCap: 2_828_750e6 });
    expect(detail?.history.map((candle) => candle.close)).toEqual([1150]);
  });

  it("reads Twelve Data's errors inside HTTP 200: a spent quota is a retryable 429, a bad key a final 401", async () => {
    fake.setFault("twelve-data:time-series", "429");
    const provider = usProvider();
    const spent = provider.detail("AAPL", { range: "1mo", language: "en" });
    await expect(spent).rejects.toBeInstanceOf(UpstreamError);
    await expect(spent).rejects.toMatchObject({ status: 429, provider: "twelve-data", retryable: true });

    // A failure is not remembered: the next call asks again and succeeds.
    fake.setFault("twelve-data:time-series", "none");
    expect((await provider.detail("AAPL", { range: "1mo", language: "en" }))?.history).toHaveLength(21);

    const badKey = usProvider({ twelveDataKey: "wrong" }).detail("AAPL", { range: "1mo", language: "en" });
    await expect(badKey).rejects.toMatchObject({ status: 401, retryable: false });
    await expect(badKey).rejects.not.toThrow(/wrong/);
  });

  it("lists the embedded US names with live numbers, sorted across all of them", async () => {
    const [quotesBefore, profilesBefore] = [fake.calls("finnhub:quote"), fake.calls("finnhub:profile2")];
    const page = await usProvider().list({ sortBy: "change", sortOrder: "desc", page: 1, limit: 4 });
    expect(page.total).toBe(usTickers.length);
    // Every quote to sort, but profiles only for the rows shown: Finnhub allows 60 calls a minute.
    expect(fake.calls("finnhub:quote") - quotesBefore).toBe(usTickers.length);
    expect(fake.calls("finnhub:profile2") - profilesBefore).toBe(4);
    // Symbols the fake's Finnhub does not know answer zeros: unknown numbers, sorted last.
    expect(page.items.map((item) => [item.ticker, item.changePercent])).toEqual([
      ["NVDA", 4.8954],
      ["AAPL", 0.9259],
      ["MSFT", -0.3878],
      [expect.any(String), null],
    ]);
    expect(page.items[0]).toMatchObject({ name: "NVIDIA Corporation", type: "stock", currency: "USD", price: 1150 });

    const search = await usProvider().list({ search: "apple", page: 1, limit: 12 });
    expect(search.items.map((item) => item.ticker)).toEqual(["AAPL"]);
    expect((await usProvider().list({ type: "fund", page: 1, limit: 12 })).total).toBe(0);
  });
});

describe("stocks by market", () => {
  const combined = () =>
    stocksByMarket(createBrapiProvider({ baseUrl: `${fake.url}/brapi`, token: fakeKeys.brapi, timeoutMs: 2000 }), usProvider());

  it("sends US tickers to the US provider and B3 tickers to brapi", async () => {
    const provider = combined();
    const quotesBefore = fake.calls("brapi:quote");
    expect(await provider.detail("AAPL", { range: "1mo", language: "en" })).toMatchObject({ ticker: "AAPL", currency: "USD" });
    expect(fake.calls("brapi:quote")).toBe(quotesBefore);
    expect(await provider.detail("PETR4", { range: "1mo", language: "en" })).toMatchObject({ ticker: "PETR4", currency: "BRL" });
    expect(await provider.detail("HGLG11", { range: "1mo", language: "en" })).toBeNull();
  });

  it("lists B3 first and the US names after them, as one sequence of pages", async () => {
    const provider = combined();
    const first = await provider.list({ page: 1, limit: 6 });
    expect(first.total).toBe(9 + usTickers.length);
    expect(first.items.map((item) => item.currency)).toEqual(Array(6).fill("BRL"));

    const second = await provider.list({ page: 2, limit: 6 });
    expect(second.items.map((item) => item.ticker)).toEqual(["TAEE11", "KNIP11", "KDIF11", ...usTickers.slice(0, 3)]);
    expect(second.items.slice(3).every((item) => item.currency === "USD" && item.price !== undefined)).toBe(true);

    const third = await provider.list({ page: 3, limit: 6 });
    expect(third.items.map((item) => item.ticker)).toEqual(usTickers.slice(3, 9));

    // A fund filter is B3's alone; a search finds both markets.
    const funds = await provider.list({ type: "fund", page: 1, limit: 12 });
    expect(funds.items.map((item) => item.ticker)).toEqual(["HGLG11", "KNIP11", "KDIF11"]);
    const apple = await provider.list({ search: "AAPL", page: 1, limit: 12 });
    expect(apple.items.map((item) => item.ticker)).toEqual(["AAPL34", "AAPL"]);
  });

  it("honours the market: B3 without BDRs or US names, US as brapi's BDRs then the US names", async () => {
    const provider = combined();
    const b3 = await provider.list({ market: "b3", page: 1, limit: 12 });
    expect(b3.items.map((item) => item.ticker)).toEqual(["PETR4", "ITUB4", "BOVA11", "HGLG11", "THIN3", "TAEE11", "KNIP11", "KDIF11"]);
    expect(b3.total).toBe(9);

    const us = await provider.list({ market: "us", page: 1, limit: 12 });
    expect(fake.requests("brapi:list").at(-1)?.query).toMatchObject({ type: "bdr" });
    expect(us.items.map((item) => item.ticker)).toEqual(["AAPL34", ...usTickers.slice(0, 11)]);
    expect(us.total).toBe(1 + usTickers.length);

    // US shares are no B3 name: brapi is not asked for them.
    const before = fake.calls("brapi:list");
    const usShares = await provider.list({ market: "us", type: "stock", page: 1, limit: 12 });
    expect(usShares.items.every((item) => item.currency === "USD")).toBe(true);
    expect(usShares.total).toBe(usTickers.length);
    expect(fake.calls("brapi:list")).toBe(before);
  });

  it("is what the app runs with STOCKS_PROVIDER=brapi and both keys, and not without them", async () => {
    const env = {
      STOCKS_PROVIDER: "brapi",
      BRAPI_TOKEN: fakeKeys.brapi,
      BRAPI_BASE_URL: `${fake.url}/brapi`,
      FINNHUB_API_KEY: fakeKeys.finnhub,
      FINNHUB_BASE_URL: `${fake.url}/finnhub`,
      TWELVE_DATA_API_KEY: fakeKeys.twelveData,
      TWELVE_DATA_BASE_URL: `${fake.url}/twelve-data`,
    };
    const live = providersFor(marketSourcesEnv().parse(env), { timeoutMs: 8000, logger: memoryLogger() }).stocks;
    // The ticker tape's US symbols come back live (1-day range), without a Twelve Data call.
    const before = seriesCalls();
    const tape = await Promise.all(
      ["AAPL", "MSFT", "NVDA", "PETR4"].map((ticker) => live.detail(ticker, { range: "1d", language: "pt-BR" })),
    );
    expect(tape.map((detail) => [detail?.ticker, detail?.currency, detail?.price])).toEqual([
      ["AAPL", "USD", 194.03],
      ["MSFT", "USD", 413.52],
      ["NVDA", "USD", 1150],
      ["PETR4", "BRL", 38.42],
    ]);
    expect(seriesCalls()).toBe(before);

    const off = providersFor(marketSourcesEnv().parse({ ...env, US_STOCKS_PROVIDER: "none" }), {
      timeoutMs: 8000,
      logger: memoryLogger(),
    }).stocks;
    await expect(off.detail("MSFT", { range: "1d", language: "en" })).resolves.toBeNull();
  });
});

describe("US stocks configuration", () => {
  it("turns on with brapi and both keys, or with US_STOCKS_PROVIDER=finnhub", () => {
    const keys = { FINNHUB_API_KEY: "f", TWELVE_DATA_API_KEY: "t" };
    const usUpstreams = (env: Record<string, string>) =>
      upstreamsOf(parseEnv(env, undefined, configSections).marketSources, "usStocks").map((upstream) => upstream.id);
    expect(usUpstreams({})).toEqual([]);
    expect(usUpstreams(keys)).toEqual([]);
    expect(usUpstreams({ STOCKS_PROVIDER: "brapi", FINNHUB_API_KEY: "f" })).toEqual([]);
    expect(usUpstreams({ STOCKS_PROVIDER: "brapi", ...keys })).toEqual(["finnhub", "twelve-data"]);
    expect(usUpstreams({ STOCKS_PROVIDER: "brapi", US_STOCKS_PROVIDER: "finnhub", ...keys })).toEqual(["finnhub", "twelve-data"]);
    expect(usUpstreams({ STOCKS_PROVIDER: "brapi", US_STOCKS_PROVIDER: "none", ...keys })).toEqual([]);
  });

  it("names what is missing for US_STOCKS_PROVIDER=finnhub", () => {
    expect(() =>
      parseEnv({ STOCKS_PROVIDER: "brapi", US_STOCKS_PROVIDER: "finnhub", FINNHUB_API_KEY: "f" }, undefined, configSections),
    ).toThrow(/TWELVE_DATA_API_KEY: is required when US_STOCKS_PROVIDER=finnhub/);
    expect(() =>
      parseEnv({ US_STOCKS_PROVIDER: "finnhub", FINNHUB_API_KEY: "f", TWELVE_DATA_API_KEY: "t" }, undefined, configSections),
    ).toThrow(/US_STOCKS_PROVIDER: needs STOCKS_PROVIDER=brapi/);
    expect(() => parseEnv({ TWELVE_DATA_BASE_URL: "not a url" }, undefined, configSections)).toThrow(/TWELVE_DATA_BASE_URL/);
  });
});
