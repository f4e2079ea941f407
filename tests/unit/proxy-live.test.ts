import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loader as cryptoLoader } from "~/routes/proxy/crypto";
import { loader as cryptosLoader } from "~/routes/proxy/cryptos";
import { loader as currenciesLoader } from "~/routes/proxy/currencies";
import { loader as newsLoader } from "~/routes/proxy/news";
import { loader as stockLoader } from "~/routes/proxy/stock";
import type { Services } from "~/services.server";

import { manualClock } from "../support/clock";
import { fakeKeys, startFakeUpstream } from "../support/fake-upstreams";
import { contextFor } from "../support/router-context";
import { createTestServices } from "../support/services";

type Fake = Awaited<ReturnType<typeof startFakeUpstream>>;
let fake: Fake;

function liveEnv(baseUrl: string) {
  return {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ma-live-")),
    CRYPTO_PROVIDER: "coingecko",
    COINGECKO_API_KEY: fakeKeys.coingeckoDemo,
    COINGECKO_BASE_URL: `${baseUrl}/coingecko`,
    STOCKS_PROVIDER: "brapi",
    BRAPI_TOKEN: fakeKeys.brapi,
    BRAPI_BASE_URL: `${baseUrl}/brapi`,
    NEWS_PROVIDER: "finnhub",
    CALENDAR_PROVIDER: "finnhub",
    FINNHUB_API_KEY: fakeKeys.finnhub,
    FINNHUB_BASE_URL: `${baseUrl}/finnhub`,
    RATES_PROVIDER: "currency-api",
    CURRENCY_API_BASE_URL: `${baseUrl}/currency-api`,
    CURRENCY_API_FALLBACK_URL: `${baseUrl}/currency-api-fallback`,
    MARKET_CACHE_TTL_SECONDS: "1",
    UPSTREAM_TIMEOUT_MS: "300",
    UPSTREAM_RETRY_DELAY_MS: "0",
  };
}

const clock = manualClock();

/** A new instance over the same data directory: new services, new in-memory caches, the same database. */
async function restartApp(environment: Record<string, string>) {
  const services = await createTestServices({ environment, clock });
  const call = async (loader: (args: never) => Promise<Response> | Response, url: string, params = {}, headers: HeadersInit = {}) => {
    const request = new Request(`http://localhost${url}`, { headers });
    const context = await contextFor(request, services);
    const response = await loader({ request, context, params, unstable_pattern: "", url: new URL(request.url) } as never);
    return { response, status: response.status, body: (await response.json()) as any };
  };
  return { services, call };
}

/** On PostgreSQL each test services get a new database unless told which one: the restarted app keeps the first one's. */
const sameDatabase = (services: Services): Record<string, string> => {
  const { databaseUrl } = services.platform.config;
  return databaseUrl ? { DATABASE_URL: databaseUrl } : {};
};

beforeAll(async () => {
  fake = await startFakeUpstream();
});

afterAll(async () => {
  await fake.close().catch(() => {});
});

describe("/proxy routes on live providers", () => {
  it("answer normalised live data, then the last good data when the upstream dies, even after a restart", async () => {
    const environment = liveEnv(fake.url);
    let app = await restartApp(environment);

    const cryptos = await app.call(cryptosLoader, "/proxy/cryptos?per_page=2");
    expect(cryptos.status).toBe(200);
    const provenance = (response: Response) => [response.headers.get("X-Data-Source"), response.headers.get("X-Data-Stale")];
    expect(provenance(cryptos.response)).toEqual(["live", "false"]);
    expect(cryptos.body[0]).toMatchObject({ id: "bitcoin", symbol: "btc", current_price: expect.any(Number) });
    // Our own field names never leak into the upstream shape ("price" is CoinGecko's inside `sparkline_in_7d`).
    expect(JSON.stringify(cryptos.body)).not.toMatch(/"(change24h|marketCap|sparkline7d)"/);
    expect(Object.keys(cryptos.body[0])).not.toContain("price");
    expect(cryptos.body[0]).toMatchObject({ price_change_percentage_7d_in_currency: 2.41, sparkline_in_7d: { price: expect.any(Array) } });

    const stock = await app.call(stockLoader, "/proxy/stocks/PETR4?range=1mo&modules=summaryProfile", { ticker: "PETR4" });
    expect(provenance(stock.response)).toEqual(["live", "false"]);
    expect(stock.body.results[0]).toMatchObject({
      symbol: "PETR4",
      regularMarketPrice: expect.any(Number),
      summaryProfile: { longBusinessSummary: expect.stringMatching(/\S/), longBusinessSummaryLanguage: "en" },
    });
    expect(JSON.stringify(stock.body)).not.toMatch(/"(ticker|history|profile)"/);

    // brapi's modules and dividends, read from brapi and given back in its shape: fractions, ISO dates, its labels.
    const withFacts = await app.call(stockLoader, "/proxy/stocks/PETR4?modules=defaultKeyStatistics,financialData&dividends=true", {
      ticker: "PETR4",
    });
    const [quote] = withFacts.body.results;
    expect(quote.defaultKeyStatistics).toMatchObject({ trailingEps: 6.29, bookValue: 31.72, sharesOutstanding: 13044496930 });
    expect(quote.financialData.returnOnEquity).toBeCloseTo(0.2534, 10);
    expect(quote.financialData.profitMargins).toBeCloseTo(0.2011, 10);
    expect(quote.dividendsData.cashDividends).toContainEqual({
      label: "JCP",
      rate: 0.4566,
      lastDatePrior: "2024-04-25T00:00:00.000Z",
      paymentDate: "2024-05-20T00:00:00.000Z",
    });
    // The two rows brapi sends that cannot be shown (no rate; no date) are not passed on.
    expect(quote.dividendsData.cashDividends).toHaveLength(4);

    const detail = await app.call(cryptoLoader, "/proxy/cryptos/bitcoin", { id: "bitcoin" }, { Cookie: "i18next=pt-BR" });
    expect(detail.body.description).toEqual({ en: expect.stringMatching(/\S/), pt: expect.stringMatching(/\S/) });

    const news = await app.call(newsLoader, "/proxy/news?category=crypto");
    expect(news.response.headers.get("X-Data-Source")).toBe("live");
    expect(news.body.length).toBeGreaterThan(0);

    const rates = await app.call(currenciesLoader, "/proxy/currencies");
    expect(rates.response.headers.get("X-Data-Source")).toBe("live");
    expect(rates.body).toMatchObject({ base: "USD", rates: { BRL: expect.any(Number) } });

    await fake.close();
    clock.advance(1100);

    const afterDeath = await app.call(cryptosLoader, "/proxy/cryptos?per_page=2");
    expect(afterDeath.status).toBe(200);
    expect(provenance(afterDeath.response)).toEqual(["live", "true"]);
    expect(afterDeath.response.headers.get("X-Data-Fetched-At")).toBe(cryptos.response.headers.get("X-Data-Fetched-At"));
    expect(afterDeath.body).toEqual(cryptos.body);
    expect(afterDeath.response.headers.get("Cache-Control")).toMatch(/max-age=0/);

    await app.services.close();
    app = await restartApp({ ...environment, ...sameDatabase(app.services) });
    const afterRestart = await app.call(stockLoader, "/proxy/stocks/PETR4?range=1mo&modules=summaryProfile", { ticker: "PETR4" });
    expect(afterRestart.status).toBe(200);
    expect(afterRestart.body).toEqual(stock.body);

    const neverFetched = await app.call(stockLoader, "/proxy/stocks/ITUB4?range=1mo", { ticker: "ITUB4" }, { "Accept-Language": "en" });
    expect(neverFetched.status).toBe(502);
    expect(neverFetched.body).toMatchObject({
      status: 502,
      error: "Bad Gateway",
      message: "Market data is unavailable right now. Please try again later.",
    });
  });
});
