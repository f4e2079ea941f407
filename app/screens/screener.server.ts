import { isoDate } from "~/lib/time";
import { fundamentalsAt } from "~/market/fundamentals";
import { inReais } from "~/market/in-reais";
import { screen, type ScreenerFilter, type ScreenerRow } from "~/market/screener";
import type { MarketService } from "~/market/service.server";
import { stockMarketOf } from "~/market/stock-type";
import { type DataSource, fundSegments, type StockListItem, type StockMarket } from "~/market/types";
import { orUnavailable } from "~/market/unavailable";
import type { Clock } from "~/platform/clock";
import type { Logger } from "~/platform/logger.server";

/** Candidates are read a list page at a time: one cached call per page, as the sitemap reads them. */
const candidatePageSize = 100;
/** The screener covers at most this many listed assets (the embedded dataset has 233). */
const maxScreenedAssets = 500;

export type ScreenerUniverse = {
  rows: ScreenerRow[];
  /** The company sectors and fund segments present, for the filter's choices. */
  sectors: string[];
  segments: string[];
  sources: DataSource[];
  stale: boolean;
};

/** A BDR is a receipt of a US company's shares: its home market is the US, as in the stock list. */
function homeMarketOf(item: StockListItem): StockMarket {
  return item.type === "bdr" || stockMarketOf(item.ticker) === "US" ? "us" : "b3";
}

async function candidates(market: MarketService, logger: Logger) {
  const items: StockListItem[] = [];
  const answers = [];
  for (let page = 1; items.length < maxScreenedAssets; page++) {
    const list = await orUnavailable(
      logger,
      market.stockList({ page, limit: candidatePageSize, sortBy: "market_cap_basic", sortOrder: "desc" }),
    );
    if (!list) break;
    answers.push(list);
    items.push(...list.data.items);
    if (list.data.items.length === 0 || page * candidatePageSize >= list.data.total) break;
  }
  return { items: items.slice(0, maxScreenedAssets), answers };
}

/**
 * Every listed asset with its facts and its fundamentals at the price shown, all read through the
 * market cache: the list a page at a time, the facts per ticker (the cache keeps them, so a warm
 * screener makes no upstream call), the rates once for comparing money in reais.
 */
async function computeUniverse(
  market: MarketService,
  logger: Logger,
  { items, answers }: Awaited<ReturnType<typeof candidates>>,
  rates: Awaited<ReturnType<MarketService["rates"]>> | null,
  now: number,
): Promise<ScreenerUniverse | null> {
  if (answers.length === 0) return null;
  const facts = await Promise.all(items.map((item) => orUnavailable(logger, market.stockFacts(item.ticker))));
  const reaisOf = (amount: number | null, currency: string): number | null => {
    if (amount === null) return null;
    if (currency === "BRL") return amount;
    const table = rates?.data.rates;
    return table && table[currency] !== undefined && table.BRL !== undefined ? inReais(amount, currency, table) : null;
  };
  const rows = items.map((item, index): ScreenerRow => {
    const known = facts[index]?.data ?? null;
    const fundamentals = known ? fundamentalsAt(known, item.price, now) : null;
    return {
      item,
      market: homeMarketOf(item),
      facts: known,
      fundamentals,
      reais: {
        price: reaisOf(item.price, item.currency),
        liquidity: reaisOf(fundamentals?.averageDailyLiquidity ?? null, known?.currency ?? item.currency),
        marketValue: reaisOf(fundamentals?.marketValue ?? item.marketCap, known?.currency ?? item.currency),
      },
    };
  });
  const segmentSet = new Set<string>(rows.flatMap((row) => (row.facts?.fund ? [row.facts.fund.segment] : [])));
  const sources = new Set<DataSource>([
    ...answers.map((answer) => answer.source),
    ...facts.flatMap((answer) => (answer ? [answer.source] : [])),
  ]);
  return {
    rows,
    sectors: [...new Set(rows.flatMap((row) => (row.item.sector && !row.facts?.fund ? [row.item.sector] : [])))].sort(),
    segments: fundSegments.filter((segment) => segmentSet.has(segment)),
    sources: [...sources],
    stale: answers.some((answer) => answer.stale) || facts.some((answer) => answer?.stale),
  };
}

/** How long a computed universe may serve while nothing it was computed from has changed. */
const universeMaxAgeMs = 60_000;
const universes = new WeakMap<MarketService, { signature: string; computedAt: number; universe: Promise<ScreenerUniverse | null> }>();

/**
 * The universe, computed once for as long as the prices shown (the quote generation), the list
 * answers, the rates and the day stay the same, and at most a minute: working out the fundamentals
 * of every asset on every request cost more than screening and rendering together. Facts are cached
 * with the same lifetime as the list, so a list refresh is when they may have changed too.
 */
async function screenerUniverse(market: MarketService, clock: Clock, logger: Logger): Promise<ScreenerUniverse | null> {
  const [found, rates] = await Promise.all([candidates(market, logger), orUnavailable(logger, market.rates())]);
  const now = clock.now();
  const signature = [market.quoteGeneration(), isoDate(now), rates?.fetchedAt, ...found.answers.map((answer) => answer.fetchedAt)].join(
    "|",
  );
  const known = universes.get(market);
  if (known && known.signature === signature && now - known.computedAt < universeMaxAgeMs) return known.universe;
  const universe = computeUniverse(market, logger, found, rates, now);
  universes.set(market, { signature, computedAt: now, universe });
  return universe;
}

export async function screenerResult(market: MarketService, clock: Clock, logger: Logger, filter: ScreenerFilter) {
  const universe = await screenerUniverse(market, clock, logger);
  return universe && { ...universe, rows: screen(universe.rows, filter) };
}
