import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DAY_SECONDS } from "~/lib/time";
import { MarketCache } from "~/market/cache.server";
import { cryptoAssets } from "~/market/catalogue";
import { readCryptoCurrency } from "~/market/crypto-currency.server";
import { createDemoProviders } from "~/market/demo";
import { createCoinGeckoProvider } from "~/market/live/coingecko/coins";
import { createMarketService } from "~/market/service.server";
import type { StockListItem } from "~/market/types";
import { memoryLogger } from "~/platform/logger.server";
import { translateCryptoCategory } from "~/screens/crypto-categories.server";
import { mostTraded } from "~/screens/most-traded";

import { fakeKeys, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

/** Wednesday 2026-11-18 15:07:30 UTC. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const demo = () => createDemoProviders(() => NOW);
const ratesAtNow = async () => (await demo().rates.latest()).rates;

describe("crypto prices in the visitor's currency (demo)", () => {
  it("converts every price, market cap, volume, high and low with the demo rate of that instant", async () => {
    const rates = await ratesAtNow();
    const { crypto } = demo();
    const usd = await crypto.list({ page: 1, perPage: 300, order: "market_cap_desc" });
    for (const currency of ["brl", "eur"] as const) {
      const rate = rates[currency.toUpperCase()]!;
      expect(rate).toBeGreaterThan(0);
      const converted = await crypto.list({ page: 1, perPage: 300, order: "market_cap_desc", currency });
      expect(converted.items.map(({ id }) => id)).toEqual(usd.items.map(({ id }) => id));
      converted.items.forEach((item, index) => {
        const dollars = usd.items[index]!;
        expect(item.price! / (dollars.price! * rate)).toBeCloseTo(1, 5);
        expect(item.high24h! / (dollars.high24h! * rate)).toBeCloseTo(1, 5);
        expect(item.low24h! / (dollars.low24h! * rate)).toBeCloseTo(1, 5);
        expect(item.volume24h! / (dollars.volume24h! * rate)).toBeCloseTo(1, 4);
        expect(item.marketCap).toBe(Math.round(item.price! * item.circulatingSupply!));
        expect(item.change24h).toBe(dollars.change24h);
        expect(item.rank).toBe(dollars.rank);
      });
    }
  });

  it("shows one price for a coin in the list, its page, its chart's last point and trending, in reais", async () => {
    const { crypto } = demo();
    const listed = (await crypto.list({ page: 1, perPage: 300, order: "market_cap_desc", currency: "brl" })).items;
    const detail = (await crypto.detail("bitcoin", "pt-BR", "brl"))!;
    expect(detail.price).toBe(listed.find(({ id }) => id === "bitcoin")!.price);
    expect(detail.open24h! / (await crypto.detail("bitcoin", "pt-BR"))!.open24h!).toBeCloseTo((await ratesAtNow()).BRL!, 4);
    const chart = (await crypto.chart("bitcoin", NOW / 1000 - 31 * DAY_SECONDS, NOW / 1000, "brl"))!;
    expect(chart.prices.at(-1)).toEqual([NOW, detail.price]);
    expect(chart.marketCaps.at(-1)![1]).toBe(detail.marketCap);
    for (const coin of await crypto.trending("brl")) {
      expect(coin.price).toBe(listed.find(({ id }) => id === coin.id)!.price);
    }
  });

  it("converts older chart points at the rate of their own hour", async () => {
    const { crypto } = demo();
    const from = NOW / 1000 - 3 * DAY_SECONDS;
    const usd = (await crypto.chart("bitcoin", from, NOW / 1000))!.prices;
    const brl = (await crypto.chart("bitcoin", from, NOW / 1000, "brl"))!.prices;
    const ratios = usd.map(([, dollars], index) => brl[index]![1] / dollars);
    // The real drifts hour by hour, as a live feed's would.
    expect(new Set(ratios.map((ratio) => ratio.toFixed(4))).size).toBeGreaterThan(1);
    expect(ratios.every((ratio) => ratio > 4 && ratio < 7)).toBe(true);
  });

  it("caches each currency apart in the market service", async () => {
    const market = createMarketService(demo(), new MarketCache());
    const [usd, brl] = await Promise.all([market.cryptoDetail("ethereum", "en", "usd"), market.cryptoDetail("ethereum", "en", "brl")]);
    expect(brl.data!.price!).toBeGreaterThan(4 * usd.data!.price!);
    const [usdTrending, eurTrending] = await Promise.all([market.cryptoTrending("usd"), market.cryptoTrending("eur")]);
    expect(eurTrending.data[0]!.price).not.toBe(usdTrending.data[0]!.price);
  });
});

describe("the visitor's crypto currency", () => {
  it("is the cookie's choice, else reais in Portuguese and dollars in English and Spanish", () => {
    expect(readCryptoCurrency(null, "pt-BR")).toBe("brl");
    expect(readCryptoCurrency(undefined, "en")).toBe("usd");
    expect(readCryptoCurrency("", "es")).toBe("usd");
    expect(readCryptoCurrency("theme=dark; currency=eur", "pt-BR")).toBe("eur");
    expect(readCryptoCurrency("currency=btc", "pt-BR")).toBe("brl");
  });
});

describe("CoinGecko in the visitor's currency", () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(() => fake.close());
  const coingecko = () =>
    createCoinGeckoProvider({ baseUrl: `${fake.url}/coingecko`, apiKey: fakeKeys.coingeckoDemo, timeoutMs: 2000, logger: memoryLogger() });

  it("asks /coins/markets and the chart for that vs_currency", async () => {
    await coingecko().list({ page: 1, perPage: 5, order: "market_cap_desc", currency: "brl" });
    expect(fake.requests("coingecko:markets").at(-1)?.query).toMatchObject({ vs_currency: "brl" });
    await coingecko().chart("bitcoin", 1717200000, 1717286400, "eur");
    expect(fake.requests("coingecko:chart").at(-1)?.query).toMatchObject({ vs_currency: "eur" });
  });

  it("picks the currency's numbers from a coin's price maps", async () => {
    const detail = (await coingecko().detail("bitcoin", "pt-BR", "brl"))!;
    expect(detail).toMatchObject({
      price: 347120.55,
      marketCap: 6841234567890,
      volume24h: 145123456789,
      high24h: 351000.1,
      low24h: 341200,
      change24h: -0.612,
    });
  });

  it("prices trending coins in that currency from /coins/markets, in trending order", async () => {
    const trending = await coingecko().trending("brl");
    expect(fake.requests("coingecko:markets").at(-1)?.query).toMatchObject({ vs_currency: "brl", ids: "pepe,bitcoin,placeholder-coin" });
    // The fake's markets list has bitcoin and placeholder-coin but not pepe.
    expect(trending.map(({ id }) => id)).toEqual(["bitcoin", "placeholder-coin"]);
    expect(trending[0]).toMatchObject({ price: 67250.12, high24h: 68010.55 });
  });
});

describe("stocks in the spotlight", () => {
  const stock = (ticker: string, price: number | null, volume: number | null): StockListItem => ({
    ticker,
    name: ticker,
    logo: null,
    type: "stock",
    sector: null,
    currency: "BRL",
    price,
    changePercent: 1,
    volume,
    marketCap: null,
  });

  it("ranks by value traded, not by shares or by the day's move, leaving out the movers already shown", () => {
    const candidates = [
      stock("PENNY3", 1, 90_000_000),
      stock("PETR4", 33, 40_000_000),
      stock("VALE3", 60, 20_000_000),
      stock("MGLU3", 9, 30_000_000),
      stock("NONE3", null, 5),
    ];
    expect(mostTraded(candidates, [], 3).map(({ ticker }) => ticker)).toEqual(["PETR4", "VALE3", "MGLU3"]);
    expect(mostTraded(candidates, [stock("VALE3", 60, 1)], 3).map(({ ticker }) => ticker)).toEqual(["PETR4", "MGLU3", "PENNY3"]);
  });
});

describe("crypto categories", () => {
  it("translates every demo category into Portuguese and Spanish, and keeps English as it is", () => {
    const categories = [...new Set(cryptoAssets.flatMap(({ categories }) => categories))];
    for (const category of categories) {
      expect(translateCryptoCategory(category, "en")).toBe(category);
      // Brand-like names (Meme, NFT, Rollup, Stablecoins) are the same word in every language.
      const same = ["Meme", "NFT", "Rollup", "Stablecoins"].includes(category);
      if (!same) expect(translateCryptoCategory(category, "pt-BR"), category).not.toBe(category);
      if (!same) expect(translateCryptoCategory(category, "es"), category).not.toBe(category);
    }
    expect(translateCryptoCategory("Smart Contract Platform", "pt-BR")).toBe("Plataforma de contratos inteligentes");
    expect(translateCryptoCategory("Solana Ecosystem", "es")).toBe("Ecosistema Solana");
    expect(translateCryptoCategory("Some New Category", "pt-BR")).toBe("Some New Category");
  });
});
