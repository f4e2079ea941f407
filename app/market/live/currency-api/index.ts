import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";

import { defineUpstream } from "../../providers/upstream";
import { createCurrencyApiProvider } from "./rates";

/** fawazahmed0's currency-api: a keyless daily feed of fiat, metal and crypto rates, with its mirror. */
export const currencyApi = defineUpstream({
  id: "currency-api",
  label: "currency-api (fawazahmed0)",
  env: z.object({
    CURRENCY_API_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    CURRENCY_API_FALLBACK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  }),
  serves: {
    rates: (variables, { timeoutMs, logger }) =>
      createCurrencyApiProvider({
        baseUrl: variables.CURRENCY_API_BASE_URL,
        fallbackBaseUrl: variables.CURRENCY_API_FALLBACK_URL,
        timeoutMs,
        logger,
      }),
  },
});
