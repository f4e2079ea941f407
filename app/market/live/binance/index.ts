import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";

import { defineUpstream } from "../../providers/upstream";
import { createBinanceStream } from "./stream.server";

/** Binance's public market streams: crypto prices pushed between two reads of the crypto provider. Keyless. */
export const binance = defineUpstream({
  id: "binance",
  label: "Binance",
  env: z.object({
    BINANCE_STREAM_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^wss?$/ }).default("wss://stream.binance.com:9443")),
  }),
  serves: {
    cryptoStream:
      (variables, { logger }) =>
      (symbolOf) =>
        createBinanceStream({ url: variables.BINANCE_STREAM_URL.replace(/\/$/, ""), symbolOf, logger }),
  },
});
