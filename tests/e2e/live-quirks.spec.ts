/**
 * Issue 15, live providers that survive real answers: the built app on live providers pointed at
 * the fake upstream, whose answers carry the oddities of recorded real ones (upstream-quirks.ts).
 * No placeholder image reaches the HTML, unknown figures read "—", and malformed items vanish
 * without blanking their page. (The earnings row cap is covered by the adapter's contract test:
 * the app asks with Finnhub's real cap in mind, far above the fake's.)
 *
 * Requests only, one instance of the built app: it runs in the js-on project.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { type AppServer, startAppServer } from "../support/app-server";
import { fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

type StatLabels = { price: string; marketCap: string; volume24h: string; circulatingSupply: string };
const stats = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../locales/pt-BR/common.json"), "utf8")).market
  .stats as StatLabels;

let fake: FakeUpstream;
let app: AppServer;

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js-on", "requests only: one run is enough");
});

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== "js-on") return;
  fake = await startFakeUpstream();
  app = await startAppServer({
    env: {
      CRYPTO_PROVIDER: "coingecko",
      COINGECKO_BASE_URL: `${fake.url}/coingecko`,
      NEWS_PROVIDER: "finnhub",
      FINNHUB_API_KEY: fakeKeys.finnhub,
      FINNHUB_BASE_URL: `${fake.url}/finnhub`,
      UPSTREAM_TIMEOUT_MS: "2000",
      PAGE_CACHE_TTL_SECONDS: "0",
      TRUST_PROXY: "loopback",
    },
  });
  // The fake's candles end today, as CoinGecko's do.
  fake.setOhlcEnd(Date.now());
});

test.afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

async function page(pathname: string) {
  const response = await fetch(`${app.url}${pathname}`, { headers: { "Accept-Language": "pt-BR" } });
  const body = await response.text();
  expect(response.status, pathname).toBe(200);
  expect(body, pathname).not.toContain('data-testid="unavailable"');
  return body;
}

/** The table row linking to `href`. */
function rowOf(html: string, href: string) {
  const row = html.split("<tr").find((candidate) => candidate.includes(`href="${href}"`));
  expect(row, href).toBeDefined();
  return row ?? "";
}

/** A statistic's value as rendered in the detail page's description list. */
function statistic(html: string, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`<dt[^>]*>${escaped}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
}

test("crypto lists and details show no placeholder image and — for unknown figures", async () => {
  const list = await page("/cryptos");
  expect(list).not.toContain("missing_");
  expect(list).toContain("Bitcoin");
  // The malformed coins are gone, the rest of the page is there.
  expect(list).not.toContain("Ghost Coin");
  expect(list).not.toContain("Object Price Coin");
  // Market cap and volume were 0: unknown, not R$ 0 / US$ 0.
  const placeholder = rowOf(list, "/cryptos/placeholder-coin");
  expect(placeholder).not.toContain("<img");
  expect(placeholder.match(/>—</g)?.length).toBeGreaterThanOrEqual(2);
  // The price was null, and listed all the same.
  expect(rowOf(list, "/cryptos/no-price-coin").match(/>—</g)?.length).toBeGreaterThanOrEqual(2);

  const detail = await page("/cryptos/placeholder-coin");
  expect(detail).not.toContain("missing_");
  expect(statistic(detail, stats.marketCap)).toBe("—");
  expect(statistic(detail, stats.volume24h)).toBe("—");
  expect(statistic(detail, stats.circulatingSupply)).toBe("—");

  const smallImage = await page("/cryptos/small-image-coin");
  expect(smallImage).toContain('src="https://coin-images.coingecko.com/coins/images/99003/small/sic.png"');
  expect(statistic(smallImage, stats.price)).toBe("—");
  // "19500000.0", sent as text.
  expect(statistic(smallImage, stats.circulatingSupply)).toBe("19.500.000");
});

test("a news feed with malformed items shows the good ones", async () => {
  const news = await page("/news?category=general");
  expect(news).toContain("Stocks edge higher as traders await jobs data");
  expect(news).toContain("Chip stocks rally on AI demand");
  expect(news).not.toContain("Fed minutes due on Wednesday");
  expect(news).not.toContain("Oil slips on supply worries");
  expect(news).not.toContain("/static/images/chips.jpg");
});

test("a live crypto's chart offers candlesticks where CoinGecko has candles, and only a line where it has none", async () => {
  // bitcoin has /ohlc candles: Candles is among the chart types.
  expect(await page("/cryptos/bitcoin?range=1y")).toContain("chart=candles");
  // thin-coin's /ohlc is an empty array: its chart is the market_chart line, without Candles.
  expect(await page("/cryptos/thin-coin?range=1y")).not.toContain("chart=candles");
});
