import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { DAY_MS } from "~/lib/time";
import { createFinnhubProviders } from "~/market/live/finnhub/news-calendar";
import { UpstreamError } from "~/market/providers/provider";
import { memoryLogger } from "~/platform/logger.server";

import { fakeEarningsRowCap, fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";
import { denseEarnings } from "../support/upstream-quirks";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

const finnhub = (apiKey: string = fakeKeys.finnhub, logger = memoryLogger()) =>
  createFinnhubProviders({ baseUrl: `${fake.url}/finnhub`, apiKey, timeoutMs: 2000, earningsSplitAt: fakeEarningsRowCap, logger });

const newsItemKeys = ["id", "headline", "summary", "url", "image", "source", "category", "datetime", "related", "language"].sort();

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
        id: 7372633,
        headline: "Chip stocks rally on AI demand",
        summary: "Semiconductors led the market.",
        url: "https://seekingalpha.com/chips-rally",
        // A relative path would load from the app's own host: no image.
        image: null,
        source: "SeekingAlpha",
        category: "general",
        datetime: 1717433000,
        related: ["NVDA", "AMD"],
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

  it("drops an item without a URL, headline or id, or with a bad datetime, keeps the rest, and logs each once", async () => {
    const logger = memoryLogger();
    const { news } = finnhub(fakeKeys.finnhub, logger);

    const items = await news.list("general", "en");
    await news.list("general", "en");

    expect(items.map((item) => item.id)).toEqual([7372620, 7372633, 7372611]);
    expect(logger.lines.every((line) => line.level === "warn")).toBe(true);
    const lines = logger.lines.map((line) => line.message);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toMatch(/^finnhub \/news: dropped /);
    expect(lines).toEqual([
      expect.stringMatching(/id 7372630: url not an absolute http\(s\) URL/),
      expect.stringMatching(/id 7372631: datetime /),
      expect.stringMatching(/id 7372632: headline is blank/),
      expect.stringMatching(/url https:\/\/www\.bloomberg\.com\/shipping-rates: id /),
      expect.stringMatching(/id 7372634: datetime /),
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
      expect(Date.parse(query.to ?? "") - Date.parse(query.from ?? "")).toBe(7 * DAY_MS);
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
    const before = fake.calls("finnhub:earnings");
    const events = await calendar.events("2024-06-01", "2024-06-30", "pt-BR");

    // A week at a time; the rows without a symbol or with a date-time are dropped.
    expect(
      fake
        .requests("finnhub:earnings")
        .slice(before)
        .map((request) => request.query),
    ).toEqual([
      { from: "2024-06-01", to: "2024-06-07" },
      { from: "2024-06-08", to: "2024-06-14" },
      { from: "2024-06-15", to: "2024-06-21" },
      { from: "2024-06-22", to: "2024-06-28" },
      { from: "2024-06-29", to: "2024-06-30" },
    ]);
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

  it("gets every date of a month that overflows one answer, halving a slice while it comes back full", async () => {
    const logger = memoryLogger();
    // The fake, like Finnhub, cuts the whole month at the cap and loses its last dates.
    const whole = await fetch(`${fake.url}/finnhub/calendar/earnings?from=2024-10-01&to=2024-10-31`, {
      headers: { "x-finnhub-token": fakeKeys.finnhub },
    }).then((response) => response.json() as Promise<{ earningsCalendar: { date: string }[] }>);
    expect(whole.earningsCalendar).toHaveLength(fakeEarningsRowCap);
    expect(whole.earningsCalendar.map((row) => row.date)).not.toContain("2024-10-31");

    const before = fake.calls("finnhub:earnings");
    const events = await finnhub(fakeKeys.finnhub, logger).calendar.events("2024-10-01", "2024-10-31", "en");

    const answers = fake.requests("finnhub:earnings").slice(before);
    expect(answers.map(({ query }) => `${query.from}..${query.to}`).sort()).toEqual(
      [
        ...["01..07", "08..14", "15..21", "22..28", "29..31"],
        // 22..28 held 30 rows: 22..25 (24 rows: 22..23 and 24..25) and 26..28.
        ...["22..25", "22..23", "24..25", "26..28"],
        // 29..31 held 49 rows: 29..30 (37 rows: 29 and 30) and 31.
        ...["29..30", "29..29", "30..30", "31..31"],
      ]
        .map((range) => range.replace(/\d\d/g, (day) => `2024-10-${day}`))
        .sort(),
    );

    // Every report but the 30th's last five, the one day that alone holds more than an answer can.
    const expected = denseEarnings
      .filter((row) => row.date !== "2024-10-30" || row.symbol < "Q30U")
      .map((row) => `finnhub-earnings-${row.symbol}-${row.date}`);
    expect(events.map((event) => event.id)).toEqual(expected);
    expect(new Set(events.map((event) => event.date)).size).toBe(23);
    expect(logger.lines).toContainEqual({
      level: "warn",
      message: expect.stringMatching(/^finnhub \/calendar\/earnings: 20 rows for 2024-10-30 alone/),
    });
  });
});
