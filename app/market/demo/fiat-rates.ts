import { HOUR_MS } from "~/lib/time";
import { currencyRecords } from "~/market/catalogue";

import { memoLast, PricePath, roundTheClock } from "./generator";

export const RATES_BASE = "USD";
/** Daily volatility of the drift around each stored rate. */
const volatility = { fiat: 0.004, metal: 0.01 };

const drifting = currencyRecords.flatMap((currency) =>
  currency.kind === "crypto" || currency.code === RATES_BASE
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

/** Fiat and metal units per US dollar; they move hourly, the table's own timestamp. */
const hourlyRates = memoLast((hour: number): Record<string, number> =>
  Object.fromEntries([[RATES_BASE, 1], ...drifting.map(({ code }) => [code, unitsPerUsdAt(code, hour * HOUR_MS)])]),
);

/** The demo's fiat and metal rates in force at unix milliseconds `at`. */
export function fiatRatesAt(at: number): Readonly<Record<string, number>> {
  return hourlyRates(Math.floor(at / HOUR_MS));
}

const pathByCode = new Map(drifting.map(({ code, path }) => [code, path]));

/** One code's rate at `at`, the same number `fiatRatesAt(at)` holds, without the whole table. */
export function unitsPerUsdAt(code: string, at: number): number {
  if (code === RATES_BASE) return 1;
  const path = pathByCode.get(code);
  if (!path) throw new Error(`No demo rate for ${code}`);
  return Number(path.priceAt(Math.floor(at / HOUR_MS) * HOUR_MS).toPrecision(6));
}
