import { z } from "zod";

import { DAY_MS } from "~/lib/time";

import type { IndexProvider } from "../../providers/provider";
import type { MarketIndexId, SeriesPoint } from "../../types";
import { list, num } from "../schema";
import { brapiClient, type BrapiOptions } from "./client";

/** brapi's symbols for the indices (Yahoo's); brapi documents ^BVSP, the others answer 404 on plans without them. */
const brapiIndexSymbols: Record<MarketIndexId, string> = { ibov: "^BVSP", ifix: "IFIX", spx: "^GSPC", ixic: "^IXIC" };

const quoteSchema = z.object({
  results: list(
    z.object({
      regularMarketPrice: num,
      regularMarketChangePercent: num,
      historicalDataPrice: list(z.object({ date: num, close: num })),
    }),
  ),
});

/** The ranges brapi takes, shortest first: the first that reaches back to the asked start is asked for. */
const ranges: [range: string, days: number][] = [
  ["5d", 7],
  ["1mo", 31],
  ["3mo", 92],
  ["1y", 366],
  ["5y", 5 * 366],
  ["10y", 10 * 366],
];

export function createBrapiIndexProvider(options: BrapiOptions = {}, clock: () => number = Date.now): IndexProvider {
  const http = brapiClient(options);
  return {
    source: "live",
    async quote(id, fromMs) {
      const days = (clock() - fromMs) / DAY_MS;
      const range = (ranges.find(([, span]) => span >= days) ?? ranges.at(-1)!)[0];
      // 404: a symbol brapi does not carry; 402: one the plan does not cover. Either is "not available", not a failure.
      const body = await http.getOrNull(
        `/api/quote/${encodeURIComponent(brapiIndexSymbols[id])}`,
        quoteSchema,
        { range, interval: "1d" },
        [402, 404],
      );
      const quote = body?.results[0];
      if (!quote) return null;
      const history = quote.historicalDataPrice.flatMap(({ date, close }): SeriesPoint[] =>
        date === null || close === null || close <= 0 || date * 1000 < fromMs ? [] : [[date * 1000, close]],
      );
      const level = quote.regularMarketPrice !== null && quote.regularMarketPrice > 0 ? quote.regularMarketPrice : null;
      return { id, level, changePercent: quote.regularMarketChangePercent, history };
    },
  };
}
