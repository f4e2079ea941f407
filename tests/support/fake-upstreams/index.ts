import { DAY_MS } from "../../../app/lib/time";
/**
 * Local fakes of the live market upstreams, one module per upstream as market/live has one folder
 * per upstream, for contract, route and fault tests. Each replays its upstream's real shapes,
 * including their untidy parts (numbers as strings, nulls, missing keys, "" for "none") and the
 * oddities of recorded real answers in upstream-quirks.ts (placeholder images, 0 for unknown,
 * malformed items among good ones, crypto tokens in the currency feed, a cut earnings answer).
 * Binance's stream is a WebSocket fake of its own (binance.ts); the HTTP ones start together here:
 *
 *   const fake = await startFakeUpstream();
 *   const crypto = createCoinGeckoProvider({ baseUrl: `${fake.url}/coingecko`, timeoutMs: 200 });
 *   fake.setFault("coingecko:markets", "429");
 *   expect(fake.calls("coingecko:markets")).toBe(1);
 *   await fake.close();
 *
 * Each upstream is mounted under its own prefix; pass `${url}/<prefix>` as the adapter's baseUrl:
 *   /coingecko  /brapi  /finnhub  /twelve-data  /currency-api  /currency-api-fallback
 * Each module lists its route keys (for setFault, calls and requests), what they serve and how it
 * checks keys (those in `fakeKeys`, as the real service does); server.ts lists the faults. Missing
 * required query parameters get 400, as the real services answer.
 */
import { brapiKeys, type BrapiRoute, brapiRoutes } from "./brapi";
import { coingeckoKeys, type CoinGeckoRoute, coingeckoRoutes, fakeOhlcEndMs } from "./coingecko";
import { type CurrencyApiRoute, currencyApiRoutes } from "./currency-api";
import { finnhubKeys, type FinnhubRoute, finnhubRoutes } from "./finnhub";
import { startFakeServer } from "./server";
import { twelveDataKeys, type TwelveDataRoute, twelveDataRoutes } from "./twelve-data";

export { fakeOhlcEndMs } from "./coingecko";
export type { FakeFault } from "./server";
export { fakeEarningsRowCap } from "../upstream-quirks";

export const fakeKeys = { ...coingeckoKeys, ...brapiKeys, ...finnhubKeys, ...twelveDataKeys } as const;

export type FakeRoute = CoinGeckoRoute | BrapiRoute | FinnhubRoute | TwelveDataRoute | CurrencyApiRoute;

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;

/** Every HTTP fake on one server, each under its prefix. */
export async function startFakeUpstream() {
  const coingecko = { ohlcEndMs: fakeOhlcEndMs };
  const server = await startFakeServer<FakeRoute>([
    ...coingeckoRoutes(coingecko),
    ...brapiRoutes,
    ...finnhubRoutes,
    ...twelveDataRoutes,
    ...currencyApiRoutes,
  ]);
  return {
    ...server,
    /** Where CoinGecko's /ohlc rows end (unix ms, rounded down to a UTC day); `fakeOhlcEndMs` until set. */
    setOhlcEnd: (ms: number) => void (coingecko.ohlcEndMs = Math.floor(ms / DAY_MS) * DAY_MS),
  };
}
