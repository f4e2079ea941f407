import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";

import { defineUpstream } from "../../providers/upstream";
import { createTwelveData } from "./candles";

/** Twelve Data: the daily candles of US stocks (the free plan is enough). No keyless tier. */
export const twelveData = defineUpstream({
  id: "twelve-data",
  label: "Twelve Data",
  env: z.object({
    TWELVE_DATA_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    TWELVE_DATA_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  }),
  credential: { variable: "TWELVE_DATA_API_KEY", required: true },
  serves: {
    usCandles: (variables, { timeoutMs, logger }) =>
      createTwelveData({ apiKey: variables.TWELVE_DATA_API_KEY ?? "", baseUrl: variables.TWELVE_DATA_BASE_URL, timeoutMs, logger }),
  },
});
