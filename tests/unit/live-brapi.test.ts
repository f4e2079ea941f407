import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DAY_MS, DAY_SECONDS } from "~/lib/time";
import { MarketCache } from "~/market/cache.server";
import { createDemoProviders } from "~/market/demo";
import { createBrapiProvider } from "~/market/live/brapi/quotes";
import { brapiStockKind } from "~/market/live/brapi/stock-kind";
import { UpstreamError } from "~/market/providers/provider";
import { createMarketService } from "~/market/service.server";
import { classifyStock } from "~/market/stock-type";

import { fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

describe("brapi's kinds", () => {
  const classified = (ticker: string, type: string | null, subType: string | null) =>
    classifyStock(ticker, brapiStockKind({ type, subType }));

  it("maps every brapi subType to one of our four types", () => {
    const cases: [string, string, string][] = [
      ["PETR4", "stock", "stock"],
      ["TAEE11", "unit", "stock"],
      ["HGLG11", "fii", "fund"],
      ["KDIF11", "fi-infra", "fund"],
      ["KNCA11", "fi-agro", "fund"],
      ["XPPR11", "fip", "fund"],
      ["FIDC11", "fidc", "fund"],
      ["AAPL34", "bdr", "bdr"],
      ["BOVA11", "etf", "others"],
    ];
    for (const [ticker, subType, expected] of cases) {
      expect(classified(ticker, null, subType), `${ticker} (${subType})`).toBe(expected);
    }
  });

  it("trusts the subType over brapi's coarser type (an ETF is type fund)", () => {
    expect(classified("BOVA11", "fund", "etf")).toBe("others");
    expect(classified("SANB11", "stock", "unit")).toBe("stock");
  });

  it("takes a fund without a subType for a FII, and ignores a type it does not know", () => {
    expect(classified("RBVA11", "fund", null)).toBe("fund");
    expect(classified("ABCD3", "warrant", "UNKNOWN")).toBe("stock");
  });
});

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const brapi = ({ token }: { token?: string } = { token: fakeKeys.brapi }) =>
  createBrapiProvider({ baseUrl: `${fake.url}/brapi`, token, timeoutMs: 2000 });
const lastRequest = (route: "brapi:list" | "brapi:quote") => fake.requests(route).at(-1);

describe("brapi adapter", () => {
  it("maps /api/quote/list with the bearer token and the query it was given", async () => {
    const page = await brapi().list({
      search: " petr ",
      sector: "Energy Minerals",
      type: "stock",
      sortBy: "volume",
      sortOrder: "desc",
      page: 1,
      limit: 10,
    });

    expect(lastRequest("brapi:list")).toMatchObject({
      query: {
        search: "petr",
        sector: "Energy Minerals",
        type: "stock",
        sortBy: "volume",
        sortOrder: "desc",
        page: "1",
        limit: "10",
      },
      headers: { authorization: `Bearer ${fakeKeys.brapi}` },
    });
    expect(page).toEqual({
      items: [
        {
          ticker: "PETR4",
          name: "PETROBRAS PN",
          logo: "https://icons.brapi.dev/icons/PETR4.svg",
          type: "stock",
          sector: "Energy Minerals",
          currency: "BRL",
          price: 38.42,
          changePercent: 1.16,
          volume: 41234500,
          marketCap: 512345678901,
        },
      ],
      total: 1,
      page: 1,
      limit: 10,
      sectors: ["Electronic Technology", "Energy Minerals", "Finance", "Miscellaneous"],
    });
  });

  it("takes the total from totalCount, parses string numbers and tolerates sparse listings", async () => {
    const page = await brapi().list({ page: 3, limit: 2 });
    expect(page.total).toBe(9);
    expect(page.items.map((item) => item.ticker)).toEqual(["AAPL34", "THIN3"]);
    expect(page.items[0]?.type).toBe("bdr");
    expect(page.items[1]).toEqual({
      ticker: "THIN3",
      name: "THIN3",
      logo: null,
      // brapi's "warrant" is no type of ours; the ticker's 3 says it is a share.
      type: "stock",
      sector: null,
      currency: "BRL",
      price: 1.23,
      changePercent: null,
      volume: null,
      marketCap: null,
    });
    expect(JSON.stringify(page)).not.toMatch(/market_cap|"stock":|availableSectors/);
  });

  it('asks for ETFs when filtering by our "others" type', async () => {
    const page = await brapi().list({ type: "others", page: 1, limit: 10 });
    expect(lastRequest("brapi:list")?.query).toMatchObject({ subType: "etf" });
    expect(lastRequest("brapi:list")?.query).not.toHaveProperty("type");
    expect(page.items).toEqual([expect.objectContaining({ ticker: "BOVA11", type: "others" })]);
  });

  it("keeps the BDRs out of the B3 market: brapi cannot exclude a type, so they leave its page", async () => {
    const page = await brapi().list({ market: "b3", page: 1, limit: 10 });
    expect(lastRequest("brapi:list")?.query).not.toHaveProperty("type");
    expect(page.items.map((item) => item.ticker)).toEqual(["PETR4", "ITUB4", "BOVA11", "HGLG11", "THIN3", "TAEE11", "KNIP11", "KDIF11"]);
    // brapi's count still holds the BDR: an upper bound, so no page is out of reach.
    expect(page.total).toBe(9);

    const shares = await brapi().list({ market: "b3", type: "stock", page: 1, limit: 10 });
    expect(lastRequest("brapi:list")?.query).toMatchObject({ type: "stock" });
    expect(shares.items.map((item) => item.ticker)).toEqual(["PETR4", "ITUB4", "TAEE11"]);
  });

  it("answers the US market with brapi's BDRs alone, and a B3 BDR or US fund filter without a call", async () => {
    const page = await brapi().list({ market: "us", page: 1, limit: 10 });
    expect(lastRequest("brapi:list")?.query).toMatchObject({ type: "bdr" });
    expect(page.items.map((item) => [item.ticker, item.type])).toEqual([["AAPL34", "bdr"]]);
    expect(page.total).toBe(1);

    const before = fake.calls("brapi:list");
    for (const query of [
      { market: "b3", type: "bdr" },
      { market: "us", type: "stock" },
      { market: "us", type: "fund" },
    ] as const) {
      expect(await brapi().list({ ...query, page: 1, limit: 10 })).toMatchObject({ items: [], total: 0 });
    }
    expect(fake.calls("brapi:list")).toBe(before);
  });

  it("fails with 401 when the list is asked for without a token", async () => {
    const failure = brapi({}).list({ page: 1, limit: 10 });
    await expect(failure).rejects.toBeInstanceOf(UpstreamError);
    await expect(failure).rejects.toMatchObject({ status: 401, provider: "brapi" });
  });

  it("maps /api/quote/{ticker} with history and the English profile", async () => {
    const detail = await brapi().detail("petr4", { range: "1mo", language: "pt-BR" });

    expect(lastRequest("brapi:quote")).toMatchObject({
      path: "/brapi/api/quote/PETR4",
      query: { range: "1mo", interval: "1d", modules: "summaryProfile" },
    });
    expect(detail).toEqual({
      ticker: "PETR4",
      name: "Petróleo Brasileiro S.A. - Petrobras",
      logo: "https://icons.brapi.dev/icons/PETR4.svg",
      type: "stock",
      sector: "Energy",
      currency: "BRL",
      price: 38.42,
      changePercent: 1.16,
      volume: 41234500,
      marketCap: 512345678901,
      open: 38,
      high: 38.6,
      low: 37.9,
      previousClose: 37.98,
      fiftyTwoWeekHigh: 42.09,
      fiftyTwoWeekLow: 29.96,
      history: [
        { time: 1714741200, open: 37.1, high: 37.8, low: 36.9, close: 37.55, volume: 38123400 },
        { time: 1714827600, open: 37.6, high: 38.2, low: 37.4, close: 38.01, volume: 35678900 },
      ],
      profile: {
        longBusinessSummary: {
          text: "Petróleo Brasileiro S.A. explores, produces and sells oil and gas in Brazil and abroad...",
          language: "en",
        },
        sector: "Energy",
        industry: "Oil & Gas Integrated",
        website: "https://petrobras.com.br",
      },
      lastUpdated: "2024-06-03T20:07:46.000Z",
    });
  });

  it("reads the keyless tickers without a token", async () => {
    expect(await brapi({}).detail("PETR4", { range: "1d", language: "en" })).toMatchObject({ ticker: "PETR4" });
    expect(lastRequest("brapi:quote")?.headers).not.toHaveProperty("authorization");
  });

  it("tolerates a sparse quote: string numbers, null candles, no profile", async () => {
    const detail = await brapi().detail("THIN3", { range: "5d", language: "es" });
    expect(detail).toMatchObject({
      name: "THIN ON",
      price: 1.23,
      changePercent: null,
      marketCap: null,
      logo: null,
      history: [{ time: 1714827600, open: 1.2, high: 1.25, low: 1.19, close: 1.23, volume: 0 }],
      profile: { longBusinessSummary: null, sector: null, industry: null, website: null },
      lastUpdated: "2024-06-03T21:00:00.000Z",
    });
  });

  it("answers null for unknown tickers and for empty results", async () => {
    expect(await brapi().detail("NOPE3", { range: "1d", language: "en" })).toBeNull();
    expect(await brapi().detail("EMPTY3", { range: "1d", language: "en" })).toBeNull();
  });

  it("answers a search that matches nothing (brapi's HTTP 417) with an empty page, not an error", async () => {
    const page = await brapi().list({ search: "zzzz", page: 1, limit: 12 });
    expect(fake.requests("brapi:list").at(-1)?.query).toMatchObject({ search: "zzzz" });
    expect(page).toEqual({ items: [], total: 0, page: 1, limit: 12, sectors: [] });
  });

  it("classifies every listing with brapi's subType: FIIs and FI-Infra are funds, units are shares, ETFs others", async () => {
    const page = await brapi().list({ page: 1, limit: 20 });
    const types = Object.fromEntries(page.items.map((item) => [item.ticker, item.type]));
    expect(types).toMatchObject({
      PETR4: "stock",
      BOVA11: "others",
      HGLG11: "fund",
      AAPL34: "bdr",
      TAEE11: "stock",
      KNIP11: "fund",
      KDIF11: "fund",
    });
  });

  it("keeps ETFs out of the fund filter, though brapi's type=fund holds them", async () => {
    const page = await brapi().list({ type: "fund", page: 1, limit: 20 });
    expect(lastRequest("brapi:list")?.query).toMatchObject({ type: "fund" });
    expect(page.items.map((item) => item.ticker)).toEqual(["HGLG11", "KNIP11", "KDIF11"]);
  });

  it("reads brapi's zeros as unknown and its BRAPI.svg placeholder as no logo", async () => {
    const page = await brapi().list({ search: "KNIP11", page: 1, limit: 10 });
    expect(page.items[0]).toMatchObject({ ticker: "KNIP11", logo: null, volume: null, marketCap: null, price: 88.7, changePercent: 0.05 });

    const detail = await brapi().detail("KNIP11", { range: "1mo", language: "pt-BR" });
    expect(detail).toMatchObject({
      ticker: "KNIP11",
      type: "fund",
      logo: null,
      price: 88.7,
      open: null,
      high: null,
      low: null,
      volume: null,
      marketCap: null,
      fiftyTwoWeekLow: null,
      fiftyTwoWeekHigh: 92.5,
      previousClose: 88.66,
    });
  });

  it("quotes several tickers in one /api/quote request, naming each as its detail does; an unknown one is null", async () => {
    const before = fake.calls("brapi:quote");
    const quotes = await brapi().quotes(["petr4", "KNIP11", "MXRF11", "NOPE3"]);

    expect(fake.calls("brapi:quote") - before).toBe(1);
    expect(lastRequest("brapi:quote")).toMatchObject({ path: "/brapi/api/quote/PETR4,KNIP11,MXRF11,NOPE3" });
    expect([...quotes.keys()]).toEqual(["PETR4", "KNIP11", "MXRF11", "NOPE3"]);
    expect(quotes.get("PETR4")).toEqual({
      ticker: "PETR4",
      name: "Petróleo Brasileiro S.A. - Petrobras",
      logo: "https://icons.brapi.dev/icons/PETR4.svg",
      type: "stock",
      sector: null,
      currency: "BRL",
      price: 38.42,
      changePercent: 1.16,
      volume: 41234500,
      marketCap: 512345678901,
    });
    expect(quotes.get("KNIP11")).toMatchObject({ ticker: "KNIP11", type: "fund", logo: null, price: 88.7, marketCap: null });
    expect(quotes.get("MXRF11")).toMatchObject({ ticker: "MXRF11", type: "fund" });
    expect(quotes.get("NOPE3")).toBeNull();
  });

  it("asks one ticker per request once the plan refuses several, and leaves out a ticker whose request fails", async () => {
    const free = brapi({ token: fakeKeys.brapiFree });
    const before = fake.calls("brapi:quote");
    const quotes = await free.quotes(["PETR4", "KNIP11", "NOPE3"]);

    // The refused group, then one request per ticker.
    expect(fake.calls("brapi:quote") - before).toBe(4);
    expect(quotes.get("PETR4")).toMatchObject({ ticker: "PETR4", price: 38.42 });
    expect(quotes.get("KNIP11")).toMatchObject({ ticker: "KNIP11", price: 88.7 });
    expect(quotes.get("NOPE3")).toBeNull();

    const again = fake.calls("brapi:quote");
    await free.quotes(["PETR4", "KNIP11"]);
    expect(fake.calls("brapi:quote") - again).toBe(2);
    expect(
      fake
        .requests("brapi:quote")
        .slice(-2)
        .map((request) => request.path),
    ).toEqual(["/brapi/api/quote/PETR4", "/brapi/api/quote/KNIP11"]);

    // Keyless, only the free tickers answer: the others' requests are refused and they are left out.
    const keyless = await brapi({}).quotes(["PETR4", "KNIP11"]);
    expect(keyless.get("PETR4")).toMatchObject({ price: 38.42 });
    expect(keyless.has("KNIP11")).toBe(false);
  });

  it("fails a batch whose every request fails, so the cache can keep its last good quotes", async () => {
    fake.setFault("brapi:quote", "500");
    try {
      await expect(brapi().quotes(["PETR4", "KNIP11"])).rejects.toBeInstanceOf(UpstreamError);
    } finally {
      fake.setFault("brapi:quote", "none");
    }
  });
});

describe("brapi long history (5Y and Max)", () => {
  const weekS = 7 * DAY_SECONDS;

  it("asks five years of weekly candles for 5Y and everything in monthly candles for Max", async () => {
    const five = await brapi().longHistory!("petr4", "5y");
    expect(lastRequest("brapi:quote")).toMatchObject({ path: "/brapi/api/quote/PETR4", query: { range: "5y", interval: "1wk" } });
    expect(five?.range).toBe("5y");
    // 260 weeks, the one without a price dropped; string numbers read; dates in unix seconds.
    expect(five?.history).toHaveLength(259);
    expect(five?.history[1]).toMatchObject({ open: expect.any(Number), close: expect.any(Number) });
    expect(five?.history.at(-1)?.time).toBe(Date.UTC(2024, 5, 3) / 1000);
    expect(five!.history[3]!.time - five!.history[2]!.time).toBe(weekS);

    const all = await brapi().longHistory!("PETR4", "max");
    expect(lastRequest("brapi:quote")?.query).toMatchObject({ range: "max", interval: "1mo" });
    expect(all?.history.length).toBeGreaterThan(250);
    expect(all?.history.length).toBeLessThanOrEqual(300);
    expect([five?.intervalMs, all?.intervalMs]).toEqual([weekS * 1000, 28 * DAY_MS]);
  });

  it("falls back to the deepest range a plan allows, and to nothing for an unknown ticker", async () => {
    const before = fake.calls("brapi:quote");
    const capped = await brapi({ token: fakeKeys.brapiFree }).longHistory!("PETR4", "max");
    // max and 5y refused (HTTP 400), 2y answered in weekly candles.
    expect(fake.calls("brapi:quote") - before).toBe(3);
    expect(capped?.range).toBe("2y");
    expect(capped?.history.length).toBeGreaterThan(100);
    expect(await brapi().longHistory!("NOPE3", "5y")).toBeNull();
  });

  it("charts 5Y from the long history through the service, and a year when the plan gives none", async () => {
    const now = Date.UTC(2024, 5, 3, 21);
    const market = (token: string) =>
      createMarketService({ ...createDemoProviders(() => now), stocks: brapi({ token }) }, new MarketCache({ clock: { now: () => now } }));
    const five = (await market(fakeKeys.brapi).stockCandles("PETR4", "5y", "pt-BR")).data;
    expect(five?.ohlc).toBe(true);
    expect(five?.intervalMs).toBe(weekS * 1000);
    expect(five?.candles.length).toBeGreaterThan(250);
    for (const { time } of five?.candles ?? []) expect(new Date(time * 1000).getUTCDay()).toBe(1);
    // Max in monthly candles: one per month, not weekly gaps.
    const all = (await market(fakeKeys.brapi).stockCandles("PETR4", "max", "pt-BR")).data;
    expect(all?.intervalMs).toBe(28 * DAY_MS);
    expect(all?.candles.length).toBe((await brapi().longHistory!("PETR4", "max"))?.history.length);
    // THIN3 has no long history here: the detail's year (two days in the fake) stands in.
    const thin = (await market(fakeKeys.brapi).stockCandles("THIN3", "5y", "pt-BR")).data;
    expect(thin?.candles.length).toBe(1);
  });
});
