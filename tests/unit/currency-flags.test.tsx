import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { currencyCountry } from "~/market/converter";
import { currencyOptions } from "~/screens/currency-names.server";
import { flagUrlOf, flagUrls } from "~/ui/converter/currency-flags";
import { CurrencySymbol } from "~/ui/converter/currency-symbol";

/** Currencies of several countries, without one flag: they keep the badge with their code. */
const supranational = ["XAF", "XCD", "XCG", "XOF", "XPF"];
const fiat = currencyOptions("pt-BR").filter(({ kind }) => kind === "fiat");

describe("converter flags", () => {
  it("has a flag-icons SVG for every fiat currency the converter offers", () => {
    expect(fiat.length).toBeGreaterThan(150);
    const flagless = fiat
      .filter(({ code }) => !flagUrlOf(code))
      .map(({ code }) => code)
      .sort();
    expect(flagless).toEqual(supranational);
    for (const { code } of fiat.filter(({ code }) => !supranational.includes(code))) {
      expect(flagUrlOf(code), code).toMatch(new RegExp(`/${currencyCountry(code)}\\.svg\\b`));
    }
    expect(flagUrlOf("EUR")).toMatch(/\/eu\.svg\b/);
  });

  it("bundles no flag that no currency shows", () => {
    const shown = new Set(fiat.map(({ code }) => flagUrlOf(code)));
    expect(Object.values(flagUrls).filter((url) => !shown.has(url))).toEqual([]);
    expect(Object.keys(flagUrls)).toHaveLength(fiat.length - supranational.length);
  });

  it("draws fiat with its flag, and metals, cryptos and supranational codes as before", () => {
    const symbolOf = (code: string) => {
      const option = currencyOptions("pt-BR").find((candidate) => candidate.code === code);
      return renderToStaticMarkup(option ? <CurrencySymbol option={option} /> : null);
    };
    expect(symbolOf("BRL")).toMatch(/^<img class="currency-flag" src="[^"]*\/br\.svg[^"]*" alt="" width="24" height="18" loading="lazy"/);
    expect(symbolOf("XAU")).toContain(">Au</span>");
    expect(symbolOf("SOL")).not.toContain("currency-flag");
    expect(symbolOf("XOF")).toContain(">XOF</span>");
  });
});
