import { z } from "zod";

import { emptyAsUndefined } from "~/platform/env.server";

import { defineUpstream } from "../../providers/upstream";
import { createBcbProvider } from "./series";

/** Banco Central do Brasil's SGS series: Selic, CDI and IPCA. Keyless. */
export const bcb = defineUpstream({
  id: "bcb",
  label: "Banco Central do Brasil (SGS)",
  env: z.object({ BCB_SGS_URL: z.preprocess(emptyAsUndefined, z.url().optional()) }),
  serves: {
    economy: (variables, { timeoutMs, logger }) => createBcbProvider({ baseUrl: variables.BCB_SGS_URL, timeoutMs, logger }),
  },
});
