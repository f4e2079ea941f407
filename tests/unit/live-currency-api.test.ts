import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import currencies from "~/market/data/currencies.json";
import { currencyKindOf } from "~/market/live/currency-api/currency-kinds";
import { createCurrencyApiProvider } from "~/market/live/currency-api/rates";

import { type FakeUpstream, startFakeUpstream } from "../support/fake-upstreams";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterEach(() => fake.setFault("currency-api:usd", "none"));
afterAll(() => fake.close());

const currencyApi = () =>
  createCurrencyApiProvider({
    baseUrl: `${fake.url}/currency-api`,
    fallbackBaseUrl: `${fake.url}/currency-api-fallback`,
    timeoutMs: 1500,
  });

describe("currency-api adapter", () => {
  it("maps the USD table to upper-case codes with their kinds, dropping withdrawn currencies", async () => {
    const before = fake.calls("currency-api-fallback:usd");
    const table = await currencyApi().latest();

    expect(table.base).toBe("USD");
    expect(table.timestamp).toBe(Date.UTC(2024, 5, 3) / 1000);
    // DEM, FRF (withdrawn) and SPL (the Seborga luigino) are gone, with VEF (0), ZWD (null), XYZ (-1) and ABC ("n/a").
    expect(table.rates).toEqual({
      USD: 1,
      BRL: 5.2471,
      EUR: 0.9189,
      JPY: 157.32,
      GGP: 0.7843,
      BTC: 0.0000145,
      ETH: 0.000264,
      USDT: 1.0002,
      "1INCH": 2.61,
      XAU: 0.00042767,
      XAG: 0.0325,
      AXS: 0.1512,
      CHZ: 13.05,
      XBT: 0.0000145,
      POL: 1.71,
      MNT: 3400.5,
      MBTC: 0.0145,
      "1000SATS": 14.5,
      XAUT: 0.00042,
      IMP: 0.7843,
      TVD: 1.52,
      XCG: 1.79,
      XPT: 0.00098,
      XPD: 0.00105,
    });
    expect(table.kinds).toEqual({
      USD: "fiat",
      BRL: "fiat",
      EUR: "fiat",
      JPY: "fiat",
      GGP: "fiat",
      BTC: "crypto",
      ETH: "crypto",
      USDT: "crypto",
      "1INCH": "crypto",
      XAU: "metal",
      XAG: "metal",
      // Three-letter tokens are not fiat; the tugrik is, although a token shares its code.
      AXS: "crypto",
      CHZ: "crypto",
      XBT: "crypto",
      POL: "crypto",
      MNT: "fiat",
      MBTC: "crypto",
      "1000SATS": "crypto",
      XAUT: "crypto",
      // Money without an ISO code, and the Caribbean guilder, newer than many ISO lists.
      IMP: "fiat",
      TVD: "fiat",
      XCG: "fiat",
      XPT: "metal",
      XPD: "metal",
    });
    expect(fake.calls("currency-api-fallback:usd")).toBe(before);
  });

  it("classifies every currency the converter offers as its own data does", () => {
    const disagreements = currencies.filter(({ code, kind }) => currencyKindOf(code) !== kind);
    expect(disagreements).toEqual([]);
    expect(currencies.length).toBeGreaterThan(150);
  });

  it.each(["500", "429", "hang", "malformed"] as const)("falls back to the mirror once when the CDN fails (%s)", async (fault) => {
    fake.setFault("currency-api:usd", fault);
    const before = fake.calls("currency-api-fallback:usd");
    const table = await currencyApi().latest();
    expect(table.rates.BRL).toBe(5.2471);
    expect(fake.calls("currency-api-fallback:usd")).toBe(before + 1);
  });
});
