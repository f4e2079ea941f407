/**
 * Issue 9 item 7: with every live upstream pointed at a fake that answers 500, 429, hangs, or sends
 * malformed or wrong-shaped JSON, every page still renders (cached data or a clear "unavailable"
 * state) with status 200 or a deliberate error page, never an unhandled 500, and the /proxy routes
 * answer 502 with a translated message. After a restart with a dead upstream, the data kept in
 * SQLite is shown.
 *
 * Requests only, each test with its own instance of the built app: it runs in the js-on project.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { type AppServer, signUp, startAppServer } from "../support/app-server";
import { fakeLlmKeys, type FakeLlmModes, type FakeLlmServer, startFakeLlmServer } from "../support/fake-llm-server";
import { type FakeFault, fakeKeys, type FakeRoute, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

const upstreamRoutes: FakeRoute[] = [
  "coingecko:markets",
  "coingecko:coin",
  "coingecko:chart",
  "coingecko:search",
  "coingecko:trending",
  "brapi:list",
  "brapi:quote",
  "finnhub:news",
  "finnhub:company-news",
  "finnhub:earnings",
  "currency-api:usd",
  "currency-api-fallback:usd",
];

/** The assistant's model fails alongside, in the closest way it can. */
const modelFault: Record<Exclude<FakeFault, "none">, FakeLlmModes["gemini"]> = {
  "500": "http-500",
  "429": "http-429",
  hang: "hang",
  malformed: "malformed",
  "wrong-shape": "end-early",
};

function translation(language: "pt-BR" | "en", namespace: string, key: string): string {
  const file = path.resolve(import.meta.dirname, `../../locales/${language}/${namespace}.json`);
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], JSON.parse(readFileSync(file, "utf8")));
  return String(value);
}

const marketUnavailable = {
  "pt-BR": translation("pt-BR", "common", "api.upstreamUnavailable"),
  en: translation("en", "common", "api.upstreamUnavailable"),
};

/** Every live provider on the fake upstream, the assistant on the fake model, all of it quick to give up. */
function liveEnv(fake: FakeUpstream, llm: FakeLlmServer, extra: Record<string, string> = {}) {
  return {
    CRYPTO_PROVIDER: "coingecko",
    COINGECKO_BASE_URL: `${fake.url}/coingecko`,
    STOCKS_PROVIDER: "brapi",
    BRAPI_BASE_URL: `${fake.url}/brapi`,
    BRAPI_TOKEN: fakeKeys.brapi,
    NEWS_PROVIDER: "finnhub",
    CALENDAR_PROVIDER: "finnhub",
    FINNHUB_API_KEY: fakeKeys.finnhub,
    FINNHUB_BASE_URL: `${fake.url}/finnhub`,
    RATES_PROVIDER: "currency-api",
    CURRENCY_API_BASE_URL: `${fake.url}/currency-api`,
    CURRENCY_API_FALLBACK_URL: `${fake.url}/currency-api-fallback`,
    GEMINI_API_KEY: fakeLlmKeys.gemini,
    GEMINI_BASE_URL: `${llm.url}/gemini`,
    UPSTREAM_TIMEOUT_MS: "300",
    UPSTREAM_RETRY_DELAY_MS: "20",
    ASSISTANT_TIMEOUT_MS: "300",
    PAGE_CACHE_TTL_SECONDS: "0",
    TRUST_PROXY: "loopback",
    ...extra,
  };
}

type Page = { path: string; signedIn?: boolean; expect: "unavailable" | "alert" | "page" | "not-found" | "xml" };

/** Market data on every one of these: with nothing cached, each shows the "unavailable" state. */
const marketPages: Page[] = [
  "/",
  "/cryptos",
  "/cryptos/bitcoin",
  "/stocks",
  "/stocks/PETR4",
  "/news",
  "/currency-converter",
  "/calendar",
].map((pathname) => ({ path: pathname, expect: "unavailable" }));

const pages: Page[] = [
  ...marketPages,
  { path: "/search?q=bitcoin&scope=cryptos", expect: "alert" },
  { path: "/search?q=petr&scope=stocks", expect: "alert" },
  ...["/release-notes", "/release-notes/1", "/team", "/faq", "/about-us", "/more", "/privacy-policy", "/cookie-policy"].map(
    (pathname): Page => ({ path: pathname, expect: "page" }),
  ),
  { path: "/release-notes/999999", expect: "not-found" },
  { path: "/sitemap.xml", expect: "xml" },
  ...["/user", "/user/favorite-items", "/user/register-tables", "/feedback", "/chat"].map((pathname): Page => ({
    path: pathname,
    signedIn: true,
    expect: "page",
  })),
];

const proxyRoutes = [
  "/proxy/stocks",
  "/proxy/stocks/PETR4",
  "/proxy/cryptos",
  "/proxy/cryptos/bitcoin",
  "/proxy/cryptos/bitcoin/market_chart?from=1717200000&to=1717286400",
  "/proxy/cryptos/search?query=sol",
  "/proxy/cryptos/trending",
  "/proxy/news",
  "/proxy/currencies",
];

let clients = 0;

function get(app: AppServer, pathname: string, { cookie = "", language = "pt-BR" } = {}) {
  return fetch(`${app.url}${pathname}`, {
    headers: { "Accept-Language": language, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
}

function post(app: AppServer, pathname: string, body: BodyInit, cookie = "", headers: Record<string, string> = {}) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: {
      Origin: app.url,
      "X-Forwarded-For": `2001:db8::f:${++clients}`,
      "Accept-Language": "pt-BR",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
}

const stackTrace = /\n\s+at .+:\d+:\d+\)?/;

/** Whatever the page, never the internal-error page or a stack; then what this page must show. */
async function expectPage(app: AppServer, page: Page, cookie: string) {
  const response = await get(app, page.path, { cookie: page.signedIn ? cookie : "" });
  const body = await response.text();
  const where = `${page.path}: ${body.slice(0, 300)}`;
  expect(response.status, where).toBe(page.expect === "not-found" ? 404 : 200);
  expect(body, where).not.toMatch(stackTrace);
  if (page.expect === "xml") return expect(body).toContain("<urlset");
  expect(body, where).toContain('class="site-header"');
  expect(body, where).not.toContain('data-testid="error-500"');
  if (page.expect === "unavailable") expect(body, where).toContain('data-testid="unavailable"');
  if (page.expect === "alert") expect(body, where).toContain('role="alert"');
  if (page.expect === "not-found") expect(body, where).toContain('data-testid="error-404"');
}

async function expectProxyUnavailable(app: AppServer, route: string, language: "pt-BR" | "en") {
  const response = await get(app, route, { language });
  const body = (await response.json()) as { message?: string; status?: number };
  expect(response.status, route).toBe(502);
  expect(body, route).toMatchObject({ status: 502, message: marketUnavailable[language] });
}

test.describe("every page with every live upstream failing", () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js-on", "requests only: one run is enough");
  });

  let fake: FakeUpstream | undefined;
  let llm: FakeLlmServer | undefined;
  let app: AppServer | undefined;

  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus && app) console.log(`server output:\n${app.output().slice(-5000)}`);
    await app?.stop();
    await fake?.close();
    await llm?.close();
    app = fake = llm = undefined;
  });

  async function startFailing(fault: Exclude<FakeFault, "none">, extra: Record<string, string> = {}) {
    fake = await startFakeUpstream();
    llm = await startFakeLlmServer();
    for (const route of upstreamRoutes) fake.setFault(route, fault);
    llm.setMode("gemini", modelFault[fault]);
    app = await startAppServer({ env: liveEnv(fake, llm, extra) });
    return app;
  }

  for (const fault of ["500", "429", "hang", "malformed", "wrong-shape"] as const) {
    test(`upstream fault "${fault}": pages render, /proxy answers 502`, async () => {
      test.setTimeout(60_000);
      const server = await startFailing(fault);
      const cookie = await signUp(server, `faults_${fault.replace("-", "_")}`);
      // The market cannot say whether the asset exists: the star is given the benefit of the doubt.
      const starred = await post(
        server,
        "/favorites",
        new URLSearchParams({ assetType: "crypto", assetId: "bitcoin", intent: "add" }),
        cookie,
      );
      expect(starred.status).toBe(302);

      const started = Date.now();
      await Promise.all([
        ...pages.map((page) => expectPage(server, page, cookie)),
        ...proxyRoutes.map((route, index) => expectProxyUnavailable(server, route, index % 2 ? "en" : "pt-BR")),
      ]);
      // A 429's Retry-After (7 s from the fake) holds back later calls; no visitor waits it out.
      if (fault === "429") expect(Date.now() - started).toBeLessThan(6_000);

      // The assistant's model fails too: deliberate 502s and error events with a translated message.
      const sessionId = crypto.randomUUID();
      const generationError = translation("pt-BR", "assistant", "errors.generation");
      const ai = await post(
        server,
        "/proxy/ai",
        JSON.stringify({ parts: [{ text: null }, { text: null }, { text: "o que é Selic?" }], sessionId }),
        cookie,
        { "Content-Type": "application/json" },
      );
      expect(ai.status).toBe(502);
      expect(await ai.json()).toMatchObject({ status: 502, message: generationError });
      const stream = await post(
        server,
        "/chat/stream",
        JSON.stringify({ prompt: "o que é Selic?", sessionId, lastUserMessage: null, lastBotMessage: null }),
        cookie,
        { "Content-Type": "application/json" },
      );
      expect(stream.status).toBe(200);
      const events = await stream.text();
      expect(events).toContain("event: error");
      expect(events).toContain(generationError);
      const chat = await post(server, "/chat", new URLSearchParams({ intent: "send", sessionId, prompt: "o que é Selic?" }), cookie);
      expect([302, 502]).toContain(chat.status);
      const chatPage = await chat.text();
      expect(chatPage).not.toMatch(stackTrace);
      expect(chatPage).not.toContain('data-testid="error-500"');
    });
  }

  test("with the page cache on, a failing upstream still gives pages, never an error", async () => {
    const server = await startFailing("500", { PAGE_CACHE_TTL_SECONDS: "30" });
    for (let visit = 0; visit < 2; visit++) {
      await Promise.all(marketPages.map((page) => expectPage(server, page, "")));
    }
  });

  test("after a restart with every upstream failing, pages show the data kept from before", async () => {
    test.setTimeout(90_000);
    fake = await startFakeUpstream();
    llm = await startFakeLlmServer();
    llm.setMode("gemini", "http-500");
    // Data goes stale after a second: after the restart every page needs the (failing) upstream again.
    app = await startAppServer({ env: liveEnv(fake, llm, { MARKET_CACHE_TTL_SECONDS: "1" }) });
    const shown: [string, string][] = [
      ["/cryptos", "Ethereum"],
      ["/cryptos/bitcoin", "Bitcoin"],
      ["/stocks", "ITAUUNIBANCO PN"],
      ["/stocks/PETR4", "Petróleo Brasileiro"],
      ["/news", "Stocks edge higher as traders await jobs data"],
      ["/currency-converter", "BRL"],
      ["/", "Bitcoin"],
    ];
    for (const [pathname, text] of shown) {
      const response = await get(app, pathname);
      const body = await response.text();
      expect(response.status, pathname).toBe(200);
      expect(body, pathname).not.toContain('data-testid="unavailable"');
      expect(body, pathname).toContain(text);
    }
    const beforeResponse = await get(app, "/proxy/cryptos");
    expect(beforeResponse.headers.get("X-Data-Source")).toBe("live");
    const before = await beforeResponse.json();
    expect(before).toEqual(expect.arrayContaining([expect.objectContaining({ id: "bitcoin" })]));

    for (const route of upstreamRoutes) fake.setFault(route, "500");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const callsBefore = fake.calls();
    await app.restart({ env: liveEnv(fake, llm, { MARKET_CACHE_TTL_SECONDS: "1", PAGE_CACHE_TTL_SECONDS: "30" }) });

    for (const [pathname, text] of shown) {
      const response = await get(app, pathname);
      const body = await response.text();
      expect(response.status, pathname).toBe(200);
      expect(body, pathname).not.toContain('data-testid="unavailable"');
      expect(body, pathname).not.toContain('data-testid="error-500"');
      expect(body, pathname).toContain(text);
    }
    const after = await get(app, "/proxy/cryptos");
    expect(after.status).toBe(200);
    expect([after.headers.get("X-Data-Source"), after.headers.get("X-Data-Stale")]).toEqual(["live", "true"]);
    expect(await after.json()).toEqual(before);
    // The kept data was served while the app tried the upstream again, in the background.
    await expect.poll(() => fake?.calls() ?? 0).toBeGreaterThan(callsBefore);
  });
});
