import { z } from "zod";

import { classifiedFacts } from "../../instrument-classification";
import type { FundamentalsProvider } from "../../providers/provider";
import type { AssetFacts, FactPart } from "../../types";
import { num } from "../schema";
import { finnhubClient, type FinnhubClientOptions } from "./client";
import { createFinnhubStocks } from "./stocks";

/** The figures we read of /stock/metric?metric=all (free tier). Percentages are percent; volumes in millions of shares. */
const metricSchema = z.object({
  metric: z
    .object({
      epsTTM: num,
      epsBasicExclExtraItemsTTM: num,
      bookValuePerShareQuarterly: num,
      bookValuePerShareAnnual: num,
      roeTTM: num,
      roiTTM: num,
      netProfitMarginTTM: num,
      "3MonthAverageTradingVolume": num,
      "10DayAverageTradingVolume": num,
    })
    .nullish(),
});

type Metric = NonNullable<z.output<typeof metricSchema>["metric"]>;

const millionsOfShares = (value: number | null) => (value === null || value <= 0 ? null : value * 1_000_000);

/**
 * Reported figures of US stocks from Finnhub's free basic financials (`/stock/metric`) and its
 * profile (share count, currency). Dividend history (`/stock/dividend`) is premium, so payouts are
 * always `missing` (yields show "—"); so is net debt/EBITDA, which the free metrics cannot give
 * honestly, and the free float. A plan refused the metrics (403) → `missing: ["fundamentals"]`.
 */
export function createFinnhubFundamentals(options: FinnhubClientOptions): FundamentalsProvider {
  const http = finnhubClient(options);
  const stocks = createFinnhubStocks(options);

  return {
    source: "live",
    async facts(ticker) {
      const symbol = ticker.trim().toUpperCase();
      if (symbol === "") return null;
      const [body, profile] = await Promise.all([
        http.getOrNull("/stock/metric", metricSchema, { symbol, metric: "all" }, [403]),
        stocks.profile(symbol),
      ]);
      // An unknown symbol is `{}` for the profile and an empty `metric` for the figures.
      const metric: Partial<Metric> = body?.metric ?? {};
      const known = Object.values(metric).some((value) => value !== null);
      if (profile === null && !known) return null;
      const missing: FactPart[] = known ? ["payouts"] : ["fundamentals", "payouts"];
      return {
        ticker: symbol,
        currency: profile?.currency ?? "USD",
        earningsPerShare: metric.epsTTM ?? metric.epsBasicExclExtraItemsTTM ?? null,
        bookValuePerShare: metric.bookValuePerShareQuarterly ?? metric.bookValuePerShareAnnual ?? null,
        sharesOutstanding: profile?.sharesOutstanding ?? null,
        averageVolume: millionsOfShares(metric["3MonthAverageTradingVolume"] ?? metric["10DayAverageTradingVolume"] ?? null),
        roe: metric.roeTTM ?? null,
        // Finnhub's return on investment: its nearest figure to ROIC.
        roic: metric.roiTTM ?? null,
        netMargin: metric.netProfitMarginTTM ?? null,
        netDebtToEbitda: null,
        freeFloat: null,
        ...classifiedFacts(symbol),
        payouts: [],
        missing,
      } satisfies AssetFacts;
    },
  };
}
