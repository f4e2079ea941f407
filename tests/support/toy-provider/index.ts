import { z } from "zod";

import { defineUpstream } from "~/market/providers/upstream";
import { emptyAsUndefined } from "~/platform/env.server";

import { createToyStocks } from "./quotes";

/** A toy B3 upstream: everything the app needs of it is in this folder. Chosen with STOCKS_PROVIDER=toy and its token. */
export const toyExchange = defineUpstream({
  id: "toy",
  label: "Toy Exchange",
  env: z.object({ TOY_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()) }),
  credential: { variable: "TOY_TOKEN", required: true },
  serves: { stocks: () => createToyStocks() },
});
