import { z } from "zod";

import type { Logger } from "~/platform/logger.server";

import { type DailyCandle, type DailyCandleProvider, UpstreamError } from "../../providers/provider";
import { createJsonClient } from "../http";
import { list, num, text } from "../schema";

/** Daily US candles from Twelve Data's free tier (8 credits/minute, 800/day; one credit per call). */

export type TwelveDataOptions = { apiKey: string; baseUrl?: string; timeoutMs?: number; logger?: Logger };

const defaultBaseUrl = "https://api.twelvedata.com";

/**
 * Twelve Data reports its errors (bad key, unknown symbol, exhausted credits) as HTTP 200 with
 * `{"status":"error","code":…}`, so one schema reads both answers.
 */
const seriesSchema = z.object({
  status: text,
  code: num,
  message: text,
  values: list(z.object({ datetime: z.string(), open: num, high: num, low: num, close: num, volume: num })),
});

export function createTwelveData({ apiKey, baseUrl = defaultBaseUrl, timeoutMs, logger }: TwelveDataOptions): DailyCandleProvider {
  const http = createJsonClient({
    provider: "twelve-data",
    baseUrl,
    headers: { authorization: `apikey ${apiKey}` },
    timeoutMs,
    logger,
  });

  return {
    async dailyCandles(symbol, days) {
      const body = await http.get("/time_series", seriesSchema, { symbol, interval: "1day", outputsize: days });
      if (body.status === "error") {
        const code = body.code ?? undefined;
        if ((code === 400 || code === 404) && /not found/i.test(body.message ?? "")) return [];
        // The status inside the body decides retries like an HTTP status would (429: wait, 401: do not).
        throw new UpstreamError(
          `twelve-data: GET /time_series failed with code ${code ?? "?"} (${body.message ?? "no message"})`,
          "twelve-data",
          code,
          code === 429 ? 60 : undefined,
        );
      }
      return body.values
        .flatMap(({ datetime, open, high, low, close, volume }): DailyCandle[] =>
          open === null || high === null || low === null || close === null || !/^\d{4}-\d{2}-\d{2}$/.test(datetime)
            ? []
            : [{ date: datetime, open, high, low, close, volume }],
        )
        .sort((a, b) => a.date.localeCompare(b.date));
    },
  };
}
