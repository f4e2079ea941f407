import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";

import { defineUpstream, type UpstreamContext } from "../../providers/upstream";
import { type CoinGeckoOptions, createCoinGeckoProvider } from "./coins";
import { createCoinGeckoMarketProvider } from "./global";

const env = z.object({
  COINGECKO_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  COINGECKO_KEY_TYPE: z.preprocess(emptyAsUndefined, z.enum(["demo", "pro"]).default("demo")),
  COINGECKO_BASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
});

const options = (variables: z.output<typeof env>, { timeoutMs, logger }: UpstreamContext): CoinGeckoOptions => ({
  apiKey: variables.COINGECKO_API_KEY,
  keyType: variables.COINGECKO_KEY_TYPE,
  baseUrl: variables.COINGECKO_BASE_URL,
  timeoutMs,
  logger,
});

/** CoinGecko: cryptocurrencies and the crypto market's summary. Works keyless, with low shared limits. */
export const coinGecko = defineUpstream({
  id: "coingecko",
  label: "CoinGecko",
  env,
  credential: { variable: "COINGECKO_API_KEY", required: false },
  serves: {
    cryptos: (variables, context) => createCoinGeckoProvider(options(variables, context)),
    cryptoMarket: (variables, context) => createCoinGeckoMarketProvider(options(variables, context)),
  },
});
