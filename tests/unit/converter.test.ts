import { describe, expect, it } from "vitest";

import { parseAmount, plainAmount, stepAmount } from "~/market/amount";
import { converterHref, currencyCountry } from "~/market/converter";
import type { RateTable } from "~/market/types";
import { conversionOf, formatRate, readConverterQuery } from "~/screens/currency-converter.server";

import { contextFor, routeArgs } from "../support/router-context";

/** The page's loader with a real Request, after the language middleware, as React Router runs it. */
async function converterLoader(url: string, language = "pt-BR") {
  const { loader } = await import("~/routes/currency-converter");
  const request = new Request(`http://localhost${url}`, { headers: { Cookie: `i18next=${language}` } });
  return loader(routeArgs(request, await contextFor(request)));
}

describe("parseAmount", () => {
  it("reads Brazilian and Spanish style amounts", () => {
    expect(parseAmount("1.234,56", "pt-BR")).toBe(1234.56);
    expect(parseAmount("1.234.567", "pt-BR")).toBe(1234567);
    expect(parseAmount("1.234", "pt-BR")).toBe(1234);
    expect(parseAmount("0,5", "es")).toBe(0.5);
    expect(parseAmount("12.345,6", "es")).toBe(12345.6);
  });

  it("reads English style amounts and plain decimals in every language", () => {
    expect(parseAmount("1,234.56", "en")).toBe(1234.56);
    expect(parseAmount("1,234", "en")).toBe(1234);
    expect(parseAmount("1.234", "en")).toBe(1.234);
    expect(parseAmount("1234.56", "pt-BR")).toBe(1234.56);
    expect(parseAmount("1,234.56", "pt-BR")).toBe(1234.56);
    expect(parseAmount("1.234,56", "en")).toBe(1234.56);
    expect(parseAmount("0.500", "pt-BR")).toBe(0.5);
    expect(parseAmount(" 1 000,25 ", "pt-BR")).toBe(1000.25);
    expect(parseAmount("250", "en")).toBe(250);
    expect(parseAmount("0", "en")).toBe(0);
  });

  it("rejects text that is not one number", () => {
    for (const text of ["abc", "1,2,3", "1.2.3", "12,34.5,6", "1e5", "NaN", "Infinity", "1.", "", "1,23,456.7"]) {
      expect(parseAmount(text, "pt-BR"), text).toBe("errors.amountInvalid");
    }
  });

  it("rejects negative and huge amounts", () => {
    expect(parseAmount("-5", "en")).toBe("errors.amountNegative");
    expect(parseAmount("−1,5", "pt-BR")).toBe("errors.amountNegative");
    expect(parseAmount("1000000000000", "en")).toBe(1e12);
    expect(parseAmount("1.000.000.000.001", "pt-BR")).toBe("errors.amountTooLarge");
    expect(parseAmount("9".repeat(400), "en")).toBe("errors.amountTooLarge");
  });
});

describe("the number field", () => {
  it("holds amounts as digits and a point, never as something that reads back as thousands", () => {
    expect(plainAmount(1234.56, "pt-BR")).toBe("1234.56");
    expect(plainAmount(0.0000001, "en")).toBe("0.0000001");
    expect(plainAmount(1e12, "en")).toBe("1000000000000");
    expect(plainAmount(1.234, "pt-BR")).toBe("1.2340");
    expect(parseAmount(plainAmount(1.234, "pt-BR"), "pt-BR")).toBe(1.234);
    expect(plainAmount(1.234, "en")).toBe("1.234");
  });

  it("steps the typed amount in the visitor's style, between 0 and the maximum", () => {
    expect(stepAmount("5", 10, "pt-BR")).toBe("15");
    expect(stepAmount("1.234,5", 1, "pt-BR")).toBe("1.235,5");
    expect(stepAmount("1,234.5", -10, "en")).toBe("1,224.5");
    expect(stepAmount("0,1", 1, "es")).toBe("1,1");
    expect(stepAmount("", 1, "en")).toBe("1");
    expect(stepAmount("3", -10, "en")).toBe("0");
    expect(stepAmount("1000000000000", 1, "en")).toBe("1,000,000,000,000");
    expect(stepAmount("abc", 1, "en")).toBeNull();
    expect(stepAmount("-5", 1, "en")).toBeNull();
  });
});

describe("readConverterQuery", () => {
  const read = (query: string, language: "pt-BR" | "en" | "es" = "pt-BR") => readConverterQuery(new URLSearchParams(query), language);

  it("defaults to 1 USD in BRL", () => {
    expect(read("")).toEqual({ input: { amount: "1", from: "USD", to: "BRL" }, query: { amount: 1, from: "USD", to: "BRL" }, errors: {} });
  });

  it("accepts codes in any case", () => {
    expect(read("amount=2&from=btc&to=xau").query).toEqual({ amount: 2, from: "BTC", to: "XAU" });
  });

  it("reports unknown codes and bad amounts per field, keeping the text as typed", () => {
    expect(read("amount=abc&from=XYZ")).toEqual({
      input: { amount: "abc", from: "XYZ", to: "BRL" },
      query: null,
      errors: { amount: "errors.amountInvalid", from: "errors.currencyNotFound" },
    });
    expect(read("to=<script>alert(1)</script>").input.to).toHaveLength(12);
  });
});

describe("conversionOf", () => {
  const table: RateTable = {
    base: "USD",
    timestamp: 1_700_000_000,
    rates: { USD: 1, BRL: 5.45531, EUR: 0.92, JPY: 151.234, XAU: 0.0005, BTC: 0.00001 },
    kinds: { USD: "fiat", BRL: "fiat", EUR: "fiat", JPY: "fiat", XAU: "metal", BTC: "crypto" },
  };

  it("formats amount, result, rate and inverse in the language, to each currency's minor units", () => {
    expect(conversionOf({ amount: 1000, from: "USD", to: "BRL" }, table, "pt-BR")).toEqual({
      amount: "1.000,00",
      value: "5.455,31",
      rate: "5,4553",
      inverseRate: "0,1833",
    });
    expect(conversionOf({ amount: 250, from: "EUR", to: "JPY" }, table, "en")?.value).toBe("41,096");
  });

  it("rounds the amount to what the source currency can hold before converting", () => {
    expect(conversionOf({ amount: 1.239, from: "USD", to: "BRL" }, table, "en")).toMatchObject({ amount: "1.24", value: "6.76" });
  });

  it("converts a crypto to a metal through the dollar", () => {
    // 1 BTC = 100,000 USD; 1 XAU = 2,000 USD.
    expect(conversionOf({ amount: 0.5, from: "BTC", to: "XAU" }, table, "es")).toMatchObject({
      amount: "0,50000000",
      value: "25,0000",
      rate: "50",
      inverseRate: "0,02",
    });
  });

  it("has nothing to show when the table lacks a rate", () => {
    expect(conversionOf({ amount: 1, from: "USD", to: "ARS" }, table, "en")).toBeNull();
  });

  it("shows small rates with significant digits", () => {
    expect(formatRate(0.0000109643, "pt-BR")).toBe("0,00001096");
    expect(formatRate(91_234.5678, "en")).toBe("91,234.5678");
  });
});

describe("links and flags", () => {
  it("builds the shareable URL and the swap link in the order amount, from, to", () => {
    expect(converterHref({ amount: "1.234,56", from: "BRL", to: "USD" })).toBe("/currency-converter?amount=1.234%2C56&from=BRL&to=USD");
  });

  it("flags fiat by country, the euro by the EU and supranational codes not at all", () => {
    expect(currencyCountry("BRL")).toBe("br");
    expect(currencyCountry("USD")).toBe("us");
    expect(currencyCountry("GBP")).toBe("gb");
    expect(currencyCountry("EUR")).toBe("eu");
    expect(currencyCountry("XOF")).toBeNull();
  });
});

describe("GET /currency-converter loader", () => {
  it("converts the URL's amount, localised names and the rates' time", async () => {
    const data = await converterLoader("/currency-converter?amount=1.234,56&from=USD&to=BRL");
    expect(data.meta.title).toBe("Conversor de Moedas");
    expect(data.input).toEqual({ amount: "1.234,56", from: "USD", to: "BRL" });
    expect(data.errors).toEqual({});
    expect(data.conversion?.amount).toBe("1.234,56");
    expect(data.conversion?.value).toMatch(/^\d\.\d{3},\d{2}$/);
    expect(data.rates).toMatchObject({ source: "demo", stale: false });
    expect(data.rates?.timestamp).toBeGreaterThan(1_600_000_000);
    expect(data.currencies.find(({ code }) => code === "USD")?.name).toBe("Dólar americano");
  });

  it("reads English style amounts for English visitors", async () => {
    const data = await converterLoader("/currency-converter?amount=1,234.56&from=EUR&to=JPY", "en");
    expect(data.meta.title).toBe("Currency converter");
    expect(data.conversion?.amount).toBe("1,234.56");
    expect(data.conversion?.value).toMatch(/^\d{3},\d{3}$/);
    expect(data.currencies.find(({ code }) => code === "USD")?.name).toBe("US Dollar");
  });

  it("answers an unknown code with a field error and no result, not a failure", async () => {
    const data = await converterLoader("/currency-converter?from=XYZ");
    expect(data.errors).toEqual({ from: "errors.currencyNotFound" });
    expect(data.input.from).toBe("XYZ");
    expect(data.conversion).toBeNull();
  });

  it("answers a negative amount with a field error", async () => {
    const data = await converterLoader("/currency-converter?amount=-3", "es");
    expect(data.errors).toEqual({ amount: "errors.amountNegative" });
    expect(data.conversion).toBeNull();
  });
});
