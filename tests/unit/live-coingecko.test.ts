import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { DAY_MS } from "~/lib/time";
import { MarketCache } from "~/market/cache.server";
import { sparklinePoints } from "~/market/crypto-depth";
import { createDemoProviders } from "~/market/demo";
import { type CoinGeckoOptions, createCoinGeckoProvider } from "~/market/live/coingecko/coins";
import { UpstreamError } from "~/market/providers/provider";
import { createMarketService } from "~/market/service.server";
import { memoryLogger } from "~/platform/logger.server";

import { fakeKeys, fakeOhlcEndMs, type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => vi.restoreAllMocks());

const coingecko = (options: CoinGeckoOptions = { apiKey: fakeKeys.coingeckoDemo }) =>
  createCoinGeckoProvider({ baseUrl: `${fake.url}/coingecko`, timeoutMs: 2000, logger: memoryLogger(), ...options });
const lastRequest = (route: Parameters<FakeUpstream["requests"]>[0]) => fake.requests(route).at(-1);

const listItemKeys = [
  "id",
  "symbol",
  "name",
  "image",
  "rank",
  "price",
  "change24h",
  "marketCap",
  "volume24h",
  "high24h",
  "low24h",
  "circulatingSupply",
  "maxSupply",
  "change1h",
  "change7d",
  "sparkline7d",
].sort();

describe("CoinGecko adapter", () => {
  it("maps /coins/markets to list items, with the demo key and the query it needs", async () => {
    const { items, total } = await coingecko().list({ page: 1, perPage: 10, order: "volume_desc" });

    expect(lastRequest("coingecko:markets")).toMatchObject({
      query: { vs_currency: "usd", order: "volume_desc", per_page: "10", page: "1", price_change_percentage: "1h,7d", sparkline: "true" },
      headers: { "x-cg-demo-api-key": fakeKeys.coingeckoDemo },
    });
    expect(items.map((item) => item.id)).toEqual([
      "bitcoin",
      "ethereum",
      "thin-coin",
      "placeholder-coin",
      "string-supply-coin",
      "no-price-coin",
    ]);
    expect(items[0]).toEqual({
      id: "bitcoin",
      symbol: "btc",
      name: "Bitcoin",
      image: "https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png",
      rank: 1,
      price: 67250.12,
      change24h: -0.756,
      marketCap: 1325412345678,
      volume24h: 28123456789,
      high24h: 68010.55,
      low24h: 66120.4,
      circulatingSupply: 19712345,
      maxSupply: 21000000,
      change1h: 0.1234,
      change7d: 2.41,
      sparkline7d: expect.any(Array),
    });
    // Numbers as strings are parsed; nulls and missing keys become null.
    expect(items[2]).toMatchObject({
      price: 0.0123,
      volume24h: 456.7,
      marketCap: null,
      high24h: null,
      image: null,
      rank: null,
    });
    for (const item of items) expect(Object.keys(item).sort()).toEqual(listItemKeys);
    expect(JSON.stringify(items)).not.toContain("current_price");
    // A short page reveals the real end: the coins it shows (the two malformed ones are not).
    expect(total).toBe(6);
  });

  it("quotes several coins with one /coins/markets call by ids; a coin CoinGecko does not return is null", async () => {
    const before = fake.calls("coingecko:markets");
    const quotes = await coingecko().quotes(["ethereum", "bitcoin", "no-such-coin"], "brl");

    expect(fake.calls("coingecko:markets") - before).toBe(1);
    expect(lastRequest("coingecko:markets")).toMatchObject({
      query: { vs_currency: "brl", ids: "ethereum,bitcoin,no-such-coin", per_page: "250" },
    });
    expect([...quotes.keys()]).toEqual(["ethereum", "bitcoin", "no-such-coin"]);
    expect(quotes.get("bitcoin")).toMatchObject({ id: "bitcoin", symbol: "btc", name: "Bitcoin", price: 67250.12 });
    expect(quotes.get("ethereum")).toMatchObject({ id: "ethereum", name: "Ethereum" });
    expect(quotes.get("no-such-coin")).toBeNull();
  });

  it("estimates the total while pages come back full, counting dropped coins as received", async () => {
    const provider = coingecko();
    expect((await provider.list({ page: 1, perPage: 2, order: "market_cap_desc" })).total).toBe(10_000);
    // Page 2 of 4 holds two malformed coins and two good ones: full, so not the end, although only
    // two of them are shown.
    const full = await provider.list({ page: 2, perPage: 4, order: "market_cap_desc" });
    expect(full.items.map((item) => item.id)).toEqual(["string-supply-coin", "no-price-coin"]);
    expect(full.total).toBe(10_000);
    // Page 3 of 3 holds a malformed coin and no-price-coin: 6 before it, 1 shown.
    expect((await provider.list({ page: 3, perPage: 3, order: "market_cap_desc" })).total).toBe(7);
  });

  it("treats CoinGecko's placeholder images and zeros as unknown, and reads supplies sent as text", async () => {
    const { items } = await coingecko().list({ page: 1, perPage: 10, order: "market_cap_desc" });
    const byId = new Map(items.map((item) => [item.id, item]));

    // "missing_large.png", relative: no image, and every zero it came with is unknown.
    expect(byId.get("placeholder-coin")).toEqual({
      id: "placeholder-coin",
      symbol: "phc",
      name: "Placeholder Coin",
      image: null,
      rank: null,
      price: 0.5012,
      change24h: 0.24,
      marketCap: null,
      volume24h: null,
      high24h: 0.52,
      low24h: 0.49,
      circulatingSupply: null,
      maxSupply: null,
      change1h: null,
      change7d: null,
      sparkline7d: null,
    });
    // The price key is absent: the coin is still listed, its price unknown.
    expect(byId.get("string-supply-coin")).toMatchObject({
      image: "https://coin-images.coingecko.com/coins/images/99002/large/ssc.png",
      price: null,
      marketCap: 88123456,
      circulatingSupply: 19_500_000,
      maxSupply: 21_000_000,
    });
    // A null price, and the placeholder on CoinGecko's own host.
    expect(byId.get("no-price-coin")).toMatchObject({ image: null, price: null, volume24h: null, circulatingSupply: 5_000_000 });
    expect(JSON.stringify(items)).not.toContain("missing_");
  });

  it("drops a malformed coin, keeps the others, and logs each dropped coin once", async () => {
    const logger = memoryLogger();
    const provider = coingecko({ logger, apiKey: fakeKeys.coingeckoDemo });

    const first = await provider.list({ page: 1, perPage: 10, order: "market_cap_desc" });
    await provider.list({ page: 1, perPage: 10, order: "market_cap_desc" });

    expect(first.items.map((item) => item.id)).not.toContain("object-price-coin");
    expect(first.items.map((item) => item.name)).not.toContain("Ghost Coin");
    expect(logger.lines).toEqual([
      { level: "warn", message: expect.stringMatching(/^coingecko \/coins\/markets: dropped the item with symbol ghost: id /) },
      {
        level: "warn",
        message: expect.stringMatching(/^coingecko \/coins\/markets: dropped the item with id object-price-coin: current_price /),
      },
    ]);
  });

  it("sends a Pro key in the Pro header, no key header when keyless, and surfaces a rejected key", async () => {
    await coingecko({ apiKey: fakeKeys.coingeckoPro, keyType: "pro" }).trending();
    expect(lastRequest("coingecko:trending")?.headers).toMatchObject({ "x-cg-pro-api-key": fakeKeys.coingeckoPro });
    expect(lastRequest("coingecko:trending")?.headers).not.toHaveProperty("x-cg-demo-api-key");

    await coingecko({}).trending();
    expect(Object.keys(lastRequest("coingecko:trending")?.headers ?? {}).filter((name) => name.startsWith("x-cg"))).toEqual([]);

    const rejected = coingecko({ apiKey: "not-the-key" }).trending();
    await expect(rejected).rejects.toBeInstanceOf(UpstreamError);
    await expect(rejected).rejects.toMatchObject({ status: 401, provider: "coingecko" });
  });

  it("maps /coins/{id} with the description in the requested language", async () => {
    const detail = await coingecko().detail("bitcoin", "pt-BR");

    expect(lastRequest("coingecko:coin")?.query).toEqual({
      localization: "true",
      tickers: "false",
      market_data: "true",
      community_data: "false",
      developer_data: "false",
      sparkline: "true",
    });
    expect(detail).toMatchObject({
      id: "bitcoin",
      symbol: "btc",
      price: 67250.12,
      change24h: -0.756,
      rank: 1,
      description: {
        text: "Bitcoin é o primeiro dinheiro da internet baseado em tecnologia peer-to-peer.",
        language: "pt-BR",
      },
      categories: ["Cryptocurrency", "Layer 1 (L1)", "Proof of Work (PoW)"],
      homepage: "http://www.bitcoin.org",
      genesisDate: "2009-01-03",
      lastUpdated: "2024-06-01T12:00:05.123Z",
    });
    expect(detail?.open24h).toBeCloseTo(67250.12 / (1 - 0.00756), 6);
    expect(JSON.stringify(detail)).not.toMatch(/market_data|current_price/);
  });

  it("reads the 7-day sparkline without its gaps, cut to the app's size, and leaves an empty one unknown", async () => {
    const { items } = await coingecko().list({ page: 1, perPage: 10, order: "market_cap_desc" });
    const [bitcoin, ethereum, thin] = items;
    expect(bitcoin!.sparkline7d).toHaveLength(sparklinePoints);
    expect(bitcoin!.sparkline7d![0]).toBe(65000);
    expect(bitcoin!.sparkline7d!.at(-1)).toBe(65000 + 167 * 13.5 + (167 % 7) * 21.25);
    expect(bitcoin!.sparkline7d!.every((price) => typeof price === "number")).toBe(true);
    expect(ethereum).toMatchObject({ change1h: null, change7d: 5.02, sparkline7d: null });
    expect(thin).toMatchObject({ change1h: null, change7d: null, sparkline7d: null });
  });

  it("reads records, supplies, valuation, longer changes and links of a coin in its currency", async () => {
    expect(await coingecko().detail("bitcoin", "en", "brl")).toMatchObject({
      change1h: 0.1101,
      change7d: 2.05,
      change30d: 8.7,
      change1y: 160.4,
      totalSupply: 21000000,
      maxSupply: 21000000,
      fullyDilutedValuation: 7289531550000,
      allTimeHigh: { price: 369108, date: "2024-03-14T07:05:52.391Z" },
      allTimeLow: { price: 149.66, date: "2013-07-05T00:00:00.000Z" },
      // The first real address of arrays padded with "".
      homepage: "http://www.bitcoin.org",
      explorer: "https://mempool.space/",
    });
    expect((await coingecko().detail("bitcoin", "en"))!.sparkline7d).toHaveLength(sparklinePoints);
  });

  it("degrades thin depth fields: dollar-only changes, missing FDV, records without a day, unsafe links", async () => {
    const inDollars = await coingecko().detail("ethereum", "en");
    expect(inDollars).toMatchObject({
      change1h: null,
      change7d: null,
      change30d: -4.5,
      change1y: null,
      totalSupply: 120123456,
      // Not sent: price × total supply, as CoinGecko computes it for a coin without a cap.
      fullyDilutedValuation: Math.round(3780.44 * 120123456),
      allTimeHigh: { price: 4878.26, date: null },
      allTimeLow: { price: 0.432979, date: null },
      sparkline7d: null,
      explorer: "https://etherscan.io/",
    });
    // A dollar change is no change in reais.
    const inReais = await coingecko().detail("ethereum", "en", "brl");
    expect(inReais).toMatchObject({ change30d: null, allTimeHigh: null, fullyDilutedValuation: null });
  });

  it("falls back to the English description, keeping its HTML but trimmed", async () => {
    const detail = await coingecko().detail("bitcoin", "es");
    expect(detail?.description?.language).toBe("en");
    expect(detail?.description?.text).toMatch(/^Bitcoin is .*<a href="[^"]+">peer-to-peer<\/a> technology\.$/);
  });

  it("parses string prices in detail and falls back to the USD-based change", async () => {
    const detail = await coingecko().detail("ethereum", "pt-BR");
    expect(detail).toMatchObject({
      price: 3780.44,
      change24h: 1.075,
      maxSupply: null,
      description: { language: "en" },
    });
    expect(detail?.open24h).toBeCloseTo(3780.44 / 1.01075, 6);
  });

  it("tolerates a coin without market data or description", async () => {
    expect(await coingecko().detail("thin-coin", "en")).toEqual({
      id: "thin-coin",
      symbol: "thin",
      name: "Thin Coin",
      image: null,
      rank: null,
      price: null,
      change24h: null,
      marketCap: null,
      volume24h: null,
      high24h: null,
      low24h: null,
      circulatingSupply: null,
      maxSupply: null,
      change1h: null,
      change7d: null,
      sparkline7d: null,
      change30d: null,
      change1y: null,
      totalSupply: null,
      fullyDilutedValuation: null,
      allTimeHigh: null,
      allTimeLow: null,
      description: null,
      categories: [],
      open24h: null,
      homepage: null,
      explorer: null,
      genesisDate: null,
      lastUpdated: "2024-06-01T12:00:00.000Z",
    });
  });

  it("reads a coin detail with placeholder images and zeros as unknown", async () => {
    const detail = await coingecko().detail("placeholder-coin", "en");
    expect(detail).toMatchObject({
      image: null,
      price: 0.5012,
      marketCap: null,
      volume24h: null,
      circulatingSupply: null,
      maxSupply: null,
      rank: null,
      homepage: "https://placeholder.example",
    });
    expect(JSON.stringify(detail)).not.toContain("missing_");
  });

  it("takes the only image size a coin has, and leaves a missing price unknown", async () => {
    expect(await coingecko().detail("small-image-coin", "pt-BR")).toMatchObject({
      image: "https://coin-images.coingecko.com/coins/images/99003/small/sic.png",
      price: null,
      change24h: null,
      open24h: null,
      high24h: null,
      marketCap: 12345678,
      circulatingSupply: 19_500_000,
      rank: 977,
    });
  });

  it("answers null for unknown ids without calling for unusable ones", async () => {
    const provider = coingecko();
    expect(await provider.detail("no-such-coin", "en")).toBeNull();
    expect(await provider.chart("no-such-coin", 1717200000, 1717300000)).toBeNull();
    const before = fake.calls();
    expect(await provider.detail("..", "en")).toBeNull();
    expect(fake.calls()).toBe(before);
  });

  it("maps the market chart range, dropping points with a missing value", async () => {
    const chart = await coingecko().chart("bitcoin", 1717200000.5, 1717286400);
    expect(lastRequest("coingecko:chart")?.query).toEqual({ vs_currency: "usd", from: "1717200000", to: "1717286400" });
    expect(chart).toEqual({
      prices: [
        [1717200000000, 67501.23],
        [1717286400000, 67790.05],
      ],
      marketCaps: [
        [1717200000000, 1330123456789],
        [1717286400000, 1335987654321],
      ],
      totalVolumes: [[1717200000000, 21345678901]],
    });
  });

  it("returns the first 7 search hits, and nothing for a blank query", async () => {
    const provider = coingecko();
    const hits = await provider.search("  sol ");
    expect(lastRequest("coingecko:search")?.query).toEqual({ query: "sol" });
    expect(hits).toHaveLength(7);
    expect(hits[0]).toEqual({
      id: "solana",
      name: "Solana",
      symbol: "sol",
      thumb: "https://coin-images.coingecko.com/coins/images/4128/thumb/solana.png",
      rank: 5,
    });
    expect(hits[1]).toMatchObject({ symbol: "sns", rank: null });
    expect(hits[2]?.thumb).toBeNull();

    const before = fake.calls("coingecko:search");
    expect(await provider.search("   ")).toEqual([]);
    expect(fake.calls("coingecko:search")).toBe(before);
  });

  it("searches past placeholder thumbnails and a hit without an id", async () => {
    expect(await coingecko().search("placeholder")).toEqual([
      { id: "placeholder-coin", name: "Placeholder Coin", symbol: "phc", thumb: null, rank: null },
      // A relative thumbnail is no image; the absolute large one stands in.
      {
        id: "placeholder-two",
        name: "Placeholder Two",
        symbol: "ph2",
        thumb: "https://coin-images.coingecko.com/coins/images/99004/large/ph2.png",
        rank: 2048,
      },
    ]);
  });

  it("maps trending coins, parsing the dollar strings", async () => {
    const trending = await coingecko().trending();
    expect(trending[0]).toEqual({
      id: "pepe",
      symbol: "pepe",
      name: "Pepe",
      image: "https://coin-images.coingecko.com/coins/images/29850/large/pepe.png",
      rank: 24,
      price: 0.0000154,
      change24h: 6.21,
      marketCap: 6481234567,
      volume24h: 1812345678,
      high24h: null,
      low24h: null,
      circulatingSupply: null,
      maxSupply: null,
      change1h: null,
      change7d: null,
      sparkline7d: null,
    });
    expect(trending[1]).toMatchObject({ id: "bitcoin", marketCap: 1325412345678, change24h: -0.76 });
  });

  it('keeps trending coins with placeholder images and "$0" figures, and drops one without an id', async () => {
    const trending = await coingecko().trending();
    expect(trending.map((coin) => coin.id)).toEqual(["pepe", "bitcoin", "placeholder-coin"]);
    expect(trending[2]).toMatchObject({ image: null, price: 0.5012, change24h: 0.24, marketCap: null, volume24h: null, rank: null });
  });
});

describe("CoinGecko candles (/coins/{id}/ohlc)", () => {
  const now = fakeOhlcEndMs;
  const market = (options?: CoinGeckoOptions) =>
    createMarketService({ ...createDemoProviders(() => now), crypto: coingecko(options) }, new MarketCache({ clock: { now: () => now } }));

  it("asks the smallest `days` the free plans allow for each range, and reads real candles", async () => {
    const asked: Record<string, string | undefined> = {};
    for (const range of ["1d", "7d", "1m", "3m", "1y"] as const) {
      const chart = await coingecko().ohlc!("bitcoin", range, now);
      asked[range] = lastRequest("coingecko:ohlc")?.query.days;
      expect(chart?.ohlc).toBe(true);
      for (const { open, high, low, close, volume } of chart?.candles ?? []) {
        expect(low).toBeLessThanOrEqual(Math.min(open, close));
        expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
        expect(volume).toBeNull();
      }
    }
    expect(asked).toEqual({ "1d": "1", "7d": "7", "1m": "30", "3m": "180", "1y": "365" });
    expect(lastRequest("coingecko:ohlc")).toMatchObject({
      query: { vs_currency: "usd" },
      headers: { "x-cg-demo-api-key": fakeKeys.coingeckoDemo },
    });
  });

  it("stamps candles with their start, drops rows with nulls, reads strings, and cuts to the range", async () => {
    // 1D: 48 half-hour rows, the one with nulls dropped.
    const day = await coingecko().ohlc!("bitcoin", "1d", now);
    expect(day?.intervalMs).toBe(30 * 60_000);
    expect(day?.candles).toHaveLength(47);
    expect(day?.candles.at(-1)?.time).toBe((now - 30 * 60_000) / 1000);
    expect(day?.candles.every(({ open }) => typeof open === "number")).toBe(true);
    // 1M: 30 days of 4-hour rows made daily; 3M: 180 days of 4-day rows cut to the 92 days (and the candle across its start).
    const month = await coingecko().ohlc!("bitcoin", "1m", now);
    expect(month?.intervalMs).toBe(DAY_MS);
    expect(month?.candles).toHaveLength(30);
    const quarter = await coingecko().ohlc!("bitcoin", "3m", now);
    expect(quarter?.intervalMs).toBe(4 * DAY_MS);
    expect(quarter?.candles.length).toBeGreaterThanOrEqual(23);
    expect(quarter?.candles.length).toBeLessThanOrEqual(25);
    expect(quarter!.candles[0]!.time * 1000).toBeGreaterThanOrEqual(now - 100 * DAY_MS);
  });

  it("asks days=max for 5Y and Max with a Pro key only, thinned to a few hundred candles", async () => {
    const calls = fake.calls("coingecko:ohlc");
    expect(await coingecko().ohlc!("bitcoin", "5y", now)).toBeNull();
    expect(await coingecko({}).ohlc!("bitcoin", "max", now)).toBeNull();
    expect(fake.calls("coingecko:ohlc")).toBe(calls);
    const all = await coingecko({ apiKey: fakeKeys.coingeckoPro, keyType: "pro" }).ohlc!("bitcoin", "max", now);
    expect(lastRequest("coingecko:ohlc")?.query.days).toBe("max");
    expect(all?.candles.length).toBeGreaterThan(200);
    expect(all?.candles.length).toBeLessThanOrEqual(300);
    const five = await coingecko({ apiKey: fakeKeys.coingeckoPro, keyType: "pro" }).ohlc!("bitcoin", "5y", now);
    expect(five?.intervalMs).toBe(8 * DAY_MS);
    expect(five!.candles[0]!.time * 1000).toBeGreaterThanOrEqual(now - (5 * 365 + 10) * DAY_MS);
  });

  it("answers no candles for an empty array, an error body, a refusal or an unknown coin", async () => {
    expect(await coingecko().ohlc!("thin-coin", "1m", now)).toBeNull();
    expect(await coingecko().ohlc!("ethereum", "1m", now)).toBeNull();
    expect(await coingecko().ohlc!("no-such-coin", "1m", now)).toBeNull();
    expect(await coingecko({ apiKey: "wrong" }).ohlc!("bitcoin", "1m", now)).toBeNull();
  });

  it("gives live cryptos candlesticks through the service, with the chart's volumes, and a line when candles fail", async () => {
    const chart = (await market().cryptoCandles("bitcoin", "1y", now)).data;
    expect(chart?.ohlc).toBe(true);
    expect(chart?.intervalMs).toBe(4 * DAY_MS);
    // The chart's rolling 24-hour volume of 2024-06-01 lands in the candle that holds it.
    expect(chart?.candles.some(({ volume }) => volume === 21345678901)).toBe(true);

    const thin = (await market().cryptoCandles("thin-coin", "1m", now)).data;
    expect(thin?.ohlc).toBe(false);

    fake.setFault("coingecko:ohlc", "429");
    try {
      const line = (await market().cryptoCandles("bitcoin", "1m", now)).data;
      expect(line?.ohlc).toBe(false);
      expect(line?.candles.length).toBeGreaterThan(0);
    } finally {
      fake.setFault("coingecko:ohlc", "none");
    }
  });
});
