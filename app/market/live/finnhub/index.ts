import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";

import { defineUpstream, type UpstreamContext } from "../../providers/upstream";
import type { FinnhubClientOptions } from "./client";
import { createFinnhubFundamentals } from "./fundamentals";
import { createFinnhubProviders } from "./news-calendar";
import { createFinnhubStocks } from "./stocks";
import { createUsStockProvider } from "./us-stocks";

const env = z.object({
  FINNHUB_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  FINNHUB_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
});

const options = (variables: z.output<typeof env>, { timeoutMs, logger }: UpstreamContext): FinnhubClientOptions => ({
  // Chosen only with its key: the registry refuses a Finnhub choice without one.
  apiKey: variables.FINNHUB_API_KEY ?? "",
  baseUrl: variables.FINNHUB_BASE_URL,
  timeoutMs,
  logger,
});

/**
 * Finnhub: US quotes and profiles (their daily candles from another upstream, docs/decisions/0009),
 * US basic financials, market and company news, and earnings dates. No keyless tier.
 */
export const finnhub = defineUpstream({
  id: "finnhub",
  label: "Finnhub",
  env,
  credential: { variable: "FINNHUB_API_KEY", required: true },
  uses: { usStocks: ["usCandles"] },
  serves: {
    usStocks: (variables, context) =>
      createUsStockProvider({ finnhub: createFinnhubStocks(options(variables, context)), candles: context.use("usCandles") }),
    usFundamentals: (variables, context) => createFinnhubFundamentals(options(variables, context)),
    news: (variables, context) => createFinnhubProviders(options(variables, context)).news,
    calendar: (variables, context) => createFinnhubProviders(options(variables, context)).calendar,
  },
});
