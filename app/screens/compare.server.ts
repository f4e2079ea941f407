import type { Language } from "~/i18n/languages";
import {
  type BenchmarkCode,
  benchmarkCodes,
  cdiAccumulated,
  type ComparedKind,
  type ComparedSeries,
  type CompareRange,
  compareStart,
  dailyFromPoints,
  type DailySeries,
  dayKey,
  ipcaAccumulated,
  isIndexCode,
  type RebasedSeries,
  rebaseSeries,
} from "~/market/compare";
import type { MarketService } from "~/market/service.server";
import type { DataSource, SeriesPoint } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";

type Loaded = { kind: ComparedKind; code: string; daily: DailySeries; source: DataSource } | "unknown" | "unavailable";

/**
 * Each kept answer's daily series, worked out once: the cache hands out the same answer until it
 * refreshes it, and the default comparison would otherwise redo five years of days per request.
 */
const dailyOfAnswer = new WeakMap<object, DailySeries>();
function dailyOf<T extends object>(kept: T, derive: (kept: T) => DailySeries): DailySeries {
  let daily = dailyOfAnswer.get(kept);
  if (!daily) {
    daily = derive(kept);
    dailyOfAnswer.set(kept, daily);
  }
  return daily;
}

async function loadOne(market: MarketService, logger: Logger, input: string, range: CompareRange, now: number, language: Language) {
  const from = compareStart(range, now);
  const fromDay = dayKey(from);
  const today = dayKey(now);
  const lower = input.toLowerCase();
  if ((benchmarkCodes as readonly string[]).includes(lower)) {
    const code = lower as BenchmarkCode;
    if (isIndexCode(code)) {
      const answer = await orUnavailable(logger, market.index(code, from));
      if (!answer) return "unavailable";
      const daily = answer.data ? dailyOf(answer.data.history, dailyFromPoints) : new Map<string, number>();
      return { kind: "benchmark", code, daily, source: answer.source } as const;
    }
    // IPCA from the first day of the start's month: a month's inflation counts once the month is over.
    const answer =
      code === "cdi"
        ? await orUnavailable(logger, market.economicSeries("cdi", fromDay, today))
        : await orUnavailable(logger, market.economicSeries("ipca", `${fromDay.slice(0, 8)}01`, today));
    if (!answer) return "unavailable";
    const daily = dailyOf(answer.data, code === "cdi" ? cdiAccumulated : ipcaAccumulated);
    return { kind: "benchmark", code, daily, source: answer.source } as const;
  }
  // The chart's own candles: a live source with less history than the range starts where its history does.
  const ticker = input.toUpperCase();
  const stock = await orUnavailable(logger, market.stockCandles(ticker, range, language));
  if (stock?.data) {
    const daily = dailyOf(stock.data.candles, (candles) =>
      dailyFromPoints(candles.map(({ time, close }): SeriesPoint => [time * 1000, close])),
    );
    return { kind: "stock", code: ticker, daily, source: stock.source } as const;
  }
  const crypto = await orUnavailable(logger, market.cryptoChart(lower, Math.floor(from / 1000), Math.floor(now / 1000)));
  if (crypto?.data)
    return { kind: "crypto", code: lower, daily: dailyOf(crypto.data.prices, dailyFromPoints), source: crypto.source } as const;
  return stock === null || crypto === null ? "unavailable" : "unknown";
}

/** The last rebasing of each set of daily series over a span: the same series give the same points. */
const lastRebasing = new WeakMap<DailySeries, { dailies: DailySeries[]; span: string; rebased: RebasedSeries[] }>();
function rebasedOnce(dailies: DailySeries[], fromDay: string, toDay: string): RebasedSeries[] {
  const span = `${fromDay}/${toDay}`;
  const kept = dailies[0] && lastRebasing.get(dailies[0]);
  const same =
    kept && kept.span === span && kept.dailies.length === dailies.length && kept.dailies.every((daily, index) => daily === dailies[index]);
  if (same) return kept.rebased;
  const rebased = rebaseSeries(dailies, fromDay, toDay);
  if (dailies[0]) lastRebasing.set(dailies[0], { dailies, span, rebased });
  return rebased;
}

/** Each requested series as % change over `range`, in the order asked, with those that failed named. */
export async function loadComparison(
  market: MarketService,
  logger: Logger,
  inputs: readonly string[],
  range: CompareRange,
  now: number,
  language: Language,
) {
  const loaded: Loaded[] = await Promise.all(inputs.map((input) => loadOne(market, logger, input, range, now, language)));
  const found = loaded.flatMap((item) => (typeof item === "string" ? [] : [item]));
  const rebased = rebasedOnce(
    found.map(({ daily }) => daily),
    dayKey(compareStart(range, now)),
    dayKey(now),
  );
  let next = 0;
  const series: ComparedSeries[] = loaded.map((item, index) => {
    const input = inputs[index]!;
    if (typeof item === "string") return { input, status: item };
    const { points, final } = rebased[next++]!;
    if (points.length === 0) return { input, status: "noData" };
    return { input, status: "ok", kind: item.kind, code: item.code, points, final };
  });
  return { series, sources: [...new Set(found.map(({ source }) => source))] };
}
