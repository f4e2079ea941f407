import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";

import { defineUpstream, type UpstreamContext } from "../../providers/upstream";
import type { BrapiOptions } from "./client";
import { createBrapiFundamentals } from "./fundamentals";
import { createBrapiIndexProvider } from "./indices";
import { createBrapiProvider } from "./quotes";

const env = z.object({
  BRAPI_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
  BRAPI_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
});

const options = (variables: z.output<typeof env>, { timeoutMs, logger }: UpstreamContext): BrapiOptions => ({
  token: variables.BRAPI_TOKEN,
  baseUrl: variables.BRAPI_BASE_URL,
  timeoutMs,
  logger,
});

/** brapi.dev: B3 quotes, lists and charts, the fundamentals modules and the indices it carries. Keyless for four tickers only. */
export const brapi = defineUpstream({
  id: "brapi",
  label: "brapi.dev",
  env,
  credential: { variable: "BRAPI_TOKEN", required: false },
  serves: {
    stocks: (variables, context) => createBrapiProvider(options(variables, context)),
    fundamentals: (variables, context) => createBrapiFundamentals(options(variables, context)),
    // An index brapi does not carry shows "—".
    indices: (variables, context) => createBrapiIndexProvider(options(variables, context)),
  },
});
