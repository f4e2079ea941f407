import { fold } from "~/lib/text";
import { dateInZone, DAY_MS, HOUR_MS } from "~/lib/time";

import { inLanguage, type StockAsset, stockAssets } from "../../catalogue";
import type { DailyCandle, DailyCandleProvider, UsStockProvider } from "../../providers/provider";
import { classifyStock, knownStock } from "../../stock-type";
import type { OhlcPoint, StockDetail, StockListItem, StockListQuery, StockRange, StockSortField } from "../../types";
import type { FinnhubStocks, UsProfile, UsQuote } from "./stocks";

/**
 * Live US stocks: Finnhub quotes and profiles, Twelve Data daily candles (docs/decisions/0009).
 *
 * No free source lists "every US stock", so the universe is the embedded dataset's US names;
 * their numbers are live. Two upstream budgets shape the code:
 * - Twelve Data's free tier allows 8 calls a minute and 800 a day, so one year of candles per
 *   symbol is fetched at most once an hour and every chart range is cut from it; the 1-day range
 *   (the ticker tape's nine symbols at once) never spends a call and uses what is already held.
 * - Company profiles barely change: each is fetched once a day.
 * The last candle is always rebuilt from the live quote, so every range ends at the headline price.
 */

export type UsStockOptions = {
  finnhub: FinnhubStocks;
  /** Daily candles of the same symbols, from an upstream with a history Finnhub's free plan lacks. */
  candles: DailyCandleProvider;
  /** unix milliseconds; tests pin it */
  clock?: () => number;
};

const seriesTtlMs = HOUR_MS;
const profileTtlMs = DAY_MS;
/** A year of weekdays and a little more, so the 1-year range is always full (the size costs no extra credit). */
const seriesDays = 270;
/** Finnhub also caps bursts (about 30 calls a second): a list asks a few symbols at a time. */
const finnhubConcurrency = 4;

const usAssets = stockAssets.filter((asset) => asset.exchange !== "B3");

const sessionsOf: Partial<Record<StockRange, number>> = { "1d": 1, "5d": 5 };
const monthsOf: Partial<Record<StockRange, number>> = { "1mo": 1, "3mo": 3, "6mo": 6, "1y": 12 };

/** A small time-limited memo with one load per key at a time; failures are not kept. */
function memo<T>(ttlMs: number, clock: () => number) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && clock() - entry.at < ttlMs) return entry.value;
      const value = load();
      entries.set(key, { at: clock(), value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** What is held, however old, without loading. */
    peek(key: string): Promise<T> | undefined {
      return entries.get(key)?.value;
    },
  };
}

async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The exchange's calendar day of a unix time (US markets keep New York time). */
const dayOfTime = (unixSeconds: number) => dateInZone("America/New_York", unixSeconds * 1000);

/** Candles are stamped at the regular session's open (14:30 UTC), as the demo's US sessions are. */
const stamp = (date: string) => Date.parse(`${date}T14:30:00Z`) / 1000;

function monthsBefore(date: string, months: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at.toISOString().slice(0, 10);
}

/** The held candles with the quote's day replaced by the live quote. */
function withLiveDay(candles: readonly DailyCandle[], quote: UsQuote): DailyCandle[] {
  const day = dayOfTime(quote.time);
  const held = candles.find((candle) => candle.date === day);
  const live: DailyCandle = {
    date: day,
    open: quote.open ?? quote.price,
    high: Math.max(quote.high ?? quote.price, quote.price),
    low: Math.min(quote.low ?? quote.price, quote.price),
    close: quote.price,
    volume: held?.volume ?? null,
  };
  return [...candles.filter((candle) => candle.date < day), live];
}

function inRange(candles: readonly DailyCandle[], range: StockRange): DailyCandle[] {
  const sessions = sessionsOf[range];
  if (sessions !== undefined) return candles.slice(-sessions);
  const last = candles.at(-1);
  if (!last) return [];
  const from = monthsBefore(last.date, monthsOf[range] ?? 12);
  return candles.filter((candle) => candle.date > from);
}

const toOhlc = ({ date, open, high, low, close, volume }: DailyCandle): OhlcPoint => ({
  time: stamp(date),
  open,
  high,
  low,
  close,
  volume: volume ?? 0,
});

type Quoted = { asset: StockAsset; quote: UsQuote | null; profile: UsProfile | null };

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function listItem({ asset, quote, profile }: Quoted): StockListItem {
  return {
    ticker: asset.ticker,
    name: asset.name,
    logo: profile?.logo ?? null,
    type: classifyStock(asset.ticker),
    sector: asset.sector,
    currency: profile?.currency ?? asset.currency,
    price: quote?.price ?? null,
    changePercent: quote?.changePercent ?? null,
    // Finnhub's quote has no volume; the list does not spend Twelve Data credits on it.
    volume: null,
    marketCap: marketCapOf(quote, profile),
  };
}

/** Any symbol's row from its quote: the embedded dataset's name and sector when it knows the symbol, the profile's otherwise. */
function quotedItem(symbol: string, quote: UsQuote, profile: UsProfile | null): StockListItem {
  const asset = knownStock(symbol);
  return {
    ticker: symbol,
    name: asset?.name ?? profile?.name ?? symbol,
    logo: profile?.logo ?? null,
    type: classifyStock(symbol),
    sector: asset?.sector ?? profile?.industry ?? null,
    currency: profile?.currency ?? asset?.currency ?? "USD",
    price: quote.price,
    changePercent: quote.changePercent,
    volume: null,
    marketCap: marketCapOf(quote, profile),
  };
}

/** Shares × the live price, so the cap moves with the headline price; Finnhub's own figure otherwise. */
function marketCapOf(quote: UsQuote | null, profile: UsProfile | null): number | null {
  if (quote && profile?.sharesOutstanding) return Math.round(quote.price * profile.sharesOutstanding);
  return profile?.marketCap ?? null;
}

const nullsLast = (a: number | null, b: number | null, direction: number) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : (a - b) * direction;

const numericSorts: Partial<Record<StockSortField, (item: StockListItem) => number | null>> = {
  close: (item) => item.price,
  change: (item) => item.changePercent,
  volume: (item) => item.volume,
  market_cap_basic: (item) => item.marketCap,
};

export function createUsStockProvider({ finnhub, candles: dailyCandles, clock = Date.now }: UsStockOptions): UsStockProvider {
  const series = memo<DailyCandle[]>(seriesTtlMs, clock);
  const profiles = memo<UsProfile | null>(profileTtlMs, clock);
  const profileOf = (symbol: string) => profiles.get(symbol, () => finnhub.profile(symbol));

  function matching(query: Omit<StockListQuery, "page" | "limit">): StockAsset[] {
    // Every embedded US name is a US listing: none is in the B3 market.
    if (query.market === "b3") return [];
    const needle = fold(query.search?.trim() ?? "");
    return usAssets.filter(
      (asset) =>
        (!query.type || classifyStock(asset.ticker) === query.type) &&
        (!query.sector || asset.sector === query.sector) &&
        (!needle || [asset.ticker, asset.name].some((text) => fold(text).includes(needle))),
    );
  }

  /** Live numbers for `assets`; profiles (logo, share count) only where `withProfiles` says. */
  const quoteAll = (assets: readonly StockAsset[], withProfiles: (asset: StockAsset) => boolean = () => true) =>
    mapLimited(assets, finnhubConcurrency, async (asset): Promise<Quoted> => {
      const [quote, profile] = await Promise.all([finnhub.quote(asset.ticker), withProfiles(asset) ? profileOf(asset.ticker) : null]);
      return { asset, quote, profile };
    });

  async function window(query: Omit<StockListQuery, "page" | "limit">, offset: number, count: number) {
    const matches = matching(query);
    const { sortBy } = query;
    const direction = query.sortOrder === "asc" ? 1 : -1;
    // US rows have no volume, so sorting by it keeps the dataset's order.
    const numeric = sortBy && sortBy !== "volume" ? numericSorts[sortBy] : undefined;
    let items: StockListItem[];
    if (numeric) {
      // Sorting by a market number needs every match's quote; profiles only when the cap is the key,
      // so a first sorted page stays inside Finnhub's 60 calls a minute.
      const all = await quoteAll(matches, () => sortBy === "market_cap_basic");
      all.sort((a, b) => nullsLast(numeric(listItem(a)), numeric(listItem(b)), direction));
      const shown = all.slice(offset, offset + count);
      items = await mapLimited(shown, finnhubConcurrency, async (row) =>
        listItem({ ...row, profile: row.profile ?? (await profileOf(row.asset.ticker)) }),
      );
    } else {
      const ordered = sortBy === "name" ? matches.toSorted((a, b) => direction * collator.compare(a.name, b.name)) : matches;
      items = (await quoteAll(ordered.slice(offset, offset + count))).map(listItem);
    }
    const sectors = [...new Set(matching({ ...query, sector: undefined }).map((asset) => asset.sector))].sort();
    return { items, total: matches.length, sectors };
  }

  return {
    source: "live",
    window,
    count: (query) => matching(query).length,

    async list(query) {
      const page = Math.max(1, query.page);
      return { ...(await window(query, (page - 1) * query.limit, query.limit)), page, limit: query.limit };
    },

    /** Finnhub has no call for several quotes: one quote (and a kept profile) per ticker, a few at a time. */
    async quotes(tickers) {
      const symbols = [...new Set(tickers.map((ticker) => ticker.trim().toUpperCase()))];
      const quoted = await mapLimited(symbols, finnhubConcurrency, async (symbol): Promise<[string, StockListItem | null]> => {
        const [quote, profile] = await Promise.all([finnhub.quote(symbol), profileOf(symbol)]);
        if (!quote) return [symbol, null];
        return [symbol, quotedItem(symbol, quote, profile)];
      });
      return new Map(quoted);
    },

    async detail(ticker, { range, language }): Promise<StockDetail | null> {
      const symbol = ticker.trim().toUpperCase();
      const [quote, profile] = await Promise.all([finnhub.quote(symbol), profileOf(symbol)]);
      if (!quote) return null;
      const loadSeries = () => dailyCandles.dailyCandles(symbol, seriesDays);
      const held = range === "1d" ? await (series.peek(symbol)?.catch(() => []) ?? []) : await series.get(symbol, loadSeries);
      const candles = withLiveDay(held, quote);
      const year = inRange(candles, "1y");
      const today = candles.at(-1);
      const asset = knownStock(symbol);
      const industry = asset?.industry[language] ?? profile?.industry ?? null;
      return {
        ...quotedItem(symbol, quote, profile),
        volume: today?.volume ?? null,
        open: quote.open,
        high: quote.high,
        low: quote.low,
        previousClose: quote.previousClose,
        // Without the year's candles (the 1-day range before any chart was asked for), unknown.
        fiftyTwoWeekHigh: year.length > 1 ? Math.max(...year.map((candle) => candle.high)) : null,
        fiftyTwoWeekLow: year.length > 1 ? Math.min(...year.map((candle) => candle.low)) : null,
        history: inRange(candles, range).map(toOhlc),
        profile: {
          // The embedded descriptions are written in every language; Finnhub's profile has none.
          longBusinessSummary: asset?.summary ? inLanguage(asset.summary, language) : null,
          sector: asset?.sector ?? profile?.industry ?? null,
          industry,
          website: profile?.website ?? null,
        },
        lastUpdated: new Date(quote.time * 1000).toISOString(),
      };
    },
  };
}
