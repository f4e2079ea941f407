import { describe, expect, it } from "vitest";

import { supportedLanguages } from "~/i18n/languages";
import { popularCurrencyCodes } from "~/market/converter";
import { converterCodes, currencyName, currencyOptions } from "~/screens/currency-names.server";

describe("currency names", () => {
  it("names fiat currencies as Intl does in each language", () => {
    expect(currencyName("USD", "pt-BR")).toBe("Dólar americano");
    expect(currencyName("USD", "en")).toBe("US Dollar");
    expect(currencyName("USD", "es")).toBe("dólar estadounidense");
    expect(currencyName("BRL", "pt-BR")).toBe("Real brasileiro");
    expect(currencyName("JPY", "es")).toBe("yen japonés");
  });

  it("names cryptos and metals from its own table", () => {
    expect(currencyName("BTC", "pt-BR")).toBe("Bitcoin");
    expect(currencyName("USDT", "en")).toBe("Tether");
    expect(currencyName("XAU", "pt-BR")).toBe("Ouro (onça troy)");
    expect(currencyName("XAU", "en")).toBe("Gold (troy ounce)");
    expect(currencyName("XAG", "es")).toBe("Plata (onza troy)");
  });

  it("gives every one of the 171 codes a name other than its code, in every language", () => {
    expect(converterCodes.size).toBe(171);
    for (const language of supportedLanguages) {
      const options = currencyOptions(language);
      expect(options).toHaveLength(171);
      expect(
        options.filter(({ code, name }) => !name || name === code).map(({ code }) => code),
        language,
      ).toEqual([]);
    }
  });

  it("lists popular codes first, then the rest alphabetically by localised name", () => {
    const options = currencyOptions("pt-BR");
    expect(options.slice(0, popularCurrencyCodes.length).map(({ code }) => code)).toEqual(popularCurrencyCodes);
    const rest = options.slice(popularCurrencyCodes.length).map(({ name }) => name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator("pt-BR").compare));
    // An accented letter sorts with its base letter, not after every plain one as code points would.
    const spanish = currencyOptions("es").map(({ name }) => name);
    expect(spanish.indexOf("dólar australiano")).toBeLessThan(spanish.indexOf("dram armenio"));
  });

  it("carries crypto icons and nothing for other kinds", () => {
    const options = currencyOptions("en");
    expect(options.find(({ code }) => code === "BTC")?.icon).toBe("/icons/crypto/btc.svg");
    expect(options.find(({ code }) => code === "EUR")).toEqual({ code: "EUR", kind: "fiat", name: "Euro", icon: null });
    expect(options.find(({ code }) => code === "XAU")?.kind).toBe("metal");
  });

  it("builds each language's list once", () => {
    expect(currencyOptions("es")).toBe(currencyOptions("es"));
  });

  it("knows no name for an unknown code", () => {
    expect(currencyName("XYZ", "en")).toBeUndefined();
  });
});
