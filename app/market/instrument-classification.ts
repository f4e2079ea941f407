import { z } from "zod";

import instrumentsJson from "./data/instruments.json";
import { type AssetFacts, fundSegments } from "./types";

/**
 * What the embedded dataset says a listed asset is: a fund's segment, the index an ETF tracks, the
 * share a BDR stands for. These are facts about the asset, not figures, so live facts may use them
 * too when the upstream does not say (a B3 upstream's quote modules may say nothing of them).
 */
const classification = z
  .object({
    fundSegments: z.record(z.string(), z.enum(fundSegments)),
    etfIndices: z.record(z.string(), z.string().min(1)),
    bdrs: z.record(z.string(), z.object({ underlying: z.string().min(1), receiptsPerShare: z.number().positive() })),
  })
  .parse(instrumentsJson);

/** The classification of `ticker` as AssetFacts holds it; a fund's figures (net worth, holders, vacancy) unknown. */
export function classifiedFacts(ticker: string): Pick<AssetFacts, "fund" | "etf" | "bdr"> {
  const upper = ticker.toUpperCase();
  const segment = classification.fundSegments[upper];
  const underlyingIndex = classification.etfIndices[upper];
  return {
    fund: segment ? { segment, netWorth: null, holders: null, vacancy: null } : null,
    etf: underlyingIndex ? { underlyingIndex } : null,
    bdr: classification.bdrs[upper] ? { ...classification.bdrs[upper] } : null,
  };
}
