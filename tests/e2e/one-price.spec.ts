/**
 * One price everywhere (issue 15): with the live upstreams moving between two visits, every view
 * of an asset at one instant — lists, detail header and statistics, chart ends, the ticker tape,
 * the home table, favourites, a record table, the assistant and /proxy — shows one price and one
 * 24 h change, although each view's data was fetched at a different moment.
 */
import { expect, type Page, test } from "@playwright/test";

import { type AppServer, signUp, startAppServer } from "../support/app-server";
import { fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

let fake: FakeUpstream | undefined;
let app: AppServer | undefined;

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && app) console.log(`server output:\n${app.output().slice(-5000)}`);
  await app?.stop();
  await fake?.close();
  app = fake = undefined;
});

const money = /R?\$[\d,]+(?:\.\d+)?/;
const percent = /[+\-−]\d+\.\d{2}%/;

/** The price and change shown in `text` (English formatting). */
function quoteIn(text: string, where: string): { price: string; change: string | undefined; where: string } {
  const price = money.exec(text)?.[0];
  if (!price) throw new Error(`no price in ${where}: ${text.slice(0, 200)}`);
  return { price, change: percent.exec(text.slice(text.indexOf(price)))?.[0], where };
}

async function rowQuote(page: Page, href: string, where: string) {
  const row = page.locator("tr", { has: page.locator(`a[href="${href}"]`) }).first();
  // Without a crypto table's 1 h and 7 d columns: the change that must agree is the 24 h one.
  const text = await row.evaluate((tr) => {
    const headers = [...tr.closest("table")!.querySelectorAll("thead th")].map((th) => th.textContent!.trim());
    return [...tr.children]
      .filter((_, i) => !["1h", "7d"].includes(headers[i]!))
      .map((cell) => (cell as HTMLElement).innerText)
      .join("\t");
  });
  return quoteIn(text, where);
}

async function headerQuote(page: Page, where: string) {
  const header = page.getByTestId("price").locator("..");
  return quoteIn(await header.innerText(), where);
}

/** The chart's text summary ends with its last value. */
async function chartEnd(page: Page, where: string) {
  const summary = (await page.locator("figure figcaption").first().textContent()) ?? "";
  return quoteIn(summary.slice(summary.lastIndexOf("last")), where);
}

function expectOneQuote(quotes: { price: string; change: string | undefined; where: string }[]) {
  const prices = new Set(quotes.map((quote) => quote.price));
  expect(prices.size, JSON.stringify(quotes, null, 1)).toBe(1);
  const changes = new Set(quotes.flatMap((quote) => (quote.change ? [quote.change] : [])));
  expect(changes.size, JSON.stringify(quotes, null, 1)).toBe(1);
}

async function post(pathname: string, cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${app!.url}${pathname}`, {
    method: "POST",
    headers: { Origin: app!.url, Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  expect(response.status, pathname).toBe(302);
  return response.headers.get("location") ?? "";
}

/** The assistant's answer to `prompt`, streamed as the chat does it. */
async function askAssistant(cookie: string, prompt: string): Promise<string> {
  const response = await fetch(`${app!.url}/chat/stream`, {
    method: "POST",
    headers: { Origin: app!.url, Cookie: `${cookie}; i18next=en`, "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify({ prompt, sessionId: crypto.randomUUID(), lastUserMessage: null, lastBotMessage: null }),
  });
  expect(response.status).toBe(200);
  const events = (await response.text()).split("\n").filter((line) => line.startsWith("data:"));
  return events.map((line) => (JSON.parse(line.slice(5)) as { text?: string }).text ?? "").join("");
}

test("every view of an asset shows one price while the live upstream moves", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  fake = await startFakeUpstream();
  app = await startAppServer({
    env: {
      CRYPTO_PROVIDER: "coingecko",
      COINGECKO_BASE_URL: `${fake.url}/coingecko`,
      STOCKS_PROVIDER: "brapi",
      BRAPI_BASE_URL: `${fake.url}/brapi`,
      BRAPI_TOKEN: fakeKeys.brapi,
      TRUST_PROXY: "loopback",
    },
  });
  const javaScript = testInfo.project.name !== "js-off";
  const visitor = await browser.newContext({ javaScriptEnabled: javaScript });
  await visitor.addCookies([{ name: "i18next", value: "en", url: app.url }]);
  const page = await visitor.newPage();

  // Before the market moves: a crypto's and a stock's pages are seen (and cached, page and data).
  await page.goto(`${app.url}/cryptos/bitcoin`);
  const before = await headerQuote(page, "bitcoin page before");
  await page.goto(`${app.url}/stocks/PETR4`);

  // The market moves; lists and another chart range are fetched for the first time, at the new prices.
  fake.movePrices(1.03);
  await page.goto(`${app.url}/cryptos`);
  const cryptoList = await rowQuote(page, "/cryptos/bitcoin", "/cryptos");
  expect(cryptoList.price).not.toBe(before.price);
  await page.goto(`${app.url}/stocks?search=PETR4`);
  const stockList = await rowQuote(page, "/stocks/PETR4", "/stocks");

  // A signed-in user's favourites and a record table hold both assets.
  const cookie = await signUp(app, `one_price_${javaScript ? "on" : "off"}`);
  await post("/favorites", cookie, { assetType: "crypto", assetId: "bitcoin", intent: "add" });
  await post("/favorites", cookie, { assetType: "stock", assetId: "PETR4", intent: "add" });
  const tablePath = await post("/user/register-tables", cookie, { intent: "create", title: "Carteira" });
  const db = app.openDatabase();
  const favoriteIds = db.prepare("select id from favorites order by id").all() as { id: number }[];
  db.close();
  for (const { id } of favoriteIds) await post(tablePath, cookie, { intent: "addItem", favoriteId: String(id) });
  const member = await browser.newContext({ javaScriptEnabled: javaScript });
  await member.addCookies([
    ...cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: app!.url };
    }),
    { name: "i18next", value: "en", url: app.url },
  ]);
  const memberPage = await member.newPage();

  // One instant: every view, whatever it was fetched with, shows the newest quote.
  const bitcoin = [cryptoList];
  const petr4 = [stockList];
  await page.goto(`${app.url}/cryptos/bitcoin`);
  bitcoin.push(await headerQuote(page, "bitcoin page"), await chartEnd(page, "bitcoin chart"));
  for (const range of ["1d", "1mo", "1y"]) {
    await page.goto(`${app.url}/stocks/PETR4?range=${range}`);
    petr4.push(await headerQuote(page, `PETR4 ${range}`), await chartEnd(page, `PETR4 ${range} chart`));
  }
  await page.goto(`${app.url}/`);
  const tape = page.getByTestId("ticker-tape");
  bitcoin.push(quoteIn(await tape.locator('a[href="/cryptos/bitcoin"]').first().innerText(), "tape"));
  petr4.push(quoteIn(await tape.locator('a[href="/stocks/PETR4"]').first().innerText(), "tape"));
  bitcoin.push(await rowQuote(page, "/cryptos/bitcoin", "home table"));

  await memberPage.goto(`${app.url}/user/favorite-items`);
  bitcoin.push(await rowQuote(memberPage, "/cryptos/bitcoin", "favourites"));
  petr4.push(await rowQuote(memberPage, "/stocks/PETR4", "favourites"));
  await memberPage.goto(`${app.url}${tablePath}`);
  bitcoin.push(await rowQuote(memberPage, "/cryptos/bitcoin", "record table"));
  petr4.push(await rowQuote(memberPage, "/stocks/PETR4", "record table"));

  bitcoin.push(quoteIn(await askAssistant(cookie, "What is the price of bitcoin?"), "assistant"));
  petr4.push(quoteIn(await askAssistant(cookie, "What is the price of PETR4?"), "assistant"));

  expectOneQuote(bitcoin);
  expectOneQuote(petr4);
  const proxy = (await (await fetch(`${app.url}/proxy/cryptos/bitcoin`, { headers: { "Accept-Language": "en" } })).json()) as never;
  const proxyPrice = proxyCryptoPrice(proxy);
  expect(`$${proxyPrice.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).toBe(cryptoList.price);
  await visitor.close();
  await member.close();
});

/** The price in a /proxy crypto detail, in the spec's CoinGecko shape. */
function proxyCryptoPrice(body: { market_data?: { current_price?: { usd?: number } } }): number {
  return body.market_data?.current_price?.usd ?? Number.NaN;
}
