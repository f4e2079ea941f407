import type { Language } from "~/i18n/languages";
import type { MarketService } from "~/market/service.server";
import type { AssetFacts, Sourced, StockDetail, StockRange } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";

export type ProxyStock = { stock: StockDetail; facts: AssetFacts | null };

type Input = { ticker: string; range: StockRange; language: Language; withFacts: boolean };

/**
 * One stock for /proxy/stocks/{ticker}: its quote and, when brapi's fundamentals modules or its
 * dividends are asked for, its reported figures. Figures that cannot be had leave those parts out
 * of the answer; the quote still answers. The answer is as fresh as its older part.
 */
export async function proxyStock(
  market: MarketService,
  logger: Logger,
  { ticker, range, language, withFacts }: Input,
): Promise<Sourced<ProxyStock | null>> {
  const [detail, facts] = await Promise.all([
    market.stockDetail(ticker, range, language),
    withFacts ? orUnavailable(logger, market.stockFacts(ticker)) : null,
  ]);
  if (detail.data === null) return { ...detail, data: null };
  return {
    ...detail,
    stale: detail.stale || Boolean(facts?.stale),
    data: { stock: detail.data, facts: facts?.data ?? null },
  };
}
