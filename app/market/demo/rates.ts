import { HOUR_MS } from "~/lib/time";
import { currencyRecords } from "~/market/catalogue";

import type { RatesProvider } from "../providers/provider";
import type { CurrencyKind } from "../types";
import { cryptoPriceBySymbol } from "./crypto";
import { fiatRatesAt, RATES_BASE } from "./fiat-rates";

const cryptoCodes = currencyRecords.filter(({ kind }) => kind === "crypto").map(({ code }) => code);

const kinds: Record<string, CurrencyKind> = Object.fromEntries(currencyRecords.map(({ code, kind }) => [code, kind]));

export function createRatesProvider(clock: () => number): RatesProvider {
  return {
    source: "demo",
    async latest() {
      const now = clock();
      const hour = Math.floor(now / HOUR_MS);
      const rates: Record<string, number> = { ...fiatRatesAt(now) };
      // Priced live, like the crypto pages, so the converter and those pages agree.
      for (const code of cryptoCodes) rates[code] = 1 / cryptoPriceBySymbol(code, now);
      return { base: RATES_BASE, timestamp: (hour * HOUR_MS) / 1000, rates, kinds: { ...kinds } };
    },
  };
}
