import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCurrencyApiProvider } from "~/market/live/currency-api";
import { startFakeUpstream, type FakeUpstream } from "../support/fake-upstream";

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
  it("maps the USD table to upper-case codes with their kinds", async () => {
    const before = fake.calls("currency-api-fallback:usd");
    const table = await currencyApi().latest();

    expect(table.base).toBe("USD");
    expect(table.timestamp).toBe(Date.UTC(2024, 5, 3) / 1000);
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
    });
    expect(fake.calls("currency-api-fallback:usd")).toBe(before);
  });

  it.each(["500", "429", "hang", "malformed"] as const)(
    "falls back to the mirror once when the CDN fails (%s)",
    async (fault) => {
      fake.setFault("currency-api:usd", fault);
      const before = fake.calls("currency-api-fallback:usd");
      const table = await currencyApi().latest();
      expect(table.rates.BRL).toBe(5.2471);
      expect(fake.calls("currency-api-fallback:usd")).toBe(before + 1);
    },
  );
});
