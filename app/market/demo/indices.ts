import { DAY_MS } from "~/lib/time";

import type { IndexProvider } from "../providers/provider";
import type { MarketIndexId, SeriesPoint } from "../types";
import { dayOf, EPOCH_MS, PricePath, type Session } from "./generator";
import { b3Constituents } from "./stocks";

/** Illustrative levels in points, near the indices' levels in late 2026. */
const reference: Record<MarketIndexId, number> = { ibov: 158_000, ifix: 3_550, spx: 6_800, ixic: 23_000 };

const usSession: Session = { openMinute: 14 * 60 + 30, closeMinute: 21 * 60, weekdaysOnly: true };

/** A level at an instant and at a day's close; `path` says which days trade and when the session opens. */
type IndexModel = { path: PricePath; levelAt(ms: number): number; closeOf(day: number): number };

/**
 * A market-value-weighted index of demo B3 listings: each constituent counts by its reference
 * market value times its price relative to its reference price. Its day change is then the
 * market-value-weighted mean of the constituents' changes, so the index agrees with the stock pages.
 */
function b3Index(id: "ibov" | "ifix", type: "stock" | "fund"): IndexModel {
  const members = b3Constituents(type);
  const scale = (value: (path: PricePath) => number) =>
    reference[id] * members.reduce((sum, { path, reference: price, weight }) => sum + (weight * value(path)) / price, 0);
  return { path: members[0]!.path, levelAt: (ms) => scale((path) => path.priceAt(ms)), closeOf: (day) => scale((path) => path.close(day)) };
}

function usIndex(id: "spx" | "ixic", volatility: number): IndexModel {
  const path = new PricePath({ key: `index:${id}`, reference: reference[id], volatility, referenceVolume: 1, session: usSession });
  return { path, levelAt: (ms) => path.priceAt(ms), closeOf: (day) => path.close(day) };
}

let models: Record<MarketIndexId, IndexModel> | undefined;
/** Built on first use: the B3 indices read the stock dataset. */
function modelOf(id: MarketIndexId): IndexModel {
  models ??= { ibov: b3Index("ibov", "stock"), ifix: b3Index("ifix", "fund"), spx: usIndex("spx", 0.011), ixic: usIndex("ixic", 0.014) };
  return models[id];
}

const points = (level: number) => Math.round(level * 100) / 100;

export function createIndexProvider(clock: () => number): IndexProvider {
  return {
    source: "demo",
    async quote(id, fromMs) {
      const now = clock();
      const model = modelOf(id);
      const session = model.path.currentSession(now);
      const level = points(model.levelAt(now));
      const previous = model.closeOf(session - 1);
      const history: SeriesPoint[] = [];
      // One close per trading day, stamped at 00:00 UTC of its date; today's is the level so far.
      for (let day = Math.max(dayOf(fromMs), dayOf(EPOCH_MS) - 1); day <= session; day++) {
        if (!model.path.isTradingDay(day)) continue;
        history.push([EPOCH_MS + day * DAY_MS, day === session ? level : points(model.closeOf(day))]);
      }
      return { id, level, changePercent: (level / previous - 1) * 100, history };
    },
  };
}
