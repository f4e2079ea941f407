/**
 * A fake of fawazahmed0's currency-api and its mirror, mounted at /currency-api and
 * /currency-api-fallback: one table of rates per US dollar, crypto tokens and withdrawn currencies
 * among them (upstream-quirks.ts). Keyless.
 *
 * Route keys and their paths:
 *   currency-api:usd      /currency-api/currencies/usd.json
 *   currency-api-fallback:usd  /currency-api-fallback/currencies/usd.json (the same table)
 */
import { quirkyUsdRates } from "../upstream-quirks";
import { ok, type Route } from "./server";

export type CurrencyApiRoute = "currency-api:usd" | "currency-api-fallback:usd";

// prettier-ignore
const usdTable = {
  date: "2024-06-03",
  usd: {
    usd: 1, brl: 5.2471, eur: 0.9189, jpy: "157.32", ggp: 0.7843, btc: 0.0000145, eth: 0.000264,
    usdt: 1.0002, "1inch": 2.61, xau: 0.00042767, xag: 0.0325, vef: 0, zwd: null, xyz: -1, abc: "n/a",
    ...quirkyUsdRates,
  },
};

export const currencyApiRoutes: Route<CurrencyApiRoute>[] = [
  {
    key: "currency-api:usd",
    pattern: /^\/currency-api\/currencies\/usd\.json$/,
    handle: () => ok(usdTable),
  },
  {
    key: "currency-api-fallback:usd",
    pattern: /^\/currency-api-fallback\/currencies\/usd\.json$/,
    handle: () => ok(usdTable),
  },
];
