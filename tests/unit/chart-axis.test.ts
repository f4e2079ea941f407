import { describe, expect, it } from "vitest";

import { axisFormatter, niceTicks } from "~/ui/charts/axis";

/** Whether `step` is 1, 2, 2.5 or 5 times a power of ten. */
function isRound(step: number): boolean {
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5, 10].some((multiple) => Math.abs(mantissa - multiple) < 1e-9);
}

describe("nice ticks", () => {
  it.each([
    [445_520.36, 504_631.64],
    [33.01, 38.2],
    [0.00001234, 0.00001301],
    [0, 1],
    [-12.3, 7.9],
    [1.2e9, 1.25e9],
    [9_800, 10_300],
  ])("splits %d–%d at round multiples of a round step, inside the range", (bottom, top) => {
    const ticks = niceTicks(bottom, top);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(6);
    const [first = 0, second = 0] = ticks;
    const step = second - first;
    expect(isRound(step)).toBe(true);
    for (const [index, tick] of ticks.entries()) {
      expect(tick).toBeGreaterThanOrEqual(bottom);
      expect(tick).toBeLessThanOrEqual(top);
      expect(tick / step).toBeCloseTo(Math.round(tick / step), 6);
      if (index > 0) expect(tick - (ticks[index - 1] ?? 0)).toBeCloseTo(step, 9);
    }
  });

  it("gives ranges that used to read 94.501,27 a readable step", () => {
    expect(niceTicks(445_520.36, 504_631.64)).toEqual([450_000, 460_000, 470_000, 480_000, 490_000, 500_000]);
    expect(niceTicks(33.01, 38.2)).toEqual([34, 35, 36, 37, 38]);
    expect(niceTicks(-12.3, 7.9)).toEqual([-10, -5, 0, 5]);
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it("writes multiples of decimal steps without float noise", () => {
    expect(niceTicks(0.1, 0.75)).toEqual([0.2, 0.4, 0.6]);
    expect(niceTicks(0.0000119, 0.0000131)).toEqual([0.000012, 0.0000122, 0.0000124, 0.0000126, 0.0000128, 0.000013]);
  });

  it("has one tick for an empty or broken range", () => {
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(niceTicks(5, Number.NaN)).toEqual([5]);
  });
});

describe("the axis formatter", () => {
  const pt = axisFormatter("pt-BR");
  const en = axisFormatter("en");

  it("writes plain numbers without the cents a step of whole units does not need", () => {
    expect(pt([34, 35, 36])).toEqual(["34", "35", "36"]);
    expect(pt([34, 34.5, 35])).toEqual(["34", "34,5", "35"]);
    expect(en([34, 34.25, 34.5])).toEqual(["34", "34.25", "34.5"]);
  });

  it("is compact in the locale's words where that is no longer: 'mil' is narrower than '.000'", () => {
    expect(pt([460_000, 480_000, 500_000])).toEqual(["460\u00a0mil", "480\u00a0mil", "500\u00a0mil"]);
    expect(en([460_000, 480_000, 500_000])).toEqual(["460K", "480K", "500K"]);
    expect(en([460_000, 462_500, 465_000])).toEqual(["460K", "462.5K", "465K"]);
    expect(pt([1.2e12, 1.25e12])).toEqual(["1,2\u00a0tri", "1,25\u00a0tri"]);
    expect(axisFormatter("es")([2e9, 4e9])).toEqual(["2000\u00a0M", "4000\u00a0M"]);
  });

  it("keeps grouped whole numbers where the compact form is longer", () => {
    expect(pt([460_000, 462_500, 465_000])).toEqual(["460.000", "462.500", "465.000"]);
  });

  it("never rounds two ticks to one label", () => {
    for (const locale of ["pt-BR", "en", "es"]) {
      expect(new Set(axisFormatter(locale)([1_000_000, 1_000_250, 1_000_500])).size).toBe(3);
    }
  });

  it("shows the digits of sub-cent prices", () => {
    expect(en([0.0000122, 0.0000124, 0.0000126])).toEqual(["0.0000122", "0.0000124", "0.0000126"]);
  });

  it("writes a single tick with the digits it has", () => {
    expect(pt([34.84])).toEqual(["34,84"]);
    expect(pt([])).toEqual([]);
  });
});
