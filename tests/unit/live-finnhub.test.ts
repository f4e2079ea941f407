import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFinnhubProviders } from "~/market/live/finnhub";
import { UpstreamError } from "~/market/providers/provider";
import { fakeKeys, startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const finnhub = (apiKey: string = fakeKeys.finnhub) =>
  createFinnhubProviders({ baseUrl: `${fake.url}/finnhub`, apiKey, timeoutMs: 2000 });

const newsItemKeys = [
  "id",
  "headline",
  "summary",
  "url",
  "image",
  "source",
  "category",
  "datetime",
  "related",
  "language",
].sort();

describe("Finnhub news adapter", () => {
  it("maps the general feed newest first, with the key header", async () => {
    const items = await finnhub().news.list("general", "pt-BR");

    expect(fake.requests("finnhub:news").at(-1)).toMatchObject({
      query: { category: "general" },
      headers: { "x-finnhub-token": fakeKeys.finnhub },
    });
    expect(items).toEqual([
      {
        id: 7372620,
        headline: "Retail sales beat forecasts",
        summary: "",
        url: "https://www.reuters.com/markets/us/retail-sales-2024-06-03/",
        image: null,
        source: "Reuters",
        category: "general",
        datetime: 1717434000,
        related: ["WMT", "TGT"],
        language: "en",
      },
      {
        id: 7372611,
        headline: "Stocks edge higher as traders await jobs data",
        summary: "U.S. equities rose modestly on Monday ahead of Friday's payrolls report.",
        url: "https://www.cnbc.com/2024/06/03/stock-market-today.html",
        image: "https://image.cnbcfm.com/api/v1/image/107400001-stocks.jpg",
        source: "CNBC",
        category: "general",
        datetime: 1717430400,
        related: [],
        language: "en",
      },
    ]);
  });

  it.each(["crypto", "forex", "merger"] as const)("keeps the %s category", async (category) => {
    const items = await finnhub().news.list(category, "en");
    expect(fake.requests("finnhub:news").at(-1)?.query).toEqual({ category });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.category).toBe(category);
      expect(Object.keys(item).sort()).toEqual(newsItemKeys);
    }
  });

  it("merges the last week of company news for the large US symbols, without duplicates", async () => {
    const before = fake.calls("finnhub:company-news");
    const dayBefore = new Date().toISOString().slice(0, 10);
    const items = await finnhub().news.list("company", "es");
    const dayAfter = new Date().toISOString().slice(0, 10);

    const requests = fake.requests("finnhub:company-news").slice(before);
    expect(requests.map((request) => request.query.symbol).sort()).toEqual(["AAPL", "AMZN", "GOOGL", "MSFT", "NVDA"]);
    for (const { query } of requests) {
      expect([dayBefore, dayAfter]).toContain(query.to);
      expect(Date.parse(query.to ?? "") - Date.parse(query.from ?? "")).toBe(7 * 86_400_000);
    }
    expect(items.map((item) => item.id)).toEqual([9003, 9001, 9002, 9004, 9005]);
    expect(items[1]).toMatchObject({ category: "company", related: ["AAPL", "MSFT"], language: "en" });
  });

  it("surfaces a rejected key as 401", async () => {
    const failure = finnhub("wrong-key").news.list("general", "en");
    await expect(failure).rejects.toBeInstanceOf(UpstreamError);
    await expect(failure).rejects.toMatchObject({ status: 401, provider: "finnhub" });
  });
});

describe("Finnhub calendar adapter", () => {
  it("maps earnings to events with titles in the visitor's language and stable ids", async () => {
    const { calendar } = finnhub();
    const events = await calendar.events("2024-06-01", "2024-06-30", "pt-BR");

    expect(fake.requests("finnhub:earnings").at(-1)?.query).toEqual({ from: "2024-06-01", to: "2024-06-30" });
    expect(events).toEqual([
      {
        id: "finnhub-earnings-CASY-2024-06-11",
        date: "2024-06-11",
        kind: "earnings",
        market: "US",
        title: "Resultado trimestral — CASY (T1 2024)",
        asset: { type: "stock", id: "CASY" },
      },
      {
        id: "finnhub-earnings-ORCL-2024-06-12",
        date: "2024-06-12",
        kind: "earnings",
        market: "US",
        title: "Resultado trimestral — ORCL (T2 2024)",
        asset: { type: "stock", id: "ORCL" },
      },
      {
        id: "finnhub-earnings-THIN-2024-06-20",
        date: "2024-06-20",
        kind: "earnings",
        market: "US",
        title: "Resultado trimestral — THIN",
        asset: { type: "stock", id: "THIN" },
      },
    ]);

    const english = await calendar.events("2024-06-12", "2024-06-12", "en");
    const spanish = await calendar.events("2024-06-12", "2024-06-12", "es");
    expect(english.map((event) => event.title)).toEqual(["Quarterly earnings — ORCL (Q2 2024)"]);
    expect(spanish.map((event) => event.title)).toEqual(["Resultados trimestrales — ORCL (T2 2024)"]);
    expect(english[0]?.id).toBe(events[1]?.id);
  });
});
