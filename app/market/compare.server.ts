import type { Language } from "~/i18n/languages";
import type { Logger } from "~/platform/logger.server";
import {
  benchmarkCodes,
  cdiAccumulated,
  compareStart,
  dailyFromPoints,
  dayKey,
  ipcaAccumulated,
  isIndexCode,
  rebaseSeries,
  type BenchmarkCode,
  type ComparedKind,
  type ComparedSeries,
  type CompareRange,
  type DailySeries,
} from "./compare";
import type { MarketService } from "./service.server";
import { orUnavailable } from "./unavailable";
import type { DataSource, SeriesPoint } from "./types";

type Loaded = { kind: ComparedKind; code: string; daily: DailySeries; source: DataSource } | "unknown" | "unavailable";

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
      return { kind: "benchmark", code, daily: dailyFromPoints(answer.data?.history ?? []), source: answer.source } as const;
    }
    // IPCA from the first day of the start's month: a month's inflation counts once the month is over.
    const answer =
      code === "cdi"
        ? await orUnavailable(logger, market.economicSeries("cdi", fromDay, today))
        : await orUnavailable(logger, market.economicSeries("ipca", `${fromDay.slice(0, 8)}01`, today));
    if (!answer) return "unavailable";
    const daily = code === "cdi" ? cdiAccumulated(answer.data) : ipcaAccumulated(answer.data);
    return { kind: "benchmark", code, daily, source: answer.source } as const;
  }
  // The chart's own candles: a live source with less history than the range starts where its history does.
  const ticker = input.toUpperCase();
  const stock = await orUnavailable(logger, market.stockCandles(ticker, range, language));
  if (stock?.data) {
    const points = stock.data.candles.map(({ time, close }): SeriesPoint => [time * 1000, close]);
    return { kind: "stock", code: ticker, daily: dailyFromPoints(points), source: stock.source } as const;
  }
  const crypto = await orUnavailable(logger, market.cryptoChart(lower, Math.floor(from / 1000), Math.floor(now / 1000)));
  if (crypto?.data) return { kind: "crypto", code: lower, daily: dailyFromPoints(crypto.data.prices), source: crypto.source } as const;
  return stock === null || crypto === null ? "unavailable" : "unknown";
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
  const rebased = rebaseSeries(
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
