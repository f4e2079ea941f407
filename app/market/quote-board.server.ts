import { LRUCache } from "lru-cache";

import { movedToPrice } from "./crypto-depth";
import type { LiveKey, Tick } from "./realtime/protocol";
import type { ChartCandles, CryptoChart, CryptoListItem, OhlcPoint, StockListItem } from "./types";

/** The numbers of a crypto that must read the same on every screen at one instant. */
const cryptoQuoteFields = ["price", "change24h", "marketCap", "volume24h", "high24h", "low24h"] as const;
/** The same for a stock; open, high and low of the day only exist on its detail. */
const stockQuoteFields = ["price", "changePercent", "volume", "marketCap"] as const;

type CryptoQuote = Pick<CryptoListItem, (typeof cryptoQuoteFields)[number]>;
type StockQuote = Pick<StockListItem, (typeof stockQuoteFields)[number]>;
type Known<Quote> = { quote: Quote; fetchedAt: number };

/** Plenty for every listed asset; details of obscure coins beyond it drop the least recently seen. */
const defaultMaxEntries = 20_000;

// Plain loops: these run for every row of every list a page shows.
function pick<Item, Field extends keyof Item>(item: Item, fields: readonly Field[]): Pick<Item, Field> {
  const picked = {} as Pick<Item, Field>;
  for (const field of fields) picked[field] = item[field];
  return picked;
}

/** The quote's known fields: an answer that lacks one (a list without volume) leaves the item's own. */
function known<Quote extends object>(quote: Quote): Partial<Quote> {
  const fields: Partial<Quote> = {};
  for (const field in quote) if (quote[field] !== null) fields[field] = quote[field];
  return fields;
}

function sameQuote<Quote extends object>(a: Quote, b: Quote): boolean {
  for (const field in a) if (!Object.is(a[field], b[field])) return false;
  return true;
}

/** The day's extremes of a quote from one answer, widened to hold a price from a newer one. */
function widened(high: number | null, low: number | null, price: number | null) {
  if (price === null) return { high, low };
  return { high: high === null ? null : Math.max(high, price), low: low === null ? null : Math.min(low, price) };
}

/**
 * The latest known quote of every asset, whichever answer brought it. Lists, details, charts and
 * the ticker tape are cached separately and refreshed at different moments, so on their own they
 * disagree; every answer is laid over this board on its way out, so all of them show one price
 * and one change for an asset at any instant, and the freshest answer wins.
 */
export function createQuoteBoard({ maxEntries = defaultMaxEntries } = {}) {
  const board = new LRUCache<string, Known<object>>({ max: maxEntries });
  let generation = 0;
  let writes = 0;

  /**
   * Keeps `quote` when it is newer than what is known and answers the freshest one; without
   * `fetchedAt` it only reads.
   */
  function sync<Quote extends { price: number | null }>(
    key: string,
    quote: Quote,
    fetchedAt?: number,
    { outdatesPages = true } = {},
  ): Known<Quote> | undefined {
    const current = board.get(key) as Known<Quote> | undefined;
    // An answer that lost the price (a thin upstream row) says nothing new about it.
    if (fetchedAt === undefined || quote.price === null || (current && current.fetchedAt >= fetchedAt)) return current;
    if (outdatesPages && (!current || !sameQuote(current.quote, quote))) generation++;
    const entry = { quote, fetchedAt };
    writes++;
    board.set(key, entry);
    return entry;
  }

  function syncCrypto<Item extends CryptoListItem>(key: string, item: Item, fetchedAt?: number): Item {
    const entry = sync<CryptoQuote>(`crypto:${key}`, pick(item, cryptoQuoteFields), fetchedAt);
    if (!entry) return item;
    const latest = entry.quote;
    // The figures measured at the item's own price (changes, sparkline, records) move with the newer one.
    const repriced = latest.price === null ? item : movedToPrice(item, latest.price, entry.fetchedAt);
    const merged = { ...repriced, ...known(latest) };
    const { high, low } = widened(merged.high24h, merged.low24h, merged.price);
    return { ...merged, high24h: high, low24h: low };
  }

  function syncStock<Item extends StockListItem>(item: Item, fetchedAt?: number): Item {
    const latest = sync<StockQuote>(`stock:${item.ticker.toUpperCase()}`, pick(item, stockQuoteFields), fetchedAt)?.quote;
    return latest ? { ...item, ...known(latest) } : item;
  }

  /** A tick's numbers in the board's shape for its key; the market cap moves with the price, and what the tick leaves out stays. */
  function quoteOfTick(tick: Tick, current: object | undefined): CryptoQuote | StockQuote {
    const previous = current as Partial<CryptoQuote & StockQuote> | undefined;
    const scaledCap = previous?.marketCap != null && previous.price ? Math.round((previous.marketCap * tick.price) / previous.price) : null;
    if (tick.key.startsWith("crypto:")) {
      return {
        price: tick.price,
        change24h: tick.change ?? previous?.change24h ?? null,
        volume24h: tick.volume ?? previous?.volume24h ?? null,
        marketCap: scaledCap,
        high24h: previous?.high24h ?? null,
        low24h: previous?.low24h ?? null,
      };
    }
    return {
      price: tick.price,
      changePercent: tick.change ?? previous?.changePercent ?? null,
      volume: tick.volume ?? previous?.volume ?? null,
      marketCap: scaledCap,
    };
  }

  return {
    /** Changes whenever a price someone was shown is replaced, so pages kept with the old one can be dropped. */
    generation: () => generation,
    /** Changes whenever anything on the board does: what was worked out from it holds while this stays. */
    writes: () => writes,

    /**
     * A crypto's item with the freshest quote, after keeping its own when it was fetched (at
     * `fetchedAt`) later than what is known; `key` names the crypto and the currency it is quoted in.
     */
    crypto: syncCrypto,

    stock: syncStock,

    /**
     * Keeps a live tick when it is newer than what is known; answers whether it was. Ticks come
     * every few seconds: kept pages stay (for their short lifetime), since a browser that shows one
     * gets the ticked quotes as soon as its socket subscribes, and pages render from the board.
     */
    applyTick(tick: Tick): boolean {
      const current = board.get(tick.key);
      return sync(tick.key, quoteOfTick(tick, current?.quote), tick.time, { outdatesPages: false }) !== current;
    },

    /** The freshest quote of a live key, as a tick; undefined while nothing with a price is known. */
    tickOf(key: LiveKey): Tick | undefined {
      const known = board.get(key) as Known<Partial<CryptoQuote & StockQuote>> | undefined;
      if (!known || known.quote.price == null) return undefined;
      const { quote } = known;
      const crypto = key.startsWith("crypto:");
      return {
        key,
        price: quote.price!,
        change: (crypto ? quote.change24h : quote.changePercent) ?? null,
        volume: (crypto ? quote.volume24h : quote.volume) ?? null,
        time: known.fetchedAt,
      };
    },

    /** A stock detail: its quote, the day's range around that price, and the last candle of its chart ending there. */
    stockDetail<Detail extends StockListItem & { high: number | null; low: number | null; history: OhlcPoint[] }>(
      detail: Detail,
      fetchedAt: number,
    ): Detail {
      const synced = syncStock(detail, fetchedAt);
      const { price } = synced;
      if (price === null) return synced;
      const last = synced.history.at(-1);
      return {
        ...synced,
        ...widened(synced.high, synced.low, price),
        history: last
          ? [...synced.history.slice(0, -1), { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) }]
          : synced.history,
      };
    },

    /**
     * A chart whose range reaches the latest quote ends on that quote, as CoinGecko's own charts end
     * on the live price; a chart of a past range is left as it is.
     */
    cryptoChart(key: string, chart: CryptoChart, toSeconds: number): CryptoChart {
      const latest = board.get(`crypto:${key}`) as Known<CryptoQuote> | undefined;
      const lastPrice = chart.prices.at(-1);
      if (!latest || latest.quote.price === null || !lastPrice || toSeconds * 1000 < latest.fetchedAt) return chart;
      const lastCap = chart.marketCaps.at(-1);
      const { price, marketCap } = latest.quote;
      return {
        ...chart,
        prices: [...chart.prices.slice(0, -1), [lastPrice[0], price]],
        marketCaps: lastCap && marketCap !== null ? [...chart.marketCaps.slice(0, -1), [lastCap[0], marketCap]] : chart.marketCaps,
      };
    },

    /** A range's candles end now: the last one closes on the freshest quote of `key` (a live key), widened to hold it. */
    candles(key: string, chart: ChartCandles): ChartCandles {
      const price = (board.get(key) as Known<{ price: number | null }> | undefined)?.quote.price;
      const last = chart.candles.at(-1);
      if (price == null || !last) return chart;
      const closed = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
      return { ...chart, candles: [...chart.candles.slice(0, -1), closed] };
    },
  };
}
