import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { callLoader } from "../support/loader-call";

beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "ma-proxy-"));
});

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
  it("lists stocks 12 per page by default, marked as demonstration data", async () => {
    const { status, body, response } = await callLoader((await routes.stocks()).loader, "/proxy/stocks");
    expect(status).toBe(200);
    expect(body.source).toBe("demo");
    expect(body.data.items).toHaveLength(12);
    expect(body.data.total).toBeGreaterThanOrEqual(150);
    expect(body.data.items[0]).toMatchObject({ ticker: expect.any(String), name: expect.any(String), price: expect.any(Number) });
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
  });

  it("searches, filters, sorts and pages", async () => {
    const { loader } = await routes.stocks();
    const petro = await callLoader(loader, "/proxy/stocks?search=PETR&limit=6");
    expect(petro.body.data.items.map((item: { ticker: string }) => item.ticker)).toEqual(
      expect.arrayContaining(["PETR3", "PETR4"]),
    );
    const funds = await callLoader(loader, "/proxy/stocks?type=fund&sortBy=change&sortOrder=desc&limit=50");
    const changes = funds.body.data.items.map((item: { changePercent: number }) => item.changePercent);
    expect(funds.body.data.items.every((item: { type: string }) => item.type === "fund")).toBe(true);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    const second = await callLoader(loader, "/proxy/stocks?page=2&limit=5");
    const first = await callLoader(loader, "/proxy/stocks?page=1&limit=5");
    expect(second.body.data.items[0].ticker).not.toBe(first.body.data.items[0].ticker);
  });

  it.each(["limit=0", "limit=abc", "page=-1", "sortBy=price", "sortOrder=up", "type=etf", `search=${"x".repeat(101)}`])(
    "rejects %s with 400 and a translated message",
    async (query) => {
      const { status, body } = await callLoader((await routes.stocks()).loader, `/proxy/stocks?${query}`, {}, {
        "Accept-Language": "en",
      });
      expect(status).toBe(400);
      expectSpecError(body, 400);
      expect(body.message).toMatch(/^Invalid parameters: /);
    },
  );
});

describe("/proxy/stocks/{ticker}", () => {
  it("answers history and summary profile", async () => {
    const { status, body } = await callLoader(
      (await routes.stock()).loader,
      "/proxy/stocks/PETR4?range=1mo&interval=1d&modules=summaryProfile",
      { ticker: "PETR4" },
    );
    expect(status).toBe(200);
    expect(body.data.ticker).toBe("PETR4");
    expect(body.data.history.length).toBeGreaterThan(15);
    expect(body.data.profile.longBusinessSummary).toMatchObject({ language: "pt-BR", text: expect.stringMatching(/\S/) });
    expect(body.data.profile.sector).toBeTruthy();
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
  it("lists with CoinGecko's parameters and precision", async () => {
    const { body } = await callLoader(
      (await routes.cryptos()).loader,
      "/proxy/cryptos?vs_currency=usd&per_page=5&page=1&precision=2",
    );
    expect(body.data.items).toHaveLength(5);
    expect(body.data.items[0].id).toBe("bitcoin");
    for (const item of body.data.items) expect(Math.round(item.price * 100) / 100).toBe(item.price);
  });

  it.each(["vs_currency=xyz", "per_page=251", "page=0", "precision=19", "order=random"])("rejects %s", async (query) => {
    const { status, body } = await callLoader((await routes.cryptos()).loader, `/proxy/cryptos?${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Parâmetros inválidos: /);
  });

  it("answers a detail with description and categories, 404 otherwise", async () => {
    const { loader } = await routes.crypto();
    const { body } = await callLoader(loader, "/proxy/cryptos/bitcoin", { id: "bitcoin" }, { "Accept-Language": "es" });
    expect(body.data).toMatchObject({ id: "bitcoin", symbol: "btc", description: { language: "es" } });
    expect(body.data.categories.length).toBeGreaterThan(0);
    expect((await callLoader(loader, "/proxy/cryptos/not-a-coin", { id: "not-a-coin" })).status).toBe(404);
    expect((await callLoader(loader, "/proxy/cryptos/..%2Fetc", { id: "../etc" })).status).toBe(404);
  });

  it("answers 31 days of market chart series", async () => {
    const to = Math.floor(Date.now() / 1000);
    const from = to - 31 * 24 * 3600;
    const { body } = await callLoader((await routes.chart()).loader, `/proxy/cryptos/bitcoin/market_chart?vs_currency=usd&from=${from}&to=${to}`, {
      id: "bitcoin",
    });
    expect(body.data.prices.length).toBeGreaterThan(31 * 20);
    expect(body.data.marketCaps).toHaveLength(body.data.prices.length);
    expect(body.data.totalVolumes).toHaveLength(body.data.prices.length);
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
    expect(search.body.data.length).toBeLessThanOrEqual(7);
    expect(search.body.data[0]).toMatchObject({ id: "bitcoin", name: "Bitcoin" });
    expect((await callLoader((await routes.search()).loader, "/proxy/cryptos/search?query=")).status).toBe(400);
    const trending = await callLoader((await routes.trending()).loader, "/proxy/cryptos/trending");
    expect(trending.body.data.length).toBeGreaterThan(0);
  });
});

describe("/proxy/news and /proxy/currencies", () => {
  it("pages news by category in the visitor's language", async () => {
    const { loader } = await routes.news();
    const { body } = await callLoader(loader, "/proxy/news?category=crypto&page=1", {}, { Cookie: "i18next=en" });
    expect(body.data.items.length).toBeGreaterThan(0);
    expect(body.data.items.every((item: { category: string; language: string }) => item.category === "crypto" && item.language === "en")).toBe(true);
    expect((await callLoader(loader, "/proxy/news?category=sports")).status).toBe(400);
  });

  it("answers about 170 currency rates against USD", async () => {
    const { body } = await callLoader((await routes.currencies()).loader, "/proxy/currencies");
    expect(body.data.base).toBe("USD");
    expect(Object.keys(body.data.rates).length).toBeGreaterThanOrEqual(160);
    expect(body.data.rates).toMatchObject({ USD: 1, BRL: expect.any(Number), XAU: expect.any(Number), BTC: expect.any(Number) });
  });
});
