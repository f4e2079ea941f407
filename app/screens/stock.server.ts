import type { Language } from "~/i18n/languages";
import { DAY_MS, isoDate } from "~/lib/time";
import { classifiedFacts } from "~/market/instrument-classification";
import type { Exchange } from "~/market/market-hours";
import type { MarketService } from "~/market/service.server";
import type { AssetFacts } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";

import { payoutsShown } from "./around-asset";
import { aroundAsset } from "./around-asset.server";

const FIVE_YEARS_MS = 5 * 365 * DAY_MS;

/**
 * The payouts the page needs: those within the 5-year yield window (the ratios are worked out in
 * the page against the price it shows, live ticks included) and the rows of the table.
 */
function payoutsForPage(facts: AssetFacts, now: number, all: boolean): AssetFacts["payouts"] {
  if (all) return facts.payouts;
  const windowStart = isoDate(now - FIVE_YEARS_MS);
  const inWindow = facts.payouts.filter((payout) => (payout.recordDate ?? payout.paymentDate ?? "") > windowStart).length;
  return facts.payouts.slice(0, Math.max(payoutsShown, inWindow));
}

type Input = { ticker: string; exchange: Exchange; now: number; language: Language; allPayouts: boolean };

/** What a listed asset's page shows around its quote: reported figures, payouts, related headlines and upcoming events. */
export async function stockPageExtras(market: MarketService, logger: Logger, { ticker, exchange, now, language, allPayouts }: Input) {
  // A BDR's news may name the company by its foreign ticker.
  const receipt = classifiedFacts(ticker).bdr;
  const [facts, around] = await Promise.all([
    orUnavailable(logger, market.stockFacts(ticker)),
    aroundAsset(market, logger, {
      asset: { type: "stock", id: ticker },
      symbols: receipt ? [ticker, receipt.underlying] : [ticker],
      feeds: ["company", "general", "merger", "forex"],
      economicMarkets: exchange === "B3" ? ["BR"] : [],
      now,
      language,
    }),
  ]);
  const bdr = facts?.data?.bdr;
  // A BDR links to its foreign share's page when the market lists that share.
  const underlyingListed = bdr ? Boolean((await orUnavailable(logger, market.stockFacts(bdr.underlying)))?.data) : false;
  return {
    ...around,
    underlyingListed,
    facts: facts?.data ? { ...facts, data: { ...facts.data, payouts: payoutsForPage(facts.data, now, allPayouts) } } : null,
    payoutCount: facts?.data?.payouts.length ?? 0,
    allPayouts,
  };
}
