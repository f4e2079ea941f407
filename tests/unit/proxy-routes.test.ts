import { describe, expect, it } from "vitest";

import { DAY_MS, DAY_SECONDS } from "~/lib/time";

import { callLoader } from "../support/loader-call";

const routes = {
  stocks: () => import("~/routes/proxy/stocks"),
  stock: () => import("~/routes/proxy/stock"),
  cryptos: () => import("~/routes/proxy/cryptos"),
  crypto: () => import("~/routes/proxy/crypto"),
  chart: () => import("~/routes/proxy/crypto-chart"),
  search: () => import("~/routes/proxy/crypto-search"),
  trending: () => import("~/routes/proxy/crypto-trending"),
  news: () => import("~/routes/proxy/news"),
  currencies: () => import("~/routes/proxy/currencies"),
};

function expectSpecError(body: Record<string, unknown>, status: number) {
  expect(body).toMatchObject({ status, message: expect.any(String), error: expect.any(String) });
  expect(Date.parse(body.date as string)).not.toBeNaN();
}

describe("/proxy/stocks", () => {
  it("lists stocks 12 per page by default in brapi's list shape, its provenance in headers", async () => {
    const { status, body, response } = await callLoader((await routes.stocks()).loader, "/proxy/stocks");
    expect(status).toBe(200);
    expect(response.headers.get("X-Data-Source")).toBe("demo");
    expect(response.headers.get("X-Data-Stale")).toBe("false");
    expect(Math.abs(Date.parse(response.headers.get("X-Data-Fetched-At")!) - Date.now())).toBeLessThan(60_000);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect(body).not.toHaveProperty("data");
    expect(body.stocks).toHaveLength(12);
    expect(body).toMatchObject({
      currentPage: 1,
      itemsPerPage: 12,
      hasNextPage: true,
      availableSectors: expect.arrayContaining(["financials"]),
    });
    expect(body.totalCount).toBeGreaterThanOrEqual(150);
    expect(body.totalPages).toBe(Math.ceil(body.totalCount / 12));
    expect(body.stocks[0]).toEqual({
      stock: expect.any(String),
      name: expect.any(String),
      logo: expect.toBeOneOf([null, expect.any(String)]),
      close: expect.any(Number),
      change: expect.any(Number),
      volume: expect.any(Number),
      market_cap: expect.toBeOneOf([null, expect.any(Number)]),
      sector: expect.toBeOneOf([null, expect.any(String)]),
      type: expect.any(String),
      currency: expect.any(String),
    });
  });

  it("searches, filters, sorts and pages", async () => {
    const { loader } = await routes.stocks();
    const petro = await callLoader(loader, "/proxy/stocks?search=PETR&limit=6");
    expect(petro.body.stocks.map((item: { stock: string }) => item.stock)).toEqual(expect.arrayContaining(["PETR3", "PETR4"]));
    const funds = await callLoader(loader, "/proxy/stocks?type=fund&sortBy=change&sortOrder=desc&limit=50");
    const changes = funds.body.stocks.map((item: { change: number }) => item.change);
    expect(funds.body.stocks.every((item: { type: string }) => item.type === "fund")).toBe(true);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    const second = await callLoader(loader, "/proxy/stocks?page=2&limit=5");
    const first = await callLoader(loader, "/proxy/stocks?page=1&limit=5");
    expect(second.body.stocks[0].stock).not.toBe(first.body.stocks[0].stock);
    expect(second.body.currentPage).toBe(2);
  });

  it.each(["limit=0", "limit=abc", "page=-1", "sortBy=price", "sortOrder=up", "type=etf", `search=${"x".repeat(101)}`])(
    "rejects %s with 400 and a translated message",
    async (query) => {
      const { status, body } = await callLoader(
        (await routes.stocks()).loader,
        `/proxy/stocks?${query}`,
        {},
        {
          "Accept-Language": "en",
        },
      );
      expect(status).toBe(400);
      expectSpecError(body, 400);
      expect(body.message).toMatch(/^Invalid parameters: /);
    },
  );
});

describe("/proxy/stocks/{ticker}", () => {
  it("answers brapi's quote shape: history and, when asked for, the summary profile in the visitor's language", async () => {
    const { loader } = await routes.stock();
    const { status, body, response } = await callLoader(loader, "/proxy/stocks/PETR4?range=1mo&interval=1d&modules=summaryProfile", {
      ticker: "PETR4",
    });
    expect(status).toBe(200);
    expect(response.headers.get("X-Data-Source")).toBe("demo");
    expect(Date.parse(body.requestedAt)).not.toBeNaN();
    expect(body.results).toHaveLength(1);
    const [quote] = body.results;
    expect(quote).toMatchObject({
      symbol: "PETR4",
      currency: "BRL",
      usedRange: "1mo",
      usedInterval: "1d",
      regularMarketPrice: expect.any(Number),
    });
    // The absolute change is the one the percent change says.
    const previous = quote.regularMarketPrice - quote.regularMarketChange;
    expect((quote.regularMarketChange / previous) * 100).toBeCloseTo(quote.regularMarketChangePercent, 2);
    expect(quote.historicalDataPrice.length).toBeGreaterThan(15);
    expect(Object.keys(quote.historicalDataPrice[0]).sort()).toEqual(["close", "date", "high", "low", "open", "volume"]);
    // Unix seconds, as brapi sends them.
    expect(quote.historicalDataPrice.at(-1).date).toBeLessThan(Date.now() / 1000 + DAY_SECONDS);
    expect(quote.historicalDataPrice.at(-1).date).toBeGreaterThan(Date.now() / 1000 - 10 * DAY_SECONDS);
    expect(quote.summaryProfile).toMatchObject({
      symbol: "PETR4",
      longBusinessSummaryLanguage: "pt-BR",
      longBusinessSummary: expect.stringMatching(/\S/),
    });
    expect(quote.summaryProfile.sector).toBeTruthy();

    const english = await callLoader(
      loader,
      "/proxy/stocks/PETR4?modules=summaryProfile",
      { ticker: "PETR4" },
      { "Accept-Language": "en" },
    );
    expect(english.body.results[0].summaryProfile.longBusinessSummaryLanguage).toBe("en");
    expect(english.body.results[0].summaryProfile.longBusinessSummary).not.toBe(quote.summaryProfile.longBusinessSummary);

    const withoutProfile = await callLoader(loader, "/proxy/stocks/PETR4", { ticker: "PETR4" });
    expect(withoutProfile.body.results[0]).not.toHaveProperty("summaryProfile");
  });

  it("answers brapi's fundamentals modules and dividends from the figures the stock page shows, as brapi does", async () => {
    const { loader } = await routes.stock();
    const { status, body } = await callLoader(
      loader,
      "/proxy/stocks/PETR4?range=1mo&interval=1d&modules=defaultKeyStatistics,financialData,balanceSheetHistory&dividends=true",
      { ticker: "PETR4" },
    );
    expect(status).toBe(200);
    const [quote] = body.results;
    // An unknown module is ignored, as brapi ignores it.
    expect(quote).not.toHaveProperty("balanceSheetHistory");
    expect(quote).not.toHaveProperty("summaryProfile");
    const statistics = quote.defaultKeyStatistics;
    expect(statistics).toMatchObject({ symbol: "PETR4", trailingEps: expect.any(Number), bookValue: expect.any(Number) });
    // Ratios are fractions, as brapi sends them: a yield of 0.0–0.5, not a percentage.
    expect(statistics.dividendYield).toBeGreaterThan(0);
    expect(statistics.dividendYield).toBeLessThan(0.5);
    expect(quote.financialData.returnOnEquity).toBeGreaterThan(-1);
    expect(quote.financialData.returnOnEquity).toBeLessThan(1);
    expect(quote.financialData.currentPrice).toBe(quote.regularMarketPrice);
    expect(statistics.priceToBook).toBeCloseTo(quote.regularMarketPrice / statistics.bookValue, 6);
    // The yield is the last 12 months of income the payouts list says, over the price.
    const { cashDividends } = quote.dividendsData;
    expect(cashDividends.length).toBeGreaterThan(4);
    expect(cashDividends[0]).toEqual({
      label: expect.stringMatching(/^(DIVIDENDO|JCP|RENDIMENTO|AMORTIZAÇÃO|OUTROS)$/),
      rate: expect.any(Number),
      lastDatePrior: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/),
      paymentDate: expect.toBeOneOf([null, expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/)]),
    });
    const requestedAt = Date.parse(body.requestedAt);
    const yearAgo = new Date(requestedAt - 365 * DAY_MS).toISOString().slice(0, 10);
    const today = new Date(requestedAt).toISOString().slice(0, 10);
    const income = cashDividends
      .filter((item: { label: string; lastDatePrior: string }) => item.label !== "AMORTIZAÇÃO")
      .filter((item: { lastDatePrior: string }) => item.lastDatePrior.slice(0, 10) > yearAgo && item.lastDatePrior.slice(0, 10) <= today)
      .reduce((sum: number, item: { rate: number }) => sum + item.rate, 0);
    expect(statistics.dividendYield).toBeCloseTo(income / quote.regularMarketPrice, 8);

    const plain = await callLoader(loader, "/proxy/stocks/PETR4?modules=summaryProfile&dividends=false", { ticker: "PETR4" });
    expect(plain.body.results[0]).not.toHaveProperty("defaultKeyStatistics");
    expect(plain.body.results[0]).not.toHaveProperty("financialData");
    expect(plain.body.results[0]).not.toHaveProperty("dividendsData");
    expect(plain.body.results[0]).toHaveProperty("summaryProfile");
  });

  it.each([
    ["a dividends flag that is not true or false", "dividends=yes"],
    ["modules with other characters", "modules=summaryProfile;drop"],
    ["a module list past 500 characters", `modules=${"summaryProfile,".repeat(40)}`],
  ])("rejects %s with the proxy's 400", async (_case, query) => {
    const { status, body } = await callLoader(
      (await routes.stock()).loader,
      `/proxy/stocks/PETR4?${query}`,
      { ticker: "PETR4" },
      { "Accept-Language": "en" },
    );
    expect(status).toBe(400);
    expectSpecError(body, 400);
    expect(body.message).toMatch(/^Invalid parameters: (dividends|modules)\.$/);
  });

  it("404s an unknown ticker and 400s a bad range", async () => {
    const { loader } = await routes.stock();
    const unknown = await callLoader(loader, "/proxy/stocks/ZZZZ9", { ticker: "ZZZZ9" }, { "Accept-Language": "en" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Stock not found.");
    expectSpecError(unknown.body, 404);
    expect((await callLoader(loader, "/proxy/stocks/PETR4?range=2w", { ticker: "PETR4" })).status).toBe(400);
    expect((await callLoader(loader, "/proxy/stocks/PETR4?interval=1h", { ticker: "PETR4" })).status).toBe(400);
    expect((await callLoader(loader, "/proxy/stocks/%3Cscript%3E", { ticker: "<script>" })).status).toBe(404);
  });
});

describe("/proxy/cryptos", () => {
  it("lists with CoinGecko's parameters, precision and /coins/markets shape (a bare array)", async () => {
    const { body, response } = await callLoader(
      (await routes.cryptos()).loader,
      "/proxy/cryptos?vs_currency=usd&per_page=5&page=1&precision=2",
    );
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(5);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThan(100);
    expect(body[0]).toMatchObject({
      id: "bitcoin",
      symbol: "btc",
      name: "Bitcoin",
      image: expect.any(String),
      current_price: expect.any(Number),
      market_cap: expect.any(Number),
      market_cap_rank: 1,
      total_volume: expect.any(Number),
      high_24h: expect.any(Number),
      low_24h: expect.any(Number),
      price_change_percentage_24h: expect.any(Number),
      circulating_supply: expect.any(Number),
    });
    expect(body[0]).toHaveProperty("max_supply");
    for (const coin of body) {
      for (const field of ["current_price", "high_24h", "low_24h", "price_change_24h"]) {
        expect(Math.round(coin[field] * 100) / 100, field).toBe(coin[field]);
      }
    }
  });

  it.each(["vs_currency=xyz", "per_page=251", "page=0", "precision=19", "order=random"])("rejects %s", async (query) => {
    const { status, body } = await callLoader((await routes.cryptos()).loader, `/proxy/cryptos?${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Parâmetros inválidos: /);
  });

  it("answers a detail with description and categories, 404 otherwise", async () => {
    const { loader } = await routes.crypto();
    const { body } = await callLoader(loader, "/proxy/cryptos/bitcoin", { id: "bitcoin" }, { "Accept-Language": "es" });
    expect(body).toMatchObject({
      id: "bitcoin",
      symbol: "btc",
      description: { en: expect.stringMatching(/\S/), es: expect.stringMatching(/\S/) },
      image: { large: expect.any(String) },
      market_data: { current_price: { usd: expect.any(Number) }, market_cap: { usd: expect.any(Number) } },
    });
    expect(body.description.es).not.toBe(body.description.en);
    expect(body.categories.length).toBeGreaterThan(0);
    const portuguese = await callLoader(loader, "/proxy/cryptos/bitcoin", { id: "bitcoin" }, { Cookie: "i18next=pt-BR" });
    expect(Object.keys(portuguese.body.description).sort()).toEqual(["en", "pt"]);
    const english = await callLoader(loader, "/proxy/cryptos/bitcoin", { id: "bitcoin" }, { "Accept-Language": "en" });
    expect(english.body.description).toEqual({ en: body.description.en });
    expect((await callLoader(loader, "/proxy/cryptos/not-a-coin", { id: "not-a-coin" })).status).toBe(404);
    expect((await callLoader(loader, "/proxy/cryptos/..%2Fetc", { id: "../etc" })).status).toBe(404);
  });

  it("answers 31 days of market chart series", async () => {
    const to = Math.floor(Date.now() / 1000);
    const from = to - 31 * DAY_SECONDS;
    const { body } = await callLoader(
      (await routes.chart()).loader,
      `/proxy/cryptos/bitcoin/market_chart?vs_currency=usd&from=${from}&to=${to}`,
      {
        id: "bitcoin",
      },
    );
    expect(Object.keys(body).sort()).toEqual(["market_caps", "prices", "total_volumes"]);
    expect(body.prices.length).toBeGreaterThan(31 * 20);
    expect(body.market_caps).toHaveLength(body.prices.length);
    expect(body.total_volumes).toHaveLength(body.prices.length);
    // [unix milliseconds, value]
    expect(body.prices.at(-1)[0]).toBeGreaterThan((to - 2 * 3600) * 1000);
  });

  it("validates the chart range", async () => {
    const { loader } = await routes.chart();
    const now = Math.floor(Date.now() / 1000);
    for (const query of [`from=${now}&to=${now - 10}`, `from=0&to=${now}`, "from=abc&to=1", "to=1"]) {
      expect((await callLoader(loader, `/proxy/cryptos/bitcoin/market_chart?${query}`, { id: "bitcoin" })).status, query).toBe(400);
    }
  });

  it("searches (first 7) and lists trending coins", async () => {
    const search = await callLoader((await routes.search()).loader, "/proxy/cryptos/search?query=bit");
    expect(search.body.coins.length).toBeLessThanOrEqual(7);
    expect(search.body.coins[0]).toMatchObject({
      id: "bitcoin",
      name: "Bitcoin",
      symbol: "BTC",
      thumb: expect.any(String),
      market_cap_rank: 1,
    });
    expect((await callLoader((await routes.search()).loader, "/proxy/cryptos/search?query=")).status).toBe(400);
    const trending = await callLoader((await routes.trending()).loader, "/proxy/cryptos/trending");
    expect(trending.body.coins.length).toBeGreaterThan(0);
    expect(trending.body.coins[0].item).toMatchObject({
      id: expect.any(String),
      score: 0,
      data: {
        price: expect.any(Number),
        price_change_percentage_24h: { usd: expect.any(Number) },
        market_cap: expect.stringMatching(/^\$[\d,]+$/),
      },
    });
  });
});

describe("/proxy/news and /proxy/currencies", () => {
  it("pages news by category in the visitor's language", async () => {
    const { loader } = await routes.news();
    const { body, response } = await callLoader(loader, "/proxy/news?category=crypto&page=1&limit=3", {}, { Cookie: "i18next=en" });
    expect(body).toHaveLength(3);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThan(3);
    expect(body.every((item: { category: string; language: string }) => item.category === "crypto" && item.language === "en")).toBe(true);
    expect(body[0]).toMatchObject({
      id: expect.any(Number),
      datetime: expect.any(Number),
      headline: expect.any(String),
      url: expect.any(String),
      related: expect.any(String),
      image: expect.any(String),
    });
    expect((await callLoader(loader, "/proxy/news?category=sports")).status).toBe(400);
  });

  it("answers about 170 currency rates against USD", async () => {
    const { body } = await callLoader((await routes.currencies()).loader, "/proxy/currencies");
    expect(body.base).toBe("USD");
    expect(Object.keys(body.rates).length).toBeGreaterThanOrEqual(160);
    expect(body.kinds).toMatchObject({ BRL: "fiat", XAU: "metal", BTC: "crypto" });
    expect(body.rates).toMatchObject({ USD: 1, BRL: expect.any(Number), XAU: expect.any(Number), BTC: expect.any(Number) });
  });
});
