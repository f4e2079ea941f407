import { describe, expect, it } from "vitest";

import { DAY_MS, HOUR_MS } from "~/lib/time";
import {
  type AssetModel,
  dayOf,
  EPOCH_MS,
  gaussian,
  hashString,
  isWeekday,
  PricePath,
  roundTheClock,
  STEP_MS,
} from "~/market/demo/generator";

const model = (overrides: Partial<AssetModel> = {}): AssetModel => ({
  key: "test:asset",
  reference: 100,
  volatility: 0.03,
  referenceVolume: 1_000_000,
  session: roundTheClock,
  ...overrides,
});
const weekdaySession = { openMinute: 13 * 60, closeMinute: 20 * 60, weekdaysOnly: true };
/** Wednesday 2026-11-18 15:07:30 UTC. */
const NOW = Date.UTC(2026, 10, 18, 15, 7, 30);

describe("seeded randomness", () => {
  it("is a pure function of its key", () => {
    expect(hashString("crypto:bitcoin")).toBe(hashString("crypto:bitcoin"));
    expect(hashString("crypto:bitcoin|1")).not.toBe(hashString("crypto:bitcoin|2"));
    const a = gaussian(42);
    const b = gaussian(42);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it("draws roughly standard normals", () => {
    const draw = gaussian(hashString("normal check"));
    const samples = Array.from({ length: 20_000 }, draw);
    const mean = samples.reduce((sum, x) => sum + x, 0) / samples.length;
    const variance = samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / samples.length;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(variance).toBeGreaterThan(0.95);
    expect(variance).toBeLessThan(1.05);
  });
});

describe("PricePath", () => {
  it("gives the same prices whatever order they were computed in", () => {
    const forward = new PricePath(model());
    const backward = new PricePath(model());
    const times = Array.from({ length: 50 }, (_, i) => NOW - i * 7 * HOUR_MS);
    const first = times.map((t) => forward.priceAt(t));
    const second = [...times]
      .reverse()
      .map((t) => backward.priceAt(t))
      .reverse();
    expect(second).toEqual(first);
  });

  it("rests at the reference before the epoch and moves after it", () => {
    const path = new PricePath(model());
    expect(path.close(-10)).toBeCloseTo(100, 10);
    expect(path.priceAt(NOW)).not.toBe(path.priceAt(NOW - 6 * HOUR_MS));
  });

  it("keeps low <= open, close <= high over arbitrary windows", () => {
    const path = new PricePath(model({ session: weekdaySession }));
    for (let i = 0; i < 300; i++) {
      const from = NOW - ((i * 7919) % 400) * HOUR_MS - i * 61_000;
      const window = path.window(from, from + ((i * 104_729) % (3 * DAY_MS)));
      expect(window.low).toBeLessThanOrEqual(Math.min(window.open, window.close));
      expect(window.high).toBeGreaterThanOrEqual(Math.max(window.open, window.close));
    }
  });

  it("steps every 5 minutes, and a whole day's volume sums over its steps", () => {
    const path = new PricePath(model());
    const step = Math.floor(NOW / STEP_MS) * STEP_MS;
    expect(path.priceAt(step + STEP_MS - 1)).toBe(path.priceAt(step));
    const day = EPOCH_MS + dayOf(NOW) * DAY_MS;
    const halves = path.window(day, day + DAY_MS / 2).volume + path.window(day + DAY_MS / 2, day + DAY_MS).volume;
    expect(halves).toBeCloseTo(path.window(day, day + DAY_MS).volume, 3);
  });

  it("is flat outside the session and over weekends", () => {
    const path = new PricePath(model({ session: weekdaySession }));
    const wednesday = EPOCH_MS + dayOf(NOW) * DAY_MS;
    expect(path.priceAt(wednesday + 12 * HOUR_MS)).toBe(path.close(dayOf(NOW) - 1));
    expect(path.priceAt(wednesday + 21 * HOUR_MS)).toBe(path.priceAt(wednesday + 23 * HOUR_MS));
    const saturday = wednesday + 3 * DAY_MS;
    expect(isWeekday(dayOf(saturday))).toBe(false);
    const fridayClose = path.close(dayOf(saturday) - 1);
    expect(path.priceAt(saturday + 15 * HOUR_MS)).toBe(fridayClose);
    expect(path.priceAt(saturday + DAY_MS + 15 * HOUR_MS)).toBe(fridayClose);
    expect(path.priceAt(saturday + 2 * DAY_MS + 12 * HOUR_MS)).toBe(fridayClose);
  });

  it("holds a peg within 1% for stablecoin-like volatility", () => {
    const path = new PricePath(model({ key: "test:peg", reference: 1, volatility: 0.001 }));
    for (let t = EPOCH_MS; t < NOW; t += 5 * HOUR_MS + STEP_MS) {
      const { low, high } = path.window(t, t + 6 * HOUR_MS);
      expect(low).toBeGreaterThanOrEqual(0.99);
      expect(high).toBeLessThanOrEqual(1.01);
    }
  });

  it("reverts toward the reference instead of wandering off", () => {
    const path = new PricePath(model({ volatility: 0.05 }));
    const closes = Array.from({ length: 1000 }, (_, day) => Math.log(path.close(day) / 100));
    const sd = Math.sqrt(closes.reduce((sum, x) => sum + x * x, 0) / closes.length);
    // Stationary sd of the walk is about 0.05 / sqrt(2 * 0.02) = 0.25.
    expect(sd).toBeLessThan(0.6);
  });
});
