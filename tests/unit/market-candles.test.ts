import { describe, expect, it } from "vitest";

import { DAY_MS } from "~/lib/time";
import { MarketCache } from "~/market/cache.server";
import { createDemoProviders } from "~/market/demo";
import type { MarketProviders } from "~/market/providers/provider";
import { createMarketService } from "~/market/service.server";

const now = Date.UTC(2026, 10, 26, 15, 2, 0);
const clock = () => now;

/** The demo providers without their own candles, as the live adapters are. */
function withoutCandles(): MarketProviders {
  const demo = createDemoProviders(clock);
  const { candles: _crypto, ...crypto } = demo.crypto;
  const { candles: _stocks, ...stocks } = demo.stocks;
  return { ...demo, crypto, stocks };
}

describe("candles through the market service", () => {
  it("end on the detail's price, whichever answer came first", async () => {
    const market = createMarketService(createDemoProviders(clock), new MarketCache({ clock: { now: clock } }));
    const detail = await market.cryptoDetail("bitcoin", "pt-BR", "brl");
    const chart = await market.cryptoCandles("bitcoin", "1y", now, "brl");
    expect(chart.data?.candles.at(-1)?.close).toBe(detail.data?.price);
    expect(chart.data?.ohlc).toBe(true);
  });

  it("are made from a crypto chart's price samples where the provider has no candles, and say they are samples", async () => {
    const market = createMarketService(withoutCandles(), new MarketCache({ clock: { now: clock } }));
    const chart = (await market.cryptoCandles("bitcoin", "1m", now)).data;
    expect(chart?.ohlc).toBe(false);
    expect(chart?.intervalMs).toBe(DAY_MS);
    // 31 days of hourly samples, one candle a day (the window ends on the next whole hour).
    expect(chart?.candles.length).toBeGreaterThanOrEqual(31);
    expect(chart?.candles.length).toBeLessThanOrEqual(32);
    for (const { open, high, low, close } of chart?.candles ?? []) {
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
    }
  });

  it("are cut from a stock's detail history where the provider has no candles, merged to the range's size", async () => {
    const market = createMarketService(withoutCandles(), new MarketCache({ clock: { now: clock } }));
    const year = (await market.stockCandles("PETR4", "5y", "pt-BR")).data;
    expect(year?.ohlc).toBe(true);
    // The live adapters reach a year back: 5Y shows that year, in weekly candles from Monday.
    expect(year?.candles.length).toBeGreaterThan(50);
    expect(year?.candles.length).toBeLessThanOrEqual(54);
    for (const { time } of year?.candles ?? []) expect(new Date(time * 1000).getUTCDay()).toBe(1);
    const detail = await market.stockDetail("PETR4", "1mo", "pt-BR");
    expect(year?.candles.at(-1)?.close).toBe(detail.data?.price);
  });
});
