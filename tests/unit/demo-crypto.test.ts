import { describe, expect, it } from "vitest";

import { DAY_MS, HOUR_MS } from "~/lib/time";
import { createDemoProviders } from "~/market/demo";
import type { CryptoListItem, CryptoOrder } from "~/market/types";

/** Wednesday 2026-11-18 15:07:30 UTC. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);
const at = (ms: number) => createDemoProviders(() => ms).crypto;
const all = (ms: number, order: CryptoOrder = "market_cap_desc") => at(ms).list({ page: 1, perPage: 500, order });

describe("demo crypto: determinism", () => {
  it("gives identical output for the same instant from a new provider, with other work done in between", async () => {
    // The module's caches are memos of pure functions: what other providers computed first cannot change an answer.
    const first = await all(NOW);
    const other = at(NOW - 40 * DAY_MS);
    await other.chart("bitcoin", (NOW - 200 * DAY_MS) / 1000, NOW / 1000);
    await other.list({ page: 1, perPage: 500, order: "id_asc" });
    expect(await all(NOW)).toEqual(first);
  });

  it("moves prices between instants", async () => {
    const prices = await Promise.all([NOW, NOW + 3 * HOUR_MS, NOW + DAY_MS].map((ms) => at(ms).detail("bitcoin", "en")));
    expect(new Set(prices.map((detail) => detail?.price)).size).toBe(3);
  });

  it("lists every asset twice at a pinned clock with the same result (warm path, not timed)", async () => {
    const cold = await all(NOW);
    expect(await all(NOW)).toEqual(cold);
    expect(cold.items).toHaveLength(134);
  });
});

describe("demo crypto: quotes", () => {
  it("keeps low24h <= price, open24h <= high24h for every asset at several instants", async () => {
    for (const ms of [NOW, NOW + 5 * HOUR_MS, NOW + 3 * DAY_MS + 17 * 60_000]) {
      const { items } = await all(ms);
      for (const item of items as Required<CryptoListItem>[]) {
        expect(item.low24h).toBeLessThanOrEqual(item.price!);
        expect(item.high24h).toBeGreaterThanOrEqual(item.price!);
        expect(item.marketCap).toBe(Math.round(item.price! * item.circulatingSupply!));
        expect(item.volume24h).toBeGreaterThan(0);
      }
    }
  });

  // About a hundred cold instants three years apart: each builds a week of intraday paths per coin for the sparklines.
  it("keeps every stablecoin within 1% of a dollar", { timeout: 60_000 }, async () => {
    const stablecoins = ["tether", "usd-coin", "usds", "ethena-usde", "dai", "paypal-usd", "first-digital-usd", "true-usd"];
    for (let ms = Date.UTC(2024, 0, 1); ms < NOW; ms += 10 * DAY_MS + 7 * HOUR_MS) {
      const pegged = (await all(ms)).items.filter(({ id }) => stablecoins.includes(id));
      expect(pegged).toHaveLength(stablecoins.length);
      for (const item of pegged) {
        expect(item.low24h).toBeGreaterThanOrEqual(0.99);
        expect(item.high24h).toBeLessThanOrEqual(1.01);
      }
    }
  });

  it("ranks by live market cap", async () => {
    const { items } = await all(NOW);
    expect(items.map((item) => item.rank)).toEqual(items.map((_, index) => index + 1));
  });
});

describe("demo crypto: list", () => {
  it("pages through the whole dataset", async () => {
    const crypto = at(NOW);
    const first = await crypto.list({ page: 1, perPage: 50, order: "market_cap_desc" });
    const last = await crypto.list({ page: 3, perPage: 50, order: "market_cap_desc" });
    expect(first.total).toBe(134);
    expect(first.items).toHaveLength(50);
    expect(last.items).toHaveLength(34);
    expect(first.items.at(-1)?.rank).toBe(50);
    expect(last.items[0]?.rank).toBe(101);
  });

  it.each([
    ["market_cap_desc", (item: CryptoListItem) => -item.marketCap!],
    ["market_cap_asc", (item: CryptoListItem) => item.marketCap!],
    ["volume_desc", (item: CryptoListItem) => -item.volume24h!],
    ["volume_asc", (item: CryptoListItem) => item.volume24h!],
  ] as const)("orders by %s", async (order, key) => {
    const values = (await all(NOW, order)).items.map(key);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it("orders by id both ways", async () => {
    const ids = (await all(NOW, "id_asc")).items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort());
    expect((await all(NOW, "id_desc")).items.map((item) => item.id)).toEqual([...ids].reverse());
  });
});

describe("demo crypto: detail", () => {
  it("describes the asset in the requested language", async () => {
    const detail = await at(NOW).detail("bitcoin", "es");
    expect(detail?.description?.language).toBe("es");
    expect(detail?.description?.text).toMatch(/criptomoneda/);
    expect(detail?.image).toBe("/icons/crypto/btc.svg");
    expect(detail?.categories).toContain("Layer 1 (L1)");
    expect(detail?.homepage).toBe("https://bitcoin.org");
    expect(detail?.genesisDate).toBe("2009-01-03");
    expect(detail?.lastUpdated).toBe(new Date(NOW).toISOString());
    expect(detail?.change24h).toBeCloseTo((detail!.price! / detail!.open24h! - 1) * 100, 10);
  });

  it("has null description and image where the dataset has none, and null for unknown ids", async () => {
    const crypto = at(NOW);
    const detail = await crypto.detail("okb", "pt-BR");
    expect(detail?.description).toBeNull();
    expect(detail?.image).toBeNull();
    expect(await crypto.detail("no-such-coin", "en")).toBeNull();
    expect(await crypto.chart("no-such-coin", 0, NOW / 1000)).toBeNull();
  });
});

describe("demo crypto: chart", () => {
  it("gives hourly points over the last 31 days, ending at the live price", async () => {
    const crypto = at(NOW);
    const chart = await crypto.chart("bitcoin", (NOW - 31 * DAY_MS) / 1000, NOW / 1000);
    const times = chart!.prices.map(([time]) => time);
    expect(times.length).toBeGreaterThanOrEqual(744);
    expect(times.length).toBeLessThanOrEqual(745);
    expect(times.slice(1, -1).every((time, i) => time - times[i]! === HOUR_MS)).toBe(true);
    expect(times.at(-1)).toBe(NOW);
    expect(chart!.prices.at(-1)?.[1]).toBe((await crypto.detail("bitcoin", "en"))?.price);
    expect(chart!.marketCaps).toHaveLength(times.length);
    expect(chart!.totalVolumes).toHaveLength(times.length);
  });

  it("switches to daily points beyond 90 days", async () => {
    const chart = await at(NOW).chart("ethereum", (NOW - 365 * DAY_MS) / 1000, NOW / 1000);
    const times = chart!.prices.map(([time]) => time);
    expect(times.length).toBeGreaterThanOrEqual(365);
    expect(times.length).toBeLessThanOrEqual(366);
    expect(times[1]! - times[0]!).toBe(DAY_MS);
  });
});

describe("demo crypto: search and trending", () => {
  it("ranks exact symbol matches first", async () => {
    const results = await at(NOW).search("BTC");
    expect(results[0]).toMatchObject({ id: "bitcoin", thumb: "/icons/crypto/btc.svg", rank: 1 });
    expect(results.map((result) => result.id)).toContain("wrapped-bitcoin");
  });

  it("puts prefixes before substrings and ignores blank queries", async () => {
    const crypto = at(NOW);
    const ids = (await crypto.search("bit")).map((result) => result.id);
    expect(ids.indexOf("bitcoin")).toBeLessThan(ids.indexOf("arbitrum"));
    expect(ids.indexOf("wrapped-bitcoin")).toBeLessThan(ids.indexOf("arbitrum"));
    expect(await crypto.search("   ")).toEqual([]);
    expect(await crypto.search("zzzz-nothing")).toEqual([]);
  });

  it("picks 7 distinct assets, fixed for the whole UTC day", async () => {
    const morning = await at(Date.UTC(2026, 10, 18, 1)).trending();
    const evening = await at(Date.UTC(2026, 10, 18, 23)).trending();
    expect(morning).toHaveLength(7);
    expect(new Set(morning.map((item) => item.id)).size).toBe(7);
    expect(evening.map((item) => item.id)).toEqual(morning.map((item) => item.id));
  });
});
