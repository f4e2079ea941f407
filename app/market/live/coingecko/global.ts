import { z } from "zod";

import type { CryptoMarketProvider } from "../../providers/provider";
import { num, positive } from "../schema";
import { coinGeckoClient, type CoinGeckoOptions } from "./coins";

/** GET /global: `data.total_market_cap` and `data.market_cap_percentage` are maps by currency and coin symbol. */
const globalSchema = z.object({
  data: z.object({
    total_market_cap: z.record(z.string(), z.unknown()).nullish(),
    market_cap_percentage: z.record(z.string(), z.unknown()).nullish(),
    market_cap_change_percentage_24h_usd: num,
  }),
});

export function createCoinGeckoMarketProvider(options: CoinGeckoOptions = {}): CryptoMarketProvider {
  const http = coinGeckoClient(options);
  return {
    source: "live",
    async summary() {
      const { data } = await http.get("/global", globalSchema);
      const total = positive.safeParse(data.total_market_cap?.usd);
      const dominance = positive.safeParse(data.market_cap_percentage?.btc);
      return {
        totalMarketCap: total.success ? total.data : null,
        btcDominance: dominance.success ? dominance.data : null,
        change24h: data.market_cap_change_percentage_24h_usd,
      };
    },
  };
}
