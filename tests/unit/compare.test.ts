import { describe, expect, it } from "vitest";

import { DAY_MS, HOUR_MS } from "~/lib/time";
import { MarketCache } from "~/market/cache.server";
import {
  cdiAccumulated,
  type ComparedSeries,
  compareStart,
  dailyFromPoints,
  type DailySeries,
  ipcaAccumulated,
  maxCompared,
  packSeries,
  parseCompared,
  rebaseSeries,
  unpackSeries,
} from "~/market/compare";
import { createDemoProviders } from "~/market/demo";
import { createMarketService } from "~/market/service.server";
import type { Logger } from "~/platform/logger.server";
import { loadComparison } from "~/screens/compare.server";

const series = (entries: [string, number][]): DailySeries => new Map(entries);

describe("compare inputs", () => {
  it("keeps valid codes in order, names invalid ones, skips blanks and repeats, and caps the number", () => {
    expect(parseCompared([" PETR4 ", "", "bitcoin", "petr4", "<script>", "ibov"])).toEqual({
      valid: ["PETR4", "bitcoin", "ibov"],
      invalid: ["<script>"],
      dropped: 0,
    });
    const many = parseCompared(["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]);
    expect(many.valid).toHaveLength(maxCompared);
    expect(many.dropped).toBe(2);
  });
});

describe("compare maths", () => {
  it("accumulates the CDI over business days, each compounding the annual rate over 252", () => {
    const daily = cdiAccumulated([
      { date: "2026-11-02", value: 14.9 },
      { date: "2026-11-03", value: 14.9 },
      { date: "2026-11-04", value: 14.9 },
    ]);
    const factor = 1.149 ** (1 / 252);
    expect(daily.get("2026-11-02")).toBe(1);
    expect(daily.get("2026-11-04")).toBeCloseTo(factor ** 2, 12);
    // A whole year of business days is the annual rate.
    const year = cdiAccumulated(Array.from({ length: 253 }, (_, day) => ({ date: `d${String(day).padStart(3, "0")}`, value: 14.9 })));
    expect(year.get("d252")).toBeCloseTo(1.149, 10);
  });

  it("accumulates the IPCA month by month, each month counting once it is over", () => {
    const daily = ipcaAccumulated([
      { date: "2026-11-01", value: 0.5 },
      { date: "2026-12-01", value: 1 },
    ]);
    expect([...daily]).toEqual([
      ["2026-11-01", 1],
      ["2026-12-01", 1.005],
      ["2027-01-01", 1.005 * 1.01],
    ]);
  });

  it("keeps a day's last price for charts with several points a day", () => {
    const noon = Date.UTC(2026, 10, 2, 12);
    expect([
      ...dailyFromPoints([
        [noon + HOUR_MS, 11],
        [noon, 10],
        [noon + DAY_MS, 12],
        [noon, Number.NaN],
      ]),
    ]).toEqual([
      ["2026-11-02", 11],
      ["2026-11-03", 12],
    ]);
  });

  it("rebases every series to the first day all have a value, carrying values over days one does not trade", () => {
    // Crypto every day, a B3 stock on weekdays from Tuesday; the common start is Tuesday.
    const crypto = series([
      ["2026-11-02", 100],
      ["2026-11-03", 110],
      ["2026-11-04", 99],
      ["2026-11-07", 121],
    ]);
    const stock = series([
      ["2026-11-03", 20],
      ["2026-11-04", 21],
      ["2026-11-06", 25],
    ]);
    const [a, b] = rebaseSeries([crypto, stock], "2026-11-01", "2026-11-30");
    const day = (key: string) => Date.parse(`${key}T00:00:00Z`);
    expect(a!.points.map(([time, value]) => [time, Number(value.toFixed(6))])).toEqual([
      [day("2026-11-03"), 0],
      [day("2026-11-04"), -10],
      [day("2026-11-06"), -10],
      [day("2026-11-07"), 10],
    ]);
    expect(b!.points.map(([, value]) => Number(value.toFixed(6)))).toEqual([0, 5, 25, 25]);
    expect(b!.final).toBeCloseTo(25, 9);
  });

  it("starts no earlier than the range and still compares the others when one series has nothing", () => {
    const long = series([
      ["2026-10-01", 50],
      ["2026-11-02", 100],
      ["2026-11-03", 150],
    ]);
    const [kept, empty] = rebaseSeries([long, new Map()], "2026-11-01", "2026-11-30");
    expect(kept!.points.map(([, value]) => value)).toEqual([0, 50]);
    expect(empty).toEqual({ points: [], final: null });
  });

  it("starts each range at a whole UTC day", () => {
    const now = Date.UTC(2026, 10, 26, 15, 30);
    expect(new Date(compareStart("1m", now)).toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(new Date(compareStart("1y", now)).toISOString()).toBe("2025-11-26T00:00:00.000Z");
  });
});

describe("compared series in the loader data", () => {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

  it("packs each series' points into one string and unpacks the same days, values to 1/10,000 of a point", () => {
    const compared: ComparedSeries[] = [
      {
        input: "PETR4",
        status: "ok",
        kind: "stock",
        code: "PETR4",
        points: [
          [day("2024-02-28"), 0],
          [day("2024-02-29"), -2.123456],
          [day("2024-03-04"), 41.00004],
          [day("2025-01-01"), -99.99999],
        ],
        final: -99.99999,
      },
      { input: "NOPE9", status: "unknown" },
      { input: "ipca", status: "ok", kind: "benchmark", code: "ipca", points: [], final: null },
    ];
    const packed = packSeries(compared);
    expect(packed.map((item) => (item.status === "ok" ? typeof item.points : item.status))).toEqual(["string", "unknown", "string"]);
    expect(unpackSeries(packed)).toEqual([
      {
        ...compared[0],
        points: [
          [day("2024-02-28"), 0],
          [day("2024-02-29"), -2.1235],
          [day("2024-03-04"), 41],
          [day("2025-01-01"), -100],
        ],
      },
      compared[1],
      compared[2],
    ]);
  });

  it("survives a JSON round trip as strings and numbers only", () => {
    const rebased = rebaseSeries(
      [
        series([
          ["2024-03-01", 10],
          ["2024-03-04", 11],
        ]),
      ],
      "2024-03-01",
      "2024-03-04",
    );
    const compared: ComparedSeries[] = [
      { input: "x", status: "ok", kind: "crypto", code: "x", points: rebased[0]!.points, final: rebased[0]!.final },
    ];
    const unpacked = unpackSeries(JSON.parse(JSON.stringify(packSeries(compared))));
    expect(unpacked[0]).toMatchObject({
      points: [
        [day("2024-03-01"), 0],
        [day("2024-03-04"), 10],
      ],
    });
  });
});

describe("a comparison on the demo data", () => {
  const NOW = Date.UTC(2026, 10, 18, 23);
  const market = createMarketService(
    createDemoProviders(() => NOW),
    new MarketCache({ clock: { now: () => NOW } }),
  );
  const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Logger;

  it("resolves benchmarks, tickers and crypto ids, and names what it cannot find without losing the rest", async () => {
    const { series: result, sources } = await loadComparison(
      market,
      logger,
      ["PETR4", "bitcoin", "ibov", "cdi", "ipca", "NOPE9"],
      "1y",
      NOW,
      "en",
    );
    expect(result.map((item) => [item.input, item.status, "kind" in item ? item.kind : null])).toEqual([
      ["PETR4", "ok", "stock"],
      ["bitcoin", "ok", "crypto"],
      ["ibov", "ok", "benchmark"],
      ["cdi", "ok", "benchmark"],
      ["ipca", "ok", "benchmark"],
      ["NOPE9", "unknown", null],
    ]);
    expect(sources).toEqual(["demo"]);
    const cdi = result[3]!;
    if (cdi.status !== "ok") throw new Error("no CDI");
    // A year of the demo's 14.9 % a.a. CDI (15 % Selic) is about 14.9 %: it accrues on B3's business days
    // only (the demo's calendar has 2026's holidays), not on every weekday (which made 15.47 %).
    expect(cdi.final!).toBeGreaterThan(14.6);
    expect(cdi.final!).toBeLessThan(15.1);
    // Every series starts at 0 % on the same day.
    const starts = result.flatMap((item) => (item.status === "ok" ? [item.points[0]] : []));
    expect(new Set(starts.map((point) => point![0])).size).toBe(1);
    expect(starts.every((point) => point![1] === 0)).toBe(true);
  });

  it("rebases the same kept answers once, and again for another range or list", async () => {
    const benchmarks = ["ibov", "ifix", "cdi", "ipca"];
    const first = await loadComparison(market, logger, benchmarks, "1y", NOW, "en");
    const again = await loadComparison(market, logger, benchmarks, "1y", NOW, "en");
    expect(again.series[0]).toEqual(first.series[0]);
    expect(packSeries(again.series)).toEqual(packSeries(first.series));
    const points = (result: typeof first, index: number) => {
      const item = result.series[index]!;
      return item.status === "ok" ? item.points : [];
    };
    // The same points, not worked out again.
    expect(points(again, 0)).toBe(points(first, 0));
    const shorter = await loadComparison(market, logger, benchmarks, "3m", NOW, "en");
    expect(points(shorter, 0).length).toBeLessThan(points(first, 0).length);
    expect(points(shorter, 0)[0]![1]).toBe(0);
    const fewer = await loadComparison(market, logger, ["ibov", "cdi"], "1y", NOW, "en");
    expect(points(fewer, 0)).not.toBe(points(first, 0));
    expect(fewer.series.map((item) => item.input)).toEqual(["ibov", "cdi"]);
  });
});
