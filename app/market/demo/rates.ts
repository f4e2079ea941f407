import type { RatesProvider } from "../providers/provider";
import type { CurrencyKind } from "../types";
import { cryptoPriceBySymbol } from "./crypto";
import { currencyRecords } from "./dataset";
import { HOUR_MS, PricePath, memoLast, roundTheClock } from "./generator";

const BASE = "USD";
/** Daily volatility of the drift around each stored rate. */
const volatility = { fiat: 0.004, metal: 0.01 };

const drifting = currencyRecords.flatMap((currency) =>
  currency.kind === "crypto" || currency.code === BASE
    ? []
    : [
        {
          code: currency.code,
          path: new PricePath({
            key: `fx:${currency.code}`,
            reference: currency.unitsPerUsd,
            volatility: volatility[currency.kind],
            referenceVolume: 0,
            session: roundTheClock,
          }),
        },
      ],
);

const cryptoCodes = currencyRecords.filter(({ kind }) => kind === "crypto").map(({ code }) => code);

const kinds: Record<string, CurrencyKind> = Object.fromEntries(currencyRecords.map(({ code, kind }) => [code, kind]));

/** Fiat and metal rates move hourly, the table's own timestamp. */
const hourlyRates = memoLast((hour: number) =>
  Object.fromEntries([
    [BASE, 1],
    ...drifting.map(({ code, path }) => [code, Number(path.priceAt(hour * HOUR_MS).toPrecision(6))]),
  ]),
);

export function createRatesProvider(clock: () => number): RatesProvider {
  return {
    source: "demo",
    async latest() {
      const now = clock();
      const hour = Math.floor(now / HOUR_MS);
      const rates: Record<string, number> = { ...hourlyRates(hour) };
      // Priced live, like the crypto pages, so the converter and those pages agree.
      for (const code of cryptoCodes) rates[code] = 1 / cryptoPriceBySymbol(code, now);
      return { base: BASE, timestamp: (hour * HOUR_MS) / 1000, rates, kinds: { ...kinds } };
    },
  };
}
