import { describe, expect, it } from "vitest";

import { convertAmount, formatMinorUnits, minorUnitsOf, roundToMinorUnits } from "~/market/convert";
import type { RateTable } from "~/market/types";

/** Units per 1 USD, like every provider's table. */
const table: RateTable = {
  base: "USD",
  timestamp: 1_700_000_000,
  rates: { USD: 1, BRL: 5, EUR: 0.8, JPY: 150, XAU: 0.0005, BTC: 0.00001 },
  kinds: { USD: "fiat", BRL: "fiat", EUR: "fiat", JPY: "fiat", XAU: "metal", BTC: "crypto" },
};

describe("convertAmount", () => {
  it("converts fiat to fiat through the dollar", () => {
    expect(convertAmount(100, "USD", "BRL", table)).toEqual({ value: 500, rate: 5, inverseRate: 0.2 });
    const euros = convertAmount(10, "BRL", "EUR", table);
    expect(euros?.value).toBeCloseTo(1.6, 12);
    expect(euros?.rate).toBeCloseTo(0.16, 12);
  });

  it("converts a crypto to a metal via the base", () => {
    // 1 BTC = 100,000 USD; 1 XAU = 2,000 USD.
    expect(convertAmount(1, "BTC", "XAU", table)?.value).toBeCloseTo(50, 9);
    expect(convertAmount(50, "XAU", "BTC", table)?.value).toBeCloseTo(1, 9);
  });

  it("gives the inverse rate of the pair", () => {
    const result = convertAmount(3, "EUR", "JPY", table);
    expect(result?.rate).toBeCloseTo(187.5, 9);
    expect(result?.inverseRate).toBeCloseTo(1 / 187.5, 12);
  });

  it("leaves an amount unchanged in its own currency, codes in any case", () => {
    expect(convertAmount(42.5, "brl", "BRL", table)).toEqual({ value: 42.5, rate: 1, inverseRate: 1 });
  });

  it("knows no rate for an unknown code", () => {
    expect(convertAmount(1, "USD", "XYZ", table)).toBeNull();
    expect(convertAmount(1, "ABC", "USD", table)).toBeNull();
  });
});

describe("roundToMinorUnits", () => {
  it("rounds to each currency's minor units", () => {
    expect(roundToMinorUnits(1234.5678, minorUnitsOf("JPY"))).toBe(1235);
    expect(roundToMinorUnits(1234.5678, minorUnitsOf("BRL"))).toBe(1234.57);
    expect(roundToMinorUnits(0.123456789, minorUnitsOf("BTC"))).toBe(0.12345679);
  });

  it("rounds halves up on the decimal value, not its binary approximation", () => {
    expect(roundToMinorUnits(1.005, 2)).toBe(1.01);
    expect(roundToMinorUnits(1.255, 2)).toBe(1.26);
    expect(roundToMinorUnits(8.345, 2)).toBe(8.35);
    expect(roundToMinorUnits(0.5, 0)).toBe(1);
    expect(roundToMinorUnits(-1.005, 2)).toBe(-1.01);
  });

  it("handles numbers written in exponent form", () => {
    expect(roundToMinorUnits(1.5e-7, 8)).toBe(1.5e-7);
    expect(roundToMinorUnits(1.25e-9, 8)).toBe(0);
    expect(roundToMinorUnits(1e21, 2)).toBe(1e21);
  });
});

describe("minorUnitsOf", () => {
  it("reads the embedded currency list, in any case", () => {
    expect(minorUnitsOf("JPY")).toBe(0);
    expect(minorUnitsOf("brl")).toBe(2);
    expect(minorUnitsOf("KWD")).toBe(3);
    expect(minorUnitsOf("XAU")).toBe(4);
    expect(minorUnitsOf("BTC")).toBe(8);
  });

  it("falls back on the kind for codes only a live table knows", () => {
    expect(minorUnitsOf("PEPE", "crypto")).toBe(8);
    expect(minorUnitsOf("XYZ")).toBe(2);
  });
});

describe("formatMinorUnits", () => {
  it("shows exactly the currency's decimals in the locale's style", () => {
    expect(formatMinorUnits(5.4, 2, "pt-BR")).toBe("5,40");
    expect(formatMinorUnits(1234.5, 2, "en")).toBe("1,234.50");
    expect(formatMinorUnits(15000, 0, "pt-BR")).toBe("15.000");
    expect(formatMinorUnits(0.00000214, 8, "es")).toBe("0,00000214");
  });
});
