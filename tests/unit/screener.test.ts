import { describe, expect, it } from "vitest";

import { csvField, toCsv } from "~/lib/csv";
import type { Fundamentals } from "~/market/fundamentals";
import { matches, pageOf, screen, screenerCsvRows, type ScreenerFilter, type ScreenerRow, sortRows, viewOf } from "~/market/screener";
import type { AssetFacts, StockType } from "~/market/types";
import { readScreenerQuery } from "~/screens/screener-query.server";

import { contextFor, routeArgs } from "../support/router-context";

type RowSpec = {
  ticker: string;
  type?: StockType;
  sector?: string | null;
  segment?: "tijolo" | "papel";
  currency?: string;
  price?: number | null;
  pe?: number | null;
  dy?: number | null;
  roe?: number | null;
  marketValue?: number | null;
  /** Money in reais, when the listing's currency is another. */
  reais?: number;
};

function row({
  ticker,
  type = "stock",
  sector = "energy",
  segment,
  currency = "BRL",
  price = 10,
  pe = null,
  dy = null,
  roe = null,
  marketValue = null,
  reais = 1,
}: RowSpec): ScreenerRow {
  const facts: AssetFacts = {
    ticker,
    currency,
    earningsPerShare: null,
    bookValuePerShare: null,
    sharesOutstanding: null,
    averageVolume: null,
    roe,
    roic: null,
    netMargin: null,
    netDebtToEbitda: null,
    freeFloat: null,
    fund: segment ? { segment, netWorth: null, holders: null, vacancy: null } : null,
    etf: null,
    bdr: null,
    payouts: [],
    missing: [],
  };
  const fundamentals: Fundamentals = {
    priceToEarnings: pe,
    priceToBook: null,
    dividendYield12m: dy,
    dividendYield5y: null,
    marketValue,
    averageDailyLiquidity: null,
    lastPayout: null,
    lastPayoutYield: null,
  };
  return {
    item: {
      ticker,
      name: `${ticker} S.A.`,
      logo: null,
      type,
      sector,
      currency,
      price,
      changePercent: 1,
      volume: 1,
      marketCap: marketValue,
    },
    market: currency === "BRL" ? "b3" : "us",
    facts,
    fundamentals,
    reais: {
      price: price === null ? null : price * reais,
      liquidity: null,
      marketValue: marketValue === null ? null : marketValue * reais,
    },
  };
}

const all: Omit<ScreenerFilter, "sort" | "order"> = { ranges: {} };
const tickers = (rows: readonly ScreenerRow[]) => rows.map((found) => found.item.ticker);

describe("screener filters", () => {
  const rows = [
    row({ ticker: "AAAA3", pe: 5, dy: 12 }),
    row({ ticker: "BBBB3", pe: 15, dy: 4 }),
    row({ ticker: "HGLG11", type: "fund", sector: "funds", segment: "tijolo", dy: 10 }),
    row({ ticker: "KNCR11", type: "fund", sector: "funds", segment: "papel", dy: 9.99 }),
    row({ ticker: "NOPE3", pe: null, dy: null }),
  ];
  const kept = (filter: Partial<ScreenerFilter>) => tickers(rows.filter((found) => matches(found, { ...all, ...filter })));

  it("keeps a type, a company sector or a fund segment", () => {
    expect(kept({ type: "fund" })).toEqual(["HGLG11", "KNCR11"]);
    expect(kept({ sector: "papel" })).toEqual(["KNCR11"]);
    expect(kept({ sector: "energy" })).toEqual(["AAAA3", "BBBB3", "NOPE3"]);
  });

  it("bounds an indicator with a minimum only, a maximum only, or both (inclusive); unknown values never match a bound", () => {
    expect(kept({ ranges: { dy: { min: 10 } } })).toEqual(["AAAA3", "HGLG11"]);
    expect(kept({ ranges: { pe: { max: 5 } } })).toEqual(["AAAA3"]);
    expect(kept({ ranges: { pe: { min: 5, max: 15 } } })).toEqual(["AAAA3", "BBBB3"]);
    expect(kept({ type: "fund", ranges: { dy: { min: 10 } } })).toEqual(["HGLG11"]);
    expect(kept({ ranges: { pe: {} } })).toEqual(tickers(rows));
  });

  it("reads money bounds in millions of reais, comparing other currencies in reais", () => {
    const money = [
      row({ ticker: "BRL3", marketValue: 3_000_000 }),
      row({ ticker: "USD", currency: "USD", marketValue: 1_000_000, reais: 5 }),
    ];
    const over = (min: number) => tickers(money.filter((found) => matches(found, { ranges: { marketValue: { min } } })));
    expect(over(4)).toEqual(["USD"]);
    expect(over(3)).toEqual(["BRL3", "USD"]);
  });
});

describe("screener sorting and paging", () => {
  const rows = [
    row({ ticker: "CCCC3", pe: 8 }),
    row({ ticker: "AAAA3", pe: null }),
    row({ ticker: "BBBB3", pe: -2 }),
    row({ ticker: "DDDD3", pe: 30 }),
  ];

  it("sorts either way with unknown values last", () => {
    expect(tickers(sortRows(rows, "pe", "asc"))).toEqual(["BBBB3", "CCCC3", "DDDD3", "AAAA3"]);
    expect(tickers(sortRows(rows, "pe", "desc"))).toEqual(["DDDD3", "CCCC3", "BBBB3", "AAAA3"]);
    expect(tickers(sortRows(rows, "ticker", "asc"))).toEqual(["AAAA3", "BBBB3", "CCCC3", "DDDD3"]);
  });

  it("compares prices in reais across currencies", () => {
    const mixed = [row({ ticker: "BRL3", price: 100 }), row({ ticker: "USD", currency: "USD", price: 30, reais: 5 })];
    expect(tickers(sortRows(mixed, "price", "desc"))).toEqual(["USD", "BRL3"]);
  });

  it("pages the result and shows the last page for a page past the end", () => {
    const many = Array.from({ length: 30 }, (_, index) => index);
    expect(pageOf(many, 1, 12)).toEqual({ items: many.slice(0, 12), page: 1, total: 30 });
    expect(pageOf(many, 3, 12).items).toEqual(many.slice(24));
    expect(pageOf(many, 9, 12).page).toBe(3);
    expect(pageOf([], 2, 12)).toEqual({ items: [], page: 1, total: 0 });
  });

  it("screens: filter then sort", () => {
    expect(tickers(screen(rows, { ranges: { pe: { min: 0 } }, sort: "pe", order: "desc" }))).toEqual(["DDDD3", "CCCC3"]);
  });
});

describe("the screener's query", () => {
  const read = (query: string, language: "pt-BR" | "en" = "pt-BR") => readScreenerQuery(new URLSearchParams(query), language);

  it("reads bounds as people type them in their language, negatives and percent signs included", () => {
    const { query, errors } = read("type=fund&dyMin=10,5&peMin=-3&roeMax=20%25&mvMin=1.000");
    expect(errors).toEqual({});
    expect(query.type).toBe("fund");
    expect(query.ranges.dy).toEqual({ min: 10.5, max: undefined });
    expect(query.ranges.pe).toEqual({ min: -3, max: undefined });
    expect(query.ranges.roe).toEqual({ min: undefined, max: 20 });
    expect(read("dyMin=10.5", "en").query.ranges.dy?.min).toBe(10.5);
  });

  it("marks a bound that is no number and still applies the rest", () => {
    const { query, errors, input } = read("type=fund&dyMin=abc&peMax=12");
    expect(errors).toEqual({ dyMin: "errors.number" });
    expect(input.dyMin).toBe("abc");
    expect(query.type).toBe("fund");
    expect(query.ranges.dy).toEqual({ min: undefined, max: undefined });
    expect(query.ranges.pe?.max).toBe(12);
  });

  it("refuses a minimum above its maximum, keeping the minimum", () => {
    const { query, errors } = read("pbMin=3&pbMax=1");
    expect(errors).toEqual({ pbMax: "errors.inverted" });
    expect(query.ranges.pb).toEqual({ min: 3, max: undefined });
  });

  it("falls back to defaults for junk choices, sorts and pages", () => {
    const { query, input, errors } = read("type=crypto&market=mars&sort=evil&order=up&page=-4&perPage=7");
    expect(errors).toEqual({});
    expect(query).toMatchObject({ type: undefined, market: undefined, sort: "marketValue", order: "desc", page: 1, perPage: 12 });
    expect(input).toMatchObject({ type: "", market: "", sort: "marketValue", order: "desc" });
  });
});

describe("CSV", () => {
  it("neutralises text a spreadsheet would run, and leaves numbers as they are", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(-1.5)).toBe("-1.5");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField("Itaú, S.A.")).toBe('"Itaú, S.A."');
  });

  it("writes a header row and one row per asset, numbers unformatted with a dot, unknown values empty", () => {
    const csv = toCsv(screenerCsvRows([viewOf(row({ ticker: "AAAA3", pe: 5.123456, dy: null, marketValue: 1234567.891 }))]));
    expect(csv).toBe(
      "ticker,name,type,sector,currency,price,change_percent,pe,pb,dividend_yield_12m,roe,avg_daily_liquidity,market_value\r\n" +
        "AAAA3,AAAA3 S.A.,stock,energy,BRL,10,1,5.1235,,,,,1234567.89\r\n",
    );
  });
});

describe("the screener's loaders", () => {
  it("renders FIIs with a 12-month yield of at least 10%, sorted by it, with translated errors for bad bounds", async () => {
    const { loader } = await import("~/routes/screener");
    const request = new Request("http://localhost/screener?type=fund&dyMin=10&sort=dy&order=desc&perPage=48&peMax=abc");
    const data = await loader(routeArgs(request, await contextFor(request)));
    expect(data.errors).toEqual({ peMax: "errors.number" });
    expect(data.result!.total).toBeGreaterThan(0);
    const dys = data.result!.rows.map((found) => found.dy!);
    for (const found of data.result!.rows) expect(found.type).toBe("fund");
    for (const dy of dys) expect(dy).toBeGreaterThanOrEqual(10);
    expect(dys).toEqual([...dys].sort((a, b) => b - a));
    expect(data.meta.title).toBe("Filtro de ações");
  });

  it("covers every listed asset and pages them", async () => {
    const { loader } = await import("~/routes/screener");
    const request = new Request("http://localhost/screener?perPage=24&page=2&lng=en");
    const data = await loader(routeArgs(request, await contextFor(request)));
    expect(data.result!.total).toBe(233);
    expect(data.result!.rows).toHaveLength(24);
    expect(data.result!.page).toBe(2);
    expect(data.meta.title).toBe("Stock screener");
  });

  it("exports every matching row as CSV, in the page's order", async () => {
    const { loader: page } = await import("~/routes/screener");
    const { loader: csv } = await import("~/routes/screener-csv");
    const query = "type=fund&dyMin=10&sort=pe&order=asc";
    const pageRequest = new Request(`http://localhost/screener?${query}&perPage=96`);
    const shown = await page(routeArgs(pageRequest, await contextFor(pageRequest)));
    const csvRequest = new Request(`http://localhost/screener.csv?${query}`);
    const response = await csv(routeArgs(csvRequest, await contextFor(csvRequest)));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^ticker,name,type,/);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(shown.result!.rows.map((found) => found.ticker));
  });
});
