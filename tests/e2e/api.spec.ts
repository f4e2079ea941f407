/**
 * Issue 15, the spec's JSON API: a client written only from the spec (section 7) uses /proxy from
 * another site's page in a real browser, through the built app's whole stack (Express, the page
 * cache, React Router's middleware): CORS preflights for the sites API_CORS_ORIGINS lists, the
 * upstream shapes, provenance in headers, the OpenAPI document, and the assistant with a session
 * id the client made up.
 */
import { createServer, type Server } from "node:http";

import { expect, test } from "@playwright/test";

import { DAY_SECONDS } from "../../app/lib/time";
import { type AppServer, freePort, signUp, startAppServer } from "../support/app-server";

let app: AppServer;
/** A blank page, served from its own port: a real other site on this machine. */
let clientServer: Server;
let clientSite: string;
/** The same server under another name is another origin, one the API does not list. */
let otherSite: string;

test.describe.configure({ mode: "serial" });

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "a browser page calls the API with its own scripts");
});

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== "js-on") return;
  const port = await freePort();
  clientSite = `http://localhost:${port}`;
  otherSite = `http://127.0.0.1:${port}`;
  clientServer = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>client</title>");
  });
  await new Promise<void>((resolve) => clientServer.listen(port, "127.0.0.1", resolve));
  app = await startAppServer({ env: { API_CORS_ORIGINS: `${clientSite}, https://elsewhere.example` } });
});

test.afterAll(async () => {
  await app?.stop();
  clientServer?.close();
});

test("a client written from the spec reads every public /proxy route from another site", async ({ page }) => {
  await page.goto(`${clientSite}/`);
  // Computed here: the function below runs in the page, which has none of this module's imports.
  const chartTo = Math.floor(Date.now() / 1000);
  const chartFrom = chartTo - 31 * DAY_SECONDS;
  const seen = await page.evaluate(
    async ({ host, chartFrom, chartTo }) => {
      // Spec section 7: JSON Content-Type and Accept on every call (so the browser sends a preflight).
      const headers = { "Content-Type": "application/json", Accept: "application/json" };
      const call = async (path: string) => {
        const response = await fetch(`${host}${path}`, { headers });
        return {
          status: response.status,
          body: await response.json(),
          source: response.headers.get("X-Data-Source"),
          fetchedAt: response.headers.get("X-Data-Fetched-At"),
          stale: response.headers.get("X-Data-Stale"),
        };
      };
      const list = await call("/proxy/stocks?limit=12&page=1&sortBy=volume&sortOrder=desc");
      const ticker = list.body.stocks[0].stock as string;
      const stock = await call(`/proxy/stocks/${ticker}?range=1mo&interval=1d&modules=summaryProfile`);
      // What clients written from brapi's docs also ask for.
      const fundamentals = await call(`/proxy/stocks/${ticker}?modules=defaultKeyStatistics,financialData&dividends=true`);
      const cryptos = await call("/proxy/cryptos?vs_currency=usd&per_page=12&page=1&precision=2");
      const id = cryptos.body[0].id as string;
      const chart = await call(`/proxy/cryptos/${id}/market_chart?vs_currency=usd&from=${chartFrom}&to=${chartTo}`);
      const detail = await call(`/proxy/cryptos/${id}`);
      const search = await call("/proxy/cryptos/search?query=bit");
      const trending = await call("/proxy/cryptos/trending");
      const notFound = await call("/proxy/stocks/ZZZZ9");
      return { list, ticker, stock, fundamentals, cryptos, chart, detail, search, trending, notFound };
    },
    { host: app.url, chartFrom, chartTo },
  );

  expect(seen.list).toMatchObject({ status: 200, source: "demo", stale: "false" });
  expect(Date.parse(seen.list.fetchedAt!)).not.toBeNaN();
  expect(seen.list.body.stocks[0]).toMatchObject({
    stock: seen.ticker,
    name: expect.any(String),
    close: expect.any(Number),
    change: expect.any(Number),
  });
  const [quote] = seen.stock.body.results;
  expect(quote.historicalDataPrice.length).toBeGreaterThan(15);
  expect(quote.summaryProfile).toMatchObject({ longBusinessSummary: expect.stringMatching(/\S/), sector: expect.any(String) });
  const [facts] = seen.fundamentals.body.results;
  expect(facts).not.toHaveProperty("summaryProfile");
  expect(facts.defaultKeyStatistics).toMatchObject({
    symbol: seen.ticker,
    trailingEps: expect.any(Number),
    dividendYield: expect.any(Number),
  });
  expect(facts.financialData).toMatchObject({ symbol: seen.ticker, currentPrice: facts.regularMarketPrice });
  expect(facts.dividendsData.cashDividends[0]).toMatchObject({ label: expect.any(String), rate: expect.any(Number) });
  expect(seen.cryptos.body[0]).toMatchObject({
    id: "bitcoin",
    name: "Bitcoin",
    image: expect.any(String),
    current_price: expect.any(Number),
  });
  expect(seen.chart.body.prices.length).toBeGreaterThan(31);
  expect(seen.chart.body.market_caps).toHaveLength(seen.chart.body.prices.length);
  expect(seen.chart.body.total_volumes).toHaveLength(seen.chart.body.prices.length);
  // The browser's language is pt-BR: CoinGecko's `pt` beside `en`.
  expect(seen.detail.body.description).toEqual({ en: expect.stringMatching(/\S/), pt: expect.stringMatching(/\S/) });
  expect(seen.detail.body.categories.length).toBeGreaterThan(0);
  expect(seen.search.body.coins.slice(0, 7)[0]).toMatchObject({ id: "bitcoin", name: "Bitcoin", thumb: expect.any(String) });
  expect(seen.trending.body.coins.length).toBeGreaterThan(0);
  expect(seen.notFound).toMatchObject({ status: 404, body: { status: 404, error: "Not Found", message: "Ação não encontrada." } });
});

test("preflights: answered for the listed site, not for another; the assistant is not shared", async () => {
  const preflight = (path: string, origin: string) =>
    fetch(`${app.url}${path}`, {
      method: "OPTIONS",
      headers: { Origin: origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "content-type,accept" },
    });
  const allowed = await preflight("/proxy/cryptos/bitcoin/market_chart?from=1&to=2", clientSite);
  expect(allowed.status).toBe(204);
  expect(allowed.headers.get("access-control-allow-origin")).toBe(clientSite);
  expect(allowed.headers.get("access-control-allow-headers")).toMatch(/Content-Type/);
  expect(allowed.headers.get("vary")).toMatch(/Origin/);

  const refused = await preflight("/proxy/stocks", otherSite);
  expect(refused.status).toBe(204);
  expect(refused.headers.get("access-control-allow-origin")).toBeNull();

  const assistant = await preflight("/proxy/ai", clientSite);
  expect(assistant.headers.get("access-control-allow-origin")).toBeNull();

  // One answer per site: the allowed site's header is never handed to another.
  const forClient = await fetch(`${app.url}/proxy/currencies`, { headers: { Origin: clientSite } });
  const forOther = await fetch(`${app.url}/proxy/currencies`, { headers: { Origin: otherSite } });
  expect(forClient.headers.get("access-control-allow-origin")).toBe(clientSite);
  expect(forClient.headers.get("access-control-expose-headers")).toMatch(/X-Data-Source/);
  expect(forOther.headers.get("access-control-allow-origin")).toBeNull();
  expect(forOther.headers.get("vary")).toMatch(/Origin/);
});

test("another site's page cannot read the API", async ({ page }) => {
  await page.goto(`${otherSite}/`);
  const outcome = await page.evaluate(async (host) => {
    try {
      await fetch(`${host}/proxy/stocks`, { headers: { "Content-Type": "application/json" } });
      return "read";
    } catch {
      return "blocked";
    }
  }, app.url);
  expect(outcome).toBe("blocked");
});

test("the OpenAPI document is served, and the assistant takes the client's own session id", async () => {
  const documentResponse = await fetch(`${app.url}/proxy/openapi.json`, { headers: { Origin: clientSite } });
  expect(documentResponse.status).toBe(200);
  expect(documentResponse.headers.get("access-control-allow-origin")).toBe(clientSite);
  const document = await documentResponse.json();
  expect(document.openapi).toBe("3.1.0");
  expect(document.servers[0].url).toMatch(/^https?:\/\//);
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/proxy/stocks", "/proxy/ai", "/chat/stream"]));

  const cookie = await signUp(app, "spec_client");
  const ask = (sessionId: string, headers: Record<string, string>) =>
    fetch(`${app.url}/proxy/ai`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Origin: app.url, ...headers },
      body: JSON.stringify({ parts: [{ text: "null" }, { text: "null" }, { text: "o que é Selic?" }], sessionId }),
    });
  const reply = await ask("spec-client/session 1", { Cookie: cookie });
  expect(reply.status).toBe(200);
  expect(await reply.json()).toMatchObject({ sessionId: "spec-client/session 1", text: expect.stringMatching(/Selic/) });

  const intruder = await signUp(app, "spec_intruder");
  const taken = await ask("spec-client/session 1", { Cookie: `${intruder}; i18next=en` });
  expect(taken.status).toBe(409);
  expect((await taken.json()).message).toBe("This conversation id (sessionId) already belongs to another account. Use a new id.");
});
