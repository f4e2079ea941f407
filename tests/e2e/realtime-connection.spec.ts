/**
 * The realtime socket's life outside the happy path: a proxy that blocks WebSockets, a dropped
 * connection, and live crypto prices from the exchange stream (a fake Binance over a real
 * WebSocket), which drops and comes back too.
 */
import type { Page } from "@playwright/test";

import { type AppServer, startAppServer } from "../support/app-server";
import { type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";
import { type FakeBinance, startFakeBinance } from "../support/fake-upstreams/binance";
import { expect, javaScriptOn, ready, test } from "./fixtures";

const tickTimeout = 30_000;
const socketPath = /\/socket\.io\//;

test.beforeEach(({}, testInfo) => {
  test.skip(!javaScriptOn(testInfo.project.name), "the socket is opened by the page's scripts");
  testInfo.setTimeout(120_000);
});

/** The first crypto row's live price on /cryptos, once the page has hydrated. */
async function firstListedPrice(page: Page, base = "") {
  await page.goto(`${base}/cryptos`);
  await ready(page, "js-on");
  return page.getByTestId("crypto-table").locator("tbody tr").first().locator("[data-live-key]");
}

async function expectTicks(page: Page, base = "") {
  const price = await firstListedPrice(page, base);
  const rendered = await price.innerText();
  await expect.poll(() => price.innerText(), { timeout: tickTimeout }).not.toBe(rendered);
}

test("where a proxy blocks WebSockets, ticks arrive over long polling", async ({ page }) => {
  let refused = 0;
  await page.routeWebSocket(socketPath, (socket) => {
    refused++;
    void socket.close({ code: 1008, reason: "blocked by a proxy" });
  });
  const polled: string[] = [];
  page.on("request", (request) => {
    if (socketPath.test(request.url()) && request.url().includes("transport=polling")) polled.push(request.url());
  });
  await expectTicks(page);
  expect(polled.length).toBeGreaterThan(1);
  expect(refused).toBeGreaterThan(0);
});

test("after the connection drops, the socket reconnects and the page's prices tick again", async ({ page }) => {
  const connections: { close(): Promise<void> }[] = [];
  await page.routeWebSocket(socketPath, (socket) => {
    socket.connectToServer();
    // The page's side goes: what a browser sees when its network drops.
    connections.push({ close: () => socket.close({ code: 4000, reason: "network drop" }) });
  });
  const price = await firstListedPrice(page);
  await expect.poll(() => connections.length, { timeout: tickTimeout }).toBeGreaterThan(0);
  const rendered = await price.innerText();
  await expect.poll(() => price.innerText(), { timeout: tickTimeout }).not.toBe(rendered);

  for (const connection of connections.splice(0)) await connection.close();
  // A new connection (after the client's back-off), subscribed again without a reload.
  await expect.poll(() => connections.length, { timeout: tickTimeout }).toBeGreaterThan(0);
  const afterDrop = await price.innerText();
  await expect.poll(() => price.innerText(), { timeout: tickTimeout }).not.toBe(afterDrop);
});

test.describe("live crypto from the exchange stream", () => {
  let fake: FakeUpstream | undefined;
  let exchange: FakeBinance | undefined;
  let app: AppServer | undefined;

  test.afterEach(async () => {
    await app?.stop();
    await exchange?.close();
    await fake?.close();
    app = exchange = fake = undefined;
  });

  // A context of its own: the fake CoinGecko's images point at the real CDN, which this machine cannot reach.
  test("an exchange tick reaches the detail page, and ticks resume after the exchange drops the link", async ({ browser }) => {
    fake = await startFakeUpstream();
    exchange = await startFakeBinance();
    app = await startAppServer({
      env: {
        CRYPTO_PROVIDER: "coingecko",
        COINGECKO_BASE_URL: `${fake.url}/coingecko`,
        CRYPTO_STREAM: "binance",
        BINANCE_STREAM_URL: exchange.url,
      },
    });
    const visitor = await browser.newContext();
    await visitor.addCookies([{ name: "i18next", value: "en", url: app.url }]);
    const page = await visitor.newPage();
    await page.goto(`${app.url}/cryptos/bitcoin`);
    await ready(page, "js-on");
    const headerPrice = page.getByTestId("asset-header").getByTestId("price");
    await expect(headerPrice).toHaveAttribute("data-live-key", "crypto:bitcoin:usd");

    const subscribedAfter = (earlier: number) => () =>
      exchange!.connections
        .slice(earlier)
        .some((connection) => connection.closeCode === undefined && connection.streams.has("btcusdt@miniTicker"));
    await exchange.until(subscribedAfter(0), "the app subscribing to BTCUSDT", tickTimeout);
    exchange.miniTicker("btcusdt", { c: "123456.78000000", o: "120000.00000000", E: Date.now() });
    await expect(headerPrice).toHaveText("$123,456.78", { timeout: tickTimeout });

    // Binance cuts the link (its daily disconnect, a network fault): the app reconnects and subscribes again.
    const dropped = exchange.connections.length;
    exchange.current()!.socket.terminate();
    await exchange.until(subscribedAfter(dropped), "the app subscribing again on a new connection", tickTimeout);
    exchange.miniTicker("btcusdt", { c: "124000.50000000", o: "120000.00000000", E: Date.now() });
    await expect(headerPrice).toHaveText("$124,000.50", { timeout: tickTimeout });
    await visitor.close();
  });
});
