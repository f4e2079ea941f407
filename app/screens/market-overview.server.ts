import type { Language } from "~/i18n/languages";
import { DAY_MS } from "~/lib/time";
import { heatMapSize, heatMapTiles } from "~/market/heat-map";
import { marketHoursView } from "~/market/market-hours.server";
import type { MarketService } from "~/market/service.server";
import { type DataSource, type EconomicPoint, type MarketIndexId, marketIndexIds } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { Logger } from "~/platform/logger.server";

/** Headlines the overview shows; the rest are on /news. */
const headlineCount = 4;

export type IndexFigure = { id: MarketIndexId; level: number | null; changePercent: number | null };

/** The start of the UTC day `days` before `at`: one cache key per index a day. */
const dayStartBefore = (at: number, days: number) => Math.floor(at / DAY_MS) * DAY_MS - days * DAY_MS;

/**
 * The home page's market overview: the benchmark indices, the dollar and the euro in reais, the
 * Brazilian rates, the crypto market, whether the exchanges are open, a heat map of the largest B3
 * names and the latest headlines. Each part is null when its source is down and nothing is cached.
 */
export async function loadOverview(market: MarketService, logger: Logger, now: number, language: Language) {
  const from = dayStartBefore(now, 7);
  const [indices, rates, selic, cdi, ipca12m, crypto, largest, news] = await Promise.all([
    Promise.all(marketIndexIds.map((id) => orUnavailable(logger, market.index(id, from)))),
    orUnavailable(logger, market.rates()),
    orUnavailable(logger, market.economicLatest("selic")),
    orUnavailable(logger, market.economicLatest("cdi")),
    orUnavailable(logger, market.economicLatest("ipca12m")),
    orUnavailable(logger, market.cryptoMarket()),
    orUnavailable(
      logger,
      market.stockList({ market: "b3", type: "stock", sortBy: "market_cap_basic", sortOrder: "desc", page: 1, limit: heatMapSize }),
    ),
    orUnavailable(logger, market.news("general", language)),
  ]);

  const brl = rates?.data.rates.BRL;
  const eur = rates?.data.rates.EUR;
  const economic = (answer: { data: EconomicPoint | null } | null) => answer?.data ?? null;
  const sources = new Set<DataSource>([...indices, rates, selic, crypto, largest].flatMap((answer) => (answer ? [answer.source] : [])));
  return {
    sources: [...sources],
    indices: marketIndexIds.map((id, index): IndexFigure => {
      const quote = indices[index]?.data;
      return { id, level: quote?.level ?? null, changePercent: quote?.changePercent ?? null };
    }),
    currencies: {
      usdBrl: brl ?? null,
      eurBrl: brl !== undefined && eur ? brl / eur : null,
    },
    economy: { selic: economic(selic), cdi: economic(cdi), ipca12m: economic(ipca12m) },
    crypto: crypto?.data ?? null,
    hours: marketHoursView(["B3", "US"], now),
    heatMap: largest ? heatMapTiles(market.requote.stocks(largest.data.items)) : null,
    headlines: news ? news.data.slice(0, headlineCount) : null,
  };
}
