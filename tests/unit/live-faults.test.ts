import type { AddressInfo } from "node:net";
import { createServer } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { createBrapiProvider } from "~/market/live/brapi/quotes";
import { createCoinGeckoProvider } from "~/market/live/coingecko/coins";
import { createCurrencyApiProvider } from "~/market/live/currency-api/rates";
import { createFinnhubProviders } from "~/market/live/finnhub/news-calendar";
import { parseRetryAfter } from "~/market/live/http";
import { UpstreamError } from "~/market/providers/provider";

import { type FakeFault, fakeKeys, type FakeRoute, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

/** Every adapter method against every fault: one attempt, then an UpstreamError the cache layer can act on. */

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const timeoutMs = 200;
const coingecko = () => createCoinGeckoProvider({ baseUrl: `${fake.url}/coingecko`, apiKey: fakeKeys.coingeckoDemo, timeoutMs });
const brapi = () => createBrapiProvider({ baseUrl: `${fake.url}/brapi`, token: fakeKeys.brapi, timeoutMs });
const finnhub = () => createFinnhubProviders({ baseUrl: `${fake.url}/finnhub`, apiKey: fakeKeys.finnhub, timeoutMs });
const currencyApi = () =>
  createCurrencyApiProvider({
    baseUrl: `${fake.url}/currency-api`,
    fallbackBaseUrl: `${fake.url}/currency-api-fallback`,
    timeoutMs,
  });

type Case = {
  name: string;
  provider: string;
  /** Routes the fault is set on (both hosts for the feed with a fallback). */
  routes: FakeRoute[];
  /** Upstream requests one call makes: proof that nothing is retried. */
  requests: number;
  call(): Promise<unknown>;
};

const cases: Case[] = [
  {
    name: "coingecko list",
    provider: "coingecko",
    routes: ["coingecko:markets"],
    requests: 1,
    call: () => coingecko().list({ page: 1, perPage: 2, order: "market_cap_desc" }),
  },
  {
    name: "coingecko detail",
    provider: "coingecko",
    routes: ["coingecko:coin"],
    requests: 1,
    call: () => coingecko().detail("bitcoin", "en"),
  },
  {
    name: "coingecko chart",
    provider: "coingecko",
    routes: ["coingecko:chart"],
    requests: 1,
    call: () => coingecko().chart("bitcoin", 1717200000, 1717286400),
  },
  {
    name: "coingecko search",
    provider: "coingecko",
    routes: ["coingecko:search"],
    requests: 1,
    call: () => coingecko().search("sol"),
  },
  {
    name: "coingecko trending",
    provider: "coingecko",
    routes: ["coingecko:trending"],
    requests: 1,
    call: () => coingecko().trending(),
  },
  {
    name: "brapi list",
    provider: "brapi",
    routes: ["brapi:list"],
    requests: 1,
    call: () => brapi().list({ page: 1, limit: 10 }),
  },
  {
    name: "brapi detail",
    provider: "brapi",
    routes: ["brapi:quote"],
    requests: 1,
    call: () => brapi().detail("PETR4", { range: "1mo", language: "en" }),
  },
  {
    name: "finnhub news",
    provider: "finnhub",
    routes: ["finnhub:news"],
    requests: 1,
    call: () => finnhub().news.list("general", "en"),
  },
  {
    name: "finnhub company news",
    provider: "finnhub",
    routes: ["finnhub:company-news"],
    requests: 5,
    call: () => finnhub().news.list("company", "en"),
  },
  {
    name: "finnhub calendar",
    provider: "finnhub",
    routes: ["finnhub:earnings"],
    // June, a week at a time.
    requests: 5,
    call: () => finnhub().calendar.events("2024-06-01", "2024-06-30", "en"),
  },
  {
    name: "currency-api",
    provider: "currency-api",
    routes: ["currency-api:usd", "currency-api-fallback:usd"],
    requests: 2,
    call: () => currencyApi().latest(),
  },
];

const faults: { fault: FakeFault; status?: number; retryAfterSeconds?: number; message: RegExp }[] = [
  { fault: "429", status: 429, retryAfterSeconds: 7, message: /HTTP 429/ },
  { fault: "500", status: 500, message: /HTTP 500/ },
  { fault: "hang", message: new RegExp(`timed out after ${timeoutMs} ms`) },
  { fault: "malformed", message: /malformed JSON/ },
  { fault: "wrong-shape", message: /malformed body/ },
];

const allRoutes = cases.flatMap((entry) => entry.routes);
afterEach(() => {
  for (const route of allRoutes) fake.setFault(route, "none");
});

const callsTo = (routes: FakeRoute[]) => routes.reduce((sum, route) => sum + fake.calls(route), 0);

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => expect.unreachable("the call should have failed"),
    (error: unknown) => error,
  );
}

describe.each(cases)("$name", ({ provider, routes, requests, call }) => {
  it.each(faults)("turns $fault into an UpstreamError after one attempt", async ({ fault, status, retryAfterSeconds, message }) => {
    for (const route of routes) fake.setFault(route, fault);
    const before = callsTo(routes);
    const started = performance.now();

    const error = await failure(call());

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ provider, status, retryAfterSeconds });
    const text = (error as UpstreamError).message;
    expect(text).toMatch(message);
    for (const key of Object.values(fakeKeys)) expect(text).not.toContain(key);
    if (fault === "hang") expect(performance.now() - started).toBeLessThan(timeoutMs * routes.length + 1000);
    await vi.waitFor(() => expect(callsTo(routes) - before).toBe(requests));
  });
});

describe("transport failures", () => {
  it("reports an unreachable upstream as an UpstreamError without status", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const error = await failure(createBrapiProvider({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs }).list({ page: 1, limit: 1 }));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ provider: "brapi", status: undefined, retryable: true });
    expect((error as Error).message).toMatch(/network error.*ECONNREFUSED/);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.UTC(2024, 5, 3, 12, 0, 0);
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter(new Date(now + 90_000).toUTCString(), now)).toBe(90);
    expect(parseRetryAfter(new Date(now - 90_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
